"""Writes calibration samples for the quantization tests.

write_samples.py DIR COUNT SHAPE [SHAPE...] [--seed N] [--outlier V]
                 [--outlier-sample S]
writes COUNT samples of standard-normal f32 inputs, one .npy per argument of
the given shapes ("1x8x8x4"), and DIR/samples.json listing them relative to
DIR. --outlier sets the first element of the first sample's first argument
to V (an activation outlier, for the percentile observer; "nan" and "inf"
for bad data); --outlier-sample puts it in sample S instead.
"""
import json
import os
import sys

import numpy as np


def main():
    args = sys.argv[1:]
    seed = 0
    if "--seed" in args:
        at = args.index("--seed")
        seed = int(args[at + 1])
        del args[at:at + 2]
    outlier = None
    if "--outlier" in args:
        at = args.index("--outlier")
        outlier = float(args[at + 1])
        del args[at:at + 2]
    outlier_sample = 0
    if "--outlier-sample" in args:
        at = args.index("--outlier-sample")
        outlier_sample = int(args[at + 1])
        del args[at:at + 2]
    directory, count, shapes = args[0], int(args[1]), args[2:]
    rng = np.random.default_rng(seed)
    samples = []
    for sample in range(count):
        paths = []
        for argument, shape in enumerate(shapes):
            dims = [int(d) for d in shape.split("x")]
            name = f"sample{sample}_arg{argument}.npy"
            values = rng.standard_normal(dims).astype(np.float32)
            if outlier is not None and sample == outlier_sample \
                    and argument == 0:
                values.flat[0] = outlier
            np.save(os.path.join(directory, name), values)
            paths.append(name)
        samples.append(paths)
    with open(os.path.join(directory, "samples.json"), "w") as f:
        json.dump(samples, f)


if __name__ == "__main__":
    main()
