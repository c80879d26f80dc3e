"""The TOSA reference model (tosa-tools) on a TOSA 1.0 flatbuffer: what the
specification says the graph computes, for checking qtosa's own execution
(qtosa.execute) and what Vela is given.

    outputs = qtosa.reference.run(delegate["flatbuffer"], [x])
"""

from __future__ import annotations

import os
from typing import List, Sequence, Union

import numpy as np

from ._capture import captured_output
from ._qtosa import Error
from .tools import require

__all__ = ["run"]


def run(tosa: Union[bytes, bytearray, memoryview, str, "os.PathLike[str]"],
        inputs: Sequence[np.ndarray]) -> List[np.ndarray]:
    """Executes the graph (its bytes, or a path) on `inputs`, numpy arrays
    in the order of the graph's inputs with their exact dtype and shape, and
    returns its outputs. Raises qtosa.Error when the tool is missing, the
    inputs do not fit, or the model finds the graph invalid or
    unpredictable (an ERROR_IF or REQUIRE of the specification), with what
    the model printed."""
    model = require("tosa-reference-model")
    if isinstance(tosa, (str, os.PathLike)):
        with open(tosa, "rb") as f:
            tosa = f.read()
    arrays = [np.ascontiguousarray(array) for array in inputs]
    with captured_output() as printed:
        try:
            outputs, status = model.run(bytes(tosa), arrays)
            failure = None
        except Exception as error:
            outputs, status, failure = [], None, str(error)
    detail = " ".join(
        line.strip() for line in "".join(printed).splitlines()
        if line.strip() and not line.startswith("WARNING: ")
        and "backward compatible" not in line)
    if failure is not None:
        raise Error("the TOSA reference model refuses the inputs (%s): %s"
                    % (", ".join("%s%s" % (a.dtype, list(a.shape))
                                 for a in arrays), failure +
                       ("; " + detail if detail else "")))
    if status != model.GraphStatus.TOSA_VALID:
        raise Error("the TOSA reference model says the graph is %s%s"
                    % (status.name, ": " + detail if detail else ""))
    return list(outputs)
