#!/usr/bin/env python3
"""The model factory: real quantized .tflite models made by TensorFlow's
TFLite converter from Keras architectures with random weights (seeded; no
download), into a folder of the build tree.

usage: make_models.py OUT_DIR [--only NAME,...] [--jobs N]

Writes OUT_DIR/<name>.tflite for every model of MODELS, and
OUT_DIR/models.json: per model its architecture, variant, what it
reproduces and its input shapes, plus the generator's stamp. Nothing is
written when OUT_DIR/models.json already carries this generator's stamp
(a hash of this file and of the TensorFlow and Keras versions), because
conversion is slow; check_models.py calls it before every run.

Runs in a process of its own (TensorFlow's LLVM and the qtosa module's
cannot share one: docs/tools.md), and never imports qtosa.

How a model is made: the Keras model is traced once as a tf.function,
its variables frozen into constants, and that function converted (the
converter's Keras path exports a SavedModel first, which takes five times
as long). Variants (VARIANTS): int8 post-training quantization from a
representative dataset of seeded random inputs with int8, uint8 or float
I/O; int16 activations with int8 weights (16x8); per-tensor instead of
per-channel weights; and the legacy whole-uint8 form of TF1's converter
(dummy ranges), the form older uint8 models (Coral's) have.
"""
import hashlib
import json
import os
import sys
import time

import lstm_models

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
# oneDNN's kernels may sum in another order from run to run; calibration
# must see the same floats every time for the models to be the same bytes.
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 34
CALIBRATION_SAMPLES = 8

# name -> (input type, output type, activations): the converter's settings.
VARIANTS = {
    "int8": ("int8", "int8", "int8"),
    "int8-float-io": ("float32", "float32", "int8"),
    "uint8-io": ("uint8", "uint8", "int8"),
    "int16x8": ("int16", "int16", "int16"),
    "int16x8-float-io": ("float32", "float32", "int16"),
    "int8-per-tensor": ("int8", "int8", "int8"),
    "legacy-uint8": ("uint8", "uint8", "uint8"),
    # As a user converts a Keras model by default: the batch left dynamic,
    # so that the converter writes -1 in the signature and computes some
    # sizes at run time (SHAPE, STRIDED_SLICE, PACK, ... before a RESHAPE).
    "int8-dynamic-batch": ("int8", "int8", "int8"),
}

# The batch size of the Keras inputs the builders make: None while a
# dynamic-batch variant is converted.
_batch_size = 1


def stamp():
    """What the models depend on: this file, the LSTM writer and what it
    reads, and the converter's versions."""
    import importlib.metadata as metadata
    digest = hashlib.sha256(open(__file__, "rb").read())
    for path in (lstm_models.__file__, lstm_models.SCHEMA,
                 sys.modules[lstm_models.Model.__module__].__file__):
        digest.update(open(path, "rb").read())
    for package in ("tensorflow_cpu", "keras"):
        try:
            digest.update(("%s=%s" % (package, metadata.version(package))
                           ).encode())
        except metadata.PackageNotFoundError:
            digest.update(package.encode())
    return digest.hexdigest()[:16]


# --- the models --------------------------------------------------------------
# Each builder returns a Keras model with a fixed batch of 1. Architectures
# come from keras.applications with weights=None; where the published size
# would make conversion and Vela slow, the application's own builder is
# called with fewer blocks or narrower layers (same layer kinds).


def _tf():
    import tensorflow as tf
    return tf


def _keras():
    import keras
    return keras


def _input(shape, dtype="float32"):
    return _keras().Input(shape, batch_size=_batch_size, dtype=dtype)


def mobilenet_v1():
    return _keras().applications.MobileNet(
        input_shape=(32, 32, 3), alpha=0.25, weights=None, classes=10,
        classifier_activation=None)


def mobilenet_v2():
    # 64 pixels, not 32: at 32 its last plane is 1x1 and the MEAN of its
    # global pool (classes 3 and 9) averages one value.
    return _keras().applications.MobileNetV2(
        input_shape=(64, 64, 3), alpha=0.35, weights=None, classes=10,
        classifier_activation=None)


def mobilenet_v2_recalibrated():
    """mobilenet_v2 with each batch norm's moving statistics set to those of
    its input on random images, as training leaves them. With random
    weights and unit statistics the activations shrink block by block, and
    16-bit quantization turns the last blocks' ranges into scales so small
    that TFLite Micro refuses the model (the RELU6 bound 6 / scale
    overflows int32 in its Quantize)."""
    import numpy as np
    keras = _keras()
    model = mobilenet_v2()
    images = np.random.default_rng(SEED).uniform(
        -1, 1, (8,) + tuple(model.inputs[0].shape[1:])).astype(np.float32)
    for layer in model.layers:
        if not isinstance(layer, keras.layers.BatchNormalization):
            continue
        # In order: each norm's input already runs through the norms set
        # before it.
        values = keras.Model(model.inputs, layer.input)(images).numpy()
        axes = tuple(range(values.ndim - 1))
        gamma, beta, _, _ = layer.get_weights()
        layer.set_weights([gamma, beta, values.mean(axis=axes),
                           values.var(axis=axes)])
    return model


def mobilenet_v3_small():
    return _keras().applications.MobileNetV3Small(
        input_shape=(32, 32, 3), alpha=0.75, weights=None, classes=10,
        include_preprocessing=False, classifier_activation=None)


def mobilenet_v3_large():
    from keras.src.applications import mobilenet_v3
    # MobileNetV3Large's stack, shortened, with a 256-channel last point
    # instead of 1280 (the head's weights are most of the model).
    return mobilenet_v3.MobileNetV3(
        _v3_large_stack, 256, input_shape=(32, 32, 3), alpha=0.5,
        model_type="large", weights=None, classes=10,
        include_preprocessing=False, classifier_activation=None,
        name="MobileNetV3LargeSlim")


