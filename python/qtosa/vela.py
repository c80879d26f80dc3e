"""Vela, Arm's Ethos-U compiler, on the delegates qtosa writes.

Vela compiles a TOSA 1.0 flatbuffer with no CPU fallback: an operator it
cannot run fails the whole compile. compile() calls its Python API the way
ExecuTorch's Arm backend does (``vela.main`` with ``--output-format=raw``),
in a worker process of its own (``_vela_worker.py``) so that a crash of
Vela's C++ core is an error rather than the end of the caller's process,
and returns its figures as a dict;
a rejection raises qtosa.Error naming the
delegate, the operator Vela names and Vela's own message.

    import qtosa, qtosa.vela
    module = qtosa.parse(open("examples/convnext_block_qdq.mlir").read())
    qtosa.partition(module, "ethos-u55-128")
    for delegate in module.delegates():
        figures = qtosa.vela.compile(delegate["flatbuffer"], "ethos-u55-128",
                                     name=delegate["name"])
        print(delegate["name"], figures["npu_cycles"])
"""

from __future__ import annotations

import csv
import glob
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
from typing import Any, Dict, Optional, Tuple, Union

import numpy as np

from ._qtosa import Error
from .tools import TOOLS, require

__all__ = ["compile", "SYSTEM_DEFAULTS", "VERSION"]

#: The Vela version qtosa is checked against.
VERSION = TOOLS["vela"].version

#: (system config, memory mode) per target, as ExecuTorch's Arm backend
#: chooses them; both are sections of Vela's Arm/vela.ini.
SYSTEM_DEFAULTS: Dict[str, Tuple[str, str]] = {
    "ethos-u55-128": ("Ethos_U55_High_End_Embedded", "Shared_Sram"),
    "ethos-u85-256": ("Ethos_U85_SYS_DRAM_Mid", "Sram_Only"),
}

# Vela's two ways of naming the operator it refuses: a TOSA validation
# failure ("Validation error:\nAdd:\n - ...") and an operator its NPU
# lowering cannot place ("Non-passthrough operation (Equal) could not run
# on NPU"). The names are Vela's own (SELECT shows as NotEqual).
_REFUSED_OP = (re.compile(r"Non-passthrough operation \((\w+)\)"),
               re.compile(r"Validation error:\s*\n\s*(\w+):"))


def _refused_operator(message: str) -> Optional[str]:
    for pattern in _REFUSED_OP:
        match = pattern.search(message)
        if match:
            return match.group(1)
    return None


class _Worker:
    """The process _vela_worker.py runs in, started on the first compile and
    kept for the caller's process (one per process: a child forked by the
    caller starts its own). Vela runs there, each compile in a child it
    forks, never in the caller's process nor in a child forked from it:

    - Vela 5.2's C++ core (regor) ends its process on some inputs (a
      segfault on Ethos-U85 for a TFLite model of a lone QUANTIZE), and the
      caller must survive that as a qtosa.Error;
    - a child forked from a caller that had run graphs on qtosa's engine
      deadlocked destroying an MLIRContext whose threads it had not
      inherited, or crashed in regor (22 of the corpus's 278 delegates);
    - multiprocessing's fork server re-ran a caller's script that had no
      `__main__` guard, failed for a script read from stdin, and is not
      allowed in a multiprocessing.Pool's workers.
    """

    lock = threading.Lock()
    process: Optional[subprocess.Popen] = None
    owner = -1

    @classmethod
    def ask(cls, argv: list) -> Tuple[Optional[str], str]:
        with cls.lock:
            for _ in range(2):  # a worker that has ended is started again
                if cls.process is None or cls.owner != os.getpid() or \
                        cls.process.poll() is not None:
                    cls.start()
                try:
                    cls.process.stdin.write(json.dumps(argv) + "\n")
                    cls.process.stdin.flush()
                    line = cls.process.stdout.readline()
                except (BrokenPipeError, OSError):
                    line = ""
                if line:
                    failure, printed = json.loads(line)
                    return failure, printed
                cls.process = None
            return ("Vela's worker process (%s) ended without an answer"
                    % _WORKER, "")

    @classmethod
    def start(cls) -> None:
        # The caller's sys.path finds Vela (a venv, PYTHONPATH); a working
        # directory that may have been removed is not needed.
        environment = dict(os.environ)
        environment["PYTHONPATH"] = os.pathsep.join(
            entry for entry in sys.path if isinstance(entry, str) and entry)
        try:
            cls.process = subprocess.Popen(
                [sys.executable, _WORKER], stdin=subprocess.PIPE,
                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                text=True, cwd=tempfile.gettempdir(), env=environment)
        except OSError as error:
            raise Error("cannot start Vela's worker process %s: %s"
                        % (_WORKER, error.strerror)) from None
        cls.owner = os.getpid()


