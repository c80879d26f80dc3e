"""TFLite Micro in process gives the stored reference outputs of a corpus
model."""
import re
import subprocess
import sys

import numpy as np
import pytest

import qtosa
import qtosa.tflite

from conftest import (CORPUS_DIR, SOURCE_DIR, tflite_models,
                      write_tflite)

MODEL = CORPUS_DIR / "tflite" / "tflm_micro_speech_int8.tflite"
REFERENCE = CORPUS_DIR / "tflite-reference" / "tflm_micro_speech_int8"


@pytest.mark.skipif(not MODEL.exists(), reason="../shared/corpus is absent")
@pytest.mark.parametrize("seed", ["seed1", "seed2", "seed3"])
def test_micro_speech_equals_stored_reference(seed):
    x = np.load(REFERENCE / seed / "input_0.npy")
    want = np.load(REFERENCE / seed / "output_0.npy")
    (got,) = qtosa.tflite.run_micro(MODEL, [x])
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_array_equal(got, want)


def test_bad_model_is_an_error():
    with pytest.raises(qtosa.Error, match="TFLite Micro fails on the model"):
        qtosa.tflite.run_micro(b"not a model at all", [])


@pytest.mark.skipif(not MODEL.exists(), reason="../shared/corpus is absent")
def test_arena_size_is_passed_to_tflite_micro():
    x = np.load(REFERENCE / "seed1" / "input_0.npy")
    want = np.load(REFERENCE / "seed1" / "output_0.npy")
    with pytest.raises(qtosa.Error, match="failed to allocate tensors"):
        qtosa.tflite.run_micro(MODEL, [x], arena_size=1024)
    (got,) = qtosa.tflite.run_micro(MODEL, [x], arena_size=1 << 22)
    np.testing.assert_array_equal(got, want)


HELLO = CORPUS_DIR / "tflite" / "tflm_hello_world_int8.tflite"


@pytest.mark.skipif(not HELLO.exists(), reason="../shared/corpus is absent")
@pytest.mark.parametrize("arena_size", [0, 10, 1023])
def test_tiny_arena_is_an_error(arena_size):
    # TFLite Micro crashed the process on arenas of 0 and 10 bytes.
    with pytest.raises(qtosa.Error, match="arena_size %d is below 1024 bytes"
                       % arena_size):
        qtosa.tflite.run_micro(HELLO, [np.zeros((1, 1), np.int8)],
                               arena_size=arena_size)


@pytest.mark.skipif(not HELLO.exists(), reason="../shared/corpus is absent")
def test_missing_input_is_an_error():
    # TFLite Micro ran the model on whatever its arena held.
    with pytest.raises(qtosa.Error,
                       match=r"takes 1 input\(s\), got 0$"):
        qtosa.tflite.run_micro(HELLO, [])


def quantize_model(tmp_path, storage, scale, zero_point):
    """float -> QUANTIZE -> DEQUANTIZE -> float, written by the TFLite
    importer tests' model builder (flatc)."""
    m = tflite_models().Model()
    x = m.tensor("float_in", [8], "FLOAT32")
    m.inputs.append(x)
    q = m.tensor("q", [8], storage, scale, zero_point)
    m.op("QUANTIZE", [x], [q])
    d = m.tensor("float_out", [8], "FLOAT32")
    m.op("DEQUANTIZE", [q], [d])
    m.outputs.append(d)
    return write_tflite(tmp_path, "quantize", m)


@pytest.mark.parametrize("storage,scale,zero_point",
                         [("INT8", 0.5, 1), ("INT16", 0.5, 0)])
def test_quantize_rounds_ties_as_tflite(tmp_path, storage, scale, zero_point):
    # x / scale halfway between two integers: TFLite's QUANTIZE rounds away
    # from zero (TfLiteRound), so the imported quantize does too; ties to
    # even would give [0, 0, 2, -2, 2, -2, 0, 0] + zero point.
    model = quantize_model(tmp_path, storage, scale, zero_point)
    x = np.array([0.25, -0.25, 0.75, -0.75, 1.25, -1.25, 0.2499999851,
                  -0.2499999851], np.float32)
    (want,) = qtosa.tflite.run_micro(model, [x])
    module = qtosa.import_tflite(str(model))
    module.run("qtosa-lower-pipeline{rounding=double}")
    (got,) = qtosa.Executable(module).run([x])
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(
        np.rint(want / scale), [1, -1, 2, -2, 3, -3, 0, 0])


@pytest.mark.skipif(not (CORPUS_DIR / "tflite").exists(),
                    reason="../shared/corpus is absent")
def test_example_script_compares_with_tflite_micro(tmp_path):
    # With TFLite Micro installed, the example's oracle for a .tflite model
    # is TFLite Micro on the same stored integers, not qtosa's own QDQ.
    script = SOURCE_DIR / "examples" / "python" / "partition_and_run.py"
    model = CORPUS_DIR / "tflite" / "tflm_micro_speech_int8.tflite"
    result = subprocess.run(
        [sys.executable, str(script), str(model), "--out-dir",
         str(tmp_path)], check=True, capture_output=True, text=True)
    assert ("result #0: qtosa vs TFLite Micro, 3 random inputs: largest "
            "difference 0 LSB, 12 of 12 equal") in result.stdout



