"""qtosa.quantize: a float TOSA graph to QDQ from Python, samples as numpy
arrays or as a JSON list of .npy files, configs as dicts or files, and the
errors bad configs and samples raise."""
import json
import re

import numpy as np
import pytest

import qtosa
from conftest import SOURCE_DIR

CONVNEXT = SOURCE_DIR / "test" / "Quantization" / "quantize-convnext.mlir"

SIGMOID = """
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = tosa.sigmoid %x : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
"""


def convnext():
    return qtosa.parse(CONVNEXT.read_text(), "convnext.mlir")


def random_samples(count, seed=0):
    rng = np.random.default_rng(seed)
    return [[rng.standard_normal((1, 8, 8, 4)).astype(np.float32)]
            for _ in range(count)]


def sqnr_db(reference, test):
    reference = reference.astype(np.float64)
    noise = np.sum((reference - test.astype(np.float64)) ** 2)
    return 10 * np.log10(np.sum(reference ** 2) / noise)


def test_quantize_with_numpy_samples_keeps_the_float_output():
    float_module = convnext()
    module = qtosa.quantize(convnext(), samples=random_samples(4))
    text = str(module)
    assert "qtosa.annotate" not in text
    assert text.count("qtosa.quantize") == 5
    # An input the samples did not include.
    (x,) = random_samples(1, seed=99)[0]
    (reference,) = qtosa.execute(float_module, [x], "convnext_block")
    (quantized,) = qtosa.execute(module, [x], "convnext_block")
    # 30.3 dB with write_samples.py's samples (quantize-convnext.mlir).
    assert sqnr_db(reference, quantized) >= 25


def test_quantize_returns_the_module_it_quantized_in_place():
    module = convnext()
    assert qtosa.quantize(module, samples=random_samples(1)) is module
    assert "qtosa.dequantize" in str(module)


def test_samples_as_arrays_and_as_a_json_file_agree(tmp_path):
    samples = random_samples(3)
    listing = []
    for index, (x,) in enumerate(samples):
        np.save(tmp_path / ("x%d.npy" % index), x)
        listing.append(["x%d.npy" % index])
    (tmp_path / "samples.json").write_text(json.dumps(listing))
    from_arrays = qtosa.quantize(convnext(), samples=samples)
    from_file = qtosa.quantize(convnext(), samples=tmp_path / "samples.json")
    assert str(from_arrays) == str(from_file)


def test_a_bare_array_is_the_only_argument_of_a_sample():
    bare = [sample[0] for sample in random_samples(2)]
    assert str(qtosa.quantize(convnext(), samples=bare)) == \
        str(qtosa.quantize(convnext(), samples=random_samples(2)))


def test_config_as_a_dict():
    module = qtosa.quantize(
        qtosa.parse(SIGMOID),
        config={"activation": {"dtype": "int16", "symmetric": True,
                               "scale": 1 / 32767},
                "outputs": [None]})
    text = str(module)
    # Every spec is fixed: no samples needed. The output stays float.
    assert "%0 = qtosa.quantize %arg0 as !quant.uniform<i16<-32767:32767>:f32, " \
        "3.0518509475997192E-5>" in text
    assert "%2 = tosa.sigmoid %1" in text
    assert "return %2 : tensor<4xf32>" in text
    assert text.count("qtosa.quantize") == 1


def test_config_as_a_file(tmp_path):
    path = tmp_path / "int16.json"
    path.write_text('{"activation": {"dtype": "int16", "symmetric": true}}')
    module = qtosa.quantize(qtosa.parse(SIGMOID), config=str(path),
                            samples=[[np.linspace(-2, 2, 4, dtype=np.float32)]])
    assert "!quant.uniform<i16<-32767:32767>:f32" in str(module)
    assert "i8" not in str(module)