_WORKER = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                       "_vela_worker.py")


def _figures(summary_csv: str, target: str, system_config: str,
             memory_mode: str) -> Dict[str, Any]:
    """The figures of Vela's summary CSV that a deployment is judged by."""
    with open(summary_csv, newline="") as f:
        rows = list(csv.reader(f))
    row = dict(zip(rows[0], rows[1]))

    def number(key: str) -> float:
        value = row.get(key, "")
        return float(value) if value not in ("", None) else 0.0

    return {
        "vela": VERSION,
        "target": target,
        "system_config": system_config,
        "memory_mode": memory_mode,
        "npu_cycles": int(number("cycles_npu")),
        "total_cycles": int(number("cycles_total")),
        "inference_time_s": number("inference_time"),
        "sram_bytes": int(round(number("sram_memory_used") * 1024)),
        "off_chip_bytes": int(number("off_chip_flash_total_bytes") +
                              number("dram_total_bytes")),
        "macs": int(number("nn_macs")),
    }


# The longest file name Linux and macOS file systems take, in bytes.
_NAME_MAX = 255


def _check_readable(source: Union[str, bytes], tflite: bool,
                    name: str) -> None:
    """qtosa.Error unless qtosa's own importer reads `source` (a path or a
    file's bytes; TFLite or a TOSA flatbuffer).
    Vela 5.2.0 ends the whole process with a segmentation fault on some
    malformed flatbuffers (a truncated .tflite, a TOSA constant without its
    data); qtosa's importers check the same structure and the constants'
    sizes, and raise instead."""
    from . import import_tflite, import_tosa_flatbuffer
    load = import_tflite if tflite else import_tosa_flatbuffer
    try:
        load(source)
    except Error as error:
        raise Error("Vela %s is not run on %s: qtosa cannot read it (Vela "
                    "ends the process on some malformed files): %s"
                    % (VERSION, name, error)) from None


def make_output_dir(output_dir: Union[str, "os.PathLike[str]"]) -> None:
    """Makes `output_dir` (and its parents) unless it is a directory
    already; qtosa.Error when it cannot be one."""
    path = os.fspath(output_dir)
    if not path:
        raise Error("the output directory is an empty path")
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as error:
        raise Error("cannot use %s as the output directory: %s"
                    % (path, error.strerror or error)) from None


