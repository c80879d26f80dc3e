#!/usr/bin/env python3
"""Writes QDQ graphs, one per op kind qtosa-lower-to-tosa-int lowers.

Each graph @<name> takes a float tensor, quantizes it, runs one float TOSA op
(or a small model) between quant.dcast and quant.qcast with random
parameters, and returns the output's stored integers through quant.scast.
@main calls every graph on a random constant input (partly outside the
input's range, to exercise saturation) and prints each output, so the QDQ
reference (qtosa-expand-qdq) and the lowered integer graph can be compared.
A "// cases:" line names the graphs in the order @main prints them.

Usage: lowering_cases.py SEED [GROUP]
GROUP: "ops" (default) for one graph per lowered op, "models" for multi-op
models, "movement" for data-movement graphs that must stay bit-exact.
"""
import math
import random
import sys


def tensor(shape, element="f32"):
    return "tensor<%s>" % "x".join([str(d) for d in shape] + [element])


def size_of(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def fmt(x):
    return "%.6g" % x


class Graph:
    def __init__(self, rng, name, in_shape):
        self.rng = rng
        self.name = name
        self.in_shape = in_shape
        self.lines = []
        self.count = 0
        self.out_shape = None
        self.input_range = 1.0

    def value(self, hint="v"):
        self.count += 1
        return "%%%s%d" % (hint, self.count)

    def emit(self, text):
        self.lines.append("  " + text)

    # Parameters -----------------------------------------------------------
    def per_tensor(self, scale, zp=0, storage="i8"):
        return "!quant.uniform<%s:f32, %s:%d>" % (storage, fmt(scale), zp)

    def activation(self, magnitude, storage="i8"):
        """Per-tensor parameters covering about [-magnitude, magnitude]."""
        if storage == "i16":
            return self.per_tensor(magnitude / 32000.0, 0, "i16")
        zp = self.rng.randint(-20, 20)
        return self.per_tensor(magnitude / 120.0, zp)

    def per_axis(self, axis, scales, storage="i8<-127:127>"):
        return "!quant.uniform<%s:f32:%d, {%s}>" % (
            storage, axis, ", ".join(fmt(s) for s in scales))

    # Values ---------------------------------------------------------------
    def qdq(self, val, shape, qtype):
        q = self.value("q")
        self.emit("%s = quant.qcast %s : %s to %s" % (q, val, tensor(shape), tensor(shape, qtype)))
        d = self.value("d")
        self.emit("%s = quant.dcast %s : %s to %s" % (d, q, tensor(shape, qtype), tensor(shape)))
        return d

    def weights(self, shape, qtype, low=-127, high=127):
        data = [self.rng.randint(low, high) for _ in range(size_of(shape))]
        raw = self.value("w")
        storage = "i4" if qtype.startswith("!quant.uniform<i4") else ("i16" if "<i16" in qtype else "i8")
        self.emit('%s = "tosa.const"() {values = dense<[%s]> : %s} : () -> %s' % (
            raw, ", ".join(map(str, data)), tensor([size_of(shape)], storage), tensor([size_of(shape)], storage)))
        shaped = self.reshape(raw, [size_of(shape)], shape, storage)
        q = self.value("wq")
        self.emit("%s = quant.scast %s : %s to %s" % (q, shaped, tensor(shape, storage), tensor(shape, qtype)))
        d = self.value("wd")
        self.emit("%s = quant.dcast %s : %s to %s" % (d, q, tensor(shape, qtype), tensor(shape)))
        return d

    def float_const(self, values, shape):
        c = self.value("c")
        self.emit('%s = "tosa.const"() {values = dense<[%s]> : %s} : () -> %s' % (
            c, ", ".join(fmt(v) for v in values), tensor(shape), tensor(shape)))
        return c

    def zero(self):
        z = self.value("z")
        self.emit('%s = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>' % z)
        return z

    def const_shape(self, dims):
        s = self.value("s")
        self.emit("%s = tosa.const_shape {values = dense<[%s]> : tensor<%dxindex>} "
                  ": () -> !tosa.shape<%d>" % (s, ", ".join(map(str, dims)), len(dims), len(dims)))
        return s

    def reshape(self, val, shape, new_shape, element="f32"):
        s = self.const_shape(new_shape)
        r = self.value("r")
        self.emit("%s = tosa.reshape %s, %s : (%s, !tosa.shape<%d>) -> %s" % (
            r, val, s, tensor(shape, element), len(new_shape), tensor(new_shape, element)))
        return r

    def op(self, text, operands, types, result_shape):
        r = self.value("y")
        self.emit("%s = %s %s : (%s) -> %s" % (
            r, text.split(" {")[0], ", ".join(operands) + (" {" + text.split(" {", 1)[1] if " {" in text else ""),
            ", ".join(types), tensor(result_shape)))
        return r

    def finish(self, val, shape, qtype):
        q = self.value("q")
        self.emit("%s = quant.qcast %s : %s to %s" % (q, val, tensor(shape), tensor(shape, qtype)))
        storage = "i16" if "<i16" in qtype else "i8"
        s = self.value("out")
        self.emit("%s = quant.scast %s : %s to %s" % (s, q, tensor(shape, qtype), tensor(shape, storage)))
        self.emit("return %s : %s" % (s, tensor(shape, storage)))
        self.out_shape = shape
        self.out_storage = storage

    def text(self):
        head = "func.func @%s(%%x: %s) -> %s {" % (
            self.name, tensor(self.in_shape), tensor(self.out_shape, self.out_storage))
        return "\n".join([head] + self.lines + ["}"])


# Cases ---------------------------------------------------------------------

def conv_like(rng, name, kind, storage="i8", weight_storage="i8<-127:127>", weight_bits=8):
    shapes = {
        "conv2d": ([1, 7, 6, 3], [4, 3, 3, 3], [1, 4, 3, 4], 0),
        "conv3d": ([1, 3, 5, 5, 2], [3, 1, 3, 3, 2], [1, 3, 5, 5, 3], 0),
        "depthwise_conv2d": ([1, 6, 6, 3], [3, 3, 3, 2], [1, 6, 6, 6], 2),
        "transpose_conv2d": ([1, 4, 4, 3], [4, 3, 3, 3], [1, 9, 9, 4], 0),
    }
    in_shape, w_shape, out_shape, axis = shapes[kind]
    g = Graph(rng, name, in_shape)
    g.input_range = 2.0
    x = g.qdq("%x", in_shape, g.activation(2.0, storage))
    w_scales = [rng.uniform(0.002, 0.02) for _ in range(w_shape[axis])]
    limit = 7 if weight_bits == 4 else 127
    w = g.weights(w_shape, g.per_axis(axis, w_scales, weight_storage), -limit, limit)
    oc = out_shape[-1]
    b = g.float_const([rng.uniform(-0.5, 0.5) for _ in range(oc)], [oc])
    z = g.zero()
    taps = size_of(w_shape) // (oc if kind != "depthwise_conv2d" else w_shape[2])
    out_mag = 2.0 * max(w_scales) * limit * math.sqrt(taps) * 0.8
    if kind == "conv2d":
        attrs = "acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 0, 1>, stride = array<i64: 2, 2>"
    elif kind == "conv3d":
        attrs = "acc_type = f32, dilation = array<i64: 1, 1, 1>, pad = array<i64: 0, 0, 1, 1, 1, 1>, stride = array<i64: 1, 1, 1>"
    elif kind == "depthwise_conv2d":
        attrs = "acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>"
    else:
        attrs = "acc_type = f32, out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>"
    y = g.op("tosa.%s {%s}" % (kind, attrs), [x, w, b, z, z],
             [tensor(in_shape), tensor(w_shape), tensor([oc]), "tensor<1xf32>", "tensor<1xf32>"], out_shape)
    g.finish(y, out_shape, g.activation(out_mag, storage))
    return g


def matmul(rng, name, storage="i8"):
    a_shape, b_shape, out_shape = [1, 5, 8], [1, 8, 6], [1, 5, 6]
    g = Graph(rng, name, a_shape)
    a = g.qdq("%x", a_shape, g.activation(1.5, storage))
    b_scales = [rng.uniform(0.002, 0.02) for _ in range(6)]
    if storage == "i16":
        b = g.weights(b_shape, g.per_axis(2, [s / 256 for s in b_scales], "i16"), -30000, 30000)
    else:
        b = g.weights(b_shape, g.per_axis(2, b_scales), -127, 127)
    z = g.zero()
    y = g.op("tosa.matmul", [a, b, z, z], [tensor(a_shape), tensor(b_shape), "tensor<1xf32>", "tensor<1xf32>"], out_shape)
    g.finish(y, out_shape, g.activation(1.5 * 127 * max(b_scales) * math.sqrt(8), storage))
    return g


def binary(rng, name, kind, storage="i8"):
    shape = [2, 5, 7]
    g = Graph(rng, name, shape)
    a_magnitude = rng.uniform(0.5, 4.0)
    a = g.qdq("%x", shape, g.activation(a_magnitude, storage))
    # The second operand: the same input through other parameters, reversed
    # so that the two operands differ element by element.
    rev = g.value("rev")
    g.emit("%s = tosa.reverse %%x {axis = 2 : i32} : (%s) -> %s" % (rev, tensor(shape), tensor(shape)))
    b_magnitude = rng.uniform(0.5, 4.0)
    b = g.qdq(rev, shape, g.activation(b_magnitude, storage))
    operands = [a, b]
    types = [tensor(shape)] * 2
    if kind in ("mul", "squared_difference"):
        shift = g.value("shift")
        g.emit('%s = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>' % shift)
    if kind == "squared_difference":
        # TFLite's SQUARED_DIFFERENCE as its importers write it: a sub
        # multiplied by itself.
        d = g.op("tosa.sub", operands, types, shape)
        y = g.op("tosa.mul", [d, d, shift], types + ["tensor<1xi8>"], shape)
        g.finish(y, shape, g.activation((a_magnitude + b_magnitude) ** 2, storage))
        return g
    if kind == "mul":
        operands.append(shift)
        types.append("tensor<1xi8>")
    y = g.op("tosa." + kind, operands, types, shape)
    g.finish(y, shape, g.activation(6.0 if kind != "mul" else 8.0, storage))
    return g


def prelu(rng, name, storage="i8"):
    """TFLite's PRELU as its importer writes it: select(x >= 0, x, x *
    alpha), alpha a per-element constant quantized per tensor."""
    shape = [2, 5, 7]
    g = Graph(rng, name, shape)
    x = g.qdq("%x", shape, g.activation(rng.uniform(1.0, 4.0), storage))
    alpha_shape = [1, 5, 7]
    alpha = g.weights(alpha_shape, g.per_tensor(0.5 / 127, rng.randint(-10, 10)), -100, 100)
    shift = g.value("shift")
    g.emit('%s = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>' % shift)
    scaled = g.op("tosa.mul", [x, alpha, shift], [tensor(shape), tensor(alpha_shape), "tensor<1xi8>"], shape)
    zero = g.value("zero")
    g.emit('%s = "tosa.const"() {values = dense<0.0> : tensor<1x1x1xf32>} : () -> tensor<1x1x1xf32>' % zero)
    cond = g.value("ge")
    g.emit("%s = tosa.greater_equal %s, %s : (%s, %s) -> %s" % (
        cond, x, zero, tensor(shape), tensor([1, 1, 1]), tensor(shape, "i1")))
    y = g.value("sel")
    g.emit("%s = tosa.select %s, %s, %s : (%s, %s, %s) -> %s" % (
        y, cond, x, scaled, tensor(shape, "i1"), tensor(shape), tensor(shape), tensor(shape)))
    g.finish(y, shape, g.activation(4.0, storage))
    return g


def requantize(rng, name, per_channel):
    shape = [3, 4, 5]
    g = Graph(rng, name, shape)
    x = g.qdq("%x", shape, g.activation(1.0))
    if per_channel:
        out = g.per_axis(2, [rng.uniform(0.003, 0.02) for _ in range(5)], "i8")
    else:
        out = g.activation(rng.uniform(0.5, 2.0))
    g.finish(x, shape, out)
    return g


def avg_pool(rng, name, same_params, out_magnitude=None):
    in_shape, out_shape = [1, 7, 7, 3], [1, 4, 4, 3]
    g = Graph(rng, name, in_shape)
    act = g.activation(1.0)
    x = g.qdq("%x", in_shape, act)
    z = g.zero()
    y = g.op("tosa.avg_pool2d {acc_type = f32, kernel = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}",
             [x, z, z], [tensor(in_shape), "tensor<1xf32>", "tensor<1xf32>"], out_shape)
    if out_magnitude is None:
        out_magnitude = rng.uniform(1.0, 1.5)
    g.finish(y, out_shape, act if same_params else g.activation(out_magnitude))
    return g


def reduce_sum(rng, name):
    in_shape, out_shape = [2, 9, 4], [2, 1, 4]
    g = Graph(rng, name, in_shape)
    x = g.qdq("%x", in_shape, g.activation(1.0))
    y = g.op("tosa.reduce_sum {axis = 1 : i32}", [x], [tensor(in_shape)], out_shape)
    g.finish(y, out_shape, g.activation(4.0))
    return g


UNARY = {
    "sigmoid": (4.0, 1.0), "tanh": (3.0, 1.0), "exp": (2.0, 7.5),
    "log": (4.0, 1.5), "erf": (2.0, 1.0), "reciprocal": (4.0, 10.0),
    "rsqrt": (4.0, 4.0), "sin": (3.0, 1.0), "cos": (3.0, 1.0),
    "abs": (2.0, 2.0), "negate": (2.0, 2.0), "floor": (3.0, 3.0), "ceil": (3.0, 3.0),
}


def unary(rng, name, kind):
    shape = [4, 16]
    in_mag, out_mag = UNARY[kind]
    g = Graph(rng, name, shape)
    x = g.qdq("%x", shape, g.activation(in_mag))
    if kind == "negate":
        z = g.zero()
        y = g.op("tosa.negate", [x, z, z], [tensor(shape), "tensor<1xf32>", "tensor<1xf32>"], shape)
    else:
        y = g.op("tosa." + kind, [x], [tensor(shape)], shape)
    g.finish(y, shape, g.activation(out_mag))
    return g


def unary_region(rng, name, kind, storage="i8"):
    """Activations TOSA has no op for, as converters write them in several
    elementwise float ops, each a function of one input (one table):
    TFLite's HARD_SWISH x * clamp(x + 3, 0, 6) * (1/6), GELU
    0.5 * x * (1 + erf(x / sqrt 2)), ELU select(x > 0, x, exp(x) - 1)."""
    shape = [4, 16]
    g = Graph(rng, name, shape)
    x = g.qdq("%x", shape, g.activation(4.0, storage))
    t = tensor(shape)
    c = "tensor<1x1xf32>"

    def scalar(value):
        v = g.value("c")
        g.emit('%s = "tosa.const"() {values = dense<%r> : %s} : () -> %s' % (v, value, c, c))
        return v

    def mul(a, b, b_type=c):
        shift = g.value("shift")
        g.emit('%s = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>' % shift)
        return g.op("tosa.mul", [a, b, shift], [t, b_type, "tensor<1xi8>"], shape)

    if kind == "hard_swish":
        plus3 = g.op("tosa.add", [x, scalar(3.0)], [t, c], shape)
        relu6 = g.op("tosa.clamp {max_val = 6.0 : f32, min_val = 0.0 : f32}", [plus3], [t], shape)
        y = mul(mul(x, relu6, t), scalar(1.0 / 6.0))
        out_mag = 4.0
    elif kind == "gelu":
        scaled = mul(x, scalar(0.7071067811865476))
        erf = g.op("tosa.erf", [scaled], [t], shape)
        one_plus = g.op("tosa.add", [erf, scalar(1.0)], [t, c], shape)
        y = mul(mul(x, one_plus, t), scalar(0.5))
        out_mag = 4.0
    else:  # elu
        positive = g.value("positive")
        zero = scalar(0.0)
        g.emit("%s = tosa.greater %s, %s : (%s, %s) -> %s" % (positive, x, zero, t, c, tensor(shape, "i1")))
        exp = g.op("tosa.exp", [x], [t], shape)
        minus1 = g.op("tosa.sub", [exp, scalar(1.0)], [t, c], shape)
        y = g.value("elu")
        g.emit("%s = tosa.select %s, %s, %s : (%s, %s, %s) -> %s" % (y, positive, x, minus1, tensor(shape, "i1"), t, t, t))
        out_mag = 4.0
    g.finish(y, shape, g.activation(out_mag, storage))
    return g


def resize_bilinear(rng, name, in_hw, out_hw, align_corners=False, storage="i8", same_params=True):
    """tosa.resize BILINEAR as TFLite's RESIZE_BILINEAR legalizes: per axis
    scale n/d = 2 out / 2 in with half-pixel offset (d - n) / 2, or
    2 (out - 1) / 2 (in - 1) with offset 0 for align_corners, and the border
    that makes the output size come out."""
    scale, offset, border = [], [], []
    for i, o in zip(in_hw, out_hw):
        if align_corners:
            n, d, off = 2 * (o - 1), 2 * (i - 1), 0
        else:
            n, d = 2 * o, 2 * i
            off = (d - n) // 2
        scale += [n, d]
        offset.append(off)
        border.append(d * (o - 1) - n * (i - 1) + off)
    in_shape, out_shape = [1] + in_hw + [3], [1] + out_hw + [3]
    g = Graph(rng, name, in_shape)
    act = g.activation(2.0, storage)
    x = g.qdq("%x", in_shape, act)
    shapes = [g.const_shape(scale), g.const_shape(offset), g.const_shape(border)]
    y = g.op("tosa.resize {mode = BILINEAR}", [x] + shapes,
             [tensor(in_shape), "!tosa.shape<4>", "!tosa.shape<2>", "!tosa.shape<2>"], out_shape)
    g.finish(y, out_shape, act if same_params else g.activation(rng.uniform(1.5, 2.5), storage))
    return g


def ops_group(rng):
    graphs = [requantize(rng, "requantize", False),
              requantize(rng, "requantize_per_channel", True)]
    for kind in ["conv2d", "conv3d", "depthwise_conv2d", "transpose_conv2d"]:
        graphs.append(conv_like(rng, kind, kind))
    graphs.append(conv_like(rng, "conv2d_i4_weights", "conv2d", "i8", "i4", 4))
    graphs.append(conv_like(rng, "conv2d_i16", "conv2d", "i16"))
    graphs.append(conv_like(rng, "depthwise_conv2d_i16", "depthwise_conv2d", "i16"))
    graphs.append(matmul(rng, "matmul"))
    graphs.append(matmul(rng, "matmul_i16", "i16"))
    for kind in ["add", "sub", "mul"]:
        graphs.append(binary(rng, kind, kind))
    graphs.append(binary(rng, "add_i16", "add", "i16"))
    # 8-bit only: at 16 bits TFLite's kernel (left shift 0) rounds each
    # input to half a step of the larger scale, up to 2 LSB from the QDQ
    # definition; the lowering follows TFLite, and the factory's
    # elementwise_int16x8 checks it bit for bit against TFLite Micro.
    graphs.append(binary(rng, "squared_difference", "squared_difference"))
    graphs.append(prelu(rng, "prelu"))
    graphs.append(prelu(rng, "prelu_i16", "i16"))
    graphs.append(avg_pool(rng, "avg_pool2d_same", True))
    graphs.append(avg_pool(rng, "avg_pool2d_rescaled", False))
    graphs.append(reduce_sum(rng, "reduce_sum"))
    for kind in sorted(UNARY):
        graphs.append(unary(rng, kind, kind))
    for kind in ["hard_swish", "gelu", "elu"]:
        graphs.append(unary_region(rng, kind, kind))
    graphs.append(unary_region(rng, "gelu_i16", "gelu", "i16"))
    # An output step 10 times finer than the input's: the pool must not
    # round to the input's step first.
    graphs.append(avg_pool(rng, "avg_pool2d_finer_output", False, 0.1))
    # TFLite's RESIZE_BILINEAR: the same parameters in and out (TFLite
    # requires it), half-pixel and align-corners sampling, up and down.
    graphs.append(resize_bilinear(rng, "resize_bilinear_half_pixel", [4, 5], [8, 10]))
    graphs.append(resize_bilinear(rng, "resize_bilinear_align_corners", [3, 4], [5, 7], True))
    graphs.append(resize_bilinear(rng, "resize_bilinear_down", [6, 6], [4, 4]))
    graphs.append(resize_bilinear(rng, "resize_bilinear_i16", [4, 5], [8, 10], storage="i16"))
    graphs.append(resize_bilinear(rng, "resize_bilinear_rescaled", [3, 3], [9, 9], storage="i16", same_params=False))
    return graphs


def convnext_block(rng, name):
    """Depthwise conv, a moveaxis chain left in float between separately
    observed scales, a per-channel pointwise matmul and the residual add."""
    shape = [1, 6, 6, 4]
    g = Graph(rng, name, shape)
    x = g.qdq("%x", shape, g.activation(2.0))
    dw_scales = [rng.uniform(0.005, 0.02) for _ in range(4)]
    w = g.weights([3, 3, 4, 1], g.per_axis(2, dw_scales))
    b = g.float_const([rng.uniform(-0.2, 0.2) for _ in range(4)], [4])
    z = g.zero()
    dw = g.op("tosa.depthwise_conv2d {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}",
              [x, w, b, z, z], [tensor(shape), "tensor<3x3x4x1xf32>", "tensor<4xf32>", "tensor<1xf32>", "tensor<1xf32>"], shape)
    dw_mag = 2.0 * 127 * max(dw_scales) * 3 * 0.8
    dwd = g.qdq(dw, shape, g.activation(dw_mag))
    nchw = g.value("t")
    g.emit("%s = tosa.transpose %s {perms = array<i32: 0, 3, 1, 2>} : (%s) -> %s" % (nchw, dwd, tensor(shape), tensor([1, 4, 6, 6])))
    nhwc = g.value("t")
    g.emit("%s = tosa.transpose %s {perms = array<i32: 0, 2, 3, 1>} : (%s) -> %s" % (nhwc, nchw, tensor([1, 4, 6, 6]), tensor(shape)))
    rows = g.reshape(nhwc, shape, [1, 36, 4])
    rowsd = g.qdq(rows, [1, 36, 4], g.activation(dw_mag * 1.03))
    pw_scales = [rng.uniform(0.005, 0.02) for _ in range(4)]
    pw = g.weights([1, 4, 4], g.per_axis(2, pw_scales))
    mm = g.op("tosa.matmul", [rowsd, pw, z, z], [tensor([1, 36, 4]), "tensor<1x4x4xf32>", "tensor<1xf32>", "tensor<1xf32>"], [1, 36, 4])
    mmd = g.qdq(mm, [1, 36, 4], g.activation(dw_mag * 127 * max(pw_scales)))
    back = g.reshape(mmd, [1, 36, 4], shape)
    total = g.op("tosa.add", [back, x], [tensor(shape), tensor(shape)], shape)
    g.finish(total, shape, g.activation(4.0))
    return g


def two_branch_concat(rng, name):
    """Two 1x1 convs observed separately, concatenated along channels, then a
    sigmoid: the concat needs a rescale per branch."""
    shape = [1, 5, 5, 3]
    g = Graph(rng, name, shape)
    x = g.qdq("%x", shape, g.activation(1.5))
    z = g.zero()
    branches = []
    for _ in range(2):
        scales = [rng.uniform(0.005, 0.02) for _ in range(4)]
        w = g.weights([4, 1, 1, 3], g.per_axis(0, scales))
        b = g.float_const([rng.uniform(-0.3, 0.3) for _ in range(4)], [4])
        y = g.op("tosa.conv2d {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}",
                 [x, w, b, z, z], [tensor(shape), "tensor<4x1x1x3xf32>", "tensor<4xf32>", "tensor<1xf32>", "tensor<1xf32>"], [1, 5, 5, 4])
        branches.append(g.qdq(y, [1, 5, 5, 4], g.activation(rng.uniform(2.0, 4.0))))
    cat = g.value("cat")
    g.emit("%s = tosa.concat %s, %s {axis = 3 : i32} : (%s, %s) -> %s" % (
        cat, branches[0], branches[1], tensor([1, 5, 5, 4]), tensor([1, 5, 5, 4]), tensor([1, 5, 5, 8])))
    catd = g.qdq(cat, [1, 5, 5, 8], g.activation(3.5))
    sig = g.op("tosa.sigmoid", [catd], [tensor([1, 5, 5, 8])], [1, 5, 5, 8])
    g.finish(sig, [1, 5, 5, 8], g.activation(1.0))
    return g


def moved_weights_conv(rng, name):
    """A linear layer's [in, out] weights, per-channel on the output axis,
    moved into a 1x1 OHWI kernel by transpose and reshape."""
    shape = [1, 3, 3, 6]
    g = Graph(rng, name, shape)
    x = g.qdq("%x", shape, g.activation(1.0))
    scales = [rng.uniform(0.005, 0.02) for _ in range(5)]
    w = g.weights([6, 5], g.per_axis(1, scales))
    t = g.value("t")
    g.emit("%s = tosa.transpose %s {perms = array<i32: 1, 0>} : (%s) -> %s" % (t, w, tensor([6, 5]), tensor([5, 6])))
    kernel = g.reshape(t, [5, 6], [5, 1, 1, 6])
    b = g.float_const([rng.uniform(-0.3, 0.3) for _ in range(5)], [5])
    z = g.zero()
    y = g.op("tosa.conv2d {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}",
             [x, kernel, b, z, z], [tensor(shape), "tensor<5x1x1x6xf32>", "tensor<5xf32>", "tensor<1xf32>", "tensor<1xf32>"], [1, 3, 3, 5])
    g.finish(y, [1, 3, 3, 5], g.activation(127 * max(scales) * 2.0))
    return g


def models_group(rng):
    return [convnext_block(rng, "convnext_block"),
            two_branch_concat(rng, "two_branch_concat"),
            moved_weights_conv(rng, "moved_weights_conv")]


def main():
    seed = int(sys.argv[1])
    group = sys.argv[2] if len(sys.argv) > 2 else "ops"
    rng = random.Random(seed)
    graphs = {"ops": ops_group, "models": models_group}[group](rng)
    print("// Generated by lowering_cases.py %d %s" % (seed, group))
    # compare_outputs.py reads the names, and their number, from this line.
    print("// cases: %s" % ",".join(g.name for g in graphs))
    print("func.func private @printMemrefI32(tensor<*xi32>)\n")
    for g in graphs:
        print(g.text())
        print()
    print("func.func @main() {")
    for i, g in enumerate(graphs):
        n = size_of(g.in_shape)
        values = [rng.uniform(-1.1, 1.1) * g.input_range * 2 for _ in range(n)]
        print('  %%in%d = arith.constant dense<[%s]> : %s' % (
            i, ", ".join(fmt(v) for v in values), tensor([n])))
        print('  %%s%d = tosa.const_shape {values = dense<[%s]> : tensor<%dxindex>} : () -> !tosa.shape<%d>' % (
            i, ", ".join(map(str, g.in_shape)), len(g.in_shape), len(g.in_shape)))
        print("  %%x%d = tosa.reshape %%in%d, %%s%d : (%s, !tosa.shape<%d>) -> %s" % (
            i, i, i, tensor([n]), len(g.in_shape), tensor(g.in_shape)))
        out = tensor(g.out_shape, g.out_storage)
        wide = tensor(g.out_shape, "i32")
        print("  %%r%d = call @%s(%%x%d) : (%s) -> %s" % (i, g.name, i, tensor(g.in_shape), out))
        print("  %%w%d = tosa.cast %%r%d : (%s) -> %s" % (i, i, out, wide))
        print("  %%u%d = tensor.cast %%w%d : %s to tensor<*xi32>" % (i, i, wide))
        print("  call @printMemrefI32(%%u%d) : (tensor<*xi32>) -> ()" % i)
    print("  return\n}")


if __name__ == "__main__":
    main()
