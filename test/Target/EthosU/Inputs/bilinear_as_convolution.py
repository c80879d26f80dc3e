"""qtosa-ethosu-legalize's convolution form of a 2x bilinear resize against
the resize, bit for bit, on qtosa's engine and the TOSA reference model.

Usage (tools environment, qtosa importable): bilinear_as_convolution.py

Three graphs, each one function holding every case (one reference-model
run per graph and form):
  * accumulators: stored i8 resized into i32, returned as they are: the
    half-pixel resize by 2 (scale 4/2, offset -1, border 1) in the form
    other tools write and in the one qtosa-lower-to-tosa-int writes (the
    first row and column repeated, offset 3), TF1's legacy one (scale 2/1,
    offset 0, border 1) and align_corners from n to 2n - 1 (scale 2/1,
    offset 0, border 0), at sizes down to 1x1; the same by 4 and 8, and
    4 x 2;
  * accumulators16: the same from i16 into i48, each through an exact
    rescale to i32 (Vela reads an i48 accumulator only through a rescale);
  * lowered: QDQ resizes lowered by qtosa-lower-to-tosa-int (nonzero zero
    points, a rescale to other parameters), i8 out.
Each is rewritten by qtosa-ethosu-legalize{target=ethos-u55-128}, which
must leave no bilinear resize. The accumulators are also computed here from
TOSA 1.0's definition of the integer bilinear resize. Inputs span the whole
storage range (random, all minimum, all maximum, alternating extremes).

Prints a line per graph and a summary; a difference prints DIFFERS with
where, and exits 1.
"""
import sys

import numpy as np

import qtosa
import qtosa.reference

CHANNELS = 3
HALF = ((4, 2, 4, 2), (-1, -1), (1, 1))
LEGACY = ((2, 1, 2, 1), (0, 0), (1, 1))
ALIGNED = ((2, 1, 2, 1), (0, 0), (0, 0))
# (name, parameters, with the lowering's repeated first row and column,
# input sizes): every 2x form at five sizes, the 4x and 8x ones at three.
CASES = [(name, params, repeated, size)
         for name, params, repeated in (
             ("half-pixel", HALF, False),
             ("half-pixel repeated", HALF, True),
             ("legacy", LEGACY, False),
             ("align-corners", ALIGNED, False))
         for size in ((1, 1), (1, 4), (3, 1), (2, 2), (5, 3))] + [
    (name, params, repeated, size)
    for name, params, repeated in (
        ("half-pixel 4x repeated", ((8, 2, 8, 2), (-3, -3), (3, 3)), True),
        ("half-pixel 8x", ((16, 2, 16, 2), (-7, -7), (7, 7)), False),
        ("half-pixel 4x2 repeated", ((8, 2, 4, 2), (-3, -1), (3, 1)), True),
        ("legacy 4x", ((4, 1, 4, 1), (0, 0), (3, 3)), False),
        ("align-corners 4x", ((4, 1, 4, 1), (0, 0), (0, 0)), False))
    for size in ((1, 1), (2, 3), (3, 2))]


def shape_text(shape, element):
    return "tensor<%sx%s>" % ("x".join(str(d) for d in shape), element)


def const_shape(name, values):
    return ("    %%%s = tosa.const_shape {values = dense<[%s]> : "
            "tensor<%dxindex>} : () -> !tosa.shape<%d>\n"
            % (name, ", ".join(str(v) for v in values), len(values),
               len(values)))