def _v3_large_stack(x, kernel, activation, se_ratio):
    from keras.src.applications import mobilenet_v3 as v3

    def depth(d):
        return v3._depth(d * 0.5)
    x = v3._inverted_res_block(x, 1, depth(16), 3, 1, None, v3.relu, 0)
    x = v3._inverted_res_block(x, 4, depth(24), 3, 2, None, v3.relu, 1)
    x = v3._inverted_res_block(x, 3, depth(40), kernel, 2, se_ratio,
                               v3.relu, 2)
    x = v3._inverted_res_block(x, 6, depth(80), 3, 2, None, activation, 3)
    x = v3._inverted_res_block(x, 6, depth(112), 3, 1, se_ratio,
                               activation, 4)
    x = v3._inverted_res_block(x, 6, depth(160), kernel, 2, se_ratio,
                               activation, 5)
    return x


def efficientnet_b0():
    from keras.src.applications import efficientnet
    # B0's block arguments at half depth and half width.
    return efficientnet.EfficientNet(
        0.5, 0.5, 32, dropout_rate=0.0, drop_connect_rate=0.0,
        name="efficientnetb0_slim", weights=None, input_shape=(32, 32, 3),
        classes=10, classifier_activation=None)


def efficientnet_v2_b0():
    from keras.src.applications import efficientnet_v2
    return efficientnet_v2.EfficientNetV2(
        0.5, 0.5, 32, dropout_rate=0.0, drop_connect_rate=0.0,
        blocks_args=efficientnet_v2.DEFAULT_BLOCKS_ARGS["efficientnetv2-b0"],
        name="efficientnetv2b0_slim",
        weights=None, input_shape=(32, 32, 3), classes=10,
        include_preprocessing=False, classifier_activation=None)


def resnet():
    from keras.src.applications import resnet as r

    def stack(x):
        x = r.stack_residual_blocks_v1(x, 16, 2, stride1=1, name="conv2")
        x = r.stack_residual_blocks_v1(x, 32, 2, name="conv3")
        return r.stack_residual_blocks_v1(x, 64, 2, name="conv4")
    return r.ResNet(stack, False, True, weights=None,
                    input_shape=(32, 32, 3), classes=10,
                    classifier_activation=None, name="resnet_slim")


def resnet_v2():
    from keras.src.applications import resnet as r

    def stack(x):
        x = r.stack_residual_blocks_v2(x, 16, 2, name="conv2")
        x = r.stack_residual_blocks_v2(x, 32, 2, stride1=1, name="conv3")
        return x
    return r.ResNet(stack, True, True, weights=None,
                    input_shape=(32, 32, 3), classes=10,
                    classifier_activation=None, name="resnetv2_slim")


def densenet():
    from keras.src.applications import densenet as d
    return d.DenseNet([2, 2, 2, 2], weights=None, input_shape=(32, 32, 3),
                      classes=10, classifier_activation=None,
                      name="densenet_slim")


def nasnet_mobile():
    from keras.src.applications import nasnet
    return nasnet.NASNet(input_shape=(32, 32, 3), penultimate_filters=96,
                         num_blocks=1, stem_block_filters=8,
                         skip_reduction=False, filter_multiplier=2,
                         weights=None, classes=10, default_size=32,
                         classifier_activation=None, name="nasnet_slim")


def convnext():
    from keras.src.applications import convnext as c
    return c.ConvNeXt([1, 1, 2, 1], [16, 32, 64, 96], default_size=32,
                      name="convnext_slim", include_preprocessing=False,
                      weights=None, input_shape=(32, 32, 3), classes=10,
                      classifier_activation=None)


def vit(mlp_activation="gelu"):
    """A small vision transformer: 4x4 patches of a 32x32 image, two
    blocks of two-head attention and a GELU MLP, LayerNorm, softmax."""
    keras = _keras()
    layers = keras.layers
    x = _input((32, 32, 3))
    y = layers.Conv2D(32, 4, strides=4)(x)
    y = layers.Reshape((64, 32))(y)
    for _ in range(2):
        h = layers.LayerNormalization(epsilon=1e-6)(y)
        h = layers.MultiHeadAttention(num_heads=2, key_dim=16)(h, h)
        y = layers.Add()([y, h])
        h = layers.LayerNormalization(epsilon=1e-6)(y)
        h = layers.Dense(64, activation=mlp_activation)(h)
        h = layers.Dense(32)(h)
        y = layers.Add()([y, h])
    y = layers.LayerNormalization(epsilon=1e-6)(y)
    y = layers.GlobalAveragePooling1D()(y)
    y = layers.Dense(10, activation="softmax")(y)
    return keras.Model(x, y, name="vit_small")


def vit_relu():
    """vit() with a ReLU MLP: TFLite Micro has no GELU kernel, so this one
    checks attention's numerics against it."""
    return vit("relu")


