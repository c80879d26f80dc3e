"""qtosa: quantization-aware TOSA 1.0 from Python.

Parse or import a model, transform it with qtosa's passes, partition it for
Ethos-U and run it in process on numpy arrays:

    import numpy as np
    import qtosa

    qdq = qtosa.parse(open("examples/convnext_block_qdq.mlir").read())
    integer = qdq.clone()
    integer.run("qtosa-lower-pipeline{io=int}")   # a textual pass pipeline
    x = np.random.uniform(-1, 1, (1, 8, 8, 4)).astype(np.float32)
    (y,) = qtosa.execute(qdq, [x], function="convnext_block")

    report = qtosa.partition(qdq.clone(), target="ethos-u55-128")
    for op in report["host_ops"]:
        print(op["op"], op["loc"], op["rule"], op["reason"])

Every failure raises qtosa.Error; its message holds the diagnostics with
their locations ("file:line:col: error: ..."). Nothing is printed.
"""

from __future__ import annotations

import os
import re
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from . import _qtosa

__all__ = [
    "Error",
    "Module",
    "Executable",
    "parse",
    "execute",
    "partition",
    "rules",
    "import_tflite",
    "import_tosa_flatbuffer",
    "export_tosa_flatbuffer",
    "TARGETS",
]

Error = _qtosa.Error
Error.__doc__ = ("A qtosa failure: the message says what failed, then lists "
                 "the diagnostics, each with its location.")

#: The Ethos-U configurations qtosa knows.
TARGETS = ("ethos-u55-128", "ethos-u85-256")

PathOrBytes = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview]


class Module:
    """An MLIR module (QDQ, qtosa, TOSA) in a context of its own.

    str(module) is its textual IR. Transformations run in place but are
    transactional: on failure the module is left unchanged.
    """

    __slots__ = ("_module",)

    def __init__(self, module: "_qtosa.Module") -> None:
        self._module = module

    def __str__(self) -> str:
        return str(self._module)

    def __repr__(self) -> str:
        return "<qtosa.Module functions=%s>" % self.function_names()

    def run(self, pipeline: str) -> List[str]:
        """Runs a textual pass pipeline, as qtosa-opt's --pass-pipeline
        takes it (with or without the builtin.module(...) around it), e.g.
        "qtosa-lower-pipeline{io=int}" or
        "qtosa-import-qdq,func.func(qtosa-share-qspecs)".

        Returns the remarks the passes emitted ("loc: remark: text").
        Raises Error (with the diagnostics) if the pipeline does not parse
        or a pass fails; the module is then unchanged.
        """
        return list(self._module.run(pipeline))

    def clone(self) -> "Module":
        """A copy of the module, to transform without touching this one."""
        return Module(self._module.clone())

    def function_names(self) -> List[str]:
        """The functions with a body, in order."""
        return list(self._module.function_names())

    def delegates(self) -> List[Dict[str, Any]]:
        """Each qtosa.delegate of a partitioned module, in program order:
        its manifest entry (name, file, target, function, inputs and
        outputs with shape, dtype, scale and zero point) as written by
        qtosa-export-delegates, plus "flatbuffer": the TOSA 1.0 flatbuffer
        bytes of its body."""
        return list(self._module.delegates())


class Executable:
    """A function of a module compiled once, to be run many times."""

    __slots__ = ("_executable",)

    def __init__(self, module: Module, function: str = "main") -> None:
        self._executable = _qtosa.Executable(module._module, function)

    def run(self, inputs: Union[np.ndarray, Sequence[np.ndarray]]
            ) -> List[np.ndarray]:
        """Runs the function; see execute()."""
        return list(self._executable.run(inputs))

    @property
    def inputs(self) -> List[Tuple[np.dtype, Tuple[Optional[int], ...]]]:
        """(dtype, shape) of each argument."""
        return list(self._executable.inputs)

    @property
    def outputs(self) -> List[Tuple[np.dtype, Tuple[Optional[int], ...]]]:
        """(dtype, shape) of each result; None for a size known only when
        the function has run."""
        return list(self._executable.outputs)


def parse(text: str, filename: str = "<string>") -> Module:
    """Parses MLIR text; locations name `filename`."""
    return Module(_qtosa.parse(text, filename))


def execute(module: Module,
            inputs: Union[np.ndarray, Sequence[np.ndarray]],
            function: str = "main") -> List[np.ndarray]:
    """Runs `function` of `module` in process and returns its results.

    The module may be QDQ (quant or qtosa quantize/dequantize), integer
    TOSA (qtosa.qtype attributes are ignored) or partitioned (delegates run
    on the host). It is lowered on a copy by qtosa's passes and MLIR's
    TOSA -> Linalg -> LLVM pipeline, then JIT-compiled.

    Inputs are numpy arrays with the exact dtype and shape of the function's
    arguments: bool (i1), int8, int16, int32, int64, float16, bfloat16
    (ml_dtypes), float32, float64; anything else raises Error naming the
    input, the function and its location. bfloat16 without ml_dtypes:
    pass and receive the raw bits as uint16.
    """
    return list(_qtosa.execute(module._module, inputs, function))


def partition(module: Module, target: str = "ethos-u55-128",
              dot_file: Optional[Union[str, "os.PathLike[str]"]] = None
              ) -> Dict[str, Any]:
    """Runs qtosa-ethosu-pipeline on `module` in place (import, share-qspecs,
    lower to integers, partition into qtosa.delegate regions) and returns
    its JSON report as a dict: target, partitions, ops_total, ops_npu,
    ops_host, boundary_qdq, functions (per function its counts and each
    delegate's ops by kind) and host_ops (function, op, loc, rule, reason
    per op left on the host). With `dot_file`, also writes the Graphviz
    graph there. module.delegates() then gives the delegates as the
    pipeline wrote them, with their boundary scales and zero points.
    """
    dot = None if dot_file is None else os.fspath(dot_file)
    return _qtosa.partition(module._module, target, dot)


_RULE_ROW = re.compile(r"^\| `([^`]+)` \| (every op|`[^`]+`) \| (.*) \|$")


def rules(target: str = "ethos-u55-128") -> List[Dict[str, str]]:
    """The Ethos-U legality rules of `target`, in the order they are
    checked: dicts with "id" (e.g. "U55.CONV2D.KERNEL_H"), "op" (a TOSA op
    name, or "*" for rules on every op) and "constraint"."""
    result = []
    for line in _qtosa.rules_markdown(target).splitlines():
        match = _RULE_ROW.match(line)
        if match:
            op = match.group(2)
            result.append({"id": match.group(1),
                           "op": "*" if op == "every op" else op.strip("`"),
                           "constraint": match.group(3)})
    return result


def import_tflite(source: PathOrBytes) -> Module:
    """Imports a TFLite model (a path, or the file's bytes) as QDQ TOSA."""
    return Module(_qtosa.import_tflite(source))


def import_tosa_flatbuffer(source: PathOrBytes) -> Module:
    """Imports a TOSA 1.0 flatbuffer (a path, or its bytes)."""
    return Module(_qtosa.import_tosa_flatbuffer(source))


def export_tosa_flatbuffer(module: Module) -> bytes:
    """Writes a module holding one function of TOSA 1.0 ops as a TOSA 1.0
    flatbuffer."""
    return _qtosa.export_tosa_flatbuffer(module._module)
