"""A model to what runs on an Ethos-U: qtosa's Ethos-U pipeline, then Vela
on every delegate.

    import qtosa.compile
    result = qtosa.compile.compile_for_ethosu("model.tflite",
                                              "ethos-u55-128", "out")
    for delegate in result["delegates"]:
        print(delegate["name"], delegate["vela"]["npu_cycles"])

From the shell (installed as ``qtosa-compile``)::

    qtosa-compile model.tflite --target ethos-u55-128 -o out/

writes, per delegate, its ``.tosa`` and Vela's ``<name>_vela.npz`` (command
stream and weights), plus ``delegates.json`` (the manifest, each entry with
its Vela figures) and ``report.json`` (the partition report), and prints
the partition with each delegate's figures.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, Dict, List, Optional, Union

from . import Module, import_tflite, import_tosa_flatbuffer, parse, partition
from ._qtosa import Error
from . import vela

__all__ = ["compile_for_ethosu", "load_model", "main"]

PathLike = Union[str, "os.PathLike[str]"]


def load_model(source: Union[PathLike, bytes, bytearray, memoryview, Module]
               ) -> Module:
    """A Module from a qtosa.Module (copied), a path (``.tflite`` or a file
    whose identifier is ``TFL3``: TFLite; ``.tosa`` or ``TOSA``: a TOSA 1.0
    flatbuffer; anything else MLIR text, but a Keras, PyTorch, ONNX or
    TensorFlow file, which raises Error saying what it is and how to get a
    model qtosa reads) or a flatbuffer's bytes (told apart by their file
    identifier)."""
    if isinstance(source, Module):
        return source.clone()
    if isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
        identifier = data[4:8]
        if identifier == b"TFL3":
            return import_tflite(data)
        if identifier == b"TOSA":
            return import_tosa_flatbuffer(data)
        raise Error("the model's %d bytes are neither a TFLite flatbuffer "
                    "(file identifier TFL3) nor a TOSA 1.0 flatbuffer (TOSA); "
                    "give MLIR text as a path or a qtosa.Module" % len(data))
    if not isinstance(source, (str, os.PathLike)):
        raise Error("the model is a %s: give a path, a flatbuffer's bytes or "
                    "a qtosa.Module" % type(source).__name__)
    path = os.fspath(source)
    if os.path.isdir(path):
        raise Error("%s is a directory, not a model file" % path)
    if not os.path.exists(path):
        raise Error("%s: no such file" % path)
    if not os.path.isfile(path):
        raise Error("%s is not a regular file" % path)
    try:
        with open(path, "rb") as f:
            head = f.read(8)
    except OSError as error:
        raise Error("cannot read '%s': %s" % (path, error.strerror)) from None
    if path.endswith(".tflite") or head[4:8] == b"TFL3":
        return import_tflite(path)
    if path.endswith(".tosa") or head[4:8] == b"TOSA":
        return import_tosa_flatbuffer(path)
    # The files users try first that qtosa does not read, named rather than
    # handed to the MLIR parser.
    other = _foreign_format(path, head)
    if other:
        raise Error("%s is %s; qtosa reads TFLite (.tflite), TOSA 1.0 "
                    "flatbuffers (.tosa) and MLIR text" % (path, other))
    with open(path, encoding="utf-8", errors="replace") as f:
        module = parse(f.read(), path)
    # An empty file is an empty MLIR module: nothing to compile, which
    # would otherwise end in "0 delegate(s)" and exit 0.
    if not module.function_names():
        raise Error("%s holds no function: qtosa reads TFLite (.tflite), "
                    "TOSA 1.0 flatbuffers (.tosa) and MLIR text with a "
                    "func.func" % path)
    return module


def _foreign_format(path: str, head: bytes) -> Optional[str]:
    """What a model file qtosa does not read is, from its first bytes."""
    keras = ("a Keras model: convert it with tf.lite.TFLiteConverter."
             "from_keras_model, full-integer quantization and a "
             "representative_dataset (docs/tflite-import.md)")
    if head.startswith(b"\x89HDF\r\n\x1a\n"):
        return keras + " (HDF5)"
    if head.startswith(b"PK\x03\x04"):
        if path.endswith(".keras"):
            return keras
        if path.endswith((".pt", ".pth", ".pt2", ".pte")):
            return ("a PyTorch archive: use qtosa.torch.compile_for_ethosu "
                    "on the nn.Module (docs/torch.md)")
        return "a zip archive"
    if path.endswith(".onnx"):
        return "an ONNX model, which qtosa does not import"
    if path.endswith((".pb", ".h5", ".keras")):
        return "a TensorFlow or Keras model, not a TFLite flatbuffer"
    return None


def compile_for_ethosu(model: Union[PathLike, bytes, Module],
                       target: str = "ethos-u55-128",
                       output_dir: Optional[PathLike] = None, *,
                       system_config: Optional[str] = None,
                       memory_mode: Optional[str] = None) -> Dict[str, Any]:
    """Runs qtosa-ethosu-pipeline for `target` on `model` (a path, a
    flatbuffer's bytes or a Module, which is not changed; see load_model)
    and compiles every delegate with Vela.

    Returns a dict:
      report: the partition report (qtosa.partition's keys) plus
        "delegates": per delegate its name, function and Vela figures, and
        "vela": the figures summed over the delegates (npu_cycles,
        total_cycles, sram_bytes as the largest peak, off_chip_bytes,
        command_stream_bytes, weights_bytes);
      delegates: each delegate's manifest entry (name, file, target,
        function, inputs, outputs) with "vela" (qtosa.vela.compile's
        figures) and "flatbuffer" (its .tosa bytes);
      module: the partitioned qtosa.Module (delegates in place, host part
        in integer or float TOSA), which qtosa.execute runs.

    With `output_dir`, also writes each delegate's .tosa and Vela's npz,
    delegates.json and report.json there. Raises qtosa.Error on a model
    qtosa cannot read, a pipeline failure, or a delegate Vela rejects (its
    name, Vela's operator and message).
    """
    module = load_model(model)
    report = partition(module, target)
    delegates = [dict(d) for d in module.delegates()]
    if output_dir is not None:
        written = ["delegates.json", "report.json"] + [
            d["file"] for d in delegates] + [
            d["name"] + "_vela.npz" for d in delegates]
        _refuse_overwriting_model(model, output_dir, written)
        vela.make_output_dir(output_dir)
    for delegate in delegates:
        if output_dir is not None:
            path = os.path.join(os.fspath(output_dir), delegate["file"])
            try:
                with open(path, "wb") as f:
                    f.write(delegate["flatbuffer"])
            except OSError as error:
                raise Error("cannot write %s: %s"
                            % (path, error.strerror)) from None
        delegate["vela"] = vela.compile(
            delegate["flatbuffer"], target, name=delegate["name"],
            system_config=system_config, memory_mode=memory_mode,
            output_dir=output_dir)
    report["delegates"] = [{"name": d["name"], "function": d["function"],
                            "vela": d["vela"]} for d in delegates]
    report["vela"] = _totals([d["vela"] for d in delegates])
    if output_dir is not None:
        # Paths in the manifest are relative to it, as "file" is, so that
        # the directory can be moved or shipped as it is.
        manifest = {"format": "TOSA 1.0 flatbuffer",
                    "delegates": [_manifest_entry(d) for d in delegates]}
        _write_json(os.path.join(os.fspath(output_dir), "delegates.json"),
                    manifest)
        _write_json(os.path.join(os.fspath(output_dir), "report.json"),
                    dict(report, delegates=[_manifest_entry(d) for d in
                                            report["delegates"]]))
    return {"report": report, "delegates": delegates, "module": module}


def _manifest_entry(delegate: Dict[str, Any]) -> Dict[str, Any]:
    """A delegate as delegates.json and report.json hold it: no flatbuffer
    bytes, Vela's npz named relative to the output directory."""
    entry = {key: value for key, value in delegate.items()
             if key != "flatbuffer"}
    entry["vela"] = dict(entry["vela"],
                         npz=os.path.basename(entry["vela"]["npz"]))
    return entry


def _refuse_overwriting_model(model: Any, output_dir: PathLike,
                              written: List[str]) -> None:
    """qtosa.Error when the model is a file that writing `written` into
    `output_dir` would replace (a model saved as OUT/report.json, say)."""
    if not isinstance(model, (str, os.PathLike)):
        return
    for name in written:
        target = os.path.join(os.fspath(output_dir), name)
        if os.path.exists(target) and os.path.exists(model) and \
                os.path.samefile(target, model):
            raise Error("the model %s is the %s that compiling writes into "
                        "%s; give the output another directory"
                        % (os.fspath(model), name, os.fspath(output_dir)))


def _totals(figures: List[Dict[str, Any]]) -> Dict[str, Any]:
    """What the delegates cost together: cycles, traffic and sizes add up;
    SRAM is the largest peak (the delegates run one after another)."""
    total: Dict[str, Any] = {"delegates": len(figures)}
    for key in ("npu_cycles", "total_cycles", "off_chip_bytes",
                "command_stream_bytes", "weights_bytes", "macs"):
        total[key] = sum(f[key] for f in figures)
    total["inference_time_s"] = sum(f["inference_time_s"] for f in figures)
    total["sram_bytes"] = max((f["sram_bytes"] for f in figures), default=0)
    return total


def _write_json(path: str, value: Any) -> None:
    try:
        with open(path, "w") as f:
            json.dump(value, f, indent=2)
            f.write("\n")
    except OSError as error:
        raise Error("cannot write %s: %s" % (path, error.strerror)) from None


def format_result(result: Dict[str, Any]) -> str:
    """The partition and each delegate's Vela figures, as a table."""
    report = result["report"]
    lines = ["%s: %d delegate(s); %d op(s): %d on the NPU, %d on the host"
             % (report["target"], len(report["delegates"]),
                report["ops_total"], report["ops_npu"], report["ops_host"])]
    if report.get("boundary_qdq"):
        # Not counted among the ops, as in the pipeline's own table: the
        # quantizes of the graph's inputs and dequantizes of its outputs,
        # the host's work where the model takes or returns floats.
        lines[0] += ("; %d graph-IO quantize/dequantize"
                     % report["boundary_qdq"])
    if result["delegates"]:
        lines.append("  %-14s %-18s %12s %12s %10s %12s" % (
            "delegate", "function", "npu cycles", "time (us)", "SRAM (B)",
            "off-chip (B)"))
        for delegate in result["delegates"]:
            figures = delegate["vela"]
            lines.append("  %-14s %-18s %12d %12.2f %10d %12d" % (
                delegate["name"], delegate["function"],
                figures["npu_cycles"], figures["inference_time_s"] * 1e6,
                figures["sram_bytes"], figures["off_chip_bytes"]))
        total = report["vela"]
        lines.append("  %-14s %-18s %12d %12.2f %10d %12d" % (
            "total", "", total["npu_cycles"],
            total["inference_time_s"] * 1e6, total["sram_bytes"],
            total["off_chip_bytes"]))
    regions = report.get("float_regions", [])
    for op in report.get("host_ops", []):
        if op.get("float_region") is not None:
            continue
        lines.append("  host: %s at %s [%s] %s" % (op["op"], op["loc"],
                                                  op["rule"], op["reason"]))
    for region in regions:
        cause = region["cause"]
        lines.append("  host: %d float op(s) from %s at %s [%s] %s" % (
            region["op_count"], cause["op"], cause["loc"], region["rule"],
            cause["reason"]))
    return "\n".join(lines)


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="qtosa-compile",
        description="Partition a model for Ethos-U with qtosa and compile "
                    "every delegate with Vela.")
    parser.add_argument("model", help=".tflite, .tosa or MLIR file")
    parser.add_argument("--target", default="ethos-u55-128",
                        choices=sorted(vela.SYSTEM_DEFAULTS))
    parser.add_argument("-o", "--output-dir", required=True,
                        help="where the .tosa files, Vela's npz files, "
                             "delegates.json and report.json go")
    defaults = ", ".join("%s: %s / %s" % (target, config, mode)
                         for target, (config, mode)
                         in sorted(vela.SYSTEM_DEFAULTS.items()))
    parser.add_argument("--system-config",
                        help="Vela system config (default: ExecuTorch's "
                             "for the target; with --memory-mode, %s). "
                             "Plain `vela` defaults to others: compare "
                             "with it at the same two" % defaults)
    parser.add_argument("--memory-mode", help="Vela memory mode (default: "
                        "ExecuTorch's for the target, above)")
    args = parser.parse_args(argv)
    try:
        result = compile_for_ethosu(args.model, args.target, args.output_dir,
                                    system_config=args.system_config,
                                    memory_mode=args.memory_mode)
    except Error as error:
        print("qtosa-compile: error: %s" % error, file=sys.stderr)
        return 1
    print(format_result(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
