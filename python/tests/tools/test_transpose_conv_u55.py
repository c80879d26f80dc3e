"""A 16x8 transposed convolution on Ethos-U55 (issues #33/#34): Vela 5.2
compiles none (U55.TRANSPOSE_CONV2D.DTYPES). qtosa-ethosu-legalize rewrites
one read by one rescale, on both targets, as a convolution per output phase
(TransposeConvAsPhases.h), and on Ethos-U55 the others as zero points
inserted between the input's rows and columns and a 16x8 tosa.conv2d with
the kernel flipped (also on Ethos-U85 where one axis is strided). Executed
by the TOSA reference model before and after the rewrite on random inputs
(bit for bit, i48 accumulators included), and compiled by Vela as one
delegate."""
import numpy as np
import pytest

import qtosa
import qtosa.reference
import qtosa.vela

# TFLite's SAME 2x upsampling (out_pad -1 / 0: it crops) and a VALID one
# with a 2x3 kernel and strides (2, 3), per-channel rescales after both.
GRAPH = """
func.func @main(%x: tensor<1x4x5x3xi16>) -> tensor<1x{oh}x{ow}x2xi16> {{
  %w = "tosa.const"() <{{values = dense<{weights}> : tensor<2x{kh}x{kw}x3xi8>}}> : () -> tensor<2x{kh}x{kw}x3xi8>
  %b = "tosa.const"() <{{values = dense<[1000, -2000]> : tensor<2xi48>}}> : () -> tensor<2xi48>
  %izp = "tosa.const"() <{{values = dense<0> : tensor<1xi16>}}> : () -> tensor<1xi16>
  %wzp = "tosa.const"() <{{values = dense<0> : tensor<1xi8>}}> : () -> tensor<1xi8>
  %t = tosa.transpose_conv2d %x, %w, %b, %izp, %wzp {{acc_type = i48, out_pad = array<i64: {pad}>, stride = array<i64: {sy}, {sx}>}} : (tensor<1x4x5x3xi16>, tensor<2x{kh}x{kw}x3xi8>, tensor<2xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x{oh}x{ow}x2xi48>
  %m = "tosa.const"() <{{values = dense<[16384, 12345]> : tensor<2xi16>}}> : () -> tensor<2xi16>
  %s = "tosa.const"() <{{values = dense<[20, 21]> : tensor<2xi8>}}> : () -> tensor<2xi8>
  %zi = "tosa.const"() <{{values = dense<0> : tensor<1xi48>}}> : () -> tensor<1xi48>
  %zo = "tosa.const"() <{{values = dense<0> : tensor<1xi16>}}> : () -> tensor<1xi16>
  %r = tosa.rescale %t, %m, %s, %zi, %zo {{input_unsigned = false, output_unsigned = false, per_channel = true, rounding_mode = SINGLE_ROUND, scale32 = false}} : (tensor<1x{oh}x{ow}x2xi48>, tensor<2xi16>, tensor<2xi8>, tensor<1xi48>, tensor<1xi16>) -> tensor<1x{oh}x{ow}x2xi16>
  return %r : tensor<1x{oh}x{ow}x2xi16>
}}
"""

CASES = {
    # out = (n - 1) s + top + bottom + k
    "same_2x": dict(kh=3, kw=3, sy=2, sx=2, pad="0, -1, 0, -1", oh=8, ow=10),
    "valid_2x3": dict(kh=2, kw=3, sy=2, sx=3, pad="0, 0, 1, 0", oh=8, ow=16),
    # seanet's form: strided along W only (kernel 3x4, strides 1x2).
    "rows_1x2": dict(kh=3, kw=4, sy=1, sx=2, pad="0, -2, -1, -1", oh=4, ow=10),
}


def graph(case):
    params = dict(CASES[case])
    rng = np.random.default_rng(7)
    count = 2 * params["kh"] * params["kw"] * 3
    weights = rng.integers(-127, 128, count).reshape(
        2, params["kh"], params["kw"], 3)
    params["weights"] = np.array2string(
        weights, separator=", ", threshold=10 ** 6).replace("\n", "")
    return GRAPH.format(**params)


@pytest.mark.parametrize("case,target",
                         [(case, "ethos-u55-128") for case in sorted(CASES)]
                         + [("rows_1x2", "ethos-u85-256"),
                            ("same_2x", "ethos-u85-256")])
def test_rewrite_is_exact_and_compiles(case, target):
    text = graph(case)
    original = qtosa.parse(text)
    rewritten = qtosa.parse(text)
    rewritten.run("func.func(qtosa-ethosu-legalize{target=%s})" % target)
    assert "tosa.transpose_conv2d" not in str(rewritten)
    assert "tosa.conv2d" in str(rewritten)
    before = qtosa.export_tosa_flatbuffer(original)
    after = qtosa.export_tosa_flatbuffer(rewritten)
    rng = np.random.default_rng(0)
    for _ in range(3):
        x = rng.integers(-32768, 32768, (1, 4, 5, 3)).astype(np.int16)
        (want,) = qtosa.reference.run(before, [x])
        (got,) = qtosa.reference.run(after, [x])
        np.testing.assert_array_equal(got, want)

    # The whole graph is one delegate, and Vela compiles it.
    partitioned = qtosa.parse(text)
    report = qtosa.partition(partitioned, target)
    assert report["ops_host"] == 0
    (delegate,) = partitioned.delegates()
    figures = qtosa.vela.compile(delegate["flatbuffer"], target)
    assert figures["npu_cycles"] > 0


def test_u85_keeps_a_transposed_convolution_padded_before_its_first_output():
    # The phase form starts at the first output; out_pad 1 before it (and
    # strides along both axes, where the zero insertion copies twice and
    # gains nothing on Ethos-U85: docs/performance.md) leaves Vela's own.
    rewritten = qtosa.parse(graph("valid_2x3"))
    rewritten.run("func.func(qtosa-ethosu-legalize{target=ethos-u85-256})")
    assert "tosa.transpose_conv2d" in str(rewritten)
