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
    with captured_output() as printed:
        try:
            if isinstance(model, (bytes, bytearray)):
                interpreter = runtime.Interpreter.from_bytes(
                    bytes(model), arena_size=arena_size)
            else:
                interpreter = runtime.Interpreter.from_file(
                    os.fspath(model), arena_size=arena_size)
            for index, array in enumerate(inputs):
                interpreter.set_input(np.ascontiguousarray(array), index)
            interpreter.invoke()
            outputs = [interpreter.get_output(index).copy()
                       for index in range(_output_count(interpreter))]
            failure = None
        except Exception as error:
            outputs, failure = [], "%s: %s" % (type(error).__name__, error)
    if failure is not None:
        detail = " ".join("".join(printed).split())
        raise Error("TFLite Micro fails on %s: %s%s" % (
            "the model" if isinstance(model, (bytes, bytearray))
            else os.fspath(model), failure,
            ("; it printed: " + detail[-400:]) if detail else ""))
    return outputs


def _output_count(interpreter) -> int:
    """How many outputs the model has (the interpreter does not say; it
    raises IndexError past the last)."""
    count = 0
    while True:
        try:
            interpreter.get_output_details(count)
        except IndexError:
            return count
        count += 1
