#!/usr/bin/env python3
"""Writes the small TFLite models the importer's lit tests read.

usage: tflite_models.py SCHEMA OUT_DIR

Each model is described here in a few lines, written as JSON and turned
into a flatbuffer by `flatc -b SCHEMA` (qtosa's own tflite.fbs), so every
file is a well-formed flatbuffer with the TFL3 identifier. The bad files
either describe an invalid model the same way or mutate a good file's
bytes (truncation, identifier). Prints nothing on success.
"""
import json
import os
import struct
import subprocess
import sys

import numpy as np


class Model:
    def __init__(self, version=3):
        self.version = version
        self.tensors = []
        self.buffers = [{}]
        self.operators = []
        self.opcodes = []
        self.inputs = []
        self.outputs = []
        self.extra_subgraphs = []
        self.signatures = None

    def tensor(self, name, shape, type="INT8", scale=None, zero_point=None,
               axis=None, data=None, signature=None, buffer=None):
        tensor = {"name": name, "shape": list(shape), "type": type}
        if scale is not None:
            scales = scale if isinstance(scale, list) else [scale]
            zps = zero_point if isinstance(zero_point, list) else \
                [zero_point or 0] * len(scales)
            tensor["quantization"] = {"scale": scales, "zero_point": zps}
            if axis is not None:
                tensor["quantization"]["quantized_dimension"] = axis
        if signature is not None:
            tensor["shape_signature"] = signature
        if data is not None:
            dtype = {"INT8": np.int8, "UINT8": np.uint8, "INT16": np.int16,
                     "INT32": np.int32, "INT64": np.int64,
                     "FLOAT32": np.float32}[type]
            raw = np.asarray(data, dtype=dtype).tobytes()
            self.buffers.append({"data": list(raw)})
            tensor["buffer"] = len(self.buffers) - 1
        if buffer is not None:
            tensor["buffer"] = buffer
        self.tensors.append(tensor)
        return len(self.tensors) - 1

    def op(self, code, inputs, outputs, options_type=None, options=None,
           custom=None):
        key = (code, custom)
        codes = [(c.get("builtin_code"), c.get("custom_code"))
                 for c in self.opcodes]
        if key not in codes:
            entry = {"builtin_code": code}
            if custom:
                entry["custom_code"] = custom
            self.opcodes.append(entry)
            codes.append(key)
        op = {"opcode_index": codes.index(key), "inputs": inputs,
              "outputs": outputs}
        if options_type:
            op["builtin_options_type"] = options_type
            op["builtin_options"] = options or {}
        self.operators.append(op)

    def json(self):
        subgraph = {"tensors": self.tensors, "inputs": self.inputs,
                    "outputs": self.outputs, "operators": self.operators,
                    "name": "main"}
        model = {"version": self.version, "operator_codes": self.opcodes,
                 "subgraphs": [subgraph] + self.extra_subgraphs,
                 "buffers": self.buffers}
        if self.signatures:
            model["signature_defs"] = self.signatures
        return model


def act_in(m, shape, scale=0.05, zp=-3, type="INT8", name="input"):
    t = m.tensor(name, shape, type, scale, zp)
    m.inputs.append(t)
    return t


def act_out(m, shape, scale=0.1, zp=2, type="INT8", name="output"):
    t = m.tensor(name, shape, type, scale, zp)
    m.outputs.append(t)
    return t


def ints(m, name, values, type="INT32"):
    values = np.asarray(values)
    return m.tensor(name, values.shape, type, data=values)


def weights(m, name, shape, scales, axis=0, type="INT8"):
    count = int(np.prod(shape))
    data = (np.arange(count) * 7 % 23 - 11).reshape(shape)
    return m.tensor(name, shape, type, scales, [0] * len(scales)
                    if isinstance(scales, list) else 0, axis=axis, data=data)


# --- Good models ----------------------------------------------------------

def conv2d_same():
    m = Model()
    x = act_in(m, [1, 5, 5, 2])
    w = weights(m, "conv/weights", [3, 3, 3, 2], [0.01, 0.02, 0.03])
    b = m.tensor("conv/bias", [3], "INT32", [0.0005, 0.001, 0.0015],
                 [0, 0, 0], data=[10, -20, 30])
    y = act_out(m, [1, 3, 3, 3], name="conv/Relu6")
    m.op("CONV_2D", [x, w, b], [y], "Conv2DOptions",
         {"padding": "SAME", "stride_w": 2, "stride_h": 2,
          "fused_activation_function": "RELU6"})
    return m


def bias_axis_beyond_rank():
    """A converter's bias: per-channel with the weights' quantized_dimension
    (3, beyond the bias's rank 1), which TFLite ignores for a 1-D tensor."""
    m = Model()
    x = act_in(m, [1, 3, 3, 2])
    w = weights(m, "conv/weights", [3, 1, 1, 2], [0.01, 0.02, 0.03])
    b = m.tensor("conv/bias", [3], "INT32", [0.0005, 0.001, 0.0015],
                 [0, 0, 0], axis=3, data=[10, -20, 30])
    y = act_out(m, [1, 3, 3, 3], name="conv/out")
    m.op("CONV_2D", [x, w, b], [y], "Conv2DOptions",
         {"padding": "VALID", "stride_w": 1, "stride_h": 1})
    return m


def conv2d_valid_crop():
    # VALID, stride 2 on 8 rows with a 3-row kernel: the last row is never
    # read and TOSA's exact division needs it sliced off.
    m = Model()
    x = act_in(m, [1, 8, 8, 1])
    w = weights(m, "w", [2, 3, 3, 1], 0.01)
    y = act_out(m, [1, 3, 3, 2])
    m.op("CONV_2D", [x, w, -1], [y], "Conv2DOptions",
         {"padding": "VALID", "stride_w": 2, "stride_h": 2,
          "dilation_w_factor": 1, "dilation_h_factor": 1})
    return m