def unet():
    """Down by max-pool and strided conv, up by nearest upsampling and a
    transposed convolution, skips joined by concatenation."""
    keras = _keras()
    layers = keras.layers
    x = _input((32, 32, 3))
    c1 = layers.Conv2D(8, 3, padding="same", activation="relu")(x)
    p1 = layers.MaxPooling2D()(c1)
    c2 = layers.Conv2D(16, 3, padding="same", activation="relu")(p1)
    p2 = layers.Conv2D(16, 3, strides=2, padding="same",
                       activation="relu")(c2)
    b = layers.Conv2D(32, 3, padding="same", activation="relu")(p2)
    u2 = layers.Conv2DTranspose(16, 2, strides=2, padding="same")(b)
    u2 = layers.Concatenate()([u2, c2])
    u2 = layers.Conv2D(16, 3, padding="same", activation="relu")(u2)
    u1 = layers.Lambda(lambda t: _tf().image.resize(t, (32, 32),
                                                    method="nearest"))(u2)
    u1 = layers.Concatenate()([u1, c1])
    u1 = layers.Conv2D(8, 3, padding="same", activation="relu")(u1)
    y = layers.Conv2D(2, 1, activation="softmax")(u1)
    return keras.Model(x, y, name="unet")


def detection_head():
    """An SSD-like head on two feature maps: boxes and class scores
    reshaped to (anchors, 4 + classes), concatenated, split, the scores
    through a sigmoid, joined again."""
    keras = _keras()
    layers = keras.layers
    tf = _tf()
    x = _input((64, 64, 3))
    f1 = layers.Conv2D(16, 3, strides=4, padding="same",
                       activation="relu")(x)
    f2 = layers.Conv2D(32, 3, strides=2, padding="same",
                       activation="relu")(f1)
    heads = []
    for feature, size in ((f1, 16), (f2, 8)):
        h = layers.Conv2D(3 * 8, 3, padding="same")(feature)
        heads.append(layers.Reshape((size * size * 3, 8))(h))
    y = layers.Concatenate(axis=1)(heads)
    boxes, scores = layers.Lambda(
        lambda t: tf.split(t, [4, 4], axis=-1))(y)
    scores = layers.Activation("sigmoid")(scores)
    y = layers.Concatenate(axis=-1)([boxes, scores])
    return keras.Model(x, y, name="detection_head")


def lstm():
    """An LSTM over 8 steps, unrolled (the converter's int8 form: fully
    connected gates, LOGISTIC, TANH, MUL, ADD), then a dense classifier.
    Its initial states are inputs, as the GRU's below and for the same
    reason: with the zero state the converter folds the first step and
    keeps or drops a DEQUANTIZE/QUANTIZE pair from one run to the next."""
    keras = _keras()
    layers = keras.layers
    x = _input((8, 12))
    hidden = _input((16,))
    cell = _input((16,))
    y = layers.LSTM(16, unroll=True)(x, initial_state=[hidden, cell])
    y = layers.Dense(4, activation="softmax")(y)
    return keras.Model([x, hidden, cell], y, name="lstm")


def gru():
    """An unrolled GRU whose initial state is an input. With the default
    zero state the converter folds the first step's recurrent product into
    a constant and then, from one process to the next, keeps or drops a
    DEQUANTIZE/QUANTIZE pair around that constant's SPLIT (TF 2.20; not
    fixed by PYTHONHASHSEED), which made the model's bytes and Vela's CPU
    count nondeterministic."""
    keras = _keras()
    layers = keras.layers
    x = _input((8, 12))
    state = _input((16,))
    y = layers.GRU(16, unroll=True, return_sequences=True)(
        x, initial_state=state)
    y = layers.Dense(4)(y)
    return keras.Model([x, state], y, name="gru")


def fused_lstm(name):
    """A fused LSTM model written by lstm_models.py."""
    return lstm_models.build(name, SEED)


def grouped_conv():
    """Keras Conv2D with groups equal to its input channels (ConvNeXt's
    7x7 form): TFLite CONV_2D with [O, KH, KW, 1] filters, one filter per
    channel, then two per channel."""
    keras = _keras()
    layers = keras.layers
    x = _input((16, 16, 8))
    y = layers.Conv2D(8, 3, padding="same", groups=8, activation="relu")(x)
    y = layers.Conv2D(16, 3, padding="same", groups=8, activation="relu")(y)
    y = layers.GlobalAveragePooling2D()(y)
    y = layers.Dense(4)(y)
    return keras.Model(x, y, name="grouped_conv")


def grouped_conv_general():
    """Keras Conv2D with groups of several channels (ResNeXt's and
    ShuffleNet's form): TFLite CONV_2D whose [O, KH, KW, C / G] filters
    read C / G channels each; 3x3 in 2 groups with ReLU, then 1x1 in 4."""
    keras = _keras()
    layers = keras.layers
    x = _input((16, 16, 8))
    y = layers.Conv2D(16, 3, padding="same", groups=2, activation="relu")(x)
    y = layers.Conv2D(16, 1, groups=4)(y)
    y = layers.GlobalAveragePooling2D()(y)
    y = layers.Dense(4)(y)
    return keras.Model(x, y, name="grouped_conv_general")


def depth_space():
    """SPACE_TO_DEPTH and DEPTH_TO_SPACE around a convolution."""
    keras = _keras()
    tf = _tf()
    layers = keras.layers
    x = _input((32, 32, 4))
    y = layers.Lambda(lambda t: tf.nn.space_to_depth(t, 2))(x)
    y = layers.Conv2D(16, 3, padding="same", activation="relu")(y)
    y = layers.Lambda(lambda t: tf.nn.depth_to_space(t, 2))(y)
    y = layers.Conv2D(4, 1)(y)
    return keras.Model(x, y, name="depth_space")


def strided_slices():
    """Strided slices (steps, negative ends, a shrunk axis) and a
    concatenation of their results."""
    keras = _keras()
    layers = keras.layers
    x = _input((32, 32, 8))
    y = layers.Conv2D(8, 3, padding="same")(x)
    a = layers.Lambda(lambda t: t[:, 1:-1:2, ::2, :])(y)
    b = layers.Lambda(lambda t: t[:, -31:-1:2, -32::2, 2:6])(y)
    c = layers.Lambda(lambda t: t[:, 3, :, :])(y)
    y = layers.Concatenate()([a, b])
    y = layers.Conv2D(4, 1)(y)
    c = layers.Dense(4)(c)
    return keras.Model(x, [y, c], name="strided_slices")


