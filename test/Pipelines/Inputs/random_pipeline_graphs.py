#!/usr/bin/env python3
"""Writes random valid QDQ TOSA graphs for whole-pipeline execution checks.

Usage: random_pipeline_graphs.py SEED COUNT movement|arith

Every graph @gN takes a float tensor of random shape (rank 1 to 5), quantizes
it at the graph input, runs random ops between quant.dcast and quant.qcast,
and returns the stored integers of its last quantize. @main calls each graph
on a random constant (partly outside the quantized range) and prints every
output, so the QDQ graph (through qtosa-expand-qdq) and the pipeline's output
can be compared element by element.

The generator tracks the quantization spec through every op (a per-axis axis
follows transposes, reshapes that keep its dimension, slices, reverses,
tiles and concats, and its scales are sliced, reversed or repeated with the
data), so that:

- movement: every dequantize -> op -> quantize uses the spec the op carries
  its input's spec to; the ops are data movement and order-preserving ones
  (transpose, reshape, slice, reverse, tile, pad, concat, max_pool2d,
  reduce_max, clamp, maximum, identity requantization), so the pipeline's
  integer graph must be bit-exact.
- arith: the same, with exactly one rounding step on every path: a
  requantization to a different spec, a concat or an elementwise op of two
  branches quantized with different specs, a 1x1 conv2d with per-channel
  weights, a matmul, an avg_pool2d, a reduce_sum or a table function
  (sigmoid, tanh, exp). Ops after it are 1-Lipschitz on stored integers, so
  the output must be within 1 LSB.
"""
import math
import random
import sys


def tensor(shape, element="f32"):
    return "tensor<%s>" % "x".join([str(d) for d in shape] + [element])


def size_of(shape):
    return math.prod(shape)


class Spec:
    """Uniform parameters: per-tensor (axis None) or per-axis."""

    def __init__(self, storage, scales, zps, axis=None):
        self.storage, self.scales, self.zps, self.axis = storage, scales, zps, axis

    def text(self):
        if self.axis is None:
            return "!quant.uniform<%s:f32, %r:%d>" % (self.storage, self.scales[0], self.zps[0])
        pairs = ", ".join("%r:%d" % p for p in zip(self.scales, self.zps))
        return "!quant.uniform<%s:f32:%d, {%s}>" % (self.storage, self.axis, pairs)

    def with_axis(self, axis, order=None):
        """The same parameters on `axis`, channels taken in `order`."""
        if self.axis is None:
            return self
        order = list(range(len(self.scales)) if order is None else order)
        return Spec(self.storage, [self.scales[i] for i in order],
                    [self.zps[i] for i in order], axis)


def random_scale(rng):
    return rng.choice([1, 3, 5, 7, 9]) * 2.0 ** rng.randint(-7, -2)


def random_spec(rng, shape, per_axis_chance=0.3, storage=None):
    storage = storage or ("i16" if rng.random() < 0.1 else "i8")
    zero_point = (lambda: 0) if storage == "i16" else (lambda: rng.randint(-30, 30))
    if rng.random() < per_axis_chance:
        axis = rng.randrange(len(shape))
        n = shape[axis]
        return Spec(storage, [random_scale(rng) * (2.0 ** -8 if storage == "i16" else 1) for _ in range(n)],
                    [zero_point() for _ in range(n)], axis)
    scale = random_scale(rng) * (2.0 ** -8 if storage == "i16" else 1)
    return Spec(storage, [scale], [zero_point()])


