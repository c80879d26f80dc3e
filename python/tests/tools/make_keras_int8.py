"""Converts a Keras model to an int8 .tflite with TensorFlow's converter:
make_keras_int8.py OUT.tflite [MODEL]. MODEL "two_layers" (the default):
conv + dense, random weights; "resize": three bilinear resizes of one
1x6x7x3 input, half-pixel 2x up to 12x14 (tf.image.resize), align_corners
to 11x13, half-pixel down to 4x5, and TF1's legacy sampling (neither) 2x
of its first five rows to 10x14. "activations16:R": int16x8, TANH and
LOGISTIC of a 1x64 input calibrated on [-R, R] (its scale R / 32767).
"dynamic_batch": Keras' default dynamic batch with a reshape to
[batch, -1, 8] and Dense on the sequence, whose sizes the converter leaves
to run time (SHAPE, STRIDED_SLICE, PACK, GATHER, REDUCE_PROD).
"upsample": a 3x3 convolution, a bilinear 2x UpSampling2D and a 1x1
convolution on a 1x16x16x3 input, whose requantizations round differently
once and twice. "global_max": a convolution, GlobalMaxPooling2D and a
Dense layer, and the minimum over the channels of the convolution's
output (REDUCE_MAX, REDUCE_MIN).
"float": the two layers converted without quantization (no
representative dataset), as a user who forgot it gets.

Runs in a process of its own: TensorFlow carries its own LLVM, whose
command-line options clash with those of the MLIR libraries the qtosa
module loads, so the two never share a process."""
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

tf.keras.utils.set_random_seed(0)
rng = np.random.default_rng(0)
if len(sys.argv) > 2 and sys.argv[2] == "resize":
    x = tf.keras.Input((6, 7, 3), batch_size=1)
    up = tf.keras.layers.Lambda(
        lambda t: tf.image.resize(t, (12, 14), method="bilinear"))(x)
    aligned = tf.keras.layers.Lambda(
        lambda t: tf.compat.v1.image.resize_bilinear(
            t, (11, 13), align_corners=True))(x)
    down = tf.keras.layers.Lambda(
        lambda t: tf.image.resize(t, (4, 5), method="bilinear"))(x)
    legacy = tf.keras.layers.Lambda(
        lambda t: tf.compat.v1.image.resize_bilinear(t[:, :5], (10, 14)))(x)
    model = tf.keras.Model(x, [up, aligned, down, legacy])
    input_shape = (1, 6, 7, 3)
elif len(sys.argv) > 2 and sys.argv[2].startswith("activations16:"):
    bound = float(sys.argv[2].split(":")[1])
    x = tf.keras.Input((64,), batch_size=1)
    model = tf.keras.Model(x, [tf.keras.layers.Activation("tanh")(x),
                               tf.keras.layers.Activation("sigmoid")(x)])
    input_shape = (1, 64)
elif len(sys.argv) > 2 and sys.argv[2] == "dynamic_batch":
    x = tf.keras.Input((8, 8, 4))
    y = tf.keras.layers.Conv2D(8, 3, padding="same")(x)
    y = tf.keras.layers.Lambda(
        lambda t: tf.reshape(t, [tf.shape(t)[0], -1, 8]))(y)
    y = tf.keras.layers.Dense(4, activation="relu")(y)
    model = tf.keras.Model(x, y)
    input_shape = (1, 8, 8, 4)
elif len(sys.argv) > 2 and sys.argv[2] == "upsample":
    model = tf.keras.Sequential([
        tf.keras.Input((16, 16, 3), batch_size=1),
        tf.keras.layers.Conv2D(8, 3, padding="same"),
        tf.keras.layers.UpSampling2D(interpolation="bilinear"),
        tf.keras.layers.Conv2D(4, 1),
    ])
    input_shape = (1, 16, 16, 3)
elif len(sys.argv) > 2 and sys.argv[2] == "global_max":
    x = tf.keras.Input((12, 12, 3), batch_size=1)
    y = tf.keras.layers.Conv2D(8, 3, activation="relu")(x)
    low = tf.keras.layers.Lambda(
        lambda t: tf.reduce_min(t, axis=-1, keepdims=True))(y)
    y = tf.keras.layers.GlobalMaxPooling2D()(y)
    model = tf.keras.Model(x, [tf.keras.layers.Dense(5)(y), low])
    input_shape = (1, 12, 12, 3)
else:
    model = tf.keras.Sequential([
        tf.keras.Input((8, 8, 3)),
        tf.keras.layers.Conv2D(4, 3, activation="relu"),
        tf.keras.layers.Flatten(),
        tf.keras.layers.Dense(5),
    ])
    input_shape = (1, 8, 8, 3)


def representative():
    for _ in range(16):
        if input_shape == (1, 64):
            # Both ends exactly: the symmetric int16 scale is bound / 32767.
            sample = rng.uniform(-bound, bound, input_shape)
            sample[0, :2] = (-bound, bound)
            yield [sample.astype(np.float32)]
        else:
            yield [rng.standard_normal(input_shape).astype(np.float32)]


converter = tf.lite.TFLiteConverter.from_keras_model(model)
if len(sys.argv) > 2 and sys.argv[2] == "float":
    with open(sys.argv[1], "wb") as f:
        f.write(converter.convert())
    sys.exit(0)
converter.optimizations = [tf.lite.Optimize.DEFAULT]
converter.representative_dataset = representative
if input_shape == (1, 64):
    converter.target_spec.supported_ops = [
        tf.lite.OpsSet.EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_INT8]
    converter.inference_input_type = tf.int16
    converter.inference_output_type = tf.int16
else:
    converter.target_spec.supported_ops = [
        tf.lite.OpsSet.TFLITE_BUILTINS_INT8]
    converter.inference_input_type = tf.int8
    converter.inference_output_type = tf.int8
with open(sys.argv[1], "wb") as f:
    f.write(converter.convert())
