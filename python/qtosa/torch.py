"""PyTorch models to Ethos-U through qtosa, with no list of op names.

    import qtosa.torch
    result = qtosa.torch.compile_for_ethosu(
        model, (x,), samples=[(x0,), (x1,), ...], target="ethos-u55-128")
    print(result.report["ops_host"], len(result.delegates))
    for delegate in result.delegates:
        print(delegate["name"], delegate["vela"]["npu_cycles"])
    (y,) = result.run([x.numpy()])       # the integer program, in process

The route (docs/torch.md):

1. ExecuTorch's TOSA backend writes the float model as one TOSA 1.0
   flatbuffer in the ``TOSA-1.0+FP`` profile (torch.export, then
   ``to_edge_transform_and_lower`` with ``TOSAPartitioner`` and
   ``dump_intermediate_artifacts_to``). Every PyTorch alias (moveaxis,
   movedim, swapaxes, concat, ...) has become one TOSA op there.
2. ``qtosa.import_tosa_flatbuffer`` reads it; ``qtosa.quantize`` annotates
   it by op semantics (a data-movement op shares its input's parameters
   because of what it does, not because its name is on a list) and
   calibrates on the samples (docs/quantization.md).
3. ``qtosa.compile.compile_for_ethosu`` partitions it for the target and
   compiles every delegate with Vela.

Needs torch and executorch 1.5.1 (``bash scripts/install-deps.sh
--with-torch``); without them every function raises qtosa.Error with the
install command. ExecuTorch is imported only when a model is exported.
"""

from __future__ import annotations

import glob
import json
import os
import tempfile
from typing import Any, Dict, List, Optional, Sequence, Union

import numpy as np

from . import Module, _quantize, execute, import_tosa_flatbuffer
from . import compile as _compile
from . import tools
from . import vela
from ._qtosa import Error

__all__ = ["TorchResult", "compile_for_ethosu", "export_float_tosa",
           "compile_tosa_for_ethosu", "channels_last_positions"]

#: The TOSA profile the float graph is written in.
FLOAT_PROFILE = "TOSA-1.0+FP"

# What is left beside the delegates of a lowered graph and is no operator.
_NOT_OPERATORS = ("executorch_call_delegate", "getitem")


class TorchResult:
    """What compile_for_ethosu made of a PyTorch model.

    report: the partition report (qtosa.partition's dict) with, per
      delegate, its Vela figures ("delegates") and their sum ("vela").
    delegates: each delegate's manifest entry with "vela" (its figures) and
      "flatbuffer" (its .tosa bytes).
    module: the partitioned program (host part and delegates); run() runs it.
    float_module, qdq_module: the float TOSA graph ExecuTorch wrote, and
      the same quantized by qtosa (QDQ), before partitioning.
    function: the name of the graph's function.
    tosa_file: the float .tosa ExecuTorch wrote (in the output directory, or
      None when none was given: it was in a temporary one).
    channels_last: the argument positions the graph takes in NHWC order
      (the example input was in torch.channels_last memory format).

    Inputs to run(), run_float() and run_qdq() are in argument order: a
    torch tensor in PyTorch's order (NCHW; permuted here for a
    channels-last argument), a numpy array as the graph takes it (NHWC
    for a channels-last argument).
    """

    def __init__(self, compiled: Dict[str, Any], float_module: Module,
                 qdq_module: Module, function: str,
                 tosa_file: Optional[str],
                 channels_last: Sequence[int] = ()) -> None:
        self.report: Dict[str, Any] = compiled["report"]
        self.delegates: List[Dict[str, Any]] = compiled["delegates"]
        self.module: Module = compiled["module"]
        self.float_module = float_module
        self.qdq_module = qdq_module
        self.function = function
        self.tosa_file = tosa_file
        self.channels_last = list(channels_last)

    def run(self, inputs: Union[np.ndarray, Sequence[Any]]
            ) -> List[np.ndarray]:
        """Runs the partitioned integer program (host part and delegates,
        in process) on float inputs; returns its float outputs."""
        return execute(self.module, _arrays(inputs, self.channels_last),
                       self.function)

    def run_float(self, inputs: Union[np.ndarray, Sequence[Any]]
                  ) -> List[np.ndarray]:
        """Runs the float TOSA graph ExecuTorch wrote."""
        return execute(self.float_module,
                       _arrays(inputs, self.channels_last), self.function)

    def run_qdq(self, inputs: Union[np.ndarray, Sequence[Any]]
                ) -> List[np.ndarray]:
        """Runs the quantized (QDQ) graph before the partition."""
        return execute(self.qdq_module, _arrays(inputs, self.channels_last),
                       self.function)