def pads(constant=True):
    """Zero padding, constant padding by a non-zero value (PADV2), reflect
    and symmetric (MIRROR_PAD) padding."""
    keras = _keras()
    tf = _tf()
    layers = keras.layers
    x = _input((16, 16, 4))
    y = layers.ZeroPadding2D(((1, 2), (3, 0)))(x)
    y = layers.Conv2D(8, 3, activation="relu")(y)
    y = layers.Lambda(lambda t: tf.pad(t, [[0, 0], [2, 2], [2, 2], [0, 0]],
                                       mode="REFLECT"))(y)
    y = layers.Lambda(lambda t: tf.pad(t, [[0, 0], [1, 1], [0, 1], [0, 0]],
                                       mode="SYMMETRIC"))(y)
    y = layers.Conv2D(8, 3)(y)
    if constant:
        y = layers.Lambda(lambda t: tf.pad(
            t, [[0, 0], [1, 1], [1, 1], [0, 0]], constant_values=0.5))(y)
    return keras.Model(x, y, name="pads")


def pads16():
    """pads() without PADV2: the converter's 16x8 PADV2 keeps a float
    padding value, which TFLite Micro refuses."""
    return pads(constant=False)


def conv_chain():
    """Convolution chains only (conv, depthwise, ReLU6, add): TFLite's
    rounding should match TFLite Micro bit for bit (class 9)."""
    keras = _keras()
    layers = keras.layers
    x = _input((32, 32, 3))
    y = layers.Conv2D(16, 3, strides=2, padding="same")(x)
    y = layers.ReLU(6.0)(y)
    z = layers.DepthwiseConv2D(3, padding="same")(y)
    z = layers.ReLU(6.0)(z)
    z = layers.Conv2D(16, 1)(z)
    y = layers.Add()([y, z])
    y = layers.Conv2D(8, 3, strides=2)(y)
    return keras.Model(x, y, name="conv_chain")


def mlp():
    keras = _keras()
    layers = keras.layers
    x = _input((64,))
    y = layers.Dense(32, activation="relu")(x)
    y = layers.Dense(32, activation="tanh")(y)
    y = layers.Dense(10, activation="softmax")(y)
    return keras.Model(x, y, name="mlp")


def elementwise16():
    """The elementwise operators the converter quantizes to 16x8 (not
    PRELU, ELU or HARD_SWISH)."""
    keras = _keras()
    tf = _tf()
    layers = keras.layers
    a = _input((8, 8, 8))
    b = _input((8, 8, 8))
    s = layers.Add()([a, b])
    d = layers.Subtract()([a, b])
    m = layers.Multiply()([a, b])
    mx = layers.Maximum()([s, d])
    mn = layers.Minimum()([s, m])
    l = layers.LeakyReLU(0.2)(mn)
    t = layers.Activation("tanh")(d)
    g = layers.Activation("sigmoid")(mx)
    sq = layers.Lambda(lambda u: tf.math.squared_difference(u[0], u[1]))(
        [a, b])
    y = layers.Concatenate()([l, t, g, sq])
    return keras.Model([a, b], y, name="elementwise16")


def elementwise():
    """Binary and unary elementwise operators on two inputs."""
    keras = _keras()
    tf = _tf()
    layers = keras.layers
    a = _input((8, 8, 8))
    b = _input((8, 8, 8))
    s = layers.Add()([a, b])
    d = layers.Subtract()([a, b])
    m = layers.Multiply()([a, b])
    mx = layers.Maximum()([s, d])
    mn = layers.Minimum()([s, m])
    h = layers.Activation("hard_swish")(mx)
    l = layers.LeakyReLU(0.2)(mn)
    t = layers.Activation("tanh")(d)
    e = layers.Activation("elu")(m)
    p = layers.PReLU()(s)
    sq = layers.Lambda(lambda u: tf.math.squared_difference(u[0], u[1]))(
        [a, b])
    y = layers.Concatenate()([h, l, t, e, p, sq])
    return keras.Model([a, b], y, name="elementwise")


def pooling():
    keras = _keras()
    layers = keras.layers
    x = _input((32, 32, 8))
    a = layers.MaxPooling2D(3, strides=2, padding="same")(x)
    b = layers.AveragePooling2D(2)(x)
    b = layers.AveragePooling2D(3, strides=1, padding="same")(b)
    y = layers.Concatenate()([a, b])
    y = layers.Conv2D(8, 1)(y)
    return keras.Model(x, y, name="pooling")


def reshape_transpose():
    """RESHAPE, TRANSPOSE and CONCATENATION between two convolutions."""
    keras = _keras()
    tf = _tf()
    layers = keras.layers
    x = _input((16, 16, 8))
    y = layers.Conv2D(8, 3, padding="same")(x)
    t = layers.Lambda(lambda u: tf.transpose(u, [0, 2, 1, 3]))(y)
    r = layers.Reshape((16, 8, 16))(y)
    r = layers.Lambda(lambda u: tf.transpose(u, [0, 1, 3, 2]))(r)
    r = layers.Reshape((16, 16, 8))(r)
    y = layers.Concatenate()([t, r])
    y = layers.Conv2D(4, 1)(y)
    return keras.Model(x, y, name="reshape_transpose")


def softmax():
    keras = _keras()
    tf = _tf()
    layers = keras.layers
    x = _input((16, 32))
    y = layers.Dense(32)(x)
    a = layers.Softmax()(y)
    b = layers.Lambda(lambda u: tf.nn.log_softmax(u))(y)
    return keras.Model(x, [a, b], name="softmax")