def test_a_bad_config_dict_raises_its_diagnostic_and_keeps_the_module():
    module = qtosa.parse(SIGMOID, "sigmoid.mlir")
    before = str(module)
    with pytest.raises(qtosa.Error) as error:
        qtosa.quantize(module, config={"weights": {}},
                       samples=[[np.zeros(4, np.float32)]])
    message = str(error.value)
    assert message.startswith("invalid quantize config: <config>: $: unknown "
                              "key 'weights' (known: activation, weight, "
                              "inputs, outputs, overrides, observer")
    assert str(module) == before


def test_a_bad_config_file_is_named(tmp_path):
    path = tmp_path / "zero.json"
    path.write_text('{"inputs": [{"symmetric": true, "scale": 0}]}')
    with pytest.raises(qtosa.Error, match=r"zero\.json: \$\.inputs\[0\]\.scale: "
                       r"0\.0+e\+00 is not a finite scale of at least 2\^-126"):
        qtosa.quantize(qtosa.parse(SIGMOID), config=path)


@pytest.mark.parametrize("scale, printed", [(1e-38, r"1\.0+e-38"),
                                            (1e308, r"1\.0+e\+308")])
def test_a_scale_beyond_f32_is_refused_at_its_path(scale, printed):
    # 1e-38 used to print as 0.00; 1e308 passed the check and failed later
    # at an op with MLIR's message, without the config path.
    config = {"activation": {"scale": scale}}
    with pytest.raises(qtosa.Error, match=r"<config>: \$\.activation\.scale: "
                       + printed + r" is not a finite scale of at least "
                       r"2\^-126 and at most the largest f32"):
        qtosa.quantize(qtosa.parse(SIGMOID), config=config)


@pytest.mark.parametrize("scale", [float("nan"), float("inf")])
def test_a_non_finite_number_in_a_config_dict_is_named_at_its_path(scale):
    # json.dumps wrote NaN, which the config reader refused as "Invalid JSON
    # value" at a byte of a text the user never wrote.
    config = {"inputs": [{"dtype": "int8", "scale": scale}]}
    with pytest.raises(qtosa.Error, match=re.escape(
            "<config>: $.inputs[0].scale: NaN and infinities are no JSON "
            "numbers")):
        qtosa.quantize(qtosa.parse(SIGMOID), config=config)


def test_an_override_matching_nothing_raises():
    with pytest.raises(qtosa.Error, match=r"<config>: \$\.overrides\[0\]: the "
                       "override of name 'head' matches no op"):
        qtosa.quantize(qtosa.parse(SIGMOID),
                       config={"overrides": [{"name": "head", "spec": None}]},
                       samples=[[np.zeros(4, np.float32)]])


def test_observed_markers_need_samples():
    with pytest.raises(qtosa.Error, match="qtosa-calibrate has no samples"):
        qtosa.quantize(qtosa.parse(SIGMOID))


def test_a_sample_with_the_wrong_arity_is_named():
    x = np.zeros(4, np.float32)
    with pytest.raises(qtosa.Error,
                       match=r"<string>:0:0: error: samples: sample 1 holds 2 "
                       r"tensor\(s\); @main takes 1 argument\(s\)"):
        qtosa.quantize(qtosa.parse(SIGMOID), samples=[[x], [x, x]])


def test_a_sample_of_the_wrong_shape_raises():
    with pytest.raises(qtosa.Error, match=r"samples: sample 0: @main at "
                       r"<string>:2:1: input #0 has shape 5xf32, expected "
                       "4xf32"):
        qtosa.quantize(qtosa.parse(SIGMOID),
                       samples=[[np.zeros(5, np.float32)]])


INTEGER = """
func.func @main(%x: tensor<1x8x8x4xi8>) -> tensor<1x8x8x4xi8> {
  %y = tosa.clamp %x {min_val = -3 : i8, max_val = 3 : i8} : (tensor<1x8x8x4xi8>) -> tensor<1x8x8x4xi8>
  return %y : tensor<1x8x8x4xi8>
}
"""


