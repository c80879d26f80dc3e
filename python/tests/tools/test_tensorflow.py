"""TensorFlow's converter makes an int8 .tflite of a two-layer Keras model,
which TFLite Micro runs and qtosa imports."""
import pathlib
import subprocess
import sys

import numpy as np

import qtosa
import qtosa.tflite

HERE = pathlib.Path(__file__).resolve().parent


def test_keras_two_layers_to_int8_tflite(tmp_path):
    path = tmp_path / "two_layers.tflite"
    subprocess.run([sys.executable, str(HERE / "make_keras_int8.py"),
                    str(path)], check=True, capture_output=True)
    data = path.read_bytes()
    assert data[4:8] == b"TFL3"
    x = np.random.default_rng(1).integers(-128, 128, (1, 8, 8, 3),
                                          dtype=np.int8)
    (y,) = qtosa.tflite.run_micro(path, [x])
    assert y.dtype == np.int8 and y.shape == (1, 5)
    module = qtosa.import_tflite(data)
    text = str(module)
    assert "tosa.conv2d" in text
    assert "!quant.uniform<i8" in text or "qtosa.quantize" in text
