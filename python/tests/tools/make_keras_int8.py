"""Converts a two-layer Keras model (conv + dense, random weights) to an int8
.tflite with TensorFlow's converter: make_keras_int8.py OUT.tflite.

Runs in a process of its own: TensorFlow carries its own LLVM, whose
command-line options clash with those of the MLIR libraries the qtosa
module loads, so the two never share a process."""
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

tf.keras.utils.set_random_seed(0)
model = tf.keras.Sequential([
    tf.keras.Input((8, 8, 3)),
    tf.keras.layers.Conv2D(4, 3, activation="relu"),
    tf.keras.layers.Flatten(),
    tf.keras.layers.Dense(5),
])
rng = np.random.default_rng(0)


def representative():
    for _ in range(16):
        yield [rng.standard_normal((1, 8, 8, 3)).astype(np.float32)]


converter = tf.lite.TFLiteConverter.from_keras_model(model)
converter.optimizations = [tf.lite.Optimize.DEFAULT]
converter.representative_dataset = representative
converter.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS_INT8]
converter.inference_input_type = tf.int8
converter.inference_output_type = tf.int8
with open(sys.argv[1], "wb") as f:
    f.write(converter.convert())