@pytest.mark.parametrize("sample, message", [
    (np.zeros((1, 8, 8, 8), np.float32), r"sample 0 argument 0 \(samples\[0\]"
     r"\[0\]\) is 1x8x8x8xf32, and @main takes 1x8x8x4xi8 \(nothing here is "
     r"observed, so the samples are not run\)"),
    (np.zeros((1, 8, 8, 4), np.int16), r"is 1x8x8x4xi16, and @main takes "
     r"1x8x8x4xi8"),
])
def test_samples_are_checked_when_nothing_is_observed(sample, message):
    # An integer graph has nothing to calibrate; its samples used to be
    # accepted unread, whatever their type or shape.
    module = qtosa.parse(INTEGER)
    with pytest.raises(qtosa.Error, match=message):
        qtosa.quantize(module, samples=[[sample]])
    qtosa.quantize(module, samples=[[np.zeros((1, 8, 8, 4), np.int8)]])


@pytest.mark.parametrize("samples", [[], np.zeros((2, 4), np.float32),
                                     [[[0.0, 1.0, 2.0, 3.0]]]])
def test_samples_that_are_not_lists_of_arrays_raise(samples):
    with pytest.raises(qtosa.Error, match="samples"):
        qtosa.quantize(qtosa.parse(SIGMOID), samples=samples)


@pytest.mark.parametrize("bad", [np.nan, np.inf])
def test_a_non_finite_sample_is_named_with_its_argument(bad):
    good = np.linspace(-1, 1, 4).astype(np.float32)
    broken = good.copy()
    broken[2] = bad
    module = qtosa.parse(SIGMOID, "sigmoid.mlir")
    with pytest.raises(qtosa.Error,
                       match=r"sigmoid\.mlir:2:17: error: qtosa-calibrate: "
                       r"sample 1 gives argument #0 of @main the value "
                       r"(nan|inf) \(element 2 of samples\[1\]\[0\]\): "
                       "calibration samples must be finite"):
        qtosa.quantize(module, samples=[[good], [broken]])
    assert "qtosa.annotate" not in str(module)  # unchanged


def test_a_sample_that_is_not_an_array_is_named():
    with pytest.raises(qtosa.Error, match=r"samples\[0\]\[1\]: expected a "
                       "numpy array, not list"):
        qtosa.quantize(qtosa.parse(SIGMOID),
                       samples=[[np.zeros(4, np.float32), [0.0]]])


def test_quantize_writes_no_file(monkeypatch, tmp_path):
    # Samples and a config dict reach the calibrator as values: with no
    # temporary directory to be had, quantize still works.
    def no_files(*args, **kwargs):
        raise AssertionError("qtosa.quantize wrote a temporary file")
    monkeypatch.setattr("tempfile.TemporaryDirectory", no_files)
    monkeypatch.setattr("tempfile.mkdtemp", no_files)
    monkeypatch.setattr("numpy.save", no_files)
    monkeypatch.setenv("TMPDIR", str(tmp_path / "missing"))
    module = qtosa.quantize(
        qtosa.parse(SIGMOID),
        config={"activation": {"dtype": "int16", "symmetric": True}},
        samples=[[np.linspace(-2, 2, 4, dtype=np.float32)]])
    assert "!quant.uniform<i16<-32767:32767>:f32" in str(module)
    assert not (tmp_path / "missing").exists()


def test_deeply_nested_json_is_an_error(tmp_path):
    # 200,000 nested arrays overflowed llvm::json's recursive parser and
    # ended the Python process (config and samples), or Python's json
    # module (qtosa.torch's config) with a RecursionError traceback.
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 200000 + "]" * 200000)
    module = qtosa.parse(SIGMOID)
    samples = [[np.zeros(4, np.float32)]]
    with pytest.raises(qtosa.Error, match="nested deeper than 256 levels"):
        qtosa.quantize(module, str(deep), samples)
    with pytest.raises(qtosa.Error, match="nested deeper than 256 levels"):
        qtosa.quantize(qtosa.parse(SIGMOID), None, str(deep))
    from qtosa.torch import with_default_observer
    with pytest.raises(qtosa.Error, match="deep.json: maximum recursion"):
        with_default_observer(str(deep))