def depthwise_multiplier():
    m = Model()
    x = act_in(m, [1, 4, 4, 1])
    w = weights(m, "dw/weights", [1, 3, 3, 4], [0.1, 0.2, 0.3, 0.4], axis=3)
    b = m.tensor("dw/bias", [4], "INT32", [0.005, 0.01, 0.015, 0.02],
                 [0] * 4, data=[1, 2, 3, 4])
    y = act_out(m, [1, 2, 2, 4])
    m.op("DEPTHWISE_CONV_2D", [x, w, b], [y], "DepthwiseConv2DOptions",
         {"padding": "SAME", "stride_w": 2, "stride_h": 2,
          "depth_multiplier": 4, "fused_activation_function": "RELU"})
    return m


def grouped_depthwise():
    """CONV_2D with one input channel per filter and a group per input
    channel (Keras' Conv2D(groups=C), ConvNeXt's 7x7): a depthwise
    convolution, filters [O, KH, KW, 1] with per-channel scales on O."""
    m = Model()
    x = act_in(m, [1, 5, 5, 3])
    w = weights(m, "grouped/weights", [3, 3, 3, 1], [0.01, 0.02, 0.03])
    b = m.tensor("grouped/bias", [3], "INT32", [0.0005, 0.001, 0.0015],
                 [0, 0, 0], data=[10, -20, 30])
    y = act_out(m, [1, 5, 5, 3])
    m.op("CONV_2D", [x, w, b], [y], "Conv2DOptions",
         {"padding": "SAME", "stride_w": 1, "stride_h": 1})
    return m


def grouped_multiplier():
    """The same with two filters per input channel: output o reads channel
    o / 2."""
    m = Model()
    x = act_in(m, [1, 4, 4, 2])
    # Per-channel: in TOSA's [KH, KW, C, M] the scales vary over C and M
    # together, one per output channel (as for DEPTHWISE_CONV_2D with
    # C, M > 1), which the lowering takes as a per-channel rescale.
    w = weights(m, "grouped/weights", [4, 3, 3, 1], [0.01, 0.02, 0.03, 0.04])
    y = act_out(m, [1, 2, 2, 4])
    m.op("CONV_2D", [x, w, -1], [y], "Conv2DOptions",
         {"padding": "VALID", "stride_w": 1, "stride_h": 1})
    return m


def grouped_channels():
    """CONV_2D in 2 groups of 2 input channels (Keras' Conv2D(groups=2),
    ResNeXt's form): filters [4, 3, 3, 2], filters 0-1 read channels 0-1
    and filters 2-3 channels 2-3; a bias and a fused ReLU."""
    m = Model()
    x = act_in(m, [1, 4, 4, 4])
    w = weights(m, "grouped/weights", [4, 3, 3, 2], [0.01, 0.02, 0.03, 0.04])
    b = m.tensor("grouped/bias", [4], "INT32", [0.0005, 0.001, 0.0015, 0.002],
                 [0, 0, 0, 0], data=[10, -20, 30, -40])
    y = act_out(m, [1, 4, 4, 4])
    m.op("CONV_2D", [x, w, b], [y], "Conv2DOptions",
         {"padding": "SAME", "stride_w": 1, "stride_h": 1,
          "fused_activation_function": "RELU"})
    return m


def depthwise_channels():
    m = Model()
    x = act_in(m, [1, 4, 4, 3])
    w = weights(m, "dw/weights", [1, 2, 2, 3], [0.1, 0.2, 0.3], axis=3)
    y = act_out(m, [1, 4, 4, 3])
    m.op("DEPTHWISE_CONV_2D", [x, w, -1], [y], "DepthwiseConv2DOptions",
         {"padding": "SAME", "stride_w": 1, "stride_h": 1,
          "depth_multiplier": 1, "dilation_w_factor": 2,
          "dilation_h_factor": 2})
    return m


def fully_connected():
    m = Model()
    x = act_in(m, [2, 3, 4])
    w = weights(m, "fc/weights", [5, 12], [0.01 * (i + 1) for i in range(5)])
    b = m.tensor("fc/bias", [5], "INT32", [0.0005 * (i + 1) for i in range(5)],
                 [0] * 5, data=[1, -2, 3, -4, 5])
    y = act_out(m, [2, 5], name="fc/Relu")
    m.op("FULLY_CONNECTED", [x, w, b], [y], "FullyConnectedOptions",
         {"fused_activation_function": "RELU"})
    return m


def transpose_conv():
    m = Model()
    shape = ints(m, "output_shape", [1, 8, 8, 2])
    w = weights(m, "tconv/weights", [2, 3, 3, 4], [0.01, 0.02])
    x = act_in(m, [1, 4, 4, 4])
    y = act_out(m, [1, 8, 8, 2])
    m.op("TRANSPOSE_CONV", [shape, w, x, -1], [y], "TransposeConvOptions",
         {"padding": "SAME", "stride_w": 2, "stride_h": 2})
    return m


def int16_conv():
    # 16-bit activations, 8-bit weights, INT64 bias (TFLite's 16x8 scheme).
    m = Model()
    x = act_in(m, [1, 3, 3, 1], scale=0.001, zp=0, type="INT16")
    w = weights(m, "w", [2, 1, 1, 1], [0.01, 0.02])
    b = m.tensor("b", [2], "INT64", [0.00001, 0.00002], [0, 0],
                 data=[100000, -70000])
    y = act_out(m, [1, 3, 3, 2], scale=0.002, zp=0, type="INT16")
    m.op("CONV_2D", [x, w, b], [y], "Conv2DOptions",
         {"padding": "VALID", "stride_w": 1, "stride_h": 1})
    return m


def int64_bias_wide():
    # A bias beyond int32 but within the 48-bit accumulator.
    m = int16_conv()
    bias = [t for t in m.tensors if t["name"] == "b"][0]
    m.buffers[bias["buffer"]]["data"] = list(
        np.asarray([1 << 33, -5], dtype=np.int64).tobytes())
    return m


