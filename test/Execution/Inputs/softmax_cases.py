#!/usr/bin/env python3
"""Writes quantized softmax graphs, as the TFLite importer writes SOFTMAX,
and a main that runs each on random stored inputs.

Usage: softmax_cases.py [--tflite-scale]

Each graph dequantizes its stored input, computes exp((x - max) * beta) /
sum over the last axis in float TOSA (reduce_max, sub, mul, exp,
reduce_sum, reciprocal, mul) and quantizes the result. @main feeds each
graph rows of random stored values (fixed seed): half over the whole
storage range, half within a few steps of one another, so that both
peaked and flat rows occur, and prints the outputs.
"""
import random
import sys

# name, rows, row length, beta, input parameters, output parameters
CASES = [
    # TFLite's int8 softmax: output scale 1/256, zero point -128.
    ("int8_micro_speech", 256, 4, 1.0, "i8:f32, 0.091731920838356018:14", "i8:f32, 3.906250e-03:-128"),
    ("int8_classes10", 256, 10, 1.0, "i8:f32, 0.05:-20", "i8:f32, 3.906250e-03:-128"),
    ("int8_fine_scale", 128, 37, 1.0, "i8:f32, 0.0078125:0", "i8:f32, 3.906250e-03:-128"),
    ("int8_beta", 128, 10, 0.5, "i8:f32, 0.1:3", "i8:f32, 3.906250e-03:-128"),
    ("int8_coarse_scale", 128, 10, 1.0, "i8:f32, 1.5:0", "i8:f32, 3.906250e-03:-128"),
    # TFLite's int8 softmax with int16 output: 1/65536, zero point -32768.
    ("int8_to_int16", 128, 12, 1.0, "i8:f32, 0.06:-3", "i16:f32, 1.52587890625e-05:-32768"),
    # More than 511 values a row, and another output scale: the exact-exp
    # tables and a 2^-15 unit.
    ("int8_long_row", 8, 1001, 1.0, "i8:f32, 0.02:-5", "i8:f32, 3.906250e-03:-128"),
    ("int8_other_output", 128, 10, 1.0, "i8:f32, 0.05:0", "i8:f32, 0.0045:-100"),
    # Rows of two: one table of a - b (PairTable), 16-bit (logits close
    # together), 8-bit (far apart), and from the exact-exp plan.
    ("int8_pair_close", 256, 2, 1.0, "i8:f32, 0.0066:-14", "i8:f32, 3.906250e-03:-128"),
    ("int8_pair_far", 256, 2, 1.0, "i8:f32, 0.1:7", "i8:f32, 3.906250e-03:-128"),
    ("int8_pair_other_output", 256, 2, 1.0, "i8:f32, 0.03:0", "i8:f32, 0.0045:-100"),
    # TFLite's int16 softmax: output scale 1/32768, zero point 0.
    ("int16_classes10", 256, 10, 1.0, "i16:f32, 3.0517578125e-04", "i16:f32, 3.0517578125e-05"),
    ("int16_wide_range", 256, 16, 1.0, "i16:f32, 1.0e-03", "i16:f32, 3.0517578125e-05"),
    ("int16_beta", 128, 64, 2.0, "i16:f32, 1.2e-04", "i16:f32, 3.0517578125e-05"),
    ("int16_long_row", 4, 1000, 1.0, "i16:f32, 5.0e-04", "i16:f32, 3.0517578125e-05"),
]

# With --tflite-scale: tflm_keyword_scrambled_8bit's output scale 1/65535,
# which TFLite (and the lowering) read as 1/65536: up to 2 LSB from the QDQ
# graph, which means 1/65535.
TFLITE_SCALE_CASES = [
    ("int8_to_int16_65535", 128, 2, 1.0, "i8:f32, 0.0625:5", "i16:f32, 1.5259021893143654E-5:-32768"),
    ("int8_to_int16_65535_classes12", 128, 12, 1.0, "i8:f32, 0.05:-10", "i16:f32, 1.5259021893143654E-5:-32768"),
]


