#!/usr/bin/env python3
"""TFLite's float RESIZE_BILINEAR and RESIZE_NEAREST_NEIGHBOR in numpy (the
reference kernels' sampling rules), against qtosa-run's results for the
`resize` model of tflite_models.py.

usage: resize_reference.py input DIR   writes DIR/x.npy
       resize_reference.py check DIR   compares DIR/out_K.npy
"""
import math
import os
import sys

import numpy as np

OUT_H, OUT_W = 7, 5
# (name, bilinear, align_corners, half_pixel_centers), in output order.
CASES = [("bilinear", True, False, False),
         ("bilinear_half_pixel", True, False, True),
         ("bilinear_align", True, True, False),
         ("nearest", False, False, False),
         ("nearest_half_pixel", False, False, True),
         ("nearest_align", False, True, False)]


def scale(in_size, out_size, align):
    if align and out_size > 1:
        return (in_size - 1) / (out_size - 1)
    return in_size / out_size


def bilinear(x, align, half):
    _, ih, iw, _ = x.shape
    out = np.zeros((1, OUT_H, OUT_W, 1), np.float64)
    hs, ws = scale(ih, OUT_H, align), scale(iw, OUT_W, align)

    def bounds(v, s, n):
        p = (v + 0.5) * s - 0.5 if half else v * s
        return p, max(math.floor(p), 0), min(math.ceil(p), n - 1)
    for y in range(OUT_H):
        py, y0, y1 = bounds(y, hs, ih)
        for xx in range(OUT_W):
            px, x0, x1 = bounds(xx, ws, iw)
            out[0, y, xx, 0] = (
                x[0, y0, x0, 0] * (1 - (py - y0)) * (1 - (px - x0)) +
                x[0, y1, x0, 0] * (py - y0) * (1 - (px - x0)) +
                x[0, y0, x1, 0] * (1 - (py - y0)) * (px - x0) +
                x[0, y1, x1, 0] * (py - y0) * (px - x0))
    return out


def nearest(x, align, half):
    _, ih, iw, _ = x.shape
    out = np.zeros((1, OUT_H, OUT_W, 1), np.float64)
    hs, ws = scale(ih, OUT_H, align), scale(iw, OUT_W, align)
    offset = 0.5 if half else 0.0

    def index(v, s, n):
        p = (v + offset) * s
        i = int(math.floor(p + 0.5)) if align else int(math.floor(p))
        i = min(i, n - 1)
        return max(i, 0) if half else i
    for y in range(OUT_H):
        for xx in range(OUT_W):
            out[0, y, xx, 0] = x[0, index(y, hs, ih), index(xx, ws, iw), 0]
    return out


def main():
    mode, folder = sys.argv[1:3]
    if mode == "input":
        x = (np.arange(12, dtype=np.float32) ** 1.5).reshape(1, 3, 4, 1)
        np.save(os.path.join(folder, "x.npy"), x)
        return 0
    x = np.load(os.path.join(folder, "x.npy")).astype(np.float64)
    status = 0
    for k, (name, is_bilinear, align, half) in enumerate(CASES):
        got = np.load(os.path.join(folder, "out_%d.npy" % k))
        want = (bilinear if is_bilinear else nearest)(x, align, half)
        err = float(np.abs(got - want).max())
        ok = err <= 1e-4 * max(1.0, float(np.abs(want).max()))
        status |= not ok
        print("%s: %s (largest difference %.3g)" % (
            name, "matches TFLite" if ok else "DIFFERS", err))
    return status


if __name__ == "__main__":
    sys.exit(main())
