"""compare_sharing.py FUNCTION SAMPLES_JSON FLOAT SHARED BASELINE MAX_LOSS_DB
                     [--labels SHARED_LABEL,BASELINE_LABEL]

Runs FUNCTION of the float graph and of two quantized versions of it
(SHARED: qtosa-annotate's op-semantics sharing; BASELINE: sharing=none) with
qtosa-run on every sample of SAMPLES_JSON (write_samples.py's format),
prints each version's signal-to-quantization-noise ratio against the float
output over all samples, and fails if SHARED is more than MAX_LOSS_DB below
BASELINE. --labels names the two versions in the output (default
"op-semantics sharing,sharing=none"); the percentile test compares
observers with it.
"""
import json
import os
import subprocess
import sys
import tempfile

import numpy as np


def run(module, function, inputs, out_dir, tag):
    pattern = os.path.join(out_dir, tag + "_%d.npy")
    command = ["qtosa-run", "-e", function, module, "-o", pattern]
    command += ["--input=" + path for path in inputs]
    subprocess.run(command, check=True)
    return np.load(pattern % 0).astype(np.float64)


def main():
    args = sys.argv[1:]
    labels = ["op-semantics sharing", "sharing=none"]
    if "--labels" in args:
        at = args.index("--labels")
        labels = args[at + 1].split(",")
        del args[at:at + 2]
    function, samples_json, float_mlir, shared, baseline = args[0:5]
    max_loss = float(args[5])
    directory = os.path.dirname(os.path.abspath(samples_json))
    with open(samples_json) as f:
        samples = json.load(f)
    signal = 0.0
    noise = {"shared": 0.0, "baseline": 0.0}
    with tempfile.TemporaryDirectory() as out_dir:
        for index, sample in enumerate(samples):
            inputs = [os.path.join(directory, path) for path in sample]
            reference = run(float_mlir, function, inputs, out_dir, "float")
            signal += np.sum(reference ** 2)
            for tag, module in (("shared", shared), ("baseline", baseline)):
                result = run(module, function, inputs, out_dir, tag)
                noise[tag] += np.sum((reference - result) ** 2)
    sqnr = {tag: 10 * np.log10(signal / max(value, 1e-300))
            for tag, value in noise.items()}
    loss = sqnr["baseline"] - sqnr["shared"]
    print("SQNR over %d samples: %s %.1f dB, %s %.1f dB, loss %.1f dB"
          % (len(samples), labels[0], sqnr["shared"], labels[1],
             sqnr["baseline"], loss))
    sys.exit(0 if loss <= max_loss else 1)


if __name__ == "__main__":
    main()
