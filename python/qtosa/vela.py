"""Vela, Arm's Ethos-U compiler, on the delegates qtosa writes.

Vela compiles a TOSA 1.0 flatbuffer with no CPU fallback: an operator it
cannot run fails the whole compile. compile() calls its Python API the way
ExecuTorch's Arm backend does (``vela.main`` with ``--output-format=raw``),
in a forked child so that a crash of Vela's C++ core is an error rather
than the end of the caller's process, and returns its figures as a dict;
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
import os
import re
import tempfile
from typing import Any, Dict, Optional, Tuple, Union

import numpy as np

from ._capture import captured_output
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


def _vela_main(vela: Any, argv: list) -> Tuple[Optional[str], str]:
    """vela.main(argv): the failure (None when it compiled) and what it
    printed."""
    with captured_output() as printed:
        try:
            status = vela.main(argv)
            failure = None if status == 0 else "exit status %s" % status
        except SystemExit as exit_:  # argparse: a bad option value
            failure = "Vela's options were refused (exit %s)" % exit_.code
        except Exception as error:  # RuntimeError from its C++ core
            failure = str(error) or type(error).__name__
    return failure, "".join(printed)


def _run_vela(vela: Any, argv: list) -> Tuple[Optional[str], str]:
    """_vela_main in a child process: Vela 5.2's C++ core (regor) ends the
    process on some inputs (a segfault on Ethos-U85 for a TFLite model of a
    lone QUANTIZE, found running bench/vela_routes.py over the corpus), and
    the caller's process must survive that as a qtosa.Error.

    The child is forked from a fork server, a process that has imported
    qtosa.vela and Vela and done nothing else, not from the caller: forked
    from a process that had run graphs on qtosa's engine (JIT-compiled
    code, a heap in another state), regor crashed on delegates it compiles
    in a fresh process (22 of the corpus's 278, always the same ones, in
    test/Target/EthosU/vela-sweep.mlir)."""
    import multiprocessing
    try:
        context = multiprocessing.get_context("forkserver")
    except ValueError:  # no fork server on this platform: in process
        return _vela_main(vela, argv)
    context.set_forkserver_preload([__name__, vela.__name__])
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_vela_child,
                            args=(vela.__name__, argv, sender))
    child.start()
    sender.close()
    try:
        result = receiver.recv()
    except EOFError:
        result = None
    child.join()
    receiver.close()
    if result is None:
        code = child.exitcode
        how = ("signal %d" % -code if code is not None and code < 0
               else "exit status %s" % code)
        return ("Vela ended its process (%s) without an answer" % how, "")
    return result


def _vela_child(module: str, argv: list, sender: Any) -> None:
    import importlib
    sender.send(_vela_main(importlib.import_module(module), argv))
    sender.close()


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
    vela = require("vela")
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
        out = os.fspath(output_dir) if output_dir is not None else scratch
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
        failure, printed = _run_vela(vela, argv)
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
