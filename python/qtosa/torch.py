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
import re
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
      (ExecuTorch writes a torch.channels_last example input so).
    channels_last_outputs: the result positions the graph gives in NHWC
      order; run(), run_float() and run_qdq() return them in PyTorch's
      NCHW order, as the module does.

    pieces: for a model ExecuTorch writes as several TOSA graphs with
      operators between them, each graph's own TorchResult, in program
      order (empty for a model of one graph, whose module, float_module,
      qdq_module and function are then None). The report is theirs
      together: its counts are summed, each host op, float region and
      delegate says its "piece", and the operators between the pieces are
      host ops of their own (rule <target>.CALL.HOST, "piece": None), which
      run() runs in PyTorch.
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
        self.channels_last_outputs: List[int] = []
        self.pieces: List["TorchResult"] = []
        self._program: Any = None

    @classmethod
    def of_pieces(cls, program: Any, pieces: List["TorchResult"],
                  target: str, channels_last: Sequence[int],
                  example_shapes: Sequence[Any]) -> "TorchResult":
        """The result for a lowered `program` whose delegate calls are
        `pieces`, in program order."""
        result = cls.__new__(cls)
        result.report = _pieces_report(program, pieces, target)
        result.delegates = [_in_piece(delegate, index)
                            for index, piece in enumerate(pieces)
                            for delegate in piece.delegates]
        result.module = result.float_module = result.qdq_module = None
        result.function = result.tosa_file = None
        result.channels_last = list(channels_last)
        result.channels_last_outputs = []
        result.pieces = pieces
        result._program = program
        result._example_shapes = list(example_shapes)
        return result

    def _run_pieces(self, inputs: Union[np.ndarray, Sequence[Any]],
                    how: str) -> List[np.ndarray]:
        """The lowered program in PyTorch, each delegate call made by its
        piece's `how` (run, run_float or run_qdq)."""
        import torch
        values = _torch_inputs(inputs, self._example_shapes)
        graph_module = self._program.module()
        # The lowered modules, attributes of the graph module, by identity.
        pieces = {id(getattr(graph_module, name)): piece for name, piece in
                  zip(_delegate_attributes(self._program), self.pieces)}

        class Runner(torch.fx.Interpreter):
            def call_function(self, target, args, kwargs):
                if "executorch_call_delegate" not in str(target):
                    return super().call_function(target, args, kwargs)
                # Torch tensors, which the piece's run() permutes where its
                # graph takes NHWC.
                outputs = getattr(pieces[id(args[0])], how)(list(args[1:]))
                return tuple(torch.from_numpy(np.ascontiguousarray(output))
                             for output in outputs)

        with torch.no_grad():
            outputs = Runner(graph_module).run(*values)
        if not isinstance(outputs, (tuple, list)):
            outputs = [outputs]
        return [output.detach().cpu().numpy() for output in outputs]

    def run(self, inputs: Union[np.ndarray, Sequence[Any]]
            ) -> List[np.ndarray]:
        """Runs the partitioned integer program (host part and delegates,
        in process) on float inputs; returns its float outputs."""
        if self.pieces:
            return self._run_pieces(inputs, "run")
        return self._torch_order(execute(
            self.module, _arrays(inputs, self.channels_last), self.function))

    def run_float(self, inputs: Union[np.ndarray, Sequence[Any]]
                  ) -> List[np.ndarray]:
        """Runs the float TOSA graph ExecuTorch wrote."""
        if self.pieces:
            return self._run_pieces(inputs, "run_float")
        return self._torch_order(execute(
            self.float_module, _arrays(inputs, self.channels_last),
            self.function))

    def run_qdq(self, inputs: Union[np.ndarray, Sequence[Any]]
                ) -> List[np.ndarray]:
        """Runs the quantized (QDQ) graph before the partition."""
        if self.pieces:
            return self._run_pieces(inputs, "run_qdq")
        return self._torch_order(execute(
            self.qdq_module, _arrays(inputs, self.channels_last),
            self.function))

    def _torch_order(self, outputs: List[np.ndarray]) -> List[np.ndarray]:
        """Outputs the graph gives in NHWC, in PyTorch's NCHW order."""
        return [np.ascontiguousarray(output.transpose(0, 3, 1, 2))
                if index in self.channels_last_outputs else output
                for index, output in enumerate(outputs)]


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
            try:
                value = value.contiguous().numpy()
            except (TypeError, RuntimeError) as error:
                raise Error("input %d: a torch tensor of %s has no numpy "
                            "form (%s); give float32" % (
                                index, value.dtype, error)) from None
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


