#!/usr/bin/env python3
"""Inputs and numpy definitions for the `data_movement`, `float_math` and
`gather` models of tflite_models.py, checked against what qtosa-run computed.

usage: op_reference.py input MODEL DIR   writes DIR/<input>.npy
       op_reference.py check MODEL DIR   compares DIR/out_K.npy, K in the
                                         model's output order
"""
import os
import sys

import numpy as np


def data_movement_inputs():
    # Every stored value distinct, so a misplaced element shows.
    return {"x": (np.arange(24, dtype=np.int8) * 5 - 60).reshape(2, 3, 4)}


def data_movement_outputs(x):
    # TFLite's definitions are numpy's: split, tile, flip, pad in
    # 'symmetric' mode (the edge element repeated) and full.
    return ([("split%d" % i, part) for i, part in
             enumerate(np.split(x, 4, axis=-1))] +
            [("tile", np.tile(x, (2, 1, 2))),
             ("reverse", np.flip(x, axis=(0, 2))),
             ("mirror", np.pad(x, [[1, 0], [2, 3], [0, 1]],
                               mode="symmetric")),
             ("fill", np.full((2, 5), 17, np.int8))])


def float_math_inputs():
    a = np.array([[0.25, 1.0, 2.0], [3.5, 10.0, 100.0]], np.float32)
    b = np.array([[-2.5, -0.5, 0.5], [1.5, 2.0, -7.25]], np.float32)
    return {"a": a, "b": b}


def float_math_outputs(a, b):
    # DIV's fused RELU clamps the negative quotients to 0.
    return [("div", np.maximum(a / b, 0)), ("log", np.log(a)),
            ("rsqrt", 1 / np.sqrt(a)), ("floor", np.floor(b)),
            ("ceil", np.ceil(b))]


def gather_inputs():
    return {"ids": np.array([[5, 0, 2], [2, 2, 1]], np.int32),
            "x": (np.arange(30, dtype=np.int8) * 4 - 60).reshape(2, 5, 3)}


def gather_outputs(ids, x):
    table = (np.arange(24).reshape(6, 4) * 5 - 60).astype(np.int8)
    return [("lookup", table[ids]), ("picked", x[:, [4, 0, 4], :])]


MODELS = {"data_movement": (data_movement_inputs, data_movement_outputs),
          "float_math": (float_math_inputs, float_math_outputs),
          "gather": (gather_inputs, gather_outputs)}


def main():
    mode, model, out_dir = sys.argv[1:4]
    make_inputs, definition = MODELS[model]
    inputs = make_inputs()
    if mode == "input":
        for name, value in inputs.items():
            np.save(os.path.join(out_dir, name + ".npy"), value)
        return 0
    status = 0
    for k, (name, want) in enumerate(definition(*inputs.values())):
        got = np.load(os.path.join(out_dir, "out_%d.npy" % k))
        if got.dtype != want.dtype or got.shape != want.shape:
            print("%s: %s %s, expected %s %s" % (
                name, got.dtype, got.shape, want.dtype, want.shape))
            status = 1
        elif want.dtype.kind == "f":
            # One float32 rounding of the definition (x * reciprocal(y)
            # for DIV, the runtime's log and rsqrt) is allowed.
            worst = float(np.max(np.abs(got - want) /
                                 np.maximum(np.abs(want), 1e-30)))
            exact = "exact" if np.array_equal(got, want) else \
                "relative error %.1e" % worst
            ok = worst <= 2 * np.finfo(np.float32).eps
            print("%s: %s (%s)" % (name, "matches" if ok else "DIFFERS", exact))
            status |= not ok
        else:
            ok = np.array_equal(got, want)
            print("%s: %s" % (name, "matches exactly" if ok else
                              "DIFFERS: %s, expected %s" % (got.ravel(),
                                                            want.ravel())))
            status |= not ok
    return status


if __name__ == "__main__":
    sys.exit(main())