def compile(tosa: Union[bytes, bytearray, memoryview, str, "os.PathLike[str]"],
            target: str = "ethos-u55-128", *, name: str = "delegate",
            system_config: Optional[str] = None,
            memory_mode: Optional[str] = None,
            output_dir: Optional[Union[str, "os.PathLike[str]"]] = None
            ) -> Dict[str, Any]:
    """Compiles one TOSA 1.0 flatbuffer (its bytes, or a path; a .tflite
    path is compiled as TFLite, Vela's own route) for `target` with Vela
    and returns its figures: vela (version), target,
    system_config, memory_mode, npu_cycles and total_cycles per inference,
    inference_time_s, sram_bytes (peak SRAM), off_chip_bytes (off-chip
    flash plus DRAM traffic per inference), macs, command_stream_bytes and
    weights_bytes (the sizes of what the runtime loads), and npz, the path
    of Vela's ``<name>_vela.npz`` (command stream, weights, tensor layout)
    when `output_dir` keeps it (else None).

    `system_config`/`memory_mode` default to SYSTEM_DEFAULTS[target].
    Raises qtosa.Error when Vela is missing or of another version, or
    rejects the graph: "Vela 5.2.0 rejects NAME for TARGET: operator OP:
    MESSAGE".
    """
    # Vela at the pinned version where the caller runs: its worker process
    # imports the same.
    require("vela")
    if target not in SYSTEM_DEFAULTS and (system_config is None or
                                          memory_mode is None):
        raise Error("no default Vela system config for target '%s' (qtosa "
                    "knows %s): give system_config and memory_mode"
                    % (target, ", ".join(SYSTEM_DEFAULTS)))
    for option, value in (("system_config", system_config),
                          ("memory_mode", memory_mode)):
        if value is not None and not value.strip():
            raise Error("%s is empty: name a section of Vela's vela.ini, or "
                        "leave it out for the target's default" % option)
    default_config, default_mode = SYSTEM_DEFAULTS.get(target, (None, None))
    system_config = default_config if system_config is None else system_config
    memory_mode = default_mode if memory_mode is None else memory_mode
    if not re.fullmatch(r"[A-Za-z0-9_.-]+", name):
        raise Error("delegate name '%s': use letters, digits, '_', '-' and "
                    "'.' (Vela names its files after it)" % name)
    longest = "%s_summary_%s.csv" % (name, system_config)
    if len(os.fsencode(longest)) > _NAME_MAX:
        raise Error("delegate name of %d characters: Vela would write %s..."
                    "_summary_%s.csv, longer than the %d bytes a file name "
                    "may have" % (len(name), name[:16], system_config,
                                  _NAME_MAX))

    with tempfile.TemporaryDirectory(prefix="qtosa-vela-") as scratch:
        # Absolute: Vela's worker runs in a directory of its own.
        out = os.path.abspath(os.fspath(output_dir)) \
            if output_dir is not None else scratch
        make_output_dir(out)
        if isinstance(tosa, (bytes, bytearray, memoryview)):
            path = os.path.join(scratch, name + ".tosa")
            with open(path, "wb") as f:
                f.write(bytes(tosa))
            _check_readable(bytes(tosa), False, name)
        else:
            path = os.fspath(tosa)
            if not os.path.isfile(path):
                raise Error("%s: no such file" % path)
            path = os.path.abspath(path)
            _check_readable(path, path.endswith(".tflite"), name)
            stem, suffix = os.path.splitext(os.path.basename(path))
            if stem != name:
                # Vela names its outputs after the input file, and tells
                # TOSA from TFLite by the suffix.
                linked = os.path.join(scratch, name + (suffix or ".tosa"))
                with open(path, "rb") as src, open(linked, "wb") as dst:
                    dst.write(src.read())
                path = linked
        argv = ["--accelerator-config=" + target, "--config=Arm/vela.ini",
                "--system-config=" + system_config,
                "--memory-mode=" + memory_mode, "--output-format=raw",
                "--output-dir=" + out, path]
        failure, printed = _Worker.ask(argv)
        if failure is not None:
            message = " ".join(failure.split())
            if "could not run" in failure or "Validation error" in failure:
                operator = _refused_operator(failure)
                raise Error("Vela %s rejects %s for %s: operator %s: %s"
                            % (VERSION, name, target, operator or "?",
                               message))
            detail = " ".join(printed.split())[-400:]
            raise Error("Vela %s fails on %s for %s: %s%s"
                        % (VERSION, name, target, message,
                           ("; it printed: " + detail) if detail else ""))
        summaries = glob.glob(os.path.join(
            out, "%s_summary_%s.csv" % (name, system_config)))
        npz = os.path.join(out, name + "_vela.npz")
        if not summaries or not os.path.isfile(npz):
            raise Error("Vela %s compiled %s but wrote no %s_vela.npz and "
                        "summary in %s" % (VERSION, name, name, out))
        result = _figures(summaries[0], target, system_config, memory_mode)
        with np.load(npz) as data:
            result["command_stream_bytes"] = len(data["cmd_data"].tobytes())
            result["weights_bytes"] = len(data["weight_data"].tobytes())
        result["npz"] = npz if output_dir is not None else None
        return result