def test_example_script_falls_back_where_tflite_micro_cannot_run(tmp_path):
    # TFLite Micro has no TILE (Keras' UpSampling2D): the example printed
    # "not executed" where its docstring promises the QDQ definition.
    models = tflite_models()
    m = models.Model()
    x = m.tensor("x", [1, 3], "INT8", 0.5, 0)
    m.inputs.append(x)
    y = m.tensor("y", [1, 6], "INT8", 0.5, 0)
    m.op("TILE", [x, models.ints(m, "multiples", [1, 2])], [y])
    m.outputs.append(y)
    model = write_tflite(tmp_path, "tile", m)
    script = SOURCE_DIR / "examples" / "python" / "partition_and_run.py"
    result = subprocess.run(
        [sys.executable, str(script), str(model), "--out-dir",
         str(tmp_path)], check=True, capture_output=True, text=True)
    assert "oracle: TFLite Micro cannot run the model" in result.stdout
    assert "not executed" not in result.stdout
    assert re.search(r"result #0 .*largest difference QDQ vs integer "
                     r"0\.00 LSB", result.stdout), result.stdout

def softmax_model(tmp_path, scale, zero_point, beta, pairs):
    """SOFTMAX over rows of two at the given input parameters and TFLite's
    int8 output parameters (scale 1/256, zero point -128). TFLite Micro has
    no uint8 SOFTMAX."""
    m = tflite_models().Model()
    x = m.tensor("x", [1, pairs, 2], "INT8", scale, zero_point)
    m.inputs.append(x)
    y = m.tensor("y", [1, pairs, 2], "INT8", 1.0 / 256, -128)
    m.op("SOFTMAX", [x], [y], "SoftmaxOptions", {"beta": beta})
    m.outputs.append(y)
    return write_tflite(tmp_path, "softmax", m)


@pytest.mark.parametrize("scale,zero_point,beta,table", [
    # Logits at most 1.7 apart: the 16-bit table of t = a - b.
    (0.0066078915, -14, 1.0, "tensor<513xi16>"),
    (0.02, 5, 0.5, "tensor<513xi16>"),
    # Far enough apart that t beyond -128..127 changes nothing: 8-bit.
    (0.1, 0, 1.0, "tensor<256xi8>"),
    (0.08, -20, 2.0, "tensor<256xi8>"),
])
def test_softmax_of_two_equals_tflite_micro_on_every_pair(
        tmp_path, scale, zero_point, beta, table):
    # A row of two is a table of a - b (Softmax.cpp, PairTable): on all
    # 65536 pairs of stored values it equals TFLite Micro's kernel.
    values = np.arange(-128, 128)
    a, b = np.meshgrid(values, values, indexing="ij")
    x = np.stack([a.ravel(), b.ravel()], axis=-1).astype(np.int8)[None]
    model = softmax_model(tmp_path, scale, zero_point, beta, x.shape[1])
    (want,) = qtosa.tflite.run_micro(model, [x], arena_size=1 << 22)
    module = qtosa.import_tflite(str(model))
    module.run("qtosa-lower-pipeline{io=int}")
    text = str(module)
    assert table in text and "tosa.conv2d" in text
    assert "tosa.reduce_sum" not in text
    (got,) = qtosa.Executable(module).run([x])
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("scale,zero_point,length", [
    (0.0078125, 0, 8), (0.05, -10, 10), (0.2, 3, 32), (0.0166524, -8, 1001)])
def test_log_softmax_host_call_runs_as_tflite_micro(
        tmp_path, scale, zero_point, length):
    # LOG_SOFTMAX has no TOSA form: a host call, which qtosa's engine runs
    # (lib/Execution/HostKernels.cpp) from the quantization the importer
    # records on the call; the engine refused the program before.
    m = tflite_models().Model()
    rows = max(1, 8192 // length)
    x = m.tensor("x", [1, rows, length], "INT8", scale, zero_point)
    m.inputs.append(x)
    y = m.tensor("y", [1, rows, length], "INT8", 16.0 / 256, 127)
    m.op("LOG_SOFTMAX", [x], [y], "LogSoftmaxOptions", {})
    m.outputs.append(y)
    model = write_tflite(tmp_path, "log_softmax", m)
    values = np.random.default_rng(length).integers(
        -128, 128, size=(1, rows, length), dtype=np.int8)
    (want,) = qtosa.tflite.run_micro(model, [values], arena_size=1 << 22)
    module = qtosa.import_tflite(str(model))
    module.run("qtosa-lower-pipeline{io=int}")
    assert "call @tflite.LOG_SOFTMAX" in str(module)
    (got,) = qtosa.Executable(module).run([values])
    # Computed in f32 and rounded once, against TFLite's fixed point: equal
    # on all 32,000 values here.
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("in_scale,in_zero_point,out_scale,out_zero_point", [
    # MobileNetV3-like ranges, and ones where the reluish multiplier shifts
    # left (a coarse input) or right (a fine one).
    (0.05, -10, 0.03, -100), (0.0235, 3, 0.0217, -111),
    (0.2, -128, 0.15, -120), (0.004, 20, 0.003, -110),
])
def test_hard_swish_equals_tflite_micro_on_every_input(
        tmp_path, in_scale, in_zero_point, out_scale, out_zero_point):
    # TFLite's kernel rounds in Q0.15 steps and truncates its last product:
    # the table of the function rounded once was 1 LSB off on about 1 in
    # 140 inputs. The table is now the kernel's (KernelHardSwish.cpp).
    m = tflite_models().Model()
    x = m.tensor("x", [1, 256], "INT8", in_scale, in_zero_point)
    m.inputs.append(x)
    y = m.tensor("y", [1, 256], "INT8", out_scale, out_zero_point)
    m.op("HARD_SWISH", [x], [y])
    m.outputs.append(y)
    model = write_tflite(tmp_path, "hard_swish", m)
    values = np.arange(-128, 128, dtype=np.int8)[None]
    (want,) = qtosa.tflite.run_micro(model, [values])
    module = qtosa.import_tflite(str(model))
    module.run("qtosa-lower-pipeline{io=int}")
    assert "tosa.table" in str(module)
    (got,) = qtosa.Executable(module).run([values])
    np.testing.assert_array_equal(got, want)
