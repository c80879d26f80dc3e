"""Fused LSTM models (UNIDIRECTIONAL_SEQUENCE_LSTM), written directly.

TensorFlow 2.20's converter cannot make this operator from Keras 3: a Keras
LSTM converts to a WHILE loop, and quantizing it crashes the converter. Yet
the fused operator is what TFLite Micro's examples and older converters
ship (the corpus's DTLN and MNIST LSTMs). So these models are written as
the converter's quantizer lays them out (TFLite's lstm_shared.h, 24 inputs):
int8 or int16 activations, int8 weights symmetric per tensor, biases at
input scale times weight scale (int32, or int64 for 16x8), the hidden state
as the output's parameters, the cell state int16 at a power-of-two scale,
both states variables. Weights and scales are seeded random values; flatc
turns the description into a flatbuffer with qtosa's own tflite.fbs.
"""
import json
import os
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
SCHEMA = os.path.join(HERE, "..", "..", "lib", "Target", "TFLite", "tflite.fbs")
sys.path.insert(0, os.path.join(HERE, "..", "Target", "TFLite", "Inputs"))
from tflite_models import Model  # noqa: E402

# name -> settings. activations: INT8, INT16 or FLOAT32.
LSTMS = {
    # One sequence, batch-major (Keras' layout), asymmetric hidden state.
    "fused_lstm_int8": dict(activations="INT8", batch=1, steps=10,
                            features=12, units=16, hidden_zp=-3,
                            cell_exponent=-11),
    # Time-major, two sequences at once, a cell clip.
    "fused_lstm_time_major_int8": dict(activations="INT8", batch=2, steps=6,
                                       features=8, units=12, hidden_zp=5,
                                       cell_exponent=-12, time_major=True,
                                       cell_clip=2.5),
    # One step of a streaming model (TFLite Micro's DTLN example).
    "fused_lstm_step_int8": dict(activations="INT8", batch=1, steps=1,
                                 features=40, units=32, hidden_zp=0,
                                 cell_exponent=-11),
    # 16x8: int16 activations, int64 biases.
    "fused_lstm_int16x8": dict(activations="INT16", batch=1, steps=5,
                               features=10, units=8, hidden_zp=0,
                               cell_exponent=-12),
}


def _model(rng, activations, batch, steps, features, units, hidden_zp=0,
           cell_exponent=-11, time_major=False, cell_clip=0.0):
    m = Model()
    quantized = activations != "FLOAT32"
    shape = [steps, batch, features] if time_major else \
        [batch, steps, features]
    out_shape = shape[:2] + [units]
    in_scale = 0.02 if quantized else None
    in_zp = (-7 if activations == "INT8" else 0) if quantized else None
    hidden_scale = 1.0 / 128 if quantized else None
    x = m.tensor("input", shape, activations, in_scale, in_zp)
    m.inputs.append(x)

    def weight(name, rows, cols):
        w = rng.uniform(-0.5, 0.5, (rows, cols)).astype(np.float32)
        if not quantized:
            return m.tensor(name, w.shape, "FLOAT32", data=w), None
        scale = float(np.abs(w).max()) / 127
        q = np.clip(np.round(w / scale), -127, 127)
        return m.tensor(name, w.shape, "INT8", scale, 0, data=q), scale

    def bias(name, weight_scale, input_scale):
        b = rng.uniform(-0.3, 0.3, units).astype(np.float32)
        if not quantized:
            return m.tensor(name, [units], "FLOAT32", data=b)
        scale = weight_scale * input_scale
        kind = "INT64" if activations == "INT16" else "INT32"
        return m.tensor(name, [units], kind, scale, 0,
                        data=np.round(b / scale))

    inputs_ = [x]
    input_weights = [weight("input_to_%s" % g, units, features)
                     for g in ("input", "forget", "cell", "output")]
    recurrent = [weight("recurrent_to_%s" % g, units, units)
                 for g in ("input", "forget", "cell", "output")]
    inputs_ += [t for t, _ in input_weights] + [t for t, _ in recurrent]
    inputs_ += [-1, -1, -1]  # no peepholes
    inputs_ += [bias("%s_bias" % g, s, in_scale or 1.0)
                for g, (_, s) in zip(("input", "forget", "cell", "output"),
                                     input_weights)]
    inputs_ += [-1, -1]  # no projection
    hidden = m.tensor("output_state", [batch, units], activations,
                      hidden_scale, hidden_zp if quantized else None)
    cell = m.tensor("cell_state", [batch, units],
                    "INT16" if quantized else "FLOAT32",
                    2.0 ** cell_exponent if quantized else None,
                    0 if quantized else None)
    for state in (hidden, cell):
        m.tensors[state]["is_variable"] = True
    inputs_ += [hidden, cell, -1, -1, -1, -1]
    y = m.tensor("output", out_shape, activations, hidden_scale,
                 hidden_zp if quantized else None)
    m.outputs.append(y)
    m.op("UNIDIRECTIONAL_SEQUENCE_LSTM", inputs_, [y],
         "UnidirectionalSequenceLSTMOptions",
         {"fused_activation_function": "TANH", "cell_clip": cell_clip,
          "time_major": time_major})
    if quantized:
        # The converter's five intermediates: four gate placeholders and the
        # effective hidden scale, which Vela reads (TFLite Micro does not).
        gates = [m.tensor("input_to_%s_intermediate" % g, [0], "FLOAT32")
                 for g in ("input", "forget", "cell", "output")]
        effective = m.tensor("effective_hidden_scale_intermediate", [0],
                             activations, hidden_scale, 0)
        m.operators[-1]["intermediates"] = gates + [effective]
    # Readers older than builtin_code (Vela's among them) read the code
    # from deprecated_builtin_code, as the converter writes it.
    for code in m.opcodes:
        code["deprecated_builtin_code"] = 44
    return m, shape


def build(name, seed):
    """The .tflite bytes of LSTMS[name], its input shapes and dtypes."""
    import hashlib
    rng = np.random.default_rng(
        [seed, int(hashlib.sha256(name.encode()).hexdigest()[:8], 16)])
    settings = LSTMS[name]
    m, shape = _model(rng, **settings)
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, name + ".json")
        with open(path, "w") as f:
            json.dump(m.json(), f)
        subprocess.run(["flatc", "-b", "-o", scratch, SCHEMA, path],
                       check=True)
        with open(os.path.join(scratch, name + ".tflite"), "rb") as f:
            data = f.read()
    dtype = {"INT8": "int8", "INT16": "int16",
             "FLOAT32": "float32"}[settings["activations"]]
    return data, [tuple(shape)], [dtype]