def pools():
    m = Model()
    x = act_in(m, [1, 5, 5, 2])
    a = m.tensor("avg", [1, 3, 3, 2], "INT8", 0.05, -3)
    y = act_out(m, [1, 2, 2, 2], scale=0.05, zp=-3)
    m.op("AVERAGE_POOL_2D", [x], [a], "Pool2DOptions",
         {"padding": "SAME", "stride_w": 2, "stride_h": 2,
          "filter_width": 3, "filter_height": 3})
    m.op("MAX_POOL_2D", [a], [y], "Pool2DOptions",
         {"padding": "VALID", "stride_w": 1, "stride_h": 1,
          "filter_width": 2, "filter_height": 2})
    return m


def batch_matmul():
    m = Model()
    a = act_in(m, [2, 3, 4], name="a")
    b = act_in(m, [2, 5, 4], name="b")
    y = act_out(m, [2, 3, 5])
    m.op("BATCH_MATMUL", [a, b], [y], "BatchMatMulOptions", {"adj_y": True})
    return m


def elementwise():
    m = Model()
    x = act_in(m, [1, 2, 3], name="x")
    c = act_in(m, [3], name="c", scale=0.02, zp=0)
    add = m.tensor("add", [1, 2, 3], "INT8", 0.1, 0)
    m.op("ADD", [x, c], [add], "AddOptions",
         {"fused_activation_function": "RELU"})
    sub = m.tensor("sub", [1, 2, 3], "INT8", 0.1, 0)
    m.op("SUB", [add, x], [sub], "SubOptions", {})
    mul = m.tensor("mul", [1, 2, 3], "INT8", 0.1, 0)
    m.op("MUL", [sub, x], [mul], "MulOptions",
         {"fused_activation_function": "RELU_N1_TO_1"})
    mx = m.tensor("max", [1, 2, 3], "INT8", 0.1, 0)
    m.op("MAXIMUM", [mul, x], [mx])
    mn = m.tensor("min", [1, 2, 3], "INT8", 0.1, 0)
    m.op("MINIMUM", [mx, x], [mn])
    sq = m.tensor("sqdiff", [1, 2, 3], "INT8", 0.1, 0)
    m.op("SQUARED_DIFFERENCE", [mn, x], [sq])
    leaky = m.tensor("leaky", [1, 2, 3], "INT8", 0.1, 0)
    m.op("LEAKY_RELU", [sq], [leaky], "LeakyReluOptions", {"alpha": 0.25})
    sig = m.tensor("logistic", [1, 2, 3], "INT8", 1.0 / 256, -128)
    m.op("LOGISTIC", [leaky], [sig])
    tanh = m.tensor("tanh", [1, 2, 3], "INT8", 1.0 / 128, 0)
    m.op("TANH", [sig], [tanh])
    hs = m.tensor("hardswish", [1, 2, 3], "INT8", 0.05, 0)
    m.op("HARD_SWISH", [tanh], [hs])
    alpha = m.tensor("alpha", [3], "INT8", 0.01, 0, data=[10, 20, 30])
    pr = m.tensor("prelu", [1, 2, 3], "INT8", 0.05, 0)
    m.op("PRELU", [hs, alpha], [pr])
    relu6 = m.tensor("relu6", [1, 2, 3], "INT8", 0.05, -128)
    m.op("RELU6", [pr], [relu6])
    ab = m.tensor("abs", [1, 2, 3], "INT8", 0.05, -128)
    m.op("ABS", [relu6], [ab])
    ex = m.tensor("exp", [1, 2, 3], "INT8", 0.1, -128)
    m.op("EXP", [ab], [ex])
    sm = act_out(m, [1, 2, 3], scale=1.0 / 256, zp=-128, name="softmax")
    m.op("SOFTMAX", [ex], [sm], "SoftmaxOptions", {"beta": 0.5})
    return m


def activations():
    """Activations TOSA has no op for: NEG, GELU (exact and approximate),
    ELU, each imported as elementwise float ops, and RELU_0_TO_1 (a clamp
    no fused activation has)."""
    m = Model()
    x = act_in(m, [1, 2, 4], scale=0.05, zp=0, name="x")
    neg = m.tensor("neg", [1, 2, 4], "INT8", 0.05, 0)
    m.op("NEG", [x], [neg])
    gelu = m.tensor("gelu", [1, 2, 4], "INT8", 0.05, -20)
    m.op("GELU", [neg], [gelu], "GeluOptions", {})
    tanh_gelu = m.tensor("tanh_gelu", [1, 2, 4], "INT8", 0.05, -20)
    m.op("GELU", [gelu], [tanh_gelu], "GeluOptions", {"approximate": True})
    elu = m.tensor("elu", [1, 2, 4], "INT8", 0.05, 0)
    m.op("ELU", [tanh_gelu], [elu])
    relu01 = act_out(m, [1, 2, 4], scale=1.0 / 255, zp=-128, name="relu01")
    m.op("RELU_0_TO_1", [elu], [relu01])
    return m


def quantize_ops():
    m = Model()
    x = m.tensor("float_in", [4], "FLOAT32")
    m.inputs.append(x)
    q = m.tensor("q", [4], "INT8", 0.5, 1)
    m.op("QUANTIZE", [x], [q])
    r = m.tensor("requant", [4], "UINT8", 0.25, 128)
    m.op("QUANTIZE", [q], [r])
    d = m.tensor("float_out", [4], "FLOAT32")
    m.op("DEQUANTIZE", [r], [d])
    m.outputs.append(d)
    return m


