"""float_tflite.py SCHEMA OUT_DIR: writes OUT_DIR/float_block.tflite, a float
TFLite model as a framework exports one before quantization.

Two CONV_2D branches (fused RELU; one of them wider) concatenated on the
channels, TRANSPOSE to NCHW and back (what torch.moveaxis becomes), a
DEPTHWISE_CONV_2D, a RESHAPE to rows and a FULLY_CONNECTED head, ADD with
a constant. Weights are random normal (seed 3), scaled per output channel
so that channels differ in range. Uses the model writer of the TFLite
importer's tests (test/Target/TFLite/Inputs/tflite_models.py).
"""
import json
import os
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "Target", "TFLite", "Inputs"))
from tflite_models import Model  # noqa: E402


def float_block():
    rng = np.random.default_rng(3)
    m = Model()

    def f32(name, shape, data=None):
        return m.tensor(name, shape, "FLOAT32", data=data)

    def weights(name, shape, spread):
        values = rng.standard_normal(shape) * 0.3
        values *= np.linspace(1.0, spread, shape[0]).reshape(
            [-1] + [1] * (len(shape) - 1))
        return f32(name, shape, values)

    x = f32("input", [1, 6, 6, 4])
    m.inputs.append(x)
    branches = []
    for index, (channels, spread) in enumerate([(3, 1.0), (5, 4.0)]):
        w = weights("branch%d/weights" % index, [channels, 3, 3, 4], spread)
        b = f32("branch%d/bias" % index, [channels],
                rng.standard_normal(channels) * 0.1)
        y = f32("branch%d/Relu" % index, [1, 6, 6, channels])
        m.op("CONV_2D", [x, w, b], [y], "Conv2DOptions",
             {"padding": "SAME", "stride_w": 1, "stride_h": 1,
              "fused_activation_function": "RELU"})
        branches.append(y)
    cat = f32("concat", [1, 6, 6, 8])
    m.op("CONCATENATION", branches, [cat], "ConcatenationOptions",
         {"axis": 3})
    perm = m.tensor("to_nchw/perm", [4], "INT32", data=[0, 3, 1, 2])
    nchw = f32("to_nchw", [1, 8, 6, 6])
    m.op("TRANSPOSE", [cat, perm], [nchw])
    perm_back = m.tensor("to_nhwc/perm", [4], "INT32", data=[0, 2, 3, 1])
    nhwc = f32("to_nhwc", [1, 6, 6, 8])
    m.op("TRANSPOSE", [nchw, perm_back], [nhwc])
    dw_w = f32("dw/weights", [1, 3, 3, 8],
               rng.standard_normal([1, 3, 3, 8]) * 0.3)
    dw_b = f32("dw/bias", [8], rng.standard_normal(8) * 0.1)
    dw = f32("dw/out", [1, 6, 6, 8])
    m.op("DEPTHWISE_CONV_2D", [nhwc, dw_w, dw_b], [dw],
         "DepthwiseConv2DOptions",
         {"padding": "SAME", "stride_w": 1, "stride_h": 1,
          "depth_multiplier": 1, "fused_activation_function": "NONE"})
    shape = m.tensor("rows/shape", [2], "INT32", data=[36, 8])
    rows = f32("rows", [36, 8])
    m.op("RESHAPE", [dw, shape], [rows], "ReshapeOptions",
         {"new_shape": [36, 8]})
    fc_w = weights("fc/weights", [6, 8], 2.0)
    fc_b = f32("fc/bias", [6], rng.standard_normal(6) * 0.1)
    fc = f32("fc/out", [36, 6])
    m.op("FULLY_CONNECTED", [rows, fc_w, fc_b], [fc],
         "FullyConnectedOptions", {"fused_activation_function": "NONE"})
    offset = f32("offset", [6], rng.standard_normal(6) * 0.5)
    out = f32("output", [36, 6])
    m.op("ADD", [fc, offset], [out], "AddOptions",
         {"fused_activation_function": "NONE"})
    m.outputs.append(out)
    return m


def main():
    schema, out_dir = sys.argv[1], sys.argv[2]
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "float_block.json")
    with open(path, "w") as f:
        json.dump(float_block().json(), f)
    subprocess.run(["flatc", "-b", "-o", out_dir, schema, path], check=True)


if __name__ == "__main__":
    main()
