"""Checks an integer average pool against TFLite's AVERAGE_POOL_2D formula:

  avg_pool_reference.py INPUT.npy OUTPUT.npy KERNEL STRIDE PAD ZERO_POINT

(square kernel and stride, PAD on every side, NHWC int8). TFLite sums the
stored values in the window (padding excluded from the sum and the count)
and rounds the mean half away from zero. Also computes the mean of
(q - zero point) rounded half up plus the zero point (TOSA's spec with the
input's zero point) and requires it to differ somewhere, so that the input
holds the ties where the two roundings part."""
import sys

import numpy as np

x_path, y_path = sys.argv[1:3]
kernel, stride, pad, zero_point = map(int, sys.argv[3:7])
x = np.load(x_path).astype(np.int64)
y = np.load(y_path).astype(np.int64)
_, height, width, _ = x.shape
out_h = (height + 2 * pad - kernel) // stride + 1
out_w = (width + 2 * pad - kernel) // stride + 1
assert y.shape == (1, out_h, out_w, x.shape[3]), y.shape
tflite = np.zeros_like(y)
shifted = np.zeros_like(y)
for i in range(out_h):
    for j in range(out_w):
        top, left = i * stride - pad, j * stride - pad
        window = x[:, max(top, 0):min(top + kernel, height),
                   max(left, 0):min(left + kernel, width), :]
        count = window.shape[1] * window.shape[2]
        total = window.sum(axis=(1, 2))
        tflite[:, i, j, :] = np.where(
            total > 0, (total + count // 2) // count,
            -((-total + count // 2) // count))
        free = total - count * zero_point
        shifted[:, i, j, :] = (2 * free + count) // (2 * count) + zero_point
tflite = np.clip(tflite, -128, 127)
shifted = np.clip(shifted, -128, 127)
assert np.array_equal(y, tflite), (y - tflite)[y != tflite]
assert (shifted != tflite).any(), "no tie where the roundings part"
print("avg pool: %d values equal TFLite's; %d would differ with the zero "
      "point" % (y.size, int((shifted != tflite).sum())))