def _lower_to_float_tosa(module: Any, example_inputs: Sequence[Any],
                         output_dir: str) -> Any:
    """`module` through ExecuTorch's TOSA backend in the FP profile, each
    graph it writes dumped into `output_dir`; returns the lowered
    ExportedProgram (delegate calls and the operators left out)."""
    torch = _require_torch()
    from executorch.backends.arm.tosa.compile_spec import TosaCompileSpec
    from executorch.backends.arm.tosa.partitioner import TOSAPartitioner
    from executorch.exir import EdgeCompileConfig, to_edge_transform_and_lower

    vela.make_output_dir(output_dir)
    for stale in glob.glob(os.path.join(output_dir, "*.tosa")):
        os.remove(stale)
    # Exported in evaluation mode (dropout off, batch norms frozen); the
    # user's module is left in the mode it came in.
    training = getattr(module, "training", False)
    module.eval()
    example_inputs = _example_tuple(example_inputs)
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
    finally:
        module.train(training)
    return lowered.exported_program()


def _is_delegate_call(node: Any) -> bool:
    return node.op == "call_function" \
        and "executorch_call_delegate" in str(node.target)


def _delegate_calls(program: Any) -> List[Any]:
    """A lowered program's delegate calls, in program order."""
    return [node for node in program.graph.nodes if _is_delegate_call(node)]


def _left_out_text(nodes: Sequence[Any]) -> str:
    """Operators ExecuTorch left out of its graphs, with their source."""
    return "; ".join("%s at %s" % (_op_name(node), _source(node))
                     for node in nodes) or "none"


def _one_float_file(directory: str) -> str:
    """The one FP-profile .tosa ExecuTorch wrote into `directory`."""
    files = sorted(glob.glob(os.path.join(directory, "*%s.tosa"
                                          % FLOAT_PROFILE)))
    if len(files) != 1:
        raise Error("ExecuTorch wrote %d %s files into %s, expected one"
                    % (len(files), FLOAT_PROFILE, directory))
    return files[0]