class Graph:
    """One function: an argument and a result per case."""

    def __init__(self):
        self.args, self.results, self.body = [], [], []
        self.count = 0

    def resize(self, x, in_shape, element, acc, params, repeated):
        """Appends a bilinear resize of argument `x`; with `repeated`, in
        the form qtosa-lower-to-tosa-int writes for a negative offset."""
        scale, offset, border = params
        k = self.count
        self.count += 1
        n, h, w, c = in_shape
        out_h = ((h - 1) * scale[0] - offset[0] + border[0]) // scale[1] + 1
        out_w = ((w - 1) * scale[2] - offset[1] + border[1]) // scale[3] + 1
        out_shape = (n, out_h, out_w, c)
        text = ""
        source, source_shape = x, list(in_shape)
        if repeated:
            offset = (offset[0] + scale[0], offset[1] + scale[2])
            for dim in (1, 2):
                size = list(source_shape)
                size[dim] = 1
                text += const_shape("start%d_%d" % (k, dim), [0, 0, 0, 0])
                text += const_shape("size%d_%d" % (k, dim), size)
                text += ("    %%edge%d_%d = tosa.slice %s, %%start%d_%d, "
                         "%%size%d_%d : (%s, !tosa.shape<4>, !tosa.shape<4>)"
                         " -> %s\n" % (k, dim, source, k, dim, k, dim,
                                       shape_text(source_shape, element),
                                       shape_text(size, element)))
                padded = list(source_shape)
                padded[dim] += 1
                text += ("    %%pad%d_%d = tosa.concat %%edge%d_%d, %s "
                         "{axis = %d : i32} : (%s, %s) -> %s\n"
                         % (k, dim, k, dim, source, dim,
                            shape_text(size, element),
                            shape_text(source_shape, element),
                            shape_text(padded, element)))
                source, source_shape = "%%pad%d_%d" % (k, dim), padded
        text += const_shape("scale%d" % k, scale)
        text += const_shape("offset%d" % k, offset)
        text += const_shape("border%d" % k, border)
        text += ("    %%r%d = tosa.resize %s, %%scale%d, %%offset%d, "
                 "%%border%d {mode = BILINEAR} : (%s, !tosa.shape<4>, "
                 "!tosa.shape<2>, !tosa.shape<2>) -> %s\n"
                 % (k, source, k, k, k, shape_text(source_shape, element),
                    shape_text(out_shape, acc)))
        result, result_type = "%%r%d" % k, shape_text(out_shape, acc)
        if acc == "i48":
            # Vela reads an i48 accumulator only through a rescale
            # (U55.DEPTHWISE_CONV2D.I48_RESCALE): here an exact one to i32,
            # 2^14 * 2^-14.
            result_type = shape_text(out_shape, "i32")
            text += (
                '    %%m%d = "tosa.const"() <{values = dense<16384> : '
                'tensor<1xi16>}> : () -> tensor<1xi16>\n'
                '    %%s%d = "tosa.const"() <{values = dense<14> : '
                'tensor<1xi8>}> : () -> tensor<1xi8>\n'
                '    %%zi%d = "tosa.const"() <{values = dense<0> : '
                'tensor<1xi48>}> : () -> tensor<1xi48>\n'
                '    %%zo%d = "tosa.const"() <{values = dense<0> : '
                'tensor<1xi32>}> : () -> tensor<1xi32>\n'
                "    %%w%d = tosa.rescale %%r%d, %%m%d, %%s%d, %%zi%d, "
                "%%zo%d {input_unsigned = false, output_unsigned = false, "
                "per_channel = false, rounding_mode = SINGLE_ROUND, "
                "scale32 = false} : (%s, tensor<1xi16>, tensor<1xi8>, "
                "tensor<1xi48>, tensor<1xi32>) -> %s\n"
                % ((k,) * 10 + (result_type.replace("i32", "i48"),
                   result_type)))
            result = "%%w%d" % k
        self.body.append(text)
        self.results.append((result, result_type))

    def text(self):
        args = ", ".join("%s: %s" % a for a in self.args)
        types = ", ".join(t for _, t in self.results)
        return ("func.func @main(%s) -> (%s) {\n%s    return %s : %s\n}\n"
                % (args, types, "".join(self.body),
                   ", ".join(v for v, _ in self.results), types))


def tosa_bilinear(x, params):
    """The integer BILINEAR resize of TOSA 1.0, in int64."""
    (ny, dy, nx, dx), (oy, ox), (by, bx) = params
    _, ih, iw, _ = x.shape
    oh = ((ih - 1) * ny - oy + by) // dy + 1
    ow = ((iw - 1) * nx - ox + bx) // dx + 1

    def taps(out, d, off, n, size):
        pos = np.arange(out) * d + off
        index = np.floor_divide(pos, n)
        frac = pos - index * n
        return (np.clip(index, 0, size - 1), np.clip(index + 1, 0, size - 1),
                n - frac, frac)

    y0, y1, wy0, wy1 = taps(oh, dy, oy, ny, ih)
    x0, x1, wx0, wx1 = taps(ow, dx, ox, nx, iw)
    v = x.astype(np.int64)
    rows = (v[:, y0] * wy0[None, :, None, None]
            + v[:, y1] * wy1[None, :, None, None])
    return (rows[:, :, x0] * wx0[None, None, :, None]
            + rows[:, :, x1] * wx1[None, None, :, None])