def reductions():
    m = Model()
    x = act_in(m, [1, 4, 4, 3])
    axes = ints(m, "axes", [1, 2])
    mean = act_out(m, [1, 3], name="mean")
    m.op("MEAN", [x, axes], [mean], "ReducerOptions", {"keep_dims": False})
    s = act_out(m, [1, 1, 1, 3], name="sum")
    m.op("SUM", [x, axes], [s], "ReducerOptions", {"keep_dims": True})
    axis = ints(m, "axis", [3])
    am = m.tensor("argmax", [1, 4, 4], "INT32")
    m.outputs.append(am)
    m.op("ARG_MAX", [x, axis], [am], "ArgMaxOptions", {"output_type": "INT32"})
    return m


def raw_uint8_cast():
    """Issue #34, class 2: an image of raw uint8 bytes (no quantization
    parameters) to CAST and QUANTIZE, as TensorFlow's converter writes a
    Keras model whose input is uint8; and a raw int16 input through CAST
    alone."""
    m = Model()
    x = m.tensor("image", [1, 2, 2, 3], "UINT8")
    m.inputs.append(x)
    f = m.tensor("cast", [1, 2, 2, 3], "FLOAT32")
    m.op("CAST", [x], [f], "CastOptions", {})
    q = act_out(m, [1, 2, 2, 3], scale=1.0, zp=-128, name="quantized")
    m.op("QUANTIZE", [f], [q])
    a = m.tensor("audio", [4], "INT16")
    m.inputs.append(a)
    af = m.tensor("audio_float", [4], "FLOAT32")
    m.outputs.append(af)
    m.op("CAST", [a], [af], "CastOptions", {})
    return m


def global_means():
    """Issue #34, class 3: MEAN over axes 1 and 2 (TF2's global average
    pool), without and with keep_dims, and over the last axis alone
    (LayerNorm's moments), the input also read by a MAX_POOL."""
    m = Model()
    x = act_in(m, [1, 5, 3, 4])
    axes = ints(m, "axes", [1, 2])
    mean = act_out(m, [1, 4], scale=0.02, zp=5, name="mean")
    m.op("MEAN", [x, axes], [mean], "ReducerOptions", {"keep_dims": False})
    kept = act_out(m, [1, 1, 1, 4], scale=0.03, zp=-7, name="kept")
    m.op("MEAN", [x, axes], [kept], "ReducerOptions", {"keep_dims": True})
    moments = act_out(m, [1, 5, 3, 1], scale=0.01, zp=2, name="moments")
    m.op("MEAN", [x, ints(m, "last_axis", [-1])], [moments], "ReducerOptions",
         {"keep_dims": True})
    pooled = act_out(m, [1, 5, 3, 4], name="pooled")
    m.op("MAX_POOL_2D", [x], [pooled], "Pool2DOptions",
         {"padding": "SAME", "stride_w": 1, "stride_h": 1,
          "filter_width": 2, "filter_height": 2})
    return m


def global_extrema():
    """REDUCE_MAX over axes 1 and 2 (Keras' GlobalMaxPooling2D), without
    keep_dims, and REDUCE_MIN over the last axis with it; TFLite's int8
    kernels take the output's parameters equal to the input's."""
    m = Model()
    x = act_in(m, [1, 5, 3, 4])
    peak = act_out(m, [1, 4], scale=0.05, zp=-3, name="max")
    m.op("REDUCE_MAX", [x, ints(m, "axes", [1, 2])], [peak], "ReducerOptions",
         {"keep_dims": False})
    low = act_out(m, [1, 5, 3, 1], scale=0.05, zp=-3, name="min")
    m.op("REDUCE_MIN", [x, ints(m, "last_axis", [-1])], [low],
         "ReducerOptions", {"keep_dims": True})
    return m


def zero_elements():
    """REDUCE_MAX of a tensor with no elements: TOSA has no such tensor."""
    m = Model()
    x = act_in(m, [1, 0, 4, 3])
    peak = act_out(m, [1, 4, 3], scale=0.05, zp=-3, name="max")
    m.op("REDUCE_MAX", [x, ints(m, "axes", [1])], [peak], "ReducerOptions",
         {"keep_dims": False})
    return m


def depth_space():
    """DEPTH_TO_SPACE then SPACE_TO_DEPTH with block 2 (the schema's block
    size field is not read: the shapes imply it)."""
    m = Model()
    x = act_in(m, [1, 2, 3, 8])
    up = m.tensor("depth_to_space", [1, 4, 6, 2], "INT8", 0.05, -3)
    m.op("DEPTH_TO_SPACE", [x], [up])
    down = act_out(m, [1, 2, 3, 8], scale=0.05, zp=-3, name="space_to_depth")
    m.op("SPACE_TO_DEPTH", [up], [down])
    return m


