#!/usr/bin/env python3
"""Writes random QDQ graphs of data-movement and order-preserving TOSA ops.

Each graph quantizes a constant input, runs a random chain of transpose,
reshape, slice, reverse, tile, pad, concat, max_pool2d, reduce_max, clamp,
maximum and float arithmetic between quant.qcast/quant.dcast pairs with random
per-tensor or per-axis parameters, and returns its quantized output as stored integers. @main prints
every output, so two pipelines can be compared bit for bit.

Usage: random_qdq_graphs.py SEED COUNT [--shared]

With --shared, every quantization in a graph uses one set of per-tensor
parameters and no float arithmetic is drawn: the graphs then hold only data
movement and order-preserving ops, which lower to integers bit-exactly.
"""
import random
import sys


class Graph:
    def __init__(self, rng, index, shared=False):
        self.shared = "!quant.uniform<i8:f32, %r:%d>" % self.scale_zp_of(rng) if shared else None
        self.rng = rng
        self.index = index
        self.lines = []
        self.next_id = 0

    def value(self):
        self.next_id += 1
        return "%%v%d" % self.next_id

    def emit(self, text):
        self.lines.append("  " + text)

    def scale_zp(self):
        return self.scale_zp_of(self.rng)

    @staticmethod
    def scale_zp_of(rng):
        return (rng.choice([1, 3, 5, 7, 9]) * 2.0 ** rng.randint(-7, -3),
                rng.randint(-20, 20))

    def params(self, shape=None):
        """Per-tensor parameters, or per-axis on a random axis of `shape`."""
        if self.shared:
            return self.shared
        if shape is not None and self.rng.random() < 0.35:
            axis = self.rng.randrange(len(shape))
            pairs = [self.scale_zp() for _ in range(shape[axis])]
            return "!quant.uniform<i8:f32:%d, {%s}>" % (
                axis, ", ".join("%r:%d" % p for p in pairs))
        return "!quant.uniform<i8:f32, %r:%d>" % self.scale_zp()

    def qdq(self, val, shape):
        qtype = self.params(shape)
        t = tensor(shape)
        q = self.value()
        self.emit("%s = quant.qcast %s : %s to %s" % (q, val, t, tensor(shape, qtype)))
        d = self.value()
        self.emit("%s = quant.dcast %s : %s to %s" % (d, q, tensor(shape, qtype), t))
        return d

    def const_shape(self, dims):
        s = self.value()
        self.emit("%s = tosa.const_shape {values = dense<[%s]> : tensor<%dxindex>} "
                  ": () -> !tosa.shape<%d>" % (s, ", ".join(map(str, dims)), len(dims), len(dims)))
        return s

    def step(self, val, shape):
        """One random op on `val`; returns the new value and shape."""
        rng = self.rng
        rank = len(shape)
        choices = ["transpose", "reshape", "slice", "reverse", "tile", "pad",
                   "concat", "reduce_max", "clamp", "maximum", "qdq"]
        if not self.shared:
            choices.append("exp")
        if rank == 4 and shape[1] % 2 == 0 and shape[2] % 2 == 0:
            choices.append("max_pool2d")
        op = rng.choice(choices)
        out = self.value()
        t = tensor(shape)
        if op == "transpose":
            perms = list(range(rank))
            rng.shuffle(perms)
            new = [shape[p] for p in perms]
            self.emit("%s = tosa.transpose %s {perms = array<i32: %s>} : (%s) -> %s"
                      % (out, val, ", ".join(map(str, perms)), t, tensor(new)))
            return out, new
        if op == "reshape":
            new = reshape_target(rng, shape)
            s = self.const_shape(new)
            self.emit("%s = tosa.reshape %s, %s : (%s, !tosa.shape<%d>) -> %s"
                      % (out, val, s, t, len(new), tensor(new)))
            return out, new
        if op == "slice" and max(shape) > 1:
            axis = max(range(rank), key=lambda a: shape[a])
            size = list(shape)
            size[axis] = rng.randint(1, shape[axis] - 1)
            start = [0] * rank
            start[axis] = rng.randint(0, shape[axis] - size[axis])
            s0, s1 = self.const_shape(start), self.const_shape(size)
            self.emit("%s = tosa.slice %s, %s, %s : (%s, !tosa.shape<%d>, !tosa.shape<%d>) -> %s"
                      % (out, val, s0, s1, t, rank, rank, tensor(size)))
            return out, size
        if op == "reverse":
            self.emit("%s = tosa.reverse %s {axis = %d : i32} : (%s) -> %s"
                      % (out, val, rng.randrange(rank), t, t))
            return out, shape
        if op == "tile" and size_of(shape) <= 48:
            mult = [1] * rank
            mult[rng.randrange(rank)] = 2
            new = [d * m for d, m in zip(shape, mult)]
            s = self.const_shape(mult)
            self.emit("%s = tosa.tile %s, %s : (%s, !tosa.shape<%d>) -> %s"
                      % (out, val, s, t, rank, tensor(new)))
            return out, new
        if op == "pad" and size_of(shape) <= 48:
            pads = [0] * (2 * rank)
            axis = rng.randrange(rank)
            pads[2 * axis], pads[2 * axis + 1] = rng.randint(0, 1), 1
            new = [d + pads[2 * i] + pads[2 * i + 1] for i, d in enumerate(shape)]
            s = self.const_shape(pads)
            pv = self.value()
            self.emit('%s = "tosa.const"() {values = dense<%r> : tensor<1xf32>} : () -> tensor<1xf32>'
                      % (pv, rng.choice([0.0, 0.5, -1.25])))
            self.emit("%s = tosa.pad %s, %s, %s : (%s, !tosa.shape<%d>, tensor<1xf32>) -> %s"
                      % (out, val, s, pv, t, 2 * rank, tensor(new)))
            return out, new
        if op == "concat" and size_of(shape) <= 48:
            other = self.qdq(val, shape) if rng.random() < 0.7 else val
            axis = rng.randrange(rank)
            new = list(shape)
            new[axis] *= 2
            self.emit("%s = tosa.concat %s, %s {axis = %d : i32} : (%s, %s) -> %s"
                      % (out, val, other, axis, t, t, tensor(new)))
            return out, new
        if op == "reduce_max":
            axis = rng.randrange(rank)
            new = list(shape)
            new[axis] = 1
            self.emit("%s = tosa.reduce_max %s {axis = %d : i32} : (%s) -> %s"
                      % (out, val, axis, t, tensor(new)))
            return out, new
        if op == "clamp":
            lo = rng.choice([-1.0, -0.3, 0.0])
            hi = rng.choice([0.4, 1.0, 2.5])
            self.emit("%s = tosa.clamp %s {min_val = %r : f32, max_val = %r : f32} : (%s) -> %s"
                      % (out, val, lo, hi, t, t))
            return out, shape
        if op == "maximum":
            other = self.qdq(val, shape)
            rev = self.value()
            self.emit("%s = tosa.reverse %s {axis = 0 : i32} : (%s) -> %s" % (rev, other, t, t))
            self.emit("%s = tosa.maximum %s, %s : (%s, %s) -> %s" % (out, val, rev, t, t, t))
            return out, shape
        if op == "max_pool2d":
            new = [shape[0], shape[1] // 2, shape[2] // 2, shape[3]]
            self.emit("%s = tosa.max_pool2d %s {kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, "
                      "stride = array<i64: 2, 2>} : (%s) -> %s" % (out, val, t, tensor(new)))
            return out, new
        if op == "exp":
            self.emit("%s = tosa.exp %s : (%s) -> %s" % (out, val, t, t))
            return out, shape
        self.next_id -= 1
        return self.qdq(val, shape), shape

    def build(self):
        rng = self.rng
        shape = rng.choice([[2, 3, 4], [1, 4, 4, 2], [3, 4], [2, 2, 2, 3]])
        values = ", ".join("%.3f" % rng.uniform(-3, 3) for _ in range(size_of(shape)))
        x = self.value()
        self.emit('%s = "tosa.const"() {values = dense<[%s]> : tensor<%dxf32>} : () -> tensor<%dxf32>'
                  % (x, values, size_of(shape), size_of(shape)))
        s = self.const_shape(shape)
        val = self.value()
        self.emit("%s = tosa.reshape %s, %s : (tensor<%dxf32>, !tosa.shape<%d>) -> %s"
                  % (val, x, s, size_of(shape), len(shape), tensor(shape)))
        val = self.qdq(val, shape)
        for _ in range(rng.randint(2, 6)):
            val, shape = self.step(val, shape)
        qtype = self.params(shape)
        q = self.value()
        self.emit("%s = quant.qcast %s : %s to %s" % (q, val, tensor(shape), tensor(shape, qtype)))
        stored = self.value()
        self.emit("%s = quant.scast %s : %s to %s" % (stored, q, tensor(shape, qtype), tensor(shape, "i8")))
        flat_shape = self.const_shape([size_of(shape)])
        flat = self.value()
        n = size_of(shape)
        self.emit("%s = tosa.reshape %s, %s : (%s, !tosa.shape<1>) -> tensor<%dxi8>"
                  % (flat, stored, flat_shape, tensor(shape, "i8"), n))
        return "func.func @graph%d() -> tensor<%dxi8> {\n%s\n  return %s : tensor<%dxi8>\n}\n" % (
            self.index, n, "\n".join(self.lines), flat, n), n


def tensor(shape, element="f32"):
    return "tensor<%sx%s>" % ("x".join(map(str, shape)), element)


def size_of(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def reshape_target(rng, shape):
    """Merge two neighbours or split a dimension in two."""
    if len(shape) > 2 and rng.random() < 0.5:
        i = rng.randrange(len(shape) - 1)
        return shape[:i] + [shape[i] * shape[i + 1]] + shape[i + 2:]
    for i in rng.sample(range(len(shape)), len(shape)):
        for f in (2, 3):
            if shape[i] % f == 0 and shape[i] > f and len(shape) < 5:
                return shape[:i] + [f, shape[i] // f] + shape[i + 1:]
    return list(reversed(shape))


def main():
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    shared = "--shared" in sys.argv[3:]
    rng = random.Random(seed)
    print("func.func private @printMemrefI32(tensor<*xi32>)\n")
    sizes = []
    for index in range(count):
        text, n = Graph(rng, index, shared).build()
        sizes.append(n)
        print(text)
    print("func.func @main() {")
    for index, n in enumerate(sizes):
        print("  %%r%d = call @graph%d() : () -> tensor<%dxi8>" % (index, index, n))
        print("  %%w%d = tosa.cast %%r%d : (tensor<%dxi8>) -> tensor<%dxi32>" % (index, index, n, n))
        print("  %%u%d = tensor.cast %%w%d : tensor<%dxi32> to tensor<*xi32>" % (index, index, n))
        print("  call @printMemrefI32(%%u%d) : (tensor<*xi32>) -> ()" % index)
    print("  return\n}")


if __name__ == "__main__":
    main()