def _left_out(program: Any) -> List[Any]:
    """The operators of a lowered program outside its delegates."""
    return [node for node in program.graph.nodes
            if node.op == "call_function"
            and not any(name in str(node.target) for name in _NOT_OPERATORS)]


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
    TOSA partitioner leaves out of the graph (they would split it; this
    function writes one graph: compile_for_ethosu takes the pieces), or
    ExecuTorch's own error."""
    program = _lower_to_float_tosa(module, example_inputs, output_dir)
    left = _left_out(program)
    delegates = _delegate_calls(program)
    if left or len(delegates) != 1:
        raise Error(
            "ExecuTorch's TOSA backend writes %s as %d %s graph(s), not one; "
            "the operators it leaves out: %s" % (
                type(module).__name__, len(delegates), FLOAT_PROFILE,
                _left_out_text(left)))
    return _one_float_file(output_dir)


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
    """Where a torch.fx node came from in the user's code, as file:line
    (the innermost frame of its stack trace), or its node name."""
    trace = node.meta.get("stack_trace") or ""
    frames = re.findall(r'File "([^"]*)", line (\d+)', trace)
    return "%s:%s" % frames[-1] if frames else node.name


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
    elif not isinstance(config, (dict, str, bytes, os.PathLike)):
        raise Error("config: expected a dict, a JSON file's path or None, "
                    "not %s" % type(config).__name__)
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
    _check_target(target)
    float_module = (tosa.clone() if isinstance(tosa, Module)
                    else import_tosa_flatbuffer(tosa))
    names = float_module.function_names()
    if len(names) != 1:
        raise Error("expected one function in the float graph, found %s"
                    % names)
    samples = _sample_list(samples)
    if not samples:
        raise Error("samples: expected at least one calibration sample")
    calibration = [_arrays(sample, channels_last) for sample in samples]
    # A config file read here and given the default observer is a dict to
    # the quantizer; its errors still name the file.
    with_observer = with_default_observer(config)
    config_name = ("<config>" if config is None or isinstance(config, dict)
                   else os.fspath(config))
    qdq_module = _quantize(float_module.clone(), with_observer,
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
    otherwise; a model ExecuTorch writes in pieces gets a piece<N>
    directory per TOSA graph). Raises qtosa.Error on every failure,
    ExecuTorch's included.

    A model ExecuTorch's TOSA backend writes as several graphs, with
    operators it has no TOSA form for between them, is compiled piece by
    piece: each graph is calibrated on what it receives when the float
    program runs on `samples`; the operators between the graphs are host
    ops of the report and run in PyTorch (TorchResult's "pieces").
    `config`'s "inputs" and "outputs" then go to the pieces that take those
    arguments or give those results.
    """
    _check_target(target)
    example_inputs = _example_tuple(example_inputs)
    samples = _sample_list(samples)
    if not samples:
        raise Error("samples: expected at least one calibration sample")
    if output_dir is not None:
        return _compile_in(module, example_inputs, samples, target, config,
                           output_dir, keep=True)
    with tempfile.TemporaryDirectory(prefix="qtosa-torch-") as directory:
        return _compile_in(module, example_inputs, samples, target, config,
                           directory, keep=False)


def _compile_in(module, example_inputs, samples, target, config, directory,
                keep) -> TorchResult:
    tosa_dir = os.path.join(directory, "float")
    program = _lower_to_float_tosa(module, example_inputs, tosa_dir)
    left = _left_out(program)
    calls = _delegate_calls(program)
    if not calls:
        raise Error(
            "ExecuTorch's TOSA backend writes no %s graph of %s, so nothing "
            "of it can reach the NPU (a model exported with dynamic shapes "
            "is delegated nothing); the operators it leaves out: %s" % (
                FLOAT_PROFILE, type(module).__name__, _left_out_text(left)))
    if len(calls) > 1 or left:
        return _compile_pieces(program, module, example_inputs, samples,
                               target, config,
                               directory if keep else None)
    float_file = _one_float_file(tosa_dir)
    float_module = import_tosa_flatbuffer(float_file)
    graph_inputs, graph_outputs = _graph_shapes(float_module)
    channels_last = _nhwc_positions(
        graph_inputs, [tuple(value.shape) for value in example_inputs],
        channels_last_positions(example_inputs))
    result = compile_tosa_for_ethosu(
        float_module, samples, target, config=config,
        output_dir=directory if keep else None,
        channels_last=channels_last)
    result.tosa_file = float_file if keep else None
    result.channels_last_outputs = _nhwc_positions(
        graph_outputs, _output_shapes(program),
        _channels_last_values(_user_outputs(program)))
    return result


def _check_target(target: str) -> None:
    """Refuses an unknown target before the export and the calibration,
    which take far longer than the check."""
    from . import TARGETS
    if target not in TARGETS:
        raise Error("unknown target '%s' (known: %s)"
                    % (target, ", ".join(TARGETS)))


def _graph_shapes(module: Module) -> Any:
    """The argument and result shapes of a module's one function (empty
    lists for another count: compile_tosa_for_ethosu says what is
    wrong)."""
    names = module.function_names()
    return module.function_shapes(names[0]) if len(names) == 1 else ([], [])


def _nhwc(shape: Sequence[int]) -> Optional[tuple]:
    shape = tuple(shape)
    return (shape[0], shape[2], shape[3], shape[1]) if len(shape) == 4 \
        else None


def _nhwc_positions(graph_shapes: Sequence[Any], torch_shapes: Sequence[Any],
                    channels_last: Sequence[int] = ()) -> List[int]:
    """The positions where the graph holds in NHWC order what PyTorch holds
    in NCHW: told by the shapes, and where both orders have one shape, by
    `channels_last` (the positions of channels-last tensors)."""
    positions = []
    for index, (graph, shape) in enumerate(zip(graph_shapes, torch_shapes)):
        if graph is None or shape is None or len(shape) != 4:
            continue
        graph, shape = tuple(graph), tuple(shape)
        if graph == _nhwc(shape) and (graph != shape or
                                      index in channels_last):
            positions.append(index)
    return positions


def _user_outputs(program: Any) -> List[Any]:
    """The nodes a lowered program returns as the module's results."""
    results = list(program.graph.output_node().args[0])
    return results[len(results) - len(program.graph_signature.user_outputs):]


