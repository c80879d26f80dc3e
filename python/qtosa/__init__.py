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
    for region in report["float_regions"]:   # float host ops, by cause
        print(region["op_count"], region["cause"]["loc"],
              region["cause"]["reason"])

A float TOSA graph is quantized into QDQ from calibration samples with
qtosa.quantize(module, config, samples=[[x0], [x1], ...]).

Every failure raises qtosa.Error; its message holds the diagnostics with
their locations ("file:line:col: error: ..."). Nothing is printed.

The field's own tools, from the tools environment (.venv, made by
scripts/install-deps.sh; docs/tools.md), each in a module of its own:
qtosa.vela.compile (Vela on a delegate: its NPU cycles and memory),
qtosa.reference.run (the TOSA reference model on a .tosa),
qtosa.tflite.run_micro (TFLite Micro on a .tflite) and qtosa.tools (which
versions are there).
"""

from __future__ import annotations

import importlib.util
import json
import os
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np


def _load_triton_first() -> None:
    """PyTorch's triton (installed with torch) carries an LLVM of its own;
    imported after qtosa has used its LLVM, it crashes in its static
    initializers (a segmentation fault inside torch.export, found with
    test_torch.py run whole). Imported first, both load: so qtosa loads it
    before its extension, where it is installed. Not after TensorFlow:
    `import tensorflow; import triton` is a segmentation fault of its own
    (TensorFlow 2.20, triton 3.x), and qtosa importing triton made
    `import tensorflow; import qtosa` one."""
    import sys
    if "tensorflow" in sys.modules:
        return
    try:
        if importlib.util.find_spec("triton") is not None:
            import triton  # noqa: F401
    except Exception:  # a broken triton is torch's concern, not qtosa's
        pass


_load_triton_first()


def _import_extension():
    """TensorFlow puts its libtensorflow_framework, which carries an MLIR
    and an LLVM of its own, in the process's global symbol scope. Imported
    after it, the extension and libMLIR/libLLVM had about 24,000 of their
    references bound to TensorFlow's copies (LD_DEBUG=bindings): qtosa ran
    TensorFlow's MLIR on its own data, a segmentation fault in partition or
    a valid model refused ("'tosa.clamp' op attribute 'nan_mode' failed
    ..."). RTLD_DEEPBIND makes the extension and the libraries it loads
    resolve their symbols in their own dependencies first."""
    import sys
    deepbind = getattr(os, "RTLD_DEEPBIND", 0)
    if not deepbind or not hasattr(sys, "setdlopenflags"):
        from . import _qtosa
        return _qtosa
    previous = sys.getdlopenflags()
    sys.setdlopenflags(os.RTLD_NOW | deepbind)
    try:
        from . import _qtosa
    finally:
        sys.setdlopenflags(previous)
    return _qtosa


_qtosa = _import_extension()

__all__ = [
    "Error",
    "Module",
    "Executable",
    "parse",
    "execute",
    "partition",
    "quantize",
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


def _string(value: Any, what: str) -> str:
    """`value`, a str the extension can take, or Error naming `what`."""
    if not isinstance(value, str):
        raise Error("%s: expected a str, not %s" % (what, type(value).__name__))
    if "\0" in value:
        raise Error("%s: contains a NUL character" % what)
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as error:
        raise Error("%s: not valid Unicode (%s)" % (what, error.reason)
                    ) from None
    return value


def _path(value: Any, what: str) -> str:
    """`value` (a str or os.PathLike) as a path string, or Error naming
    `what`: a NUL would cut the path short where the C++ side reads it."""
    try:
        path = os.fspath(value)
    except TypeError:
        raise Error("%s: expected a path, not %s"
                    % (what, type(value).__name__)) from None
    if isinstance(path, bytes):
        raise Error("%s: expected a str path, not bytes" % what)
    return _string(path, what)


def _module_of(module: Any) -> "_qtosa.Module":
    if not isinstance(module, Module):
        raise Error("expected a qtosa.Module, not %s" % type(module).__name__)
    return module._module


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
        return list(self._module.run(_string(pipeline, "pipeline")))

    def clone(self) -> "Module":
        """A copy of the module, to transform without touching this one."""
        return Module(self._module.clone())

    def function_names(self) -> List[str]:
        """The functions with a body, in order."""
        return list(self._module.function_names())

    def function_shapes(self, function: str = "main"
                        ) -> Tuple[List[Optional[Tuple[Optional[int], ...]]],
                                   List[Optional[Tuple[Optional[int], ...]]]]:
        """The shapes of `function`'s arguments and of its results, from its
        type (nothing is compiled): None for a value that is not a ranked
        tensor, and for a dynamic size. Raises Error for a missing
        function."""
        inputs, outputs = self._module.function_shapes(
            _string(function, "function"))
        return list(inputs), list(outputs)

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
        self._executable = _qtosa.Executable(_module_of(module),
                                             _string(function, "function"))

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
    return Module(_qtosa.parse(_string(text, "text"),
                               _string(filename, "filename")))


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
    pass and receive the raw bits as uint16. An array of either byte order
    is read by value (a '>f4' one is converted), and any strides, a
    broadcast view included: each input is checked against its argument
    before it is copied, and one of more than 2^31 - 1 bytes (the TOSA 1.0
    limit) is refused.
    """
    return list(_qtosa.execute(_module_of(module), inputs,
                               _string(function, "function")))


def partition(module: Module, target: str = "ethos-u55-128",
              dot_file: Optional[Union[str, "os.PathLike[str]"]] = None
              ) -> Dict[str, Any]:
    """Runs qtosa-ethosu-pipeline on `module` in place (import, share-qspecs,
    lower to integers, partition into qtosa.delegate regions) and returns
    its report, the document report-file would hold, as a dict: target,
    delegate_count (also under its old name "partitions", to be removed),
    ops_total, ops_npu,
    ops_host, boundary_qdq, dead_ops_erased (ops without effects whose
    results nothing read), functions (per function its counts and each
    delegate's name, as qtosa-export-delegates names its file, location and
    ops by kind), host_ops (function, op, loc, rule, reason
    per op left on the host, name where the op's location has one, such as
    the TFLite output tensor an imported operator writes, and float_region, an index into float_regions,
    for a float one) and float_regions (the float host ops joined by float
    values, one entry per region: function, rule, op_count, cause and
    more_causes as op, loc and reason, and its ops as op and loc). With
    `dot_file`, also writes the Graphviz graph there. module.delegates()
    then gives the delegates as the pipeline exported them, with their
    boundary scales and zero points. Nothing goes through files.
    """
    dot = None if dot_file is None else _path(dot_file, "dot_file")
    return _qtosa.partition(_module_of(module), _string(target, "target"),
                            dot)


ConfigSource = Union[str, "os.PathLike[str]", Dict[str, Any]]
SampleSource = Union[str, "os.PathLike[str]",
                     Sequence[Union[np.ndarray, Sequence[np.ndarray]]]]


def quantize(module: Module, config: Optional[ConfigSource] = None,
             samples: Optional[SampleSource] = None,
             function: Optional[str] = None) -> Module:
    """Quantizes a float TOSA `module` in place into QDQ with
    qtosa-quantize-pipeline (qtosa-annotate, then qtosa-calibrate; see
    docs/quantization.md) and returns it.

    `config`: None for the defaults (int8 activations with a zero point,
    int8 symmetric per-channel weights -127..127), the path of a JSON
    config, or the config as a dict (errors then name it "<config>").

    `samples`: the calibration samples, either a sequence with one entry
    per sample, each a sequence of numpy arrays in argument order (a bare
    array for a one-argument function), handed to the calibrator as they
    are (errors name sample i's argument j "samples[i][j]"), or the path of
    a JSON list of .npy paths (one list per sample, in argument order,
    relative to the JSON file). None only if nothing is observed (every
    spec has a fixed scale).

    `function`: the function calibration runs (default: the only public
    function with a body).

    Raises Error with the diagnostics (a bad config, a graph with an op
    qtosa-annotate cannot classify, samples of the wrong arity or shape);
    the module is then unchanged.
    """
    return _quantize(module, config, samples, function, "<config>")


def _quantize(module: Module, config: Optional[ConfigSource],
              samples: Optional[SampleSource], function: Optional[str],
              config_name: str) -> Module:
    """quantize(), with a config dict's errors naming it `config_name` (the
    file qtosa.torch read it from and added to)."""
    config_path = config_json = samples_path = sample_lists = None
    if isinstance(config, dict):
        try:
            config_json = json.dumps(config, allow_nan=False)
        except ValueError:
            raise Error("%s: %s: NaN and infinities are no JSON numbers"
                        % (config_name, _non_finite_path(config, "$"))
                        ) from None
        except TypeError as error:
            raise Error("%s: $: %s" % (config_name, error)) from None
    elif config is not None:
        if not isinstance(config, (str, os.PathLike)):
            raise Error("config: expected None, the path of a JSON config "
                        "or the config as a dict, not %s"
                        % type(config).__name__)
        config_path = _path(config, "config")
    if isinstance(samples, (str, os.PathLike)):
        samples_path = _path(samples, "samples")
    elif samples is not None:
        sample_lists = _sample_lists(samples)
    if function is not None:
        function = _string(function, "function")
    _qtosa.quantize(_module_of(module), config_path, config_json, config_name,
                    samples_path, sample_lists, function)
    return module


def _non_finite_path(value: Any, path: str) -> str:
    """The JSON path of the first NaN or infinity in `value`."""
    if isinstance(value, float) and not np.isfinite(value):
        return path
    if isinstance(value, dict):
        items = [(".%s" % key, item) for key, item in value.items()]
    elif isinstance(value, (list, tuple)):
        items = [("[%d]" % index, item) for index, item in enumerate(value)]
    else:
        return ""
    for suffix, item in items:
        found = _non_finite_path(item, path + suffix)
        if found:
            return found
    return ""


def _sample_lists(samples: Sequence[Union[np.ndarray, Sequence[np.ndarray]]]
                  ) -> List[List[Any]]:
    """`samples` as a list with a list of arguments per sample."""
    if isinstance(samples, (np.ndarray, dict)) or \
            not isinstance(samples, Sequence) or len(samples) == 0:
        raise Error("samples: expected a non-empty sequence with one entry "
                    "per sample, each a sequence of numpy arrays in argument "
                    "order")
    return [[sample] if isinstance(sample, np.ndarray) else list(sample)
            for sample in samples]


def rules(target: str = "ethos-u55-128") -> List[Dict[str, str]]:
    """The Ethos-U legality rules of `target`, in the order they are
    checked, from the rule tables themselves: dicts with "id" (e.g.
    "U55.CONV2D.CHANNELS"), "op" (a TOSA op name, or "*" for rules on every
    op) and "constraint"."""
    return list(_qtosa.rules(_string(target, "target")))


def _path_or_bytes(source: PathOrBytes) -> Union[str, bytes]:
    """`source` as the extension takes it: a path string or bytes."""
    if isinstance(source, (bytearray, memoryview)):
        return bytes(source)
    if isinstance(source, bytes):
        return source
    if isinstance(source, (str, os.PathLike)):
        return _path(source, "path")
    raise Error("expected a path or the file's bytes, not %s"
                % type(source).__name__)


def import_tflite(source: PathOrBytes) -> Module:
    """Imports a TFLite model (a path, or the file's bytes) as QDQ TOSA."""
    return Module(_qtosa.import_tflite(_path_or_bytes(source)))


def import_tosa_flatbuffer(source: PathOrBytes) -> Module:
    """Imports a TOSA 1.0 flatbuffer (a path, or its bytes)."""
    return Module(_qtosa.import_tosa_flatbuffer(_path_or_bytes(source)))


def export_tosa_flatbuffer(module: Module) -> bytes:
    """Writes a module holding one function of TOSA 1.0 ops as a TOSA 1.0
    flatbuffer."""
    return _qtosa.export_tosa_flatbuffer(module._module)