def shapes():
    m = Model()
    x = act_in(m, [1, 4, 6])
    rs = m.tensor("reshape", [4, 6], "INT8", 0.05, -3)
    m.op("RESHAPE", [x, ints(m, "rs_shape", [4, 6])], [rs], "ReshapeOptions",
         {"new_shape": [4, 6]})
    tr = m.tensor("transpose", [6, 4], "INT8", 0.05, -3)
    m.op("TRANSPOSE", [rs, ints(m, "perm", [1, 0])], [tr])
    pad = m.tensor("pad", [8, 5], "INT8", 0.05, -3)
    m.op("PAD", [tr, ints(m, "paddings", [[1, 1], [0, 1]])], [pad])
    value = m.tensor("pad_value", [], "INT8", 0.05, -3, data=7)
    pad2 = m.tensor("padv2", [8, 7], "INT8", 0.05, -3)
    m.op("PADV2", [pad, ints(m, "paddings2", [[0, 0], [1, 1]]), value], [pad2])
    mirror = m.tensor("mirror", [10, 7], "INT8", 0.05, -3)
    m.op("MIRROR_PAD", [pad2, ints(m, "paddings3", [[1, 1], [0, 0]])],
         [mirror], "MirrorPadOptions", {"mode": "REFLECT"})
    sl = m.tensor("slice", [4, 6], "INT8", 0.05, -3)
    m.op("SLICE", [mirror, ints(m, "begin", [2, 1]), ints(m, "size", [4, -1])],
         [sl])
    ss = m.tensor("strided", [2, 3], "INT8", 0.05, -3)
    m.op("STRIDED_SLICE", [sl, ints(m, "ss_begin", [0, -1]),
                           ints(m, "ss_end", [4, 0]),
                           ints(m, "ss_strides", [2, -2])], [ss],
         "StridedSliceOptions", {"begin_mask": 0, "end_mask": 2})
    cat = m.tensor("concat", [2, 6], "INT8", 0.05, -3)
    m.op("CONCATENATION", [ss, ss], [cat], "ConcatenationOptions",
         {"axis": -1})
    pk = m.tensor("pack", [2, 2, 6], "INT8", 0.05, -3)
    m.op("PACK", [cat, cat], [pk], "PackOptions",
         {"values_count": 2, "axis": 0})
    u0 = m.tensor("unpack0", [2, 6], "INT8", 0.05, -3)
    u1 = m.tensor("unpack1", [2, 6], "INT8", 0.05, -3)
    m.op("UNPACK", [pk], [u0, u1], "UnpackOptions", {"num": 2, "axis": 1})
    s0 = m.tensor("split0", [2, 2], "INT8", 0.05, -3)
    s1 = m.tensor("split1", [2, 4], "INT8", 0.05, -3)
    m.op("SPLIT_V", [u0, ints(m, "sizes", [2, 4]), ints(m, "split_axis", [1])],
         [s0, s1], "SplitVOptions", {"num_splits": 2})
    e = m.tensor("expand", [2, 1, 4], "INT8", 0.05, -3)
    m.op("EXPAND_DIMS", [s1, ints(m, "expand_axis", [1])], [e])
    sq = act_out(m, [2, 4], scale=0.05, zp=-3, name="squeeze")
    m.op("SQUEEZE", [e], [sq], "SqueezeOptions", {"squeeze_dims": [1]})
    return m


def opaque_ops():
    m = Model()
    x = act_in(m, [1, 8])
    w = weights(m, "svdf/feature", [4, 8], 0.01)
    t = weights(m, "svdf/time", [4, 10], 0.01)
    state = m.tensor("svdf/state", [1, 40], "INT16", 0.001, 0)
    m.tensors[state]["is_variable"] = True
    s = m.tensor("svdf", [1, 4], "INT8", 0.05, 0)
    m.op("SVDF", [x, w, t, -1, state], [s], "SVDFOptions",
         {"rank": 1, "fused_activation_function": "RELU"})
    c = act_out(m, [1, 4])
    m.op("CUSTOM", [s], [c], custom="ethos-u")
    m.operators[-1]["custom_options"] = [1, 2, 3]
    return m


def signatures():
    m = Model()
    x = act_in(m, [1, 4], name="serving_default_x:0")
    y = act_out(m, [1, 4], name="StatefulPartitionedCall:0")
    m.op("RELU", [x], [y])
    m.signatures = [{"inputs": [{"name": "x", "tensor_index": x}],
                     "outputs": [{"name": "y", "tensor_index": y}],
                     "signature_key": "serving_default", "subgraph_index": 0}]
    # A second subgraph, not called from the first: its own function.
    m.extra_subgraphs.append({
        "tensors": [{"name": "f_in", "shape": [2], "type": "FLOAT32"},
                    {"name": "f_out", "shape": [2], "type": "FLOAT32"}],
        "inputs": [0], "outputs": [1],
        "operators": [{"opcode_index": 1, "inputs": [0], "outputs": [1]}],
        "name": "helper"})
    m.opcodes.append({"builtin_code": "TANH"})
    return m


def runtime_shapes():
    # Keras' Dense on a sequence with a dynamic batch, as TensorFlow's
    # converter writes it (a Tensordot): the rows are SHAPE, GATHER and
    # REDUCE_PROD of the input's shape, PACKed into the RESHAPE's shape, and
    # every size computed so is 1 in `shape` and -1 in the signature.
    m = Model()
    x = m.tensor("x", [1, 4, 3], "INT8", 0.05, 0, signature=[-1, 4, 3])
    m.inputs.append(x)
    shape = m.tensor("shape", [3], "INT32")
    m.op("SHAPE", [x], [shape])
    rows = m.tensor("rows", [2], "INT32")
    m.op("GATHER", [shape, ints(m, "lead", [0, 1])], [rows], "GatherOptions",
         {"axis": 0})
    count = m.tensor("count", [], "INT32")
    m.op("REDUCE_PROD", [rows, ints(m, "axis0", [0])], [count],
         "ReducerOptions", {})
    flat_shape = m.tensor("flat_shape", [2], "INT32")
    depth = m.tensor("depth", [], "INT32", data=[3])
    m.op("PACK", [count, depth], [flat_shape], "PackOptions",
         {"values_count": 2, "axis": 0})
    flat = m.tensor("flat", [1, 3], "INT8", 0.05, 0, signature=[-1, 3])
    m.op("RESHAPE", [x, flat_shape], [flat])
    w = m.tensor("w", [2, 3], "INT8", 0.1, 0, data=[1, 2, 3, -1, -2, -3])
    fc = m.tensor("fc", [1, 2], "INT8", 0.1, 0, signature=[-1, 2])
    m.op("FULLY_CONNECTED", [flat, w, -1], [fc], "FullyConnectedOptions", {})
    out_shape = m.tensor("out_shape", [3], "INT32")
    m.op("CONCATENATION", [rows, ints(m, "units", [2])], [out_shape],
         "ConcatenationOptions", {"axis": 0})
    y = m.tensor("y", [1, 1, 2], "INT8", 0.1, 0, signature=[-1, -1, 2])
    m.op("RESHAPE", [fc, out_shape], [y])
    m.outputs.append(y)
    return m


