#!/usr/bin/env python3
"""Writes a QDQ TOSA model of about N TOSA ops, in upstream MLIR syntax.

Usage: gen_qdq_model.py TOSA_OPS [--model mixed|convnext] [--split-functions]
                         [--seed S] [-o FILE]

The model is what a PT2E-style quantizer exports, in func, tosa and quant
ops only, so plain mlir-opt parses it too. It is one function, @main, as
real models are: MLIR runs function passes on the functions of a module in
parallel, so a model split into functions would measure the passes on
every core while a real model gets one.

--model mixed (the default) chains three kinds of blocks, a third of the
ops each, in this order:

  convnext        ConvNeXt-style blocks: depthwise conv with per-channel
                  weights, a moveaxis chain (transpose, transpose, reshape)
                  left in float between dequantize and quantize, a pointwise
                  matmul with per-channel weights, a reshape back and a
                  residual add.
  two_branch      blocks whose two branches (a 1x1 conv, and a channel slice
                  moved through a transpose pair) are quantized separately
                  and meet in a concat, then a sigmoid.
  moved_weights   blocks whose per-channel weights are stored in another
                  layout and moved by transpose (conv, axis 3 -> 0) and
                  transpose + reshape (matmul) before use.

With --split-functions each kind is a function of its own (@convnext,
@two_branch, @moved_weights), the layout this benchmark used before; it
is kept to compare with older figures.

--model convnext is a ConvNeXt-style network of 17 TOSA ops a block (about
6,000 blocks at 100k ops): a per-channel depthwise 3x3 conv, a moveaxis
chain (transpose NHWC -> NCHW, transpose back, reshape to rows), two
pointwise matmuls with per-tensor weights around a ReLU (the channels
expanded two times and back), a reshape back, a moveaxis pair (the two
transposes again) and a residual add, as a framework's layout changes
around its convs and linears leave them.

Every block keeps its shape, so blocks chain to any length. Constants,
scales and zero points come from a seeded generator: the same arguments
give the same file.
"""
import argparse
import math
import random
import sys

C = 8          # channels
HW = 8         # height and width
ACT = "tensor<1x%dx%dx%dx%%s>" % (HW, HW, C)


def fmt(x):
    return "%.6g" % x