def resize_nearest():
    keras = _keras()
    layers = keras.layers
    x = _input((8, 8, 8))
    y = layers.Conv2D(8, 3, padding="same")(x)
    # tf.image.resize, not UpSampling2D: that converts to TILE, which
    # TFLite Micro has no kernel for.
    y = layers.Lambda(lambda t: _tf().image.resize(t, (32, 32),
                                                   method="nearest"))(y)
    y = layers.Conv2D(4, 3, padding="same")(y)
    return keras.Model(x, y, name="resize_nearest")


def depthwise_separable():
    keras = _keras()
    layers = keras.layers
    x = _input((32, 32, 3))
    y = layers.SeparableConv2D(16, 3, strides=2, padding="same",
                               activation="relu")(x)
    y = layers.SeparableConv2D(32, 3, padding="same", activation="relu")(y)
    y = layers.DepthwiseConv2D(3, strides=2, depth_multiplier=2)(y)
    return keras.Model(x, y, name="depthwise_separable")


# The classes (#34): each reproduced by a small model.

def raw_uint8_cast():
    """Class 2: an image of raw uint8 bytes (no quantization parameters)
    fed to a CAST to float, scaled, then a quantized network."""
    keras = _keras()
    tf = _tf()
    layers = keras.layers
    x = _input((32, 32, 3), "uint8")
    y = layers.Lambda(lambda t: tf.cast(t, tf.float32) / 255.0)(x)
    y = layers.Conv2D(8, 3, strides=2, activation="relu")(y)
    y = layers.GlobalAveragePooling2D()(y)
    y = layers.Dense(4)(y)
    return keras.Model(x, y, name="raw_uint8_cast")


def mean_two_axes():
    """Class 3: MEAN over axes 1 and 2 (TF2's global average pool)."""
    keras = _keras()
    layers = keras.layers
    x = _input((16, 16, 3))
    y = layers.Conv2D(16, 3, activation="relu")(x)
    y = layers.GlobalAveragePooling2D()(y)
    y = layers.Dense(10)(y)
    return keras.Model(x, y, name="mean_two_axes")


def mean_keepdims():
    """Class 3 with keepdims, as squeeze-excite blocks use it."""
    keras = _keras()
    tf = _tf()
    layers = keras.layers
    x = _input((12, 12, 8))
    y = layers.Conv2D(8, 3, padding="same")(x)
    s = layers.Lambda(lambda t: tf.reduce_mean(t, [1, 2], keepdims=True))(y)
    s = layers.Conv2D(8, 1, activation="sigmoid")(s)
    y = layers.Multiply()([y, s])
    return keras.Model(x, y, name="mean_keepdims")


def global_avgpool_stride8():
    """Class 4: a global AVERAGE_POOL_2D, kernel and stride 8 = input."""
    keras = _keras()
    layers = keras.layers
    x = _input((8, 8, 16))
    y = layers.AveragePooling2D(8, strides=8)(x)
    y = layers.Conv2D(4, 1)(y)
    return keras.Model(x, y, name="global_avgpool_stride8")


def global_avgpool_stride25():
    keras = _keras()
    layers = keras.layers
    x = _input((25, 25, 8))
    y = layers.Conv2D(8, 1)(x)
    y = layers.AveragePooling2D(25, strides=25)(y)
    return keras.Model(x, y, name="global_avgpool_stride25")


def resize_bilinear_1x1():
    """Class 5: DeepLab's image pooling: a 1x1 mean resized bilinearly to
    33x33 and joined to the features."""
    keras = _keras()
    tf = _tf()
    layers = keras.layers
    x = _input((33, 33, 8))
    pooled = layers.AveragePooling2D(33)(x)
    pooled = layers.Conv2D(8, 1, activation="relu")(pooled)
    up = layers.Lambda(lambda t: tf.compat.v1.image.resize_bilinear(
        t, (33, 33), align_corners=True))(pooled)
    y = layers.Concatenate()([x, up])
    y = layers.Conv2D(8, 1)(y)
    return keras.Model(x, y, name="resize_bilinear_1x1")


def resize_bilinear():
    """Class 5 in the U-Net form: bilinear upsampling, half-pixel."""
    keras = _keras()
    layers = keras.layers
    x = _input((8, 8, 8))
    y = layers.Conv2D(8, 3, padding="same")(x)
    y = layers.UpSampling2D(2, interpolation="bilinear")(y)
    y = layers.Conv2D(4, 1)(y)
    return keras.Model(x, y, name="resize_bilinear")


def mul_tiny_scale():
    """Class 6: a MUL whose output is always near zero while its inputs
    span [-1, 1] (the representative data puts a tiny value wherever the
    other input is large), so its output scale is tiny and the scale ratio
    huge."""
    keras = _keras()
    layers = keras.layers
    a = _input((8, 8, 4))
    b = _input((8, 8, 4))
    y = layers.Multiply()([a, b])
    y = layers.Conv2D(4, 1)(y)
    return keras.Model([a, b], y, name="mul_tiny_scale")


def _mul_tiny_scale_data(rng, shapes):
    a = rng.uniform(-1, 1, shapes[0]).astype("float32")
    b = rng.uniform(-1, 1, shapes[1]).astype("float32")
    mask = rng.uniform(size=shapes[0]) < 0.5
    a[mask] *= 1e-20
    b[~mask] *= 1e-20
    return [a, b]