def _output_shapes(program: Any) -> List[Any]:
    """The shapes of a lowered program's results, as PyTorch gives them."""
    return [tuple(node.meta["val"].shape)
            if hasattr(node, "meta") and hasattr(node.meta.get("val"),
                                                  "shape") else None
            for node in _user_outputs(program)]


def _sample_list(samples: Any) -> List[Any]:
    """`samples` as a list of samples; one tensor or array is refused (a
    batch is not a list of samples)."""
    if isinstance(samples, np.ndarray) or hasattr(samples, "detach"):
        raise Error("samples: expected a sequence of samples, each the "
                    "module's inputs in argument order, not one %s of shape "
                    "%s" % (type(samples).__name__, tuple(samples.shape)))
    try:
        return list(samples)
    except TypeError:
        raise Error("samples: expected a sequence of samples, not %s"
                    % type(samples).__name__) from None


def _example_tuple(example_inputs: Any) -> tuple:
    """The example inputs as the tuple torch.export takes; one tensor is
    the module's one input."""
    if isinstance(example_inputs, np.ndarray) or \
            hasattr(example_inputs, "detach"):
        return (example_inputs,)
    return tuple(example_inputs)


def _compile_pieces(program: Any, module: Any, example_inputs: Sequence[Any],
                    samples: Sequence[Any], target: str,
                    config: Optional[Union[str, Dict[str, Any]]],
                    output_dir: Optional[str]) -> "TorchResult":
    """A model ExecuTorch writes as several TOSA graphs with operators
    between them: each graph (a piece) is quantized on the values it
    receives when the float program runs on `samples`, partitioned and
    compiled on its own; the operators between the pieces run in PyTorch,
    on the host, and are reported as host ops."""
    import torch
    config = with_default_observer(config)
    piece_configs = _piece_configs(program, config)
    graph_module = program.module()
    # The lowered modules in program order, attributes of the graph module.
    backends = [getattr(graph_module, name)
                for name in _delegate_attributes(program)]
    names = {id(backend): index for index, backend in enumerate(backends)}
    channels_last = channels_last_positions(example_inputs)

    example_shapes = [tuple(value.shape) for value in example_inputs]
    recorded: List[List[List[Any]]] = [[] for _ in backends]
    # Per piece, its outputs' shapes as PyTorch gives them.
    output_shapes: List[List[Any]] = [[] for _ in backends]

    class Recorder(torch.fx.Interpreter):
        def call_function(self, target, args, kwargs):
            result = super().call_function(target, args, kwargs)
            if "executorch_call_delegate" in str(target):
                index = names[id(args[0])]
                recorded[index].append(
                    [value.detach().clone() for value in args[1:]])
                output_shapes[index] = [tuple(value.shape)
                                        for value in result]
            return result

    with torch.no_grad():
        for sample in samples:
            tensors = _torch_inputs(sample, example_shapes)
            try:
                Recorder(graph_module).run(*tensors)
            except Exception as error:  # PyTorch's own errors
                raise Error("samples: the float program fails on a sample: "
                            "%s: %s" % (type(error).__name__,
                                        str(error).strip()[:500])) from None

    float_modules = [import_tosa_flatbuffer(bytes(backend.processed_bytes))
                     for backend in backends]
    calls = _delegate_calls(program)
    piece_configs = _override_pieces(float_modules, piece_configs)
    compiled = []
    for index, backend in enumerate(backends):
        piece_dir = None if output_dir is None \
            else os.path.join(output_dir, "piece%d" % index)
        graph_inputs, graph_outputs = _graph_shapes(float_modules[index])
        first = recorded[index][0]
        call = calls[index]
        positions = _nhwc_positions(
            graph_inputs, [tuple(value.shape) for value in first],
            _channels_last_values(call.args[1:]))
        try:
            piece = compile_tosa_for_ethosu(
                float_modules[index],
                recorded[index],
                target, config=piece_configs[index], output_dir=piece_dir,
                channels_last=positions)
        except Error as error:
            raise Error("piece %d of %d (the TOSA graph of %s): %s"
                        % (index, len(backends),
                           calls[index].args[0].target, error)
                        ) from None
        piece.channels_last_outputs = _nhwc_positions(
            graph_outputs, output_shapes[index], _channels_last_values(
                sorted(call.users, key=lambda user: user.args[1])))
        if piece_dir is not None:
            piece.tosa_file = os.path.join(piece_dir,
                                           "%s.tosa" % FLOAT_PROFILE)
            with open(piece.tosa_file, "wb") as f:
                f.write(bytes(backend.processed_bytes))
        compiled.append(piece)
    result = TorchResult.of_pieces(program, compiled, target, channels_last,
                                   example_shapes)
    if output_dir is not None:
        # The whole model's manifest and report beside the pieces'
        # directories, their paths relative to it as in each piece's own.
        entries = [_relative_entry(delegate) for delegate in result.delegates]
        _compile._write_json(os.path.join(output_dir, "delegates.json"),
                             {"format": "TOSA 1.0 flatbuffer",
                              "delegates": entries})
        _compile._write_json(
            os.path.join(output_dir, "report.json"),
            dict(result.report, delegates=[
                _relative_entry(delegate)
                for delegate in result.report["delegates"]]))
    return result