def _arrays(inputs: Union[np.ndarray, Sequence[Any]],
            channels_last: Sequence[int] = ()) -> List[np.ndarray]:
    """numpy arrays from numpy arrays (taken as they are) or torch tensors
    (NCHW, permuted to NHWC at the `channels_last` positions)."""
    if isinstance(inputs, np.ndarray) or hasattr(inputs, "detach"):
        inputs = [inputs]
    arrays = []
    for index, value in enumerate(inputs):
        if hasattr(value, "detach"):
            value = value.detach().cpu()
            if index in channels_last:
                value = value.permute(0, 2, 3, 1)
            value = value.contiguous().numpy()
        if not isinstance(value, np.ndarray):
            raise Error("input %d: expected a numpy array or a torch tensor, "
                        "not %s" % (index, type(value).__name__))
        arrays.append(value)
    return arrays


def channels_last_positions(example_inputs: Sequence[Any]) -> List[int]:
    """The positions of 4-D example inputs in torch.channels_last memory
    format, which ExecuTorch writes as NHWC graph arguments."""
    import torch
    return [index for index, value in enumerate(example_inputs)
            if isinstance(value, torch.Tensor) and value.dim() == 4
            and not value.is_contiguous()
            and value.is_contiguous(memory_format=torch.channels_last)]


def _require_torch() -> Any:
    tools.require("torch")
    tools.require("executorch")
    import torch
    return torch


def export_float_tosa(module: Any, example_inputs: Sequence[Any],
                      output_dir: str) -> str:
    """Writes `module` (a torch.nn.Module, evaluated on `example_inputs`) as
    a TOSA 1.0 flatbuffer of the FP profile with ExecuTorch's TOSA backend,
    into `output_dir`; returns the file's path. The graph has the shapes of
    `example_inputs`: an Ethos-U delegate has static shapes (and
    ExecuTorch's partitioners delegate nothing of a graph exported with
    dynamic ones).

    torch.roll and torch.diagonal are first decomposed into the data
    movement they are (ExecuTorch's own decompositions of them leave the
    graph in pieces). Raises qtosa.Error naming the operators ExecuTorch's
    TOSA partitioner leaves out of the graph (they would split it: qtosa
    reads one graph), or ExecuTorch's own error."""
    torch = _require_torch()
    from executorch.backends.arm.tosa.compile_spec import TosaCompileSpec
    from executorch.backends.arm.tosa.partitioner import TOSAPartitioner
    from executorch.exir import EdgeCompileConfig, to_edge_transform_and_lower

    vela.make_output_dir(output_dir)
    for stale in glob.glob(os.path.join(output_dir, "*.tosa")):
        os.remove(stale)
    module = module.eval()
    example_inputs = tuple(example_inputs)
    try:
        exported = torch.export.export(module, example_inputs)
        decompositions = _data_movement_decompositions(torch)
        if any(node.target in decompositions
               for node in exported.graph.nodes):
            exported = exported.run_decompositions(decompositions)
        spec = TosaCompileSpec(FLOAT_PROFILE)
        spec.dump_intermediate_artifacts_to(output_dir)
        lowered = to_edge_transform_and_lower(
            exported, partitioner=[TOSAPartitioner(spec)],
            compile_config=EdgeCompileConfig(_check_ir_validity=False))
    except Exception as error:  # ExecuTorch's errors have no common base
        raise Error("ExecuTorch cannot write %s as %s: %s: %s"
                    % (type(module).__name__, FLOAT_PROFILE,
                       type(error).__name__, str(error).strip()[:2000])
                    ) from None
    graph = lowered.exported_program().graph
    left = [node for node in graph.nodes if node.op == "call_function"
            and not any(name in str(node.target) for name in _NOT_OPERATORS)]
    delegates = [node for node in graph.nodes if node.op == "call_function"
                 and "executorch_call_delegate" in str(node.target)]
    if left or len(delegates) != 1:
        raise Error(
            "ExecuTorch's TOSA backend writes %s as %d %s graph(s), not one; "
            "the operators it leaves out: %s" % (
                type(module).__name__, len(delegates), FLOAT_PROFILE,
                "; ".join("%s at %s" % (_op_name(node), _source(node))
                          for node in left) or "none"))
    files = sorted(glob.glob(os.path.join(output_dir, "*%s.tosa"
                                          % FLOAT_PROFILE)))
    if len(files) != 1:
        raise Error("ExecuTorch wrote %d %s files into %s, expected one"
                    % (len(files), FLOAT_PROFILE, output_dir))
    return files[0]


