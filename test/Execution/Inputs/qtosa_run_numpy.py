#!/usr/bin/env python3
"""The graph of test/Execution/qtosa-run.mlir in numpy, for qtosa-run.

Usage: qtosa_run_numpy.py inputs DIR   writes DIR/x.npy, x_stored.npy, zeros.npy
       qtosa_run_numpy.py check DIR    compares DIR/qdq/result_0.npy and
                                       DIR/int_0.npy with numpy

The quantize/dequantize arithmetic is docs/design.md's, in float32:
quantize(x) = clamp(round_half_even(x * f32(1/scale)), qmin - zp, qmax - zp)
+ zp; dequantize(q) = f32(q - zp) * f32(scale).
"""
import os
import sys

import numpy as np

IN = (0.02, -5)
W = (0.01, 0)
OUT = (0.05, 3)
WEIGHTS = np.array([[[10, -20, 30, -40]]], dtype=np.int8)


def quantize(x, params):
    scale, zp = params
    inverse = np.float32(1.0 / scale)
    scaled = np.rint(x.astype(np.float32) * inverse)
    return (np.clip(scaled, -128 - zp, 127 - zp) + zp).astype(np.int8)


def dequantize(q, params):
    scale, zp = params
    return (q.astype(np.int32) - zp).astype(np.float32) * np.float32(scale)


def graph(x):
    """Returns the float result and the stored integers before it."""
    total = dequantize(quantize(x, IN), IN) + dequantize(WEIGHTS, W)
    stored = quantize(total, OUT)
    moved = lambda t: np.transpose(t, (2, 0, 1)).reshape(4, 6)
    return moved(dequantize(stored, OUT)), moved(stored)


def main():
    command, directory = sys.argv[1], sys.argv[2]
    if command == "inputs":
        x = np.random.default_rng(20261124).uniform(-3, 3, (2, 3, 4))
        x = x.astype(np.float32)
        np.save(os.path.join(directory, "x.npy"), x)
        np.save(os.path.join(directory, "x_stored.npy"), quantize(x, IN))
        np.save(os.path.join(directory, "zeros.npy"),
                np.zeros((2, 3, 4), np.float32))
        return 0
    x = np.load(os.path.join(directory, "x.npy"))
    expected, expected_stored = graph(x)
    qdq = np.load(os.path.join(directory, "qdq", "result_0.npy"))
    stored = np.load(os.path.join(directory, "int_0.npy"))
    identical = qdq.dtype == expected.dtype and np.array_equal(
        qdq.view(np.uint32), expected.view(np.uint32))
    print("qdq: %s %s, %s" % (qdq.dtype, qdq.shape,
                              "bit-identical to numpy" if identical
                              else "DIFFERS from numpy"))
    difference = np.abs(stored.astype(np.int32) - expected_stored)
    print("int: %s %s, largest difference %d LSB, %d of %d exact"
          % (stored.dtype, stored.shape, difference.max(),
             np.count_nonzero(difference == 0), difference.size))
    return 0 if identical and difference.max() <= 1 else 1


if __name__ == "__main__":
    sys.exit(main())