def _in_piece(delegate: Dict[str, Any], piece: int) -> Dict[str, Any]:
    """A piece's delegate entry as the whole model's: its piece, and its
    name and file under the piece's directory ("piece0/delegate_0")."""
    entry = dict(delegate, piece=piece,
                 name="piece%d/%s" % (piece, delegate["name"]))
    if "file" in entry:
        entry["file"] = "piece%d/%s" % (piece, entry["file"])
    return entry


def _relative_entry(delegate: Dict[str, Any]) -> Dict[str, Any]:
    """A delegate as the top-level delegates.json and report.json hold it:
    no flatbuffer bytes, Vela's npz relative to the output directory."""
    entry = {key: value for key, value in delegate.items()
             if key != "flatbuffer"}
    entry["vela"] = dict(entry["vela"], npz="piece%d/%s" % (
        delegate["piece"], os.path.basename(entry["vela"]["npz"])))
    return entry


def _piece_configs(program: Any, config: Dict[str, Any]
                   ) -> List[Dict[str, Any]]:
    """`config` for each piece of `program`: its "inputs" and "outputs",
    which go by the module's arguments and results, given to the pieces'
    graph inputs and outputs that are those arguments and results (a
    piece's other inputs and outputs get the activation spec, {}). Raises
    qtosa.Error for a spec of an argument or result that no piece takes or
    gives directly: an operator on the host reads or computes it, in
    float. A null (keep float) there is what happens anyway."""
    calls = _delegate_calls(program)
    signature = program.graph_signature
    # Per piece and key, position -> spec (None: keep float).
    chosen: List[Dict[str, Dict[int, Any]]] = [
        {"inputs": {}, "outputs": {}} for _ in calls]
    for key in ("inputs", "outputs"):
        specs = config.get(key)
        if specs is None:
            continue
        if not isinstance(specs, list):
            raise Error("<config>: $.%s: expected an array" % key)
        if key == "inputs":
            names = list(signature.user_inputs)
            nodes = {node.name: node for node in program.graph.nodes
                     if node.op == "placeholder"}
            for index, spec in enumerate(specs[:len(names)]):
                node = nodes[names[index]]
                taken = False
                for piece, call in enumerate(calls):
                    for position, argument in enumerate(call.args[1:]):
                        if argument is node:
                            chosen[piece][key][position] = spec
                            taken = True
                if not taken and spec is not None:
                    raise Error(
                        "<config>: $.inputs[%d]: argument '%s' reaches no "
                        "TOSA graph directly: %s on the host read it in "
                        "float" % (index, node.name, ", ".join(
                            _op_name(user) for user in node.users)))
        else:
            results = _user_outputs(program)
            for index, spec in enumerate(specs[:len(results)]):
                node = results[index]
                source = node.args[0] if node.op == "call_function" and \
                    "getitem" in str(node.target) else None
                if source in calls:
                    chosen[calls.index(source)][key][node.args[1]] = spec
                elif spec is not None:
                    raise Error(
                        "<config>: $.outputs[%d]: result %d comes from no "
                        "TOSA graph directly: %s on the host computes it "
                        "in float" % (index, index, _op_name(node)))
    configs = []
    for piece_specs in chosen:
        piece_config = {key: value for key, value in config.items()
                        if key not in ("inputs", "outputs")}
        for key, by_position in piece_specs.items():
            if by_position:
                piece_config[key] = [
                    by_position.get(position, {})
                    for position in range(max(by_position) + 1)]
        configs.append(piece_config)
    return configs