def _roll(x: Any, shifts: Any, dims: Any = ()) -> Any:
    """torch.roll as slices and a concat per rolled axis."""
    import torch
    shifts = [shifts] if isinstance(shifts, int) else list(shifts)
    dims = [dims] if isinstance(dims, int) else list(dims)
    if not dims:  # roll of the flattened tensor
        return _roll(x.reshape(-1), shifts, [0]).reshape(x.shape)
    for shift, dim in zip(shifts, dims):
        length = x.shape[dim]
        shift %= length
        if shift:
            x = torch.cat([x.narrow(dim, length - shift, shift),
                           x.narrow(dim, 0, length - shift)], dim)
    return x


def _diagonal(x: Any, offset: int = 0, dim1: int = 0, dim2: int = 1) -> Any:
    """torch.diagonal as data movement: the two axes last and flattened,
    the elements before the first diagonal one sliced off, then padded or
    sliced to L (C + 1) elements, which as [L, C + 1] hold the diagonal in
    their first column."""
    import torch
    rank = x.dim()
    dim1, dim2 = dim1 % rank, dim2 % rank
    rest = [d for d in range(rank) if d not in (dim1, dim2)]
    y = x.permute(rest + [dim1, dim2])
    if offset < 0:
        y, offset = y.transpose(-1, -2), -offset
    rows, columns = y.shape[-2], y.shape[-1]
    length = max(0, min(rows, columns - offset))
    lead = list(y.shape[:-2])
    flat = y.reshape(lead + [rows * columns])
    if length == 0:
        return flat.narrow(-1, 0, 0)
    flat = flat.narrow(-1, offset, rows * columns - offset)
    wanted = length * (columns + 1)
    if flat.shape[-1] < wanted:
        flat = torch.nn.functional.pad(flat, (0, wanted - flat.shape[-1]))
    else:
        flat = flat.narrow(-1, 0, wanted)
    return flat.reshape(lead + [length, columns + 1]).narrow(-1, 0, 1) \
        .reshape(lead + [length])


def _data_movement_decompositions(torch: Any) -> Dict[Any, Any]:
    """Exact decompositions, into slices, concats, pads, reshapes and
    permutes, of the operators whose own decompositions ExecuTorch 1.5.1's
    TOSA backend leaves out of the graph (roll becomes arange, fmod and
    index_select; diagonal a diagonal_copy): with them the graph stays one,
    and qtosa quantizes the data movement by what it does."""
    return {torch.ops.aten.roll.default: _roll,
            torch.ops.aten.diagonal.default: _diagonal}


def _op_name(node: Any) -> str:
    """aten.arange.start_step, from a torch.fx node's target."""
    name = getattr(node.target, "__name__", None) or str(node.target)
    return name if name.startswith("aten.") or "." not in name \
        else name.split(" ")[0]


def _source(node: Any) -> str:
    """Where a torch.fx node came from in the user's code, when known."""
    trace = node.meta.get("stack_trace") or ""
    lines = [line.strip() for line in trace.strip().splitlines()
             if line.strip().startswith("File ")]
    return lines[-1] if lines else node.name


# What ExecuTorch's Arm quantizer observes activations with (PyTorch's
# HistogramObserver, the range of least squared error); qtosa's own default
# is min/max.
DEFAULT_OBSERVER = "histogram"


