"""TFLite Micro's reference kernels on a .tflite file: what TFLite computes,
the numeric oracle for qtosa's TFLite import.

    outputs = qtosa.tflite.run_micro("model.tflite", [x])
"""

from __future__ import annotations

import os
from typing import List, Optional, Sequence, Union

import numpy as np

from ._capture import captured_output
from ._qtosa import Error
from .tools import require

__all__ = ["run_micro"]


class _WrongInputCount(Exception):
    """run_micro was given another number of inputs than the model takes."""


# The smallest tensor arena run_micro passes to TFLite Micro.
MIN_ARENA_SIZE = 1024


def run_micro(model: Union[str, "os.PathLike[str]", bytes],
              inputs: Sequence[np.ndarray],
              arena_size: Optional[int] = None) -> List[np.ndarray]:
    """Runs the model's first subgraph with TFLite Micro's reference kernels
    on `inputs` (numpy arrays in the model's input order, with its dtypes
    and shapes) and returns the outputs in the model's output order.

    `arena_size` is the tensor arena in bytes; by default TFLite Micro's
    Python runtime takes ten times the model's size, which is too little
    for a small model with large activations (TFLite Micro then "failed to
    allocate tensors").

    Raises qtosa.Error when TFLite Micro is missing or refuses the model or
    the inputs, with what it said. Some of its checks abort the process
    instead (a softmax whose input scale it cannot express): run models
    nobody has run under TFLite Micro before in a process of their own."""
    runtime = require("tflite-micro")
    name = ("the model" if isinstance(model, (bytes, bytearray))
            else os.fspath(model))
    # TFLite Micro keeps its own bookkeeping in the arena; a few bytes
    # crash it (0 and 10 did) instead of failing to allocate.
    if arena_size is not None and arena_size < MIN_ARENA_SIZE:
        raise Error("arena_size %d is below %d bytes, less than TFLite "
                    "Micro's own bookkeeping takes"
                    % (arena_size, MIN_ARENA_SIZE))
    with captured_output() as printed:
        try:
            if isinstance(model, (bytes, bytearray)):
                interpreter = runtime.Interpreter.from_bytes(
                    bytes(model), arena_size=arena_size)
            else:
                interpreter = runtime.Interpreter.from_file(
                    os.fspath(model), arena_size=arena_size)
            # TFLite Micro runs a model with an input left unset, on
            # whatever the arena held.
            expected = _count(interpreter.get_input_details)
            if len(inputs) != expected:
                raise _WrongInputCount("the model takes %d input(s), got %d"
                                       % (expected, len(inputs)))
            for index, array in enumerate(inputs):
                interpreter.set_input(np.ascontiguousarray(array), index)
            interpreter.invoke()
            outputs = [interpreter.get_output(index).copy()
                       for index in range(
                           _count(interpreter.get_output_details))]
            failure = None
        except _WrongInputCount as error:
            # What TFLite Micro printed is its answer to counting them.
            raise Error("%s: %s" % (name, error)) from None
        except Exception as error:
            outputs, failure = [], "%s: %s" % (type(error).__name__, error)
    if failure is not None:
        detail = " ".join("".join(printed).split())
        raise Error("TFLite Micro fails on %s: %s%s" % (
            name, failure,
            ("; it printed: " + detail[-400:]) if detail else ""))
    return outputs


def _count(details) -> int:
    """How many inputs or outputs the model has, given the interpreter's
    get_input_details or get_output_details (it does not say; they raise
    IndexError past the last)."""
    count = 0
    while True:
        try:
            details(count)
        except IndexError:
            return count
        count += 1