def storage(params):
    return params.split(":")[0].split("<")[0]


def graph(name, rows, length, beta, in_params, out_params):
    st, so = storage(in_params), storage(out_params)
    t = "tensor<%dx%dx%%s>" % (rows, length)
    r = "tensor<%dx1x%%s>" % rows
    qin = "!quant.uniform<%s>" % in_params
    qout = "!quant.uniform<%s>" % out_params
    f = t % "f32"
    lines = ["func.func @%s(%%x: %s) -> %s {" % (name, t % st, t % so),
             "  %%q = quant.scast %%x : %s to %s" % (t % st, t % qin),
             "  %%d = quant.dcast %%q : %s to %s" % (t % qin, f),
             "  %zero = \"tosa.const\"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>",
             "  %%m = tosa.reduce_max %%d {axis = 1 : i32} : (%s) -> %s" % (f, r % "f32"),
             "  %%s = tosa.sub %%d, %%m : (%s, %s) -> %s" % (f, r % "f32", f)]
    arg = "%s"
    if beta != 1.0:
        lines.append("  %%beta = \"tosa.const\"() {values = dense<%r> : tensor<1x1xf32>} : () -> tensor<1x1xf32>" % beta)
        lines.append("  %%sb = tosa.mul %%s, %%beta, %%zero : (%s, tensor<1x1xf32>, tensor<1xi8>) -> %s" % (f, f))
        arg = "%sb"
    lines += ["  %%e = tosa.exp %s : (%s) -> %s" % (arg, f, f),
              "  %%sum = tosa.reduce_sum %%e {axis = 1 : i32} : (%s) -> %s" % (f, r % "f32"),
              "  %%inv = tosa.reciprocal %%sum : (%s) -> %s" % (r % "f32", r % "f32"),
              "  %%y = tosa.mul %%e, %%inv, %%zero : (%s, %s, tensor<1xi8>) -> %s" % (f, r % "f32", f),
              "  %%o = quant.qcast %%y : %s to %s" % (f, t % qout),
              "  %%os = quant.scast %%o : %s to %s" % (t % qout, t % so),
              "  return %%os : %s" % (t % so),
              "}"]
    return "\n".join(lines)


def inputs(rng, rows, length, bits):
    lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    spread = max(4, (hi - lo) >> 6)
    values = []
    for row in range(rows):
        if row < rows // 2:
            values.append([rng.randint(lo, hi) for _ in range(length)])
        else:
            center = rng.randint(lo, hi)
            values.append([min(hi, max(lo, center + rng.randint(-spread, spread)))
                           for _ in range(length)])
    return values


def main():
    cases = TFLITE_SCALE_CASES if "--tflite-scale" in sys.argv else CASES
    rng = random.Random(21)
    print("// Generated by softmax_cases.py")
    print("func.func private @printMemrefI32(tensor<*xi32>)\n")
    for case in cases:
        print(graph(*case))
        print()
    print("func.func @main() {")
    for i, (name, rows, length, _, in_params, out_params) in enumerate(cases):
        st, so = storage(in_params), storage(out_params)
        values = inputs(rng, rows, length, int(st[1:]))
        body = ",".join("[" + ",".join(str(v) for v in row) + "]" for row in values)
        t = "tensor<%dx%dx%%s>" % (rows, length)
        print("  %%a%d = arith.constant dense<[%s]> : %s" % (i, body, t % st))
        print("  %%r%d = call @%s(%%a%d) : (%s) -> %s" % (i, name, i, t % st, t % so))
        print("  %%w%d = tosa.cast %%r%d : (%s) -> %s" % (i, i, t % so, t % "i32"))
        print("  %%u%d = tensor.cast %%w%d : %s to tensor<*xi32>" % (i, i, t % "i32"))
        print("  call @printMemrefI32(%%u%d) : (tensor<*xi32>) -> ()" % i)
    print("  return\n}")


if __name__ == "__main__":
    main()