def with_default_observer(config: Optional[Union[str, Dict[str, Any]]]
                          ) -> Dict[str, Any]:
    """`config` (None, a dict or a JSON file's path) as a dict with
    "observer": DEFAULT_OBSERVER unless it chooses an observer itself (a
    "percentile" without "observer" is the config's error to report)."""
    if config is None:
        config = {}
    elif not isinstance(config, dict):
        try:
            with open(os.fspath(config)) as f:
                config = json.load(f)
        except (OSError, ValueError, RecursionError) as error:
            raise Error("%s: %s" % (os.fspath(config), error)) from None
        if not isinstance(config, dict):
            raise Error("%s: $: expected an object" % os.fspath(config))
    if "observer" in config or "percentile" in config:
        return config
    return dict(config, observer=DEFAULT_OBSERVER)


def compile_tosa_for_ethosu(tosa: Union[str, bytes, Module],
                            samples: Sequence[Any],
                            target: str = "ethos-u55-128", *,
                            config: Optional[Union[str, Dict[str, Any]]] = None,
                            output_dir: Optional[str] = None,
                            channels_last: Sequence[int] = ()
                            ) -> TorchResult:
    """The qtosa half of the route, on a float TOSA graph (a .tosa path,
    its bytes or a Module): quantize with `config` on `samples`, partition
    for `target`, compile the delegates with Vela. Needs no torch.

    `samples`: one entry per sample, each the graph's inputs in argument
    order (see TorchResult for their layout); `channels_last`: the
    argument positions that are NHWC in the graph."""
    float_module = (tosa.clone() if isinstance(tosa, Module)
                    else import_tosa_flatbuffer(tosa))
    names = float_module.function_names()
    if len(names) != 1:
        raise Error("expected one function in the float graph, found %s"
                    % names)
    if not samples:
        raise Error("samples: expected at least one calibration sample")
    calibration = [_arrays(sample, channels_last) for sample in samples]
    # A config file read here and given the default observer is a dict to
    # the quantizer; its errors still name the file.
    config_name = ("<config>" if config is None or isinstance(config, dict)
                   else os.fspath(config))
    qdq_module = _quantize(float_module.clone(), with_default_observer(config),
                           calibration, None, config_name)
    compiled = _compile.compile_for_ethosu(qdq_module, target, output_dir)
    tosa_file = tosa if isinstance(tosa, str) else None
    return TorchResult(compiled, float_module, qdq_module, names[0],
                       tosa_file, channels_last)


def compile_for_ethosu(module: Any, example_inputs: Sequence[Any],
                       samples: Sequence[Any],
                       target: str = "ethos-u55-128", *,
                       config: Optional[Union[str, Dict[str, Any]]] = None,
                       output_dir: Optional[str] = None) -> TorchResult:
    """A PyTorch module to Vela-compiled Ethos-U delegates and the report.

    `example_inputs`: a tuple of tensors the module is exported with, at
    the shapes the delegates will have; a 4-D one in torch.channels_last
    memory format makes that argument NHWC in the graph (no transpose).
    `samples`: the calibration samples, one entry per sample, each the
    module's inputs in argument order (torch tensors in PyTorch's order,
    or numpy arrays as the graph takes them).
    `config`: qtosa's quantize configuration (docs/quantization.md; its
    "inputs" and "outputs" go by the module's argument and result order).
    `output_dir`: where the float .tosa, each delegate's .tosa and Vela's
    npz, delegates.json and report.json go (a temporary directory
    otherwise). Raises qtosa.Error on every failure, ExecuTorch's included.
    """
    if output_dir is not None:
        return _compile_in(module, example_inputs, samples, target, config,
                           output_dir, keep=True)
    with tempfile.TemporaryDirectory(prefix="qtosa-torch-") as directory:
        return _compile_in(module, example_inputs, samples, target, config,
                           directory, keep=False)


def _compile_in(module, example_inputs, samples, target, config, directory,
                keep) -> TorchResult:
    tosa_dir = os.path.join(directory, "float")
    path = export_float_tosa(module, example_inputs, tosa_dir)
    result = compile_tosa_for_ethosu(
        path, samples, target, config=config,
        output_dir=directory if keep else None,
        channels_last=channels_last_positions(example_inputs))
    if not keep:
        result.tosa_file = None
    return result