class Graph:
    def __init__(self, rng, index, kind):
        self.rng, self.index, self.kind = rng, index, kind
        self.lines = []
        self.count = 0
        rank = rng.choice([1, 2, 3, 3, 4, 4, 4, 5])
        while True:
            shape = [rng.randint(1, 5) for _ in range(rank)]
            if 2 <= size_of(shape) <= 60:
                break
        if rank == 4 and rng.random() < 0.5:
            shape[1], shape[2] = 2 * rng.randint(1, 2), 2 * rng.randint(1, 2)
        self.in_shape = shape

    def value(self):
        self.count += 1
        return "%%v%d" % self.count

    def emit(self, text):
        self.lines.append("  " + text)

    def const_shape(self, dims):
        s = self.value()
        self.emit("%s = tosa.const_shape {values = dense<[%s]> : tensor<%dxindex>} : () -> !tosa.shape<%d>"
                  % (s, ", ".join(map(str, dims)), len(dims), len(dims)))
        return s

    def const(self, values, shape):
        c = self.value()
        self.emit('%s = "tosa.const"() {values = dense<[%s]> : tensor<%dxf32>} : () -> tensor<%dxf32>'
                  % (c, ", ".join("%r" % v for v in values), len(values), len(values)))
        if shape == [len(values)]:
            return c
        r = self.value()
        self.emit("%s = tosa.reshape %s, %s : (tensor<%dxf32>, !tosa.shape<%d>) -> %s"
                  % (r, c, self.const_shape(shape), len(values), len(shape), tensor(shape)))
        return r

    def qcast(self, val, shape, spec):
        q = self.value()
        self.emit("%s = quant.qcast %s : %s to %s" % (q, val, tensor(shape), tensor(shape, spec.text())))
        return q

    def dcast(self, q, shape, spec):
        d = self.value()
        self.emit("%s = quant.dcast %s : %s to %s" % (d, q, tensor(shape, spec.text()), tensor(shape)))
        return d

    def qdq(self, val, shape, spec):
        return self.dcast(self.qcast(val, shape, spec), shape, spec)

    # Exact steps: each returns (value, shape, spec) or None when the op does
    # not apply; its output is requantized with the spec it carries along.
    def emit_transpose(self, val, shape, perms):
        new = [shape[p] for p in perms]
        out = self.value()
        self.emit("%s = tosa.transpose %s {perms = array<i32: %s>} : (%s) -> %s"
                  % (out, val, ", ".join(map(str, perms)), tensor(shape), tensor(new)))
        return out, new

    def transpose(self, val, shape, spec, perms=None):
        if perms is None:
            perms = list(range(len(shape)))
            self.rng.shuffle(perms)
        out, new = self.emit_transpose(val, shape, perms)
        axis = None if spec.axis is None else perms.index(spec.axis)
        return out, new, spec.with_axis(axis)

    def reshape(self, val, shape, spec):
        rng = self.rng
        rank, axis = len(shape), spec.axis
        options = []
        for i in range(rank - 1):
            if axis is None or axis not in (i, i + 1):
                new_axis = None if axis is None else (axis - 1 if axis > i + 1 else axis)
                options.append((shape[:i] + [shape[i] * shape[i + 1]] + shape[i + 2:], new_axis))
        if rank < 6:
            for i in range(rank):
                for f in (2, 3):
                    if shape[i] % f == 0 and shape[i] > f and i != axis:
                        new_axis = None if axis is None else (axis + 1 if axis > i else axis)
                        options.append((shape[:i] + [f, shape[i] // f] + shape[i + 1:], new_axis))
            if axis is None:
                options.append(([1] + shape, None))
        if not options:
            return None
        new, new_axis = rng.choice(options)
        out = self.value()
        self.emit("%s = tosa.reshape %s, %s : (%s, !tosa.shape<%d>) -> %s"
                  % (out, val, self.const_shape(new), tensor(shape), len(new), tensor(new)))
        return out, new, spec.with_axis(new_axis)

    def slice(self, val, shape, spec):
        axes = [a for a in range(len(shape)) if shape[a] > 1]
        if not axes:
            return None
        axis = self.rng.choice(axes)
        size = list(shape)
        size[axis] = self.rng.randint(1, shape[axis] - 1)
        start = [0] * len(shape)
        start[axis] = self.rng.randint(0, shape[axis] - size[axis])
        out = self.value()
        s0, s1 = self.const_shape(start), self.const_shape(size)
        self.emit("%s = tosa.slice %s, %s, %s : (%s, !tosa.shape<%d>, !tosa.shape<%d>) -> %s"
                  % (out, val, s0, s1, tensor(shape), len(shape), len(shape), tensor(size)))
        if spec.axis == axis:
            return out, size, spec.with_axis(axis, range(start[axis], start[axis] + size[axis]))
        return out, size, spec

    def reverse(self, val, shape, spec):
        axis = self.rng.randrange(len(shape))
        out = self.value()
        self.emit("%s = tosa.reverse %s {axis = %d : i32} : (%s) -> %s"
                  % (out, val, axis, tensor(shape), tensor(shape)))
        if spec.axis == axis:
            return out, shape, spec.with_axis(axis, reversed(range(shape[axis])))
        return out, shape, spec

    def mirror(self, val, shape, spec):
        """A second operand for a binary step: `val` reversed along a random
        axis that is not the channel axis, so it carries `val`'s spec; None
        when every axis is the channel axis."""
        axes = [a for a in range(len(shape)) if a != spec.axis]
        if not axes:
            return None
        other = self.value()
        self.emit("%s = tosa.reverse %s {axis = %d : i32} : (%s) -> %s"
                  % (other, val, self.rng.choice(axes), tensor(shape), tensor(shape)))
        return other

    def tile(self, val, shape, spec):
        if size_of(shape) > 40:
            return None
        axis = self.rng.randrange(len(shape))
        mult = [1] * len(shape)
        mult[axis] = 2
        new = [d * m for d, m in zip(shape, mult)]
        out = self.value()
        self.emit("%s = tosa.tile %s, %s : (%s, !tosa.shape<%d>) -> %s"
                  % (out, val, self.const_shape(mult), tensor(shape), len(shape), tensor(new)))
        if spec.axis == axis:
            return out, new, spec.with_axis(axis, list(range(shape[axis])) * 2)
        return out, new, spec

    def concat(self, val, shape, spec):
        if size_of(shape) > 40:
            return None
        axis = self.rng.randrange(len(shape))
        other = self.mirror(val, shape, spec) or val
        new = list(shape)
        new[axis] *= 2
        out = self.value()
        self.emit("%s = tosa.concat %s, %s {axis = %d : i32} : (%s, %s) -> %s"
                  % (out, val, other, axis, tensor(shape), tensor(shape), tensor(new)))
        if spec.axis == axis:
            return out, new, spec.with_axis(axis, list(range(shape[axis])) * 2)
        return out, new, spec

    def pad(self, val, shape, spec):
        if size_of(shape) > 40:
            return None
        axis = self.rng.randrange(len(shape))
        pads = [0] * (2 * len(shape))
        pads[2 * axis], pads[2 * axis + 1] = self.rng.randint(0, 1), 1
        new = [d + pads[2 * i] + pads[2 * i + 1] for i, d in enumerate(shape)]
        pad_value = self.const([self.rng.choice([0.0, 0.5, -1.25])], [1])
        out = self.value()
        self.emit("%s = tosa.pad %s, %s, %s : (%s, !tosa.shape<%d>, tensor<1xf32>) -> %s"
                  % (out, val, self.const_shape(pads), pad_value, tensor(shape), 2 * len(shape), tensor(new)))
        if spec.axis == axis:
            return None
        return out, new, spec

    def max_pool2d(self, val, shape, spec):
        if len(shape) != 4 or shape[1] % 2 or shape[2] % 2 or spec.axis in (1, 2):
            return None
        new = [shape[0], shape[1] // 2, shape[2] // 2, shape[3]]
        out = self.value()
        self.emit("%s = tosa.max_pool2d %s {kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, "
                  "stride = array<i64: 2, 2>} : (%s) -> %s" % (out, val, tensor(shape), tensor(new)))
        return out, new, spec

    def reduce_max(self, val, shape, spec):
        axes = [a for a in range(len(shape)) if a != spec.axis]
        if not axes:
            return None
        axis = self.rng.choice(axes)
        new = list(shape)
        new[axis] = 1
        out = self.value()
        self.emit("%s = tosa.reduce_max %s {axis = %d : i32} : (%s) -> %s"
                  % (out, val, axis, tensor(shape), tensor(new)))
        return out, new, spec

    def clamp(self, val, shape, spec):
        lo, hi = self.rng.choice([-1.0, -0.3, 0.0]), self.rng.choice([0.4, 1.0, 2.5])
        out = self.value()
        self.emit("%s = tosa.clamp %s {min_val = %r : f32, max_val = %r : f32} : (%s) -> %s"
                  % (out, val, lo, hi, tensor(shape), tensor(shape)))
        return out, shape, spec

    def maximum(self, val, shape, spec):
        other = self.mirror(val, shape, spec)
        if other is None:
            return None
        out = self.value()
        self.emit("%s = tosa.maximum %s, %s : (%s, %s) -> %s"
                  % (out, val, other, tensor(shape), tensor(shape), tensor(shape)))
        return out, shape, spec

    def identity(self, val, shape, spec):
        return val, shape, spec

    EXACT = ["transpose", "reshape", "slice", "reverse", "tile", "concat", "pad",
             "max_pool2d", "reduce_max", "clamp", "maximum", "identity"]

    def exact_steps(self, val, shape, spec, count):
        for _ in range(count):
            for name in self.rng.sample(self.EXACT, len(self.EXACT)):
                step = getattr(self, name)(val, shape, spec)
                if step is not None:
                    val, shape, spec = step
                    val = self.qdq(val, shape, spec)
                    break
        return val, shape, spec

    # The one rounding step of an arith graph: (value, shape, spec) in float,
    # not yet quantized.
    def rounding_step(self, branches, shape):
        rng = self.rng
        (a, spec_a), (b, spec_b) = branches
        kinds = ["requant", "concat", "add", "sub", "mul", "maximum", "sigmoid", "tanh",
                 "exp", "reduce_sum"]
        if len(shape) == 4 and spec_a.axis is None:
            kinds += ["conv2d", "avg_pool2d"]
        if len(shape) == 3 and spec_a.axis is None and spec_b.axis is None:
            kinds.append("matmul")
        kind = rng.choice(kinds)
        out = self.value()
        t = tensor(shape)
        if kind == "requant":
            return a, shape, kind
        if kind == "concat":
            axis = rng.randrange(len(shape))
            new = list(shape)
            new[axis] *= 2
            self.emit("%s = tosa.concat %s, %s {axis = %d : i32} : (%s, %s) -> %s"
                      % (out, a, b, axis, t, t, tensor(new)))
            return out, new, kind
        if kind in ("add", "sub", "maximum"):
            self.emit("%s = tosa.%s %s, %s : (%s, %s) -> %s" % (out, kind, a, b, t, t, t))
            return out, shape, kind
        if kind == "mul":
            shift = self.value()
            self.emit('%s = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>' % shift)
            self.emit("%s = tosa.mul %s, %s, %s : (%s, %s, tensor<1xi8>) -> %s" % (out, a, b, shift, t, t, t))
            return out, shape, kind
        if kind in ("sigmoid", "tanh", "exp"):
            self.emit("%s = tosa.%s %s : (%s) -> %s" % (out, kind, a, t, t))
            return out, shape, kind
        if kind == "reduce_sum":
            axis = rng.randrange(len(shape))
            new = list(shape)
            new[axis] = 1
            self.emit("%s = tosa.reduce_sum %s {axis = %d : i32} : (%s) -> %s" % (out, a, axis, t, tensor(new)))
            return out, new, kind
        if kind == "avg_pool2d":
            zero = self.const([0.0], [1])
            k = [2 if shape[1] % 2 == 0 else 1, 2 if shape[2] % 2 == 0 else 1]
            new = [shape[0], shape[1] // k[0], shape[2] // k[1], shape[3]]
            self.emit("%s = tosa.avg_pool2d %s, %s, %s {acc_type = f32, kernel = array<i64: %d, %d>, "
                      "pad = array<i64: 0, 0, 0, 0>, stride = array<i64: %d, %d>} : (%s, tensor<1xf32>, "
                      "tensor<1xf32>) -> %s" % (out, a, zero, zero, k[0], k[1], k[0], k[1], t, tensor(new)))
            return out, new, kind
        if kind == "conv2d":
            ic, oc = shape[3], rng.randint(1, 4)
            w_shape = [oc, 1, 1, ic]
            w_spec = Spec("i8", [random_scale(rng) / 16 for _ in range(oc)], [0] * oc, 0)
            weights = self.const([round(rng.uniform(-2, 2), 3) for _ in range(oc * ic)], w_shape)
            w = self.qdq(weights, w_shape, w_spec)
            bias = self.const([0.0] * oc, [oc])
            zero = self.const([0.0], [1])
            new = shape[:3] + [oc]
            self.emit("%s = tosa.conv2d %s, %s, %s, %s, %s {acc_type = f32, dilation = array<i64: 1, 1>, "
                      "pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (%s, %s, tensor<%dxf32>, "
                      "tensor<1xf32>, tensor<1xf32>) -> %s"
                      % (out, a, w, bias, zero, zero, t, tensor(w_shape), oc, tensor(new)))
            return out, new, kind
        # matmul: [N, H, C] x [N, C, H] -> [N, H, H]
        n, h, c = shape
        bt = self.value()
        self.emit("%s = tosa.transpose %s {perms = array<i32: 0, 2, 1>} : (%s) -> %s"
                  % (bt, b, t, tensor([n, c, h])))
        zero = self.const([0.0], [1])
        self.emit("%s = tosa.matmul %s, %s, %s, %s : (%s, %s, tensor<1xf32>, tensor<1xf32>) -> %s"
                  % (out, a, bt, zero, zero, t, tensor([n, c, h]), tensor([n, h, h])))
        return out, [n, h, h], kind

    def build(self):
        rng = self.rng
        shape = list(self.in_shape)
        x = "%input"
        if self.kind == "movement":
            spec = random_spec(rng, shape)
            val = self.qdq(x, shape, spec)
            val, shape, spec = self.exact_steps(val, shape, spec, rng.randint(2, 6))
            note = "movement"
        else:
            # Two branches quantized from the graph input with their own
            # specs; the same exact steps on both keep their shapes equal.
            spec_a = random_spec(rng, shape, 0.2, "i8")
            spec_b = random_spec(rng, shape, 0.2, "i8") if rng.random() < 0.8 else spec_a
            a, b = self.qdq(x, shape, spec_a), self.qdq(x, shape, spec_b)
            for _ in range(rng.randint(0, 2)):
                perms = list(range(len(shape)))
                rng.shuffle(perms)
                a, new, spec_a = self.transpose(a, shape, spec_a, perms)
                b, _, spec_b = self.transpose(b, shape, spec_b, perms)
                shape = new
                a, b = self.qdq(a, shape, spec_a), self.qdq(b, shape, spec_b)
            val, shape, note = self.rounding_step([(a, spec_a), (b, spec_b)], shape)
            spec = random_spec(rng, shape, 0.0, "i8")
            val = self.qdq(val, shape, spec)
            # After the rounding step only 1-Lipschitz steps that keep the
            # spec: an exact requantization never moves a 1-LSB difference.
            for _ in range(rng.randint(0, 3)):
                for name in rng.sample(["transpose", "reshape", "slice", "reverse", "max_pool2d",
                                        "reduce_max", "clamp"], 7):
                    step = getattr(self, name)(val, shape, spec)
                    if step is not None:
                        val, shape, spec = step
                        val = self.qdq(val, shape, spec)
                        break
        q = self.qcast(val, shape, spec)
        stored_type = tensor(shape, spec.storage)
        stored = self.value()
        self.emit("%s = quant.scast %s : %s to %s" % (stored, q, tensor(shape, spec.text()), stored_type))
        n = size_of(shape)
        flat = self.value()
        self.emit("%s = tosa.reshape %s, %s : (%s, !tosa.shape<1>) -> tensor<%dx%s>"
                  % (flat, stored, self.const_shape([n]), stored_type, n, spec.storage))
        text = "// %s\nfunc.func @g%d(%%input: %s) -> tensor<%dx%s> {\n%s\n  return %s : tensor<%dx%s>\n}\n" % (
            note, self.index, tensor(self.in_shape), n, spec.storage, "\n".join(self.lines), flat, n, spec.storage)
        return text, n, spec.storage


def main():
    seed, count, kind = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    rng = random.Random(seed)
    print("func.func private @printMemrefI32(tensor<*xi32>)\n")
    calls = []
    for index in range(count):
        graph = Graph(rng, index, kind)
        text, n, storage = graph.build()
        print(text)
        values = ", ".join("%.3f" % rng.uniform(-4, 4) for _ in range(size_of(graph.in_shape)))
        calls.append((index, graph.in_shape, n, storage, values))
    print("func.func @main() {")
    for index, shape, n, storage, values in calls:
        flat = size_of(shape)
        print('  %%c%d = "tosa.const"() {values = dense<[%s]> : tensor<%dxf32>} : () -> tensor<%dxf32>'
              % (index, values, flat, flat))
        print("  %%s%d = tosa.const_shape {values = dense<[%s]> : tensor<%dxindex>} : () -> !tosa.shape<%d>"
              % (index, ", ".join(map(str, shape)), len(shape), len(shape)))
        print("  %%x%d = tosa.reshape %%c%d, %%s%d : (tensor<%dxf32>, !tosa.shape<%d>) -> %s"
              % (index, index, index, flat, len(shape), tensor(shape)))
        print("  %%r%d = call @g%d(%%x%d) : (%s) -> tensor<%dx%s>" % (index, index, index, tensor(shape), n, storage))
        print("  %%w%d = tosa.cast %%r%d : (tensor<%dx%s>) -> tensor<%dxi32>" % (index, index, n, storage, n))
        print("  %%u%d = tensor.cast %%w%d : tensor<%dxi32> to tensor<*xi32>" % (index, index, n))
        print("  call @printMemrefI32(%%u%d) : (tensor<*xi32>) -> ()" % index)
    print("  return\n}")


if __name__ == "__main__":
    main()