class Function:
    def __init__(self, rng, name):
        self.rng = rng
        self.name = name
        self.lines = []
        self.count = 0
        self.tosa_ops = 0

    def value(self, hint):
        self.count += 1
        return "%%%s%d" % (hint, self.count)

    def emit(self, text, tosa=0):
        self.lines.append("  " + text)
        self.tosa_ops += tosa

    # Quantization parameters ----------------------------------------------
    def activation(self, magnitude=4.0):
        scale = magnitude * self.rng.uniform(0.8, 1.25) / 127.0
        return "!quant.uniform<i8:f32, %s:%d>" % (fmt(scale), self.rng.randint(-8, 8))

    def per_channel(self, axis, count):
        scales = ", ".join(fmt(self.rng.uniform(0.002, 0.02)) for _ in range(count))
        return "!quant.uniform<i8<-127:127>:f32:%d, {%s}>" % (axis, scales)

    def per_tensor(self):
        return "!quant.uniform<i8<-127:127>:f32, %s>" % fmt(self.rng.uniform(0.002, 0.02))

    # Values ---------------------------------------------------------------
    def qdq(self, val, ttype, qtype=None):
        qtype = qtype or self.activation()
        q = self.value("q")
        self.emit("%s = quant.qcast %s : %s to %s" % (q, val, ttype % "f32", ttype % qtype))
        d = self.value("d")
        self.emit("%s = quant.dcast %s : %s to %s" % (d, q, ttype % qtype, ttype % "f32"))
        return d

    def weights(self, shape, axis):
        ttype = tensor(shape, "%s")
        n = math.prod(shape)
        data = ", ".join(str(self.rng.randint(-127, 127)) for _ in range(n))
        flat = "tensor<%dxi8>" % n
        raw = self.value("w")
        self.emit('%s = "tosa.const"() {values = dense<[%s]> : %s} : () -> %s' % (raw, data, flat, flat), 1)
        shaped = self.reshape(raw, flat, shape, "i8")
        qtype = self.per_channel(axis, shape[axis])
        q = self.value("wq")
        self.emit("%s = quant.scast %s : %s to %s" % (q, shaped, ttype % "i8", ttype % qtype))
        d = self.value("wd")
        self.emit("%s = quant.dcast %s : %s to %s" % (d, q, ttype % qtype, ttype % "f32"))
        return d

    def shaped_weights(self, shape, axis=None):
        """Weights stored in their shape (one tosa.const), per-channel on
        `axis` or per-tensor when it is None."""
        ttype = tensor(shape, "%s")
        data = nested([str(self.rng.randint(-127, 127)) for _ in range(math.prod(shape))], shape)
        raw = self.value("w")
        self.emit('%s = "tosa.const"() {values = dense<%s> : %s} : () -> %s'
                  % (raw, data, ttype % "i8", ttype % "i8"), 1)
        qtype = self.per_tensor() if axis is None else self.per_channel(axis, shape[axis])
        q = self.value("wq")
        self.emit("%s = quant.scast %s : %s to %s" % (q, raw, ttype % "i8", ttype % qtype))
        d = self.value("wd")
        self.emit("%s = quant.dcast %s : %s to %s" % (d, q, ttype % qtype, ttype % "f32"))
        return d

    def float_const(self, shape):
        ttype = tensor(shape)
        c = self.value("b")
        data = ", ".join(fmt(self.rng.uniform(-0.1, 0.1)) for _ in range(math.prod(shape)))
        self.emit('%s = "tosa.const"() {values = dense<[%s]> : %s} : () -> %s' % (c, data, ttype, ttype), 1)
        return c

    def reshape(self, val, from_type, shape, element="f32"):
        s = self.value("s")
        self.emit("%s = tosa.const_shape {values = dense<[%s]> : tensor<%dxindex>} : () -> !tosa.shape<%d>"
                  % (s, ", ".join(map(str, shape)), len(shape), len(shape)), 1)
        to_type = tensor(shape, element)
        r = self.value("r")
        self.emit("%s = tosa.reshape %s, %s : (%s, !tosa.shape<%d>) -> %s"
                  % (r, val, s, from_type, len(shape), to_type), 1)
        return r

    def transpose(self, val, from_shape, perms):
        to_shape = [from_shape[p] for p in perms]
        t = self.value("t")
        self.emit("%s = tosa.transpose %s {perms = array<i32: %s>} : (%s) -> %s" % (
            t, val, ", ".join(map(str, perms)), tensor(from_shape), tensor(to_shape)), 1)
        return t, to_shape

    def text(self, result):
        head = "func.func @%s(%%x: %s) -> %s {" % (self.name, ACT % "f32", ACT % "f32")
        return "\n".join([head] + self.lines + ["  return %s : %s" % (result, ACT % "f32"), "}"])


def nested(items, shape):
    """items, in row-major order, as a dense literal of `shape`."""
    if len(shape) == 1:
        return "[%s]" % ", ".join(items)
    step = len(items) // shape[0]
    return "[%s]" % ", ".join(nested(items[i:i + step], shape[1:])
                               for i in range(0, len(items), step))


def tensor(shape, element="f32"):
    return "tensor<%sx%s>" % ("x".join(map(str, shape)), element)


CONV_ATTRS = "acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: %s>, stride = array<i64: 1, 1>"


ROWS = "tensor<1x%dx%dx%%s>" % (HW * HW, C)  # an activation as rows of channels


def depthwise_to_rows(f, x, zero, w):
    """The start of both ConvNeXt blocks: a depthwise 3x3 conv of x with the
    per-channel weights w and a float bias, quantized, then the moveaxis
    chain (the framework's NCHW and back, then rows), quantized again.
    Returns the rows (a dequantized ROWS value)."""
    b = f.float_const([C])
    dw = f.value("dw")
    f.emit("%s = tosa.depthwise_conv2d %s, %s, %s, %s, %s {%s} : (%s, tensor<3x3x%dx1xf32>, tensor<%dxf32>, tensor<1xf32>, tensor<1xf32>) -> %s"
           % (dw, x, w, b, zero, zero, CONV_ATTRS % "1, 1, 1, 1", ACT % "f32", C, C, ACT % "f32"), 1)
    dwd = f.qdq(dw, ACT)
    nchw, s1 = f.transpose(dwd, [1, HW, HW, C], [0, 3, 1, 2])
    nhwc, _ = f.transpose(nchw, s1, [0, 2, 3, 1])
    rows = f.reshape(nhwc, ACT % "f32", [1, HW * HW, C])
    return f.qdq(rows, ROWS)