def dynamic_batch():
    # TFLite converters mark the batch dynamic; `shape` holds the size used.
    m = Model()
    x = m.tensor("x", [1, 4], "INT8", 0.05, 0, signature=[-1, 4])
    m.inputs.append(x)
    y = m.tensor("y", [1, 4], "INT8", 0.05, 0, signature=[-1, 4])
    m.outputs.append(y)
    m.op("RELU", [x], [y])
    return m


def resize():
    # Float, so that the sampling positions can be checked by execution.
    m = Model()
    x = m.tensor("x", [1, 3, 4, 1], "FLOAT32")
    m.inputs.append(x)
    size = ints(m, "size", [7, 5])
    for name, code, options_type, options in [
            ("bilinear", "RESIZE_BILINEAR", "ResizeBilinearOptions", {}),
            ("bilinear_half_pixel", "RESIZE_BILINEAR", "ResizeBilinearOptions",
             {"half_pixel_centers": True}),
            ("bilinear_align", "RESIZE_BILINEAR", "ResizeBilinearOptions",
             {"align_corners": True}),
            ("nearest", "RESIZE_NEAREST_NEIGHBOR",
             "ResizeNearestNeighborOptions", {}),
            ("nearest_half_pixel", "RESIZE_NEAREST_NEIGHBOR",
             "ResizeNearestNeighborOptions", {"half_pixel_centers": True}),
            ("nearest_align", "RESIZE_NEAREST_NEIGHBOR",
             "ResizeNearestNeighborOptions", {"align_corners": True})]:
        y = m.tensor(name, [1, 7, 5, 1], "FLOAT32")
        m.outputs.append(y)
        m.op(code, [x, size], [y], options_type, options)
    return m


def resize_1x1():
    """Issue #34, class 5: RESIZE_BILINEAR with align_corners and
    RESIZE_NEAREST_NEIGHBOR with half-pixel centers from a single pixel,
    int8 at the input's parameters: broadcasts."""
    m = Model()
    x = act_in(m, [1, 1, 1, 3], name="pixel")
    bilinear = act_out(m, [1, 5, 3, 3], scale=0.05, zp=-3, name="bilinear")
    m.op("RESIZE_BILINEAR", [x, ints(m, "bilinear_size", [5, 3])], [bilinear],
         "ResizeBilinearOptions", {"align_corners": True})
    nearest = act_out(m, [1, 2, 6, 3], scale=0.05, zp=-3, name="nearest")
    m.op("RESIZE_NEAREST_NEIGHBOR", [x, ints(m, "nearest_size", [2, 6])],
         [nearest], "ResizeNearestNeighborOptions",
         {"half_pixel_centers": True})
    return m


def resize_quantized():
    """RESIZE_BILINEAR half-pixel 8x3 -> 15x5 of INT8 and of UINT8 storage:
    TFLite's INT8 kernel samples at 10-bit positions (1024 / 546 and
    1024 / 614, neither exact), its UINT8 one at float positions."""
    m = Model()
    size = ints(m, "size", [15, 5])
    for type, zp in (("INT8", -3), ("UINT8", 125)):
        x = act_in(m, [1, 8, 3, 1], scale=0.05, zp=zp, type=type,
                   name="x_" + type.lower())
        y = act_out(m, [1, 15, 5, 1], scale=0.05, zp=zp, type=type,
                    name="y_" + type.lower())
        m.op("RESIZE_BILINEAR", [x, size], [y], "ResizeBilinearOptions",
             {"half_pixel_centers": True})
    return m


def data_movement():
    # SPLIT, TILE, REVERSE_V2 and MIRROR_PAD SYMMETRIC on int8, every
    # output with the input's parameters: the stored integers are moved,
    # never requantized, so execution must match numpy exactly.
    m = Model()
    x = act_in(m, [2, 3, 4], name="x")
    s0 = act_out(m, [2, 3, 1], scale=0.05, zp=-3, name="split0")
    s1 = act_out(m, [2, 3, 1], scale=0.05, zp=-3, name="split1")
    s2 = act_out(m, [2, 3, 1], scale=0.05, zp=-3, name="split2")
    s3 = act_out(m, [2, 3, 1], scale=0.05, zp=-3, name="split3")
    # SPLIT takes the axis first, then the value.
    m.op("SPLIT", [ints(m, "split_axis", [-1]), x], [s0, s1, s2, s3],
         "SplitOptions", {"num_splits": 4})
    tile = act_out(m, [4, 3, 8], scale=0.05, zp=-3, name="tile")
    m.op("TILE", [x, ints(m, "multiples", [2, 1, 2])], [tile])
    rev = act_out(m, [2, 3, 4], scale=0.05, zp=-3, name="reverse")
    m.op("REVERSE_V2", [x, ints(m, "reverse_axes", [0, -1])], [rev],
         "ReverseV2Options", {})
    # SYMMETRIC repeats the edge: a pad as large as the dimension is valid
    # (REFLECT would need one element more).
    mirror = act_out(m, [3, 8, 5], scale=0.05, zp=-3, name="mirror")
    m.op("MIRROR_PAD", [x, ints(m, "mirror_pads", [[1, 0], [2, 3], [0, 1]])],
         [mirror], "MirrorPadOptions", {"mode": "SYMMETRIC"})
    # FILL of a quantized scalar constant (a recurrent state's zeros, a
    # mask), stored 17.
    value = m.tensor("fill_value", [], "INT8", 0.05, -3, data=17)
    fill = act_out(m, [2, 5], scale=0.05, zp=-3, name="fill")
    m.op("FILL", [ints(m, "fill_dims", [2, 5]), value], [fill])
    return m