def inputs_for(shapes, dtype, seed):
    info = np.iinfo(dtype)
    rng = np.random.default_rng(seed)
    patterns = []
    for pattern in ("random", "min", "max", "alternating"):
        arrays = []
        for shape in shapes:
            if pattern == "random":
                a = rng.integers(info.min, info.max, shape, endpoint=True)
            elif pattern == "min":
                a = np.full(shape, info.min)
            elif pattern == "max":
                a = np.full(shape, info.max)
            else:
                a = np.where(np.indices(shape).sum(axis=0) % 2 == 0,
                             info.min, info.max)
            arrays.append(a.astype(dtype))
        patterns.append((pattern, arrays))
    return patterns


def rewrite(module):
    rewritten = module.clone()
    rewritten.run("func.func(qtosa-ethosu-legalize{target=ethos-u55-128})")
    if "mode = BILINEAR" in str(rewritten):
        sys.exit("qtosa-ethosu-legalize left a bilinear resize:\n%s"
                 % rewritten)
    return rewritten


def accumulator_graph(element, acc, dtype):
    graph, cases = Graph(), []
    for name, params, repeated, (h, w) in CASES:
        shape = (1, h, w, CHANNELS)
        arg = "%%x%d" % len(graph.args)
        graph.args.append((arg, shape_text(shape, element)))
        graph.resize(arg, shape, element, acc, params, repeated)
        cases.append(("%s 1x%dx%dx%d" % (name, h, w, CHANNELS), shape,
                      params))
    return graph.text(), cases


LOWERED = """
func.func @main(%x0: tensor<1x3x4x2xi8>, %x1: tensor<1x1x2x2xi8>, %x2: tensor<1x2x3x2xi8>, %x3: tensor<1x3x4x2xi8>)
    -> (tensor<1x6x8x2xi8>, tensor<1x2x4x2xi8>, tensor<1x4x6x2xi8>, tensor<1x5x7x2xi8>) {
  %scale = tosa.const_shape {values = dense<[4, 2, 4, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-1, -1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %one = tosa.const_shape {values = dense<[1, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %legacy = tosa.const_shape {values = dense<[2, 1, 2, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %zero = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %d0 = qtosa.dequantize %x0 as !quant.uniform<i8:f32, 0.05:4> : tensor<1x3x4x2xi8> -> tensor<1x3x4x2xf32>
  %y0 = tosa.resize %d0, %scale, %offset, %one {mode = BILINEAR} : (tensor<1x3x4x2xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x6x8x2xf32>
  %q0 = qtosa.quantize %y0 as !quant.uniform<i8:f32, 0.1:7> : tensor<1x6x8x2xf32> -> tensor<1x6x8x2xi8>
  %d1 = qtosa.dequantize %x1 as !quant.uniform<i8:f32, 0.02:-3> : tensor<1x1x2x2xi8> -> tensor<1x1x2x2xf32>
  %y1 = tosa.resize %d1, %scale, %offset, %one {mode = BILINEAR} : (tensor<1x1x2x2xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x2x4x2xf32>
  %q1 = qtosa.quantize %y1 as !quant.uniform<i8:f32, 0.02:-3> : tensor<1x2x4x2xf32> -> tensor<1x2x4x2xi8>
  %d2 = qtosa.dequantize %x2 as !quant.uniform<i8:f32, 0.05:-3> : tensor<1x2x3x2xi8> -> tensor<1x2x3x2xf32>
  %y2 = tosa.resize %d2, %legacy, %zero, %one {mode = BILINEAR} : (tensor<1x2x3x2xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x6x2xf32>
  %q2 = qtosa.quantize %y2 as !quant.uniform<i8:f32, 0.05:-3> : tensor<1x4x6x2xf32> -> tensor<1x4x6x2xi8>
  %d3 = qtosa.dequantize %x3 as !quant.uniform<i8:f32, 0.05:-3> : tensor<1x3x4x2xi8> -> tensor<1x3x4x2xf32>
  %y3 = tosa.resize %d3, %legacy, %zero, %zero {mode = BILINEAR} : (tensor<1x3x4x2xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x5x7x2xf32>
  %q3 = qtosa.quantize %y3 as !quant.uniform<i8:f32, 0.05:-3> : tensor<1x5x7x2xf32> -> tensor<1x5x7x2xi8>
  return %q0, %q1, %q2, %q3 : tensor<1x6x8x2xi8>, tensor<1x2x4x2xi8>, tensor<1x4x6x2xi8>, tensor<1x5x7x2xi8>
}
"""


