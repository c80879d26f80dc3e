"""Runs the TOSA reference model for qtosa.reference.run in a process of its
own: WORK/graph.tosa on WORK/inputs.npz; writes WORK/status.txt (the graph
status, or "INPUTS: ..." when the inputs do not fit) and, when valid,
WORK/outputs.npz."""
import os
import sys

import numpy as np
import tosa_reference_model


def main(work: str) -> int:
    with open(os.path.join(work, "graph.tosa"), "rb") as f:
        graph = f.read()
    with np.load(os.path.join(work, "inputs.npz")) as data:
        inputs = [data["arr_%d" % i] for i in range(len(data))]
    status_path = os.path.join(work, "status.txt")
    try:
        outputs, status = tosa_reference_model.run(graph, inputs)
    except ValueError as error:
        message = str(error)
        with open(status_path, "w") as f:
            f.write(("INPUTS: " if "input" in message.lower() else "") +
                    message)
        return 1
    with open(status_path, "w") as f:
        f.write(status.name)
    if status == tosa_reference_model.GraphStatus.TOSA_VALID:
        np.savez(os.path.join(work, "outputs.npz"), *outputs)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