def gather():
    """GATHER as an embedding lookup (constant int8 params, INT32 indices
    from a graph input) and along axis 1 of an activation with constant
    indices, repeats included; outputs keep the params' parameters."""
    m = Model()
    ids = m.tensor("ids", [2, 3], "INT32")
    m.inputs.append(ids)
    x = act_in(m, [2, 5, 3], name="x")
    table = m.tensor("table", [6, 4], "INT8", 0.05, -3,
                     data=np.arange(24).reshape(6, 4) * 5 - 60)
    looked_up = act_out(m, [2, 3, 4], scale=0.05, zp=-3, name="lookup")
    m.op("GATHER", [table, ids], [looked_up], "GatherOptions", {"axis": 0})
    picked = act_out(m, [2, 3, 3], scale=0.05, zp=-3, name="picked")
    m.op("GATHER", [x, ints(m, "picks", [4, 0, 4])], [picked],
         "GatherOptions", {"axis": 1})
    return m


def gather_index_range():
    """A constant GATHER index one past the params' axis: TFLite refuses
    the model when it prepares the op."""
    m = Model()
    table = m.tensor("table", [6, 4], "INT8", 0.05, -3,
                     data=np.arange(24).reshape(6, 4))
    looked_up = act_out(m, [2, 4], scale=0.05, zp=-3, name="lookup")
    m.op("GATHER", [table, ints(m, "ids", [1, 6])], [looked_up],
         "GatherOptions", {"axis": 0})
    return m


def gather_quantized_indices():
    """INT32 indices with quantization parameters: kept on the host, the
    reason naming them."""
    m = Model()
    ids = m.tensor("ids", [3], "INT32", 1.0, 0)
    m.inputs.append(ids)
    table = m.tensor("table", [6, 4], "INT8", 0.05, -3,
                     data=np.arange(24).reshape(6, 4))
    looked_up = act_out(m, [3, 4], scale=0.05, zp=-3, name="lookup")
    m.op("GATHER", [table, ids], [looked_up], "GatherOptions", {"axis": 0})
    return m


def float_math():
    # DIV (with a fused RELU), LOG, RSQRT, FLOOR and CEIL on f32, where
    # each has a definition numpy computes.
    m = Model()
    a = m.tensor("a", [2, 3], "FLOAT32")
    b = m.tensor("b", [2, 3], "FLOAT32")
    m.inputs += [a, b]
    for name, code, inputs, options_type, options in [
            ("div", "DIV", [a, b], "DivOptions",
             {"fused_activation_function": "RELU"}),
            ("log", "LOG", [a], None, None),
            ("rsqrt", "RSQRT", [a], None, None),
            ("floor", "FLOOR", [b], None, None),
            ("ceil", "CEIL", [b], None, None)]:
        y = m.tensor(name, [2, 3], "FLOAT32")
        m.outputs.append(y)
        m.op(code, inputs, [y], options_type, options)
    return m


def lstm_model(units=2, features=4, steps=3, cifg=False, peephole=False):
    """An int8 UNIDIRECTIONAL_SEQUENCE_LSTM (TFLite's 24 inputs) whose
    hidden state has zero point 3 and whose cell state is int16 at 2^-11;
    optionally without input gate (CIFG) or with peepholes."""
    m = Model()
    x = act_in(m, [1, steps, features], scale=0.02, zp=-7)
    gates = ("input", "forget", "cell", "output")
    ins = [x]
    ins += [-1 if cifg and g == "input" else
            weights(m, "w_%s" % g, [units, features], 0.01 * (k + 1))
            for k, g in enumerate(gates)]
    ins += [-1 if cifg and g == "input" else
            weights(m, "r_%s" % g, [units, units], 0.02 * (k + 1))
            for k, g in enumerate(gates)]
    ins += [weights(m, "p_%s" % g, [units], 0.01) if peephole else -1
            for g in gates[:1] + gates[1:2] + gates[3:]]
    ins += [-1 if cifg and g == "input" else
            m.tensor("b_%s" % g, [units], "INT32", 0.0002 * (k + 1), 0,
                     data=[5 * (k + 1)] * units)
            for k, g in enumerate(gates)]
    ins += [-1, -1]
    hidden = m.tensor("hidden", [1, units], "INT8", 1.0 / 128, 3)
    cell = m.tensor("cell", [1, units], "INT16", 2.0 ** -11, 0)
    for state in (hidden, cell):
        m.tensors[state]["is_variable"] = True
    ins += [hidden, cell, -1, -1, -1, -1]
    y = act_out(m, [1, steps, units], scale=1.0 / 128, zp=3)
    m.op("UNIDIRECTIONAL_SEQUENCE_LSTM", ins, [y],
         "UnidirectionalSequenceLSTMOptions",
         {"fused_activation_function": "TANH", "cell_clip": 3.0})
    return m


def lstm():
    return lstm_model()


def lstm_peephole():
    return lstm_model(peephole=True)


def lstm_cifg():
    return lstm_model(cifg=True)


GOOD = [conv2d_same, bias_axis_beyond_rank, conv2d_valid_crop, int64_bias_wide, depthwise_multiplier,
        grouped_depthwise, grouped_multiplier, grouped_channels,
        depthwise_channels, fully_connected, transpose_conv, int16_conv,
        pools, batch_matmul, elementwise, activations, quantize_ops, reductions,
        raw_uint8_cast, global_means, global_extrema, depth_space, shapes,
        opaque_ops, signatures, dynamic_batch, runtime_shapes, resize,
        resize_1x1,
        resize_quantized, data_movement, gather, gather_quantized_indices,
        zero_elements,
        float_math, lstm, lstm_cifg, lstm_peephole]


# --- Bad models -----------------------------------------------------------

def relu_model():
    m = Model()
    x = act_in(m, [1, 4])
    y = act_out(m, [1, 4])
    m.op("RELU", [x], [y])
    return m


def bad_version():
    m = relu_model()
    m.version = 2
    return m


def bad_buffer_index():
    m = relu_model()
    m.tensors[0]["buffer"] = 42
    return m


def bad_tensor_index():
    m = relu_model()
    m.operators[0]["inputs"] = [99]
    return m


def bad_opcode_index():
    m = relu_model()
    m.operators[0]["opcode_index"] = 5
    return m