def logistic_uint8():
    """Class 6: LOGISTIC on uint8 storage (TF1's whole-uint8 form)."""
    keras = _keras()
    layers = keras.layers
    x = _input((16, 16, 3))
    y = layers.Conv2D(8, 3, activation="relu")(x)
    y = layers.Activation("sigmoid")(y)
    y = layers.Conv2D(4, 1)(y)
    return keras.Model(x, y, name="logistic_uint8")


def conv_relu_to_host():
    """Class 6: a conv with ReLU feeding an operator that stays on the host
    (a bilinear resize on U55)."""
    keras = _keras()
    tf = _tf()
    layers = keras.layers
    x = _input((8, 8, 4))
    y = layers.Conv2D(8, 3, padding="same", activation="relu")(x)
    y = layers.Lambda(lambda t: tf.image.resize(t, (15, 15),
                                                method="bilinear"))(y)
    return keras.Model(x, y, name="conv_relu_to_host")


def argmax_i64():
    """Class 7: ARG_MAX with an i64 output over a 513x513 plane."""
    keras = _keras()
    tf = _tf()
    layers = keras.layers
    x = _input((513, 513, 2))
    y = layers.Lambda(lambda t: tf.math.argmax(t, axis=-1,
                                               output_type=tf.int64))(x)
    return keras.Model(x, y, name="argmax_i64")


def argmax_i32():
    keras = _keras()
    tf = _tf()
    layers = keras.layers
    x = _input((16, 16, 4))
    y = layers.Conv2D(6, 3, padding="same")(x)
    y = layers.Lambda(lambda t: tf.math.argmax(t, axis=-1,
                                               output_type=tf.int32))(y)
    return keras.Model(x, y, name="argmax_i32")


def uint8_io_classifier():
    """Class 8: a uint8-in, uint8-out classifier."""
    keras = _keras()
    layers = keras.layers
    x = _input((24, 24, 3))
    y = layers.Conv2D(8, 3, strides=2, activation="relu")(x)
    y = layers.DepthwiseConv2D(3, activation="relu")(y)
    y = layers.Flatten()(y)
    y = layers.Dense(10, activation="softmax")(y)
    return keras.Model(x, y, name="uint8_io_classifier")