def convnext_block(f, x, zero):
    rowsd = depthwise_to_rows(f, x, zero, f.weights([3, 3, C, 1], 2))
    pw_w = f.weights([1, C, C], 2)
    pw = f.value("pw")
    f.emit("%s = tosa.matmul %s, %s, %s, %s : (%s, tensor<1x%dx%dxf32>, tensor<1xf32>, tensor<1xf32>) -> %s"
           % (pw, rowsd, pw_w, zero, zero, ROWS % "f32", C, C, ROWS % "f32"), 1)
    pwd = f.qdq(pw, ROWS)
    back = f.reshape(pwd, ROWS % "f32", [1, HW, HW, C])
    s = f.value("sum")
    f.emit("%s = tosa.add %s, %s : (%s, %s) -> %s" % (s, back, x, ACT % "f32", ACT % "f32", ACT % "f32"), 1)
    return f.qdq(s, ACT)


def two_branch_block(f, x, zero):
    half = C // 2
    half_type = "tensor<1x%dx%dx%dx%%s>" % (HW, HW, half)
    w = f.weights([half, 1, 1, C], 0)
    b = f.float_const([half])
    conv = f.value("conv")
    f.emit("%s = tosa.conv2d %s, %s, %s, %s, %s {%s} : (%s, tensor<%dx1x1x%dxf32>, tensor<%dxf32>, tensor<1xf32>, tensor<1xf32>) -> %s"
           % (conv, x, w, b, zero, zero, CONV_ATTRS % "0, 0, 0, 0", ACT % "f32", half, C, half, half_type % "f32"), 1)
    convd = f.qdq(conv, half_type)
    start = f.value("st")
    size = f.value("sz")
    f.emit("%s = tosa.const_shape {values = dense<[0, 0, 0, %d]> : tensor<4xindex>} : () -> !tosa.shape<4>" % (start, half), 1)
    f.emit("%s = tosa.const_shape {values = dense<[1, %d, %d, %d]> : tensor<4xindex>} : () -> !tosa.shape<4>" % (size, HW, HW, half), 1)
    sl = f.value("slice")
    f.emit("%s = tosa.slice %s, %s, %s : (%s, !tosa.shape<4>, !tosa.shape<4>) -> %s"
           % (sl, x, start, size, ACT % "f32", half_type % "f32"), 1)
    t1, s1 = f.transpose(sl, [1, HW, HW, half], [0, 3, 1, 2])
    t2, _ = f.transpose(t1, s1, [0, 2, 3, 1])
    moved = f.qdq(t2, half_type)
    cat = f.value("cat")
    f.emit("%s = tosa.concat %s, %s {axis = 3 : i32} : (%s, %s) -> %s"
           % (cat, convd, moved, half_type % "f32", half_type % "f32", ACT % "f32"), 1)
    catd = f.qdq(cat, ACT)
    sig = f.value("sig")
    f.emit("%s = tosa.sigmoid %s : (%s) -> %s" % (sig, catd, ACT % "f32", ACT % "f32"), 1)
    return f.qdq(sig, ACT, "!quant.uniform<i8:f32, 0.00390625:-128>")


def moved_weights_block(f, x, zero):
    # Conv weights stored HWIO, per-channel on O (axis 3), moved to OHWI.
    w = f.weights([1, 1, C, C], 3)
    w_ohwi, _ = f.transpose(w, [1, 1, C, C], [3, 0, 1, 2])
    b = f.float_const([C])
    conv = f.value("conv")
    f.emit("%s = tosa.conv2d %s, %s, %s, %s, %s {%s} : (%s, tensor<%dx1x1x%dxf32>, tensor<%dxf32>, tensor<1xf32>, tensor<1xf32>) -> %s"
           % (conv, x, w_ohwi, b, zero, zero, CONV_ATTRS % "0, 0, 0, 0", ACT % "f32", C, C, C, ACT % "f32"), 1)
    convd = f.qdq(conv, ACT)
    # Matmul weights stored [out, in], per-channel on out, moved to 1x[in, out].
    m = f.weights([C, C], 0)
    m_t, _ = f.transpose(m, [C, C], [1, 0])
    m_b = f.reshape(m_t, tensor([C, C]), [1, C, C])
    rows = f.reshape(convd, ACT % "f32", [1, HW * HW, C])
    mm = f.value("mm")
    f.emit("%s = tosa.matmul %s, %s, %s, %s : (%s, tensor<1x%dx%dxf32>, tensor<1xf32>, tensor<1xf32>) -> %s"
           % (mm, rows, m_b, zero, zero, ROWS % "f32", C, C, ROWS % "f32"), 1)
    mmd = f.qdq(mm, ROWS)
    return f.reshape(mmd, ROWS % "f32", [1, HW, HW, C])