def bad_buffer_size():
    m = relu_model()
    w = m.tensor("w", [2, 3], "INT8", 0.1, 0)
    m.buffers.append({"data": [1, 2, 3, 4, 5]})
    m.tensors[w]["buffer"] = len(m.buffers) - 1
    return m


def zero_scale():
    m = relu_model()
    m.tensors[1]["quantization"]["scale"] = [0.0]
    return m


def negative_scale():
    m = relu_model()
    m.tensors[1]["quantization"]["scale"] = [-0.5]
    return m


def nan_scale():
    m = relu_model()
    m.tensors[1]["quantization"]["scale"] = ["nan"]
    return m


def per_axis_length():
    m = Model()
    x = act_in(m, [1, 2, 2, 2])
    w = m.tensor("w", [3, 1, 1, 2], "INT8", [0.1, 0.2], [0, 0], axis=0,
                 data=np.zeros([3, 1, 1, 2]))
    y = act_out(m, [1, 2, 2, 3])
    m.op("CONV_2D", [x, w, -1], [y], "Conv2DOptions",
         {"padding": "VALID", "stride_w": 1, "stride_h": 1})
    return m


def zero_point_range():
    m = relu_model()
    m.tensors[1]["quantization"]["zero_point"] = [300]
    return m


def dynamic_shape():
    m = relu_model()
    m.tensors[0]["shape_signature"] = [1, -1]
    return m


def dynamic_unresolved_shape():
    # What TensorFlow's converter writes for a size it leaves to run time
    # (-1 in the signature, 1 in `shape`), after an operator whose size the
    # importer does not compute.
    m = Model()
    x = act_in(m, [1, 4])
    y = act_out(m, [1, 1])
    m.tensors[y]["shape_signature"] = [-1, -1]
    m.op("TILE", [x, ints(m, "multiples", [1, 2])], [y])
    return m


def while_loop():
    m = relu_model()
    m.op("WHILE", [1], [1], "WhileOptions",
         {"cond_subgraph_index": 1, "body_subgraph_index": 1})
    m.extra_subgraphs.append({"tensors": [], "inputs": [], "outputs": [],
                              "operators": [], "name": "body"})
    return m


def if_branches():
    m = relu_model()
    m.op("IF", [0, 1], [1], "IfOptions",
         {"then_subgraph_index": 1, "else_subgraph_index": 1})
    m.extra_subgraphs.append({"tensors": [], "inputs": [], "outputs": [],
                              "operators": [], "name": "branch"})
    return m


def int64_bias_range():
    m = int16_conv()
    bias = [t for t in m.tensors if t["name"] == "b"][0]
    m.buffers[bias["buffer"]]["data"] = list(
        np.asarray([1 << 50, 0], dtype=np.int64).tobytes())
    return m


def shape_mismatch():
    m = relu_model()
    m.tensors[1]["shape"] = [1, 5]
    return m


def tanh_shape_mismatch():
    """A TANH whose output is declared wider than its input: no check of
    the importer's own refuses it, TOSA's verifier does."""
    m = Model()
    x = act_in(m, [1, 8], scale=2.0 ** -12, zp=0, type="INT16")
    y = act_out(m, [1, 9], scale=2.0 ** -15, zp=0, type="INT16")
    m.op("TANH", [x], [y])
    return m


def lstm_zero_steps():
    m = lstm_model(steps=1)
    m.tensors[0]["shape"] = [1, 0, 4]
    m.tensors[m.outputs[0]]["shape"] = [1, 0, 2]
    return m


def lstm_recurrent_shape():
    m = lstm_model()
    r_input = m.operators[0]["inputs"][5]
    m.tensors[r_input]["shape"] = [4, 1]
    return m


def depth_to_space_shapes():
    m = Model()
    x = act_in(m, [1, 2, 3, 8])
    y = act_out(m, [1, 4, 6, 4])
    m.op("DEPTH_TO_SPACE", [x], [y])
    return m


def read_before_write():
    m = relu_model()
    hidden = m.tensor("never_written", [1, 4], "INT8", 0.1, 0)
    m.op("RELU", [hidden], [m.outputs[0]])
    return m


BAD = [bad_version, bad_buffer_index, bad_tensor_index, bad_opcode_index,
       bad_buffer_size, zero_scale, negative_scale,
       nan_scale, per_axis_length, zero_point_range, dynamic_shape,
       dynamic_unresolved_shape,
       while_loop, if_branches, int64_bias_range, shape_mismatch,
       depth_to_space_shapes, read_before_write, lstm_zero_steps,
       lstm_recurrent_shape, tanh_shape_mismatch, gather_index_range]


def main():
    schema, out_dir = sys.argv[1], sys.argv[2]
    os.makedirs(out_dir, exist_ok=True)
    json_dir = os.path.join(out_dir, "json")
    os.makedirs(json_dir, exist_ok=True)
    paths = []
    for make in GOOD + BAD:
        path = os.path.join(json_dir, make.__name__ + ".json")
        with open(path, "w") as f:
            # NaN is not JSON, but flatc reads the bare word.
            f.write(json.dumps(make().json()).replace('"nan"', "nan"))
        paths.append(path)
    subprocess.run(["flatc", "-b", "-o", out_dir, schema] + paths, check=True)

    # Byte-level damage to a good file.
    good = open(os.path.join(out_dir, "dynamic_batch.tflite"), "rb").read()
    with open(os.path.join(out_dir, "empty.tflite"), "wb"):
        pass
    with open(os.path.join(out_dir, "truncated.tflite"), "wb") as f:
        f.write(good[:len(good) // 2])
    with open(os.path.join(out_dir, "wrong_identifier.tflite"), "wb") as f:
        f.write(good[:4] + b"TOSA" + good[8:])
    # A root offset pointing past the end of the file.
    with open(os.path.join(out_dir, "bad_root.tflite"), "wb") as f:
        f.write(struct.pack("<I", 0x7FFFFFF0) + good[4:])


if __name__ == "__main__":
    main()
