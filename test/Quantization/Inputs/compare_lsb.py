"""compare_lsb.py FUNCTION SAMPLES_JSON REFERENCE TEST SCALES MAX_LSB

Runs FUNCTION of two modules (REFERENCE, say the QDQ graph, and TEST, its
integer lowering with float graph IO) with qtosa-run on every sample of
SAMPLES_JSON (write_samples.py's format), and fails if any result differs by
more than MAX_LSB steps of its output scale (SCALES: one per result, comma
separated; each output is a multiple of its scale). Prints the largest
difference of each result in steps.
"""
import json
import os
import subprocess
import sys
import tempfile

import numpy as np


def run(module, function, inputs, out_dir, tag, count):
    pattern = os.path.join(out_dir, tag + "_%d.npy")
    command = ["qtosa-run", "-e", function, module, "-o", pattern]
    command += ["--input=" + path for path in inputs]
    subprocess.run(command, check=True)
    return [np.load(pattern % i).astype(np.float64) for i in range(count)]


def main():
    function, samples_json, reference, test, scales, max_lsb = sys.argv[1:7]
    scales = [float(s) for s in scales.split(",")]
    max_lsb = float(max_lsb)
    directory = os.path.dirname(os.path.abspath(samples_json))
    with open(samples_json) as f:
        samples = json.load(f)
    worst = [0.0] * len(scales)
    with tempfile.TemporaryDirectory() as out_dir:
        for sample in samples:
            inputs = [os.path.join(directory, path) for path in sample]
            expected = run(reference, function, inputs, out_dir, "ref",
                           len(scales))
            actual = run(test, function, inputs, out_dir, "test", len(scales))
            for i, scale in enumerate(scales):
                # Both are dequantized outputs: compare the stored steps,
                # not their f32 products with the scale.
                steps = np.max(np.abs(np.rint(expected[i] / scale) -
                                      np.rint(actual[i] / scale)))
                worst[i] = max(worst[i], float(steps))
    print("max difference in output steps over %d samples: %s"
          % (len(samples), ", ".join("%d" % w for w in worst)))
    sys.exit(0 if all(w <= max_lsb for w in worst) else 1)


if __name__ == "__main__":
    main()