HIDDEN = 2 * C  # the ConvNeXt model's pointwise matmuls expand to this


def convnext_net_block(f, x, zero):
    """17 TOSA ops: the block of --model convnext."""
    rowsd = depthwise_to_rows(f, x, zero, f.shaped_weights([3, 3, C, 1], 2))
    wide_type = "tensor<1x%dx%dx%%s>" % (HW * HW, HIDDEN)
    up_w = f.shaped_weights([1, C, HIDDEN])
    up = f.value("up")
    f.emit("%s = tosa.matmul %s, %s, %s, %s : (%s, tensor<1x%dx%dxf32>, tensor<1xf32>, tensor<1xf32>) -> %s"
           % (up, rowsd, up_w, zero, zero, ROWS % "f32", C, HIDDEN, wide_type % "f32"), 1)
    upd = f.qdq(up, wide_type)
    relu = f.value("relu")
    f.emit("%s = tosa.clamp %s {min_val = 0.0 : f32, max_val = 3.40282347e+38 : f32} : (%s) -> %s"
           % (relu, upd, wide_type % "f32", wide_type % "f32"), 1)
    relud = f.qdq(relu, wide_type)
    down_w = f.shaped_weights([1, HIDDEN, C])
    down = f.value("down")
    f.emit("%s = tosa.matmul %s, %s, %s, %s : (%s, tensor<1x%dx%dxf32>, tensor<1xf32>, tensor<1xf32>) -> %s"
           % (down, relud, down_w, zero, zero, wide_type % "f32", HIDDEN, C, ROWS % "f32"), 1)
    downd = f.qdq(down, ROWS)
    # Back to NHWC through the framework's layout: the moveaxis pair.
    back = f.reshape(downd, ROWS % "f32", [1, HW, HW, C])
    back_nchw, s2 = f.transpose(back, [1, HW, HW, C], [0, 3, 1, 2])
    back_nhwc, _ = f.transpose(back_nchw, s2, [0, 2, 3, 1])
    backd = f.qdq(back_nhwc, ACT)
    s = f.value("sum")
    f.emit("%s = tosa.add %s, %s : (%s, %s) -> %s" % (s, backd, x, ACT % "f32", ACT % "f32", ACT % "f32"), 1)
    return f.qdq(s, ACT)


BLOCKS = [("convnext", convnext_block), ("two_branch", two_branch_block),
          ("moved_weights", moved_weights_block)]

MODELS = {"mixed": BLOCKS, "convnext": [("convnext_net", convnext_net_block)]}


def start(rng, name):
    """A function with the shared zero point and its quantized input."""
    f = Function(rng, name)
    zero = f.value("zero")
    f.emit('%s = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>' % zero, 1)
    return f, zero, f.qdq("%x", ACT)


def chain(f, zero, x, block, budget):
    """Appends blocks to f, at least one, until it holds `budget` TOSA ops."""
    while True:
        x = block(f, x, zero)
        if f.tosa_ops >= budget:
            return x


def build(rng, blocks, tosa_ops, split):
    """(function, result) pairs: one @main whose ops the kinds of blocks
    share in turn, or with `split` one function per kind."""
    share = max(1, tosa_ops // len(blocks))
    if split:
        parts = []
        for name, block in blocks:
            f, zero, x = start(rng, name)
            parts.append((f, chain(f, zero, x, block, share)))
        return parts
    f, zero, x = start(rng, "main")
    for index, (_, block) in enumerate(blocks):
        x = chain(f, zero, x, block, share * (index + 1))
    return [(f, x)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tosa_ops", type=int)
    parser.add_argument("--model", choices=sorted(MODELS), default="mixed")
    parser.add_argument("--split-functions", action="store_true",
                        help="one function per kind of block (the layout of older figures)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("-o", "--output", default="-")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    parts = build(rng, MODELS[args.model], args.tosa_ops, args.split_functions)
    total = sum(f.tosa_ops for f, _ in parts)
    out = sys.stdout if args.output == "-" else open(args.output, "w")
    options = "".join([" --model %s" % args.model if args.model != "mixed" else "",
                       " --split-functions" if args.split_functions else ""])
    out.write("// Generated by gen_qdq_model.py %d%s --seed %d: %d TOSA ops\n"
              % (args.tosa_ops, options, args.seed, total))
    for f, result in parts:
        out.write(f.text(result) + "\n\n")


if __name__ == "__main__":
    main()