def compare(label, got, want, names):
    """Prints DIFFERS for each output that is not `want`'s, bit for bit."""
    same = True
    for g, w, name in zip(got, want, names):
        if g.shape != w.shape or not np.array_equal(g.astype(np.int64),
                                                    w.astype(np.int64)):
            print("DIFFERS %s: %s" % (label, name))
            same = False
    return same


def main():
    ok = True
    compared = 0

    # i8 into i32: numpy, the engine (the rewritten form; the original where
    # MLIR's lowering runs it right, i.e. offset >= 0) and the reference
    # model (both forms).
    text, cases = accumulator_graph("i8", "i32", np.int8)
    original = qtosa.parse(text, "accumulators")
    rewritten = rewrite(original)
    original_tosa = qtosa.export_tosa_flatbuffer(original)
    rewritten_tosa = qtosa.export_tosa_flatbuffer(rewritten)
    names = [c[0] for c in cases]
    for pattern, arrays in inputs_for([c[1] for c in cases], np.int8, 1):
        want = [tosa_bilinear(a, c[2]) for a, c in zip(arrays, cases)]
        engine_original = qtosa.execute(original, arrays)
        engine_rewritten = qtosa.execute(rewritten, arrays)
        reference_original = qtosa.reference.run(original_tosa, arrays)
        reference_rewritten = qtosa.reference.run(rewritten_tosa, arrays)
        offset_ok = [i for i, c in enumerate(cases)
                     if min(c[2][1]) >= 0 or "repeated" in c[0]]
        label = "i8 " + pattern
        ok &= compare(label + " engine rewritten", engine_rewritten, want,
                      names)
        ok &= compare(label + " engine original",
                      [engine_original[i] for i in offset_ok],
                      [want[i] for i in offset_ok],
                      [names[i] for i in offset_ok])
        ok &= compare(label + " reference original", reference_original,
                      want, names)
        ok &= compare(label + " reference rewritten", reference_rewritten,
                      want, names)
        compared += len(cases)
    print("accumulators i8 -> i32: %d cases x 4 inputs" % len(cases))

    # i16 into i48 (then i32): numpy, the engine and the reference model.
    text, cases = accumulator_graph("i16", "i48", np.int16)
    original = qtosa.parse(text, "accumulators16")
    rewritten = rewrite(original)
    original_tosa = qtosa.export_tosa_flatbuffer(original)
    rewritten_tosa = qtosa.export_tosa_flatbuffer(rewritten)
    names = [c[0] for c in cases]
    for pattern, arrays in inputs_for([c[1] for c in cases], np.int16, 2):
        want = [tosa_bilinear(a, c[2]) for a, c in zip(arrays, cases)]
        label = "i16 " + pattern
        ok &= compare(label + " engine rewritten",
                      qtosa.execute(rewritten, arrays), want, names)
        ok &= compare(label + " reference original",
                      qtosa.reference.run(original_tosa, arrays), want, names)
        ok &= compare(label + " reference rewritten",
                      qtosa.reference.run(rewritten_tosa, arrays), want,
                      names)
        compared += len(cases)
    print("accumulators i16 -> i48: %d cases x 4 inputs" % len(cases))

    # QDQ lowered by qtosa-lower-to-tosa-int, with its rescale.
    original = qtosa.parse(LOWERED, "lowered")
    original.run("func.func(qtosa-lower-to-tosa-int)")
    rewritten = rewrite(original)
    original_tosa = qtosa.export_tosa_flatbuffer(original)
    rewritten_tosa = qtosa.export_tosa_flatbuffer(rewritten)
    shapes = [(1, 3, 4, 2), (1, 1, 2, 2), (1, 2, 3, 2), (1, 3, 4, 2)]
    names = ["half-pixel 1x3x4x2", "half-pixel 1x1x2x2", "legacy 1x2x3x2",
             "align-corners 1x3x4x2"]
    for pattern, arrays in inputs_for(shapes, np.int8, 3):
        want = qtosa.reference.run(original_tosa, arrays)
        label = "lowered " + pattern
        ok &= compare(label + " engine original",
                      qtosa.execute(original, arrays), want, names)
        ok &= compare(label + " engine rewritten",
                      qtosa.execute(rewritten, arrays), want, names)
        ok &= compare(label + " reference rewritten",
                      qtosa.reference.run(rewritten_tosa, arrays), want,
                      names)
        compared += len(shapes)
    print("lowered i8 -> i8: %d cases x 4 inputs" % len(shapes))
    print("SUMMARY compared %d outputs: %s" % (compared,
                                             "all equal" if ok else "DIFFER"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