# (name, builder, variant, what it reproduces or exercises). A model's data
# generator, when not uniform in [-1, 1] (uint8 for raw uint8 inputs), is in
# DATA.
MODELS = [
    ("mobilenet_v1_int8", mobilenet_v1, "int8", "MobileNet v1"),
    ("mobilenet_v1_uint8_io", mobilenet_v1, "uint8-io",
     "MobileNet v1, uint8 I/O (class 8)"),
    ("mobilenet_v2_int8", mobilenet_v2, "int8",
     "MobileNet v2: MEAN over two axes (classes 3, 9)"),
    ("mobilenet_v2_float_io", mobilenet_v2, "int8-float-io",
     "MobileNet v2, float I/O"),
    ("mobilenet_v2_int16x8", mobilenet_v2_recalibrated, "int16x8",
     "MobileNet v2, 16x8, batch norms set to the statistics of random "
     "images"),
    ("mobilenet_v2_per_tensor", mobilenet_v2, "int8-per-tensor",
     "MobileNet v2, per-tensor weights"),
    ("mobilenet_v3_small_int8", mobilenet_v3_small, "int8",
     "MobileNet v3 small: hard-swish, squeeze-excite"),
    ("mobilenet_v3_small_float_io", mobilenet_v3_small, "int8-float-io",
     "MobileNet v3 small, float I/O"),
    ("mobilenet_v3_large_int8", mobilenet_v3_large, "int8",
     "MobileNet v3 large (narrow head)"),
    ("efficientnet_b0_int8", efficientnet_b0, "int8",
     "EfficientNet B0 (half depth and width): swish, sigmoid gates, MEAN"),
    ("efficientnet_b0_uint8_io", efficientnet_b0, "uint8-io",
     "EfficientNet B0, uint8 I/O"),
    ("efficientnet_v2_b0_int8", efficientnet_v2_b0, "int8",
     "EfficientNet V2-B0 (half depth and width)"),
    ("resnet_int8", resnet, "int8", "ResNet v1 (three stages)"),
    ("resnet_int16x8", resnet, "int16x8-float-io", "ResNet v1, 16x8"),
    ("resnet_v2_int8", resnet_v2, "int8", "ResNet v2 (pre-activation)"),
    ("densenet_int8", densenet, "int8", "DenseNet: concat-heavy"),
    ("nasnet_mobile_int8", nasnet_mobile, "int8", "NASNet-mobile (one cell"
     " per stage)"),
    ("convnext_int8", convnext, "int8", "ConvNeXt: LayerNorm, GELU"),
    ("convnext_float_io", convnext, "int8-float-io", "ConvNeXt, float I/O"),
    ("convnext_dynamic_batch_int8", convnext, "int8-dynamic-batch",
     "ConvNeXt converted with a dynamic batch (pointwise Dense as "
     "Tensordot)"),
    ("vit_int8", vit, "int8", "vision transformer: attention, softmax, "
     "LayerNorm"),
    ("vit_dynamic_batch_int8", vit, "int8-dynamic-batch",
     "vision transformer converted with a dynamic batch: Dense on a "
     "sequence is Tensordot (SHAPE, GATHER, REDUCE_PROD, PACK)"),
    ("vit_relu_int8", vit_relu, "int8",
     "vision transformer with a ReLU MLP (TFLite Micro has no GELU)"),
    ("vit_float_io", vit, "int8-float-io",
     "vision transformer, float I/O (16x8 has no NEG)"),
    ("unet_int8", unet, "int8", "U-Net: upsampling, transposed conv, "
     "concat"),
    ("unet_uint8_io", unet, "uint8-io", "U-Net, uint8 I/O"),
    ("unet_int16x8", unet, "int16x8", "U-Net, 16x8"),
    ("detection_head_int8", detection_head, "int8", "detection head: "
     "reshape, concat, split, sigmoid"),
    ("detection_head_float_io", detection_head, "int8-float-io",
     "detection head, float I/O"),
    ("lstm_int8", lstm, "int8", "recurrent: unrolled LSTM"),
    ("gru_int8", gru, "int8", "recurrent: unrolled GRU"),
    ("gru_dynamic_batch_int8", gru, "int8-dynamic-batch",
     "unrolled GRU converted with a dynamic batch (sizes computed at run "
     "time)"),
    # UNIDIRECTIONAL_SEQUENCE_LSTM, written by lstm_models.py (TF 2.20's
    # converter cannot fuse a Keras 3 LSTM).
    ("fused_lstm_int8", fused_lstm, "int8",
     "recurrent: fused LSTM, 10 steps"),
    ("fused_lstm_time_major_int8", fused_lstm, "int8",
     "recurrent: fused LSTM, time-major, batch 2, cell clip"),
    ("fused_lstm_step_int8", fused_lstm, "int8",
     "recurrent: fused LSTM, one step (streaming form)"),
    ("fused_lstm_int16x8", fused_lstm, "int16x8",
     "recurrent: fused LSTM, 16x8"),
    ("grouped_conv_int8", grouped_conv, "int8",
     "CONV_2D with a group per input channel (depthwise)"),
    ("grouped_conv_general_int8", grouped_conv_general, "int8",
     "CONV_2D with groups of several channels"),
    ("grouped_conv_general_int16x8", grouped_conv_general, "int16x8",
     "CONV_2D with groups of several channels, 16x8"),
    ("depth_space_int8", depth_space, "int8",
     "SPACE_TO_DEPTH, DEPTH_TO_SPACE"),
    ("strided_slices_int8", strided_slices, "int8", "strided slices"),
    ("pads_int8", pads, "int8", "PAD, PADV2, MIRROR_PAD"),
    ("pads_int16x8", pads16, "int16x8", "PAD, MIRROR_PAD, 16x8"),
    ("conv_chain_int8", conv_chain, "int8",
     "convolution chain (class 9: bit-exact)"),
    ("conv_chain_per_tensor", conv_chain, "int8-per-tensor",
     "convolution chain, per-tensor weights"),
    ("conv_chain_legacy_uint8", conv_chain, "legacy-uint8",
     "convolution chain, whole-uint8 (TF1 form)"),
    ("mlp_int8", mlp, "int8", "fully connected, tanh, softmax"),
    ("elementwise_int8", elementwise, "int8",
     "add, sub, mul, max, min, hard-swish, leaky ReLU, tanh, ELU, PReLU, "
     "squared difference"),
    ("elementwise_int16x8", elementwise16, "int16x8",
     "add, sub, mul, max, min, leaky ReLU, tanh, logistic, squared "
     "difference, 16x8"),
    ("pooling_int8", pooling, "int8", "max and average pooling"),
    ("reshape_transpose_int8", reshape_transpose, "int8",
     "reshape, transpose, concat"),
    ("softmax_int8", softmax, "int8", "softmax, log-softmax"),
    ("resize_nearest_int8", resize_nearest, "int8", "nearest upsampling"),
    ("depthwise_separable_int16x8", depthwise_separable, "int16x8",
     "separable convolutions, 16x8"),
    ("raw_uint8_cast", raw_uint8_cast, "int8",
     "class 2: raw uint8 input to CAST"),
    ("mean_two_axes_int8", mean_two_axes, "int8",
     "class 3: MEAN over two axes"),
    ("mean_two_axes_int16x8", mean_two_axes, "int16x8",
     "class 3: MEAN over two axes, 16x8"),
    ("mean_keepdims_int8", mean_keepdims, "int8",
     "class 3: MEAN keepdims (squeeze-excite)"),
    ("global_avgpool_stride8_int8", global_avgpool_stride8, "int8",
     "class 4: global AVERAGE_POOL_2D, stride 8"),
    ("global_avgpool_stride25_int8", global_avgpool_stride25, "int8",
     "class 4: global AVERAGE_POOL_2D, stride 25"),
    ("resize_bilinear_1x1_int8", resize_bilinear_1x1, "int8",
     "class 5: RESIZE_BILINEAR 1x1 to 33x33 (align corners)"),
    ("resize_bilinear_int8", resize_bilinear, "int8",
     "class 5: RESIZE_BILINEAR, half-pixel"),
    ("mul_tiny_scale_int8", mul_tiny_scale, "int8",
     "class 6: MUL with a tiny output scale"),
    ("logistic_uint8", logistic_uint8, "legacy-uint8",
     "class 6: LOGISTIC on uint8 storage (class 8: whole-uint8 I/O)"),
    ("conv_relu_to_host_int8", conv_relu_to_host, "int8",
     "class 6: conv + ReLU feeding a host op"),
    ("argmax_i64_int8", argmax_i64, "int8",
     "class 7: ARG_MAX, i64 output, 513x513 plane"),
    ("argmax_i32_int8", argmax_i32, "int8", "ARG_MAX, i32 output"),
    ("uint8_io_classifier", uint8_io_classifier, "uint8-io",
     "class 8: uint8 I/O classifier"),
]

DATA = {"mul_tiny_scale_int8": _mul_tiny_scale_data}


# --- conversion ----------------------------------------------------------------


