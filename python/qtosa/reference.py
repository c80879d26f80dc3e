"""The TOSA reference model (tosa-tools) on a TOSA 1.0 flatbuffer: what the
specification says the graph computes, for checking qtosa's own execution
(qtosa.execute) and what Vela is given.

    outputs = qtosa.reference.run(delegate["flatbuffer"], [x])

The model runs in a child process: on a graph it cannot take it aborts its
process (SUBGRAPH_ERROR_IF), which must not be the caller's.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from typing import List, Sequence, Union

import numpy as np

from ._qtosa import Error
from .tools import require

__all__ = ["run", "Unpredictable"]


class Unpredictable(Error):
    """The graph is valid but the specification does not define its result
    on these inputs (a REQUIRE fails: an int32 overflow, a shift out of
    range): the model says TOSA_UNPREDICTABLE."""


def run(tosa: Union[bytes, bytearray, memoryview, str, "os.PathLike[str]"],
        inputs: Sequence[np.ndarray]) -> List[np.ndarray]:
    """Executes the graph (its bytes, or a path) on `inputs`, numpy arrays
    in the order of the graph's inputs with their exact dtype and shape, and
    returns its outputs. Raises qtosa.Error when the tool is missing, the
    inputs do not fit, or the model refuses the graph (an ERROR_IF of the
    specification), and Unpredictable (a qtosa.Error) when the result is
    not defined; each with what the model printed."""
    require("tosa-reference-model")
    with tempfile.TemporaryDirectory(prefix="qtosa-reference-") as work:
        graph = os.path.join(work, "graph.tosa")
        if isinstance(tosa, (str, os.PathLike)):
            try:
                with open(tosa, "rb") as f:
                    tosa = f.read()
            except OSError as error:
                raise Error("cannot read %s: %s" % (
                    os.fspath(tosa), error.strerror or error)) from None
        with open(graph, "wb") as f:
            f.write(bytes(tosa))
        # The worker loads them without pickle: only numeric arrays pass.
        for index, array in enumerate(inputs):
            if not isinstance(array, np.ndarray) or \
                    array.dtype.kind not in "biuf":
                raise Error("input #%d is %s, not a numeric numpy array" % (
                    index, "a %s array" % array.dtype
                    if isinstance(array, np.ndarray)
                    else "a " + type(array).__name__))
        np.savez(os.path.join(work, "inputs.npz"),
                 *[np.ascontiguousarray(array) for array in inputs])
        done = subprocess.run(
            [sys.executable, "-m", "qtosa._reference_worker", work],
            capture_output=True, text=True,
            env=dict(os.environ, PYTHONPATH=os.pathsep.join(
                [os.path.dirname(os.path.dirname(os.path.abspath(
                    __file__)))] + [p for p in os.environ.get(
                        "PYTHONPATH", "").split(os.pathsep) if p])))
        status = _read(os.path.join(work, "status.txt"))
        detail = _summary(done.stdout + done.stderr)
        if status == "TOSA_VALID":
            with np.load(os.path.join(work, "outputs.npz")) as outputs:
                return [outputs["arr_%d" % i] for i in range(len(outputs))]
        if status == "TOSA_UNPREDICTABLE":
            raise Unpredictable("the TOSA reference model says the result "
                                "is TOSA_UNPREDICTABLE: " + detail)
        if status.startswith("INPUTS: "):
            raise Error("the TOSA reference model refuses the inputs (%s): "
                        "%s%s" % (", ".join("%s%s" % (a.dtype, list(a.shape))
                                            for a in inputs),
                                  status[len("INPUTS: "):],
                                  "; " + detail if detail else ""))
        raise Error("the TOSA reference model refuses the graph (%s): %s"
                    % (status or "its process ended with status %d"
                       % done.returncode, detail))


def _read(path: str) -> str:
    try:
        with open(path) as f:
            return f.read().strip()
    except OSError:
        return ""


def _summary(printed: str) -> str:
    """What the model said, without its backtrace, debugger and version
    chatter, on one line."""
    kept = []
    for line in printed.splitlines():
        line = line.strip()
        if not line or line.startswith(("#", "WARNING: ", "[", "Attaching",
                                         "Caught signal", "Using host",
                                         "0x")) \
                or "backward compatible" in line or "libthread_db" in line \
                or "No such file" in line or "Undefined command" in line \
                or "Convenience variable" in line or "Invalid thread" in line:
            continue
        kept.append(line)
    return " ".join(kept)[:2000]