def _channels_last_values(nodes: Sequence[Any]) -> List[int]:
    """The positions of `nodes` (torch.fx nodes) whose value the program
    holds in channels-last dim order, which ExecuTorch writes as NHWC."""
    import torch
    values = [node.meta.get("val") if hasattr(node, "meta") else None
              for node in nodes]
    return [index for index, value in enumerate(values)
            if value is not None and hasattr(value, "dim") and
            value.dim() == 4 and
            value.is_contiguous(memory_format=torch.channels_last) and
            not value.is_contiguous()]


def _override_pieces(float_modules: List[Module],
                     configs: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """Each piece's config with the overrides that match an op of its
    graph. ExecuTorch names each graph's ops afresh, so one name can match
    in several pieces; "piece<N>/<name>" matches in piece N alone. Raises
    qtosa.Error for an override that matches no op in any piece."""
    overrides = configs[0].get("overrides") if configs else None
    if not isinstance(overrides, list):
        return configs  # none, or the quantizer's error to report
    chosen: List[List[Any]] = [[] for _ in configs]
    for index, override in enumerate(overrides):
        pieces = range(len(configs))
        name = override.get("name") if isinstance(override, dict) else None
        prefix = re.match(r"piece(\d+)/(.+)", name) \
            if isinstance(name, str) else None
        if prefix:
            piece = int(prefix.group(1))
            if piece >= len(configs):
                raise Error("<config>: $.overrides[%d]: piece %d: the model "
                            "is %d pieces" % (index, piece, len(configs)))
            override = dict(override, name=prefix.group(2))
            pieces = [piece]
        matched = False
        for piece in pieces:
            if _override_matches(float_modules[piece], override):
                chosen[piece].append(override)
                matched = True
        if not matched:
            raise Error("<config>: $.overrides[%d]: the override of %s "
                        "matches no op in any of the %d pieces" % (
                            index, "name '%s'" % override["name"]
                            if "name" in override else
                            "op '%s'" % override.get("op"), len(configs)))
    return [dict(config, overrides=piece_overrides)
            for config, piece_overrides in zip(configs, chosen)]


def _override_matches(float_module: Module, override: Any) -> bool:
    """Whether `override` matches an op of `float_module` (an annotation
    with it alone, on a copy, says whether it is used)."""
    try:
        _quantize(float_module.clone(), {"overrides": [override]}, None,
                  None, "<config>")
    except Error as error:
        return "matches no op" not in str(error)
    return True


def _delegate_attributes(program: Any) -> List[str]:
    """The attribute names of a lowered program's delegates, in program
    order."""
    return [node.args[0].target for node in _delegate_calls(program)]


def _torch_inputs(inputs: Union[np.ndarray, Sequence[Any]],
                  shapes: Sequence[Any]) -> List[Any]:
    """torch tensors in PyTorch's order from the module's inputs: torch
    tensors as they are; numpy arrays too, or permuted from NHWC where that
    is what makes their shape the example input's (`shapes`)."""
    import torch
    if isinstance(inputs, np.ndarray) or hasattr(inputs, "detach"):
        inputs = [inputs]
    tensors = []
    for index, value in enumerate(inputs):
        if isinstance(value, np.ndarray):
            value = torch.from_numpy(np.ascontiguousarray(value))
            shape = tuple(shapes[index]) if index < len(shapes) else None
            if shape is not None and tuple(value.shape) != shape and \
                    tuple(value.shape) == _nhwc(shape):
                value = value.permute(0, 3, 1, 2)
        if not hasattr(value, "detach"):
            raise Error("input %d: expected a numpy array or a torch tensor, "
                        "not %s" % (index, type(value).__name__))
        tensors.append(value)
    return tensors


def _pieces_report(program: Any, pieces: List[TorchResult],
                   target: str) -> Dict[str, Any]:
    """The pieces' reports as one: counts summed, each entry with its
    piece, and the operators between the pieces as host ops."""
    rule = ("U85" if target.startswith("ethos-u85") else "U55") + ".CALL.HOST"
    report: Dict[str, Any] = {"target": target}
    for key in ("delegate_count", "partitions", "ops_total", "ops_npu",
                "ops_host", "boundary_qdq", "dead_ops_erased"):
        report[key] = sum(piece.report.get(key, 0) for piece in pieces)
    report["pieces"] = len(pieces)
    report["functions"] = []
    report["host_ops"] = []
    report["float_regions"] = []
    report["delegates"] = []
    for index, piece in enumerate(pieces):
        offset = len(report["float_regions"])
        report["functions"] += [
            dict(function, piece=index,
                 delegates=[dict(delegate, name="piece%d/%s"
                                 % (index, delegate["name"]))
                            for delegate in function.get("delegates", [])])
            for function in piece.report["functions"]]
        for host_op in piece.report["host_ops"]:
            entry = dict(host_op, piece=index)
            if "float_region" in entry:
                entry["float_region"] += offset
            report["host_ops"].append(entry)
        report["float_regions"] += [dict(region, piece=index)
                                    for region in piece.report["float_regions"]]
        report["delegates"] += [_in_piece(delegate, index)
                                for delegate in piece.report["delegates"]]
    calls = _delegate_calls(program)
    left = _left_out(program)
    for node in left:
        operator = _op_name(node)
        report["host_ops"].append({
            "function": "forward", "op": operator, "loc": _source(node),
            "rule": rule, "piece": None,
            "reason": "ExecuTorch's TOSA backend writes no %s form of %s: "
                      "it runs in PyTorch on the host, outside the %d TOSA "
                      "graph(s) (pieces) the model is written as"
                      % (FLOAT_PROFILE, operator, len(calls))})
    report["ops_host"] += len(left)
    report["ops_total"] += len(left)
    report["vela"] = _compile._totals([delegate["vela"] for delegate
                                       in report["delegates"]])
    return report