def _representative(name, shapes, dtypes):
    import numpy as np
    rng = np.random.default_rng(
        [SEED, int(hashlib.sha256(name.encode()).hexdigest()[:8], 16)])
    samples = []
    for _ in range(CALIBRATION_SAMPLES):
        if name in DATA:
            samples.append(DATA[name](rng, shapes))
            continue
        sample = []
        for shape, dtype in zip(shapes, dtypes):
            if dtype == "uint8":
                sample.append(rng.integers(0, 256, shape, dtype=np.uint8))
            else:
                sample.append(rng.uniform(-1, 1, shape).astype(np.float32))
        samples.append(sample)
    return samples


def convert(name, builder, variant):
    """The .tflite bytes of one model, and its input shapes and dtypes."""
    if builder is fused_lstm:
        return fused_lstm(name)
    import keras
    tf = _tf()
    from tensorflow.python.framework.convert_to_constants import \
        convert_variables_to_constants_v2

    # Layer and tensor names count up over a session: a fresh one per model
    # keeps a model's bytes independent of the models made before it.
    keras.backend.clear_session()
    keras.utils.set_random_seed(
        SEED + int(hashlib.sha256(name.encode()).hexdigest()[:6], 16))
    global _batch_size
    dynamic = variant.endswith("-dynamic-batch")
    _batch_size = None if dynamic else 1
    try:
        model = builder()
    finally:
        _batch_size = 1
    specs = [tf.TensorSpec((None if dynamic else 1,) + tuple(t.shape[1:]),
                           t.dtype)
             for t in model.inputs]
    # The representative samples and the checks run batch 1.
    shapes = [(1,) + tuple(s.shape[1:]) for s in specs]
    dtypes = [s.dtype.name for s in specs]
    several = len(specs) > 1
    function = tf.function(
        lambda *xs: model(list(xs) if several else xs[0], training=False))
    frozen = convert_variables_to_constants_v2(
        function.get_concrete_function(*specs))
    samples = _representative(name, shapes, dtypes)
    io_in, io_out, activations = VARIANTS[variant]

    if variant == "legacy-uint8":
        # TF1's converter with dummy ranges: every tensor uint8, as in the
        # uint8 models made before post-training quantization.
        converter = tf.compat.v1.lite.TFLiteConverter(
            frozen.graph.as_graph_def(), list(frozen.inputs),
            list(frozen.outputs))
        converter.inference_type = tf.uint8
        converter.quantized_input_stats = {
            t.name.split(":")[0]: (128.0, 127.5) for t in frozen.inputs}
        converter.default_ranges_stats = (-6.0, 6.0)
        return converter.convert(), shapes, dtypes

    converter = tf.lite.TFLiteConverter.from_concrete_functions([frozen])
    converter.optimizations = [tf.lite.Optimize.DEFAULT]
    converter.representative_dataset = lambda: iter(samples)
    if activations == "int16":
        converter.target_spec.supported_ops = [
            tf.lite.OpsSet.
            EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_INT8]
    else:
        converter.target_spec.supported_ops = [
            tf.lite.OpsSet.TFLITE_BUILTINS_INT8]
    if variant == "int8-per-tensor":
        converter._experimental_disable_per_channel = True
    # A raw uint8 input stays what it is; the float ones take the variant's
    # interface type.
    if any(d == "float32" for d in dtypes):
        converter.inference_input_type = getattr(tf, io_in)
    converter.inference_output_type = getattr(tf, io_out)
    return converter.convert(), shapes, dtypes


def main():
    # TensorFlow's converter iterates over sets of strings: with Python's
    # per-process hash seed the same GRU converted to different graphs
    # (with or without a DEQUANTIZE/QUANTIZE pair) from one run to the
    # next. One fixed seed makes every model's bytes depend on this file
    # alone.
    if os.environ.get("PYTHONHASHSEED") != "0":
        os.execve(sys.executable, [sys.executable] + sys.argv,
                  dict(os.environ, PYTHONHASHSEED="0"))
    args = sys.argv[1:]
    if not args:
        print(__doc__)
        return 2
    out = args[0]
    only = None
    if "--only" in args:
        only = set(args[args.index("--only") + 1].split(","))
    os.makedirs(out, exist_ok=True)
    manifest_path = os.path.join(out, "models.json")
    current = stamp()
    if only is None and os.path.isfile(manifest_path):
        with open(manifest_path) as f:
            if json.load(f).get("stamp") == current:
                print("factory: %d models up to date (stamp %s)"
                      % (len(MODELS), current))
                return 0
    manifest = {"stamp": current, "seed": SEED, "models": []}
    start = time.time()
    failed = 0
    for name, builder, variant, what in MODELS:
        if only is not None and name not in only:
            continue
        began = time.time()
        try:
            data, shapes, dtypes = convert(name, builder, variant)
        except Exception as error:  # report every model, then fail
            failed += 1
            print("factory: %s: %s: %s" % (name, type(error).__name__,
                                           str(error)[-600:]))
            continue
        with open(os.path.join(out, name + ".tflite"), "wb") as f:
            f.write(data)
        manifest["models"].append({
            "name": name, "architecture": builder.__name__,
            "variant": variant, "what": what,
            "inputs": [list(s) for s in shapes], "input_dtypes": dtypes,
            "bytes": len(data)})
        print("factory: %-32s %-16s %8d bytes %5.1f s"
              % (name, variant, len(data), time.time() - began))
        sys.stdout.flush()
    if failed or only is not None:
        print("factory: %d failed; no stamp written" % failed)
        return 1 if failed else 0
    with open(manifest_path, "w") as f:
        json.dump(manifest, f, indent=1)
        f.write("\n")
    print("factory: %d models in %.0f s" % (len(manifest["models"]),
                                           time.time() - start))
    return 0


if __name__ == "__main__":
    sys.exit(main())
