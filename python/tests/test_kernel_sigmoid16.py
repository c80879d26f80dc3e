"""The 16-bit sigmoid and tanh at TFLite's parameters (KernelSigmoid16.cpp):
which form qtosa-lower-to-tosa-int picks, and, executed on all 65536 stored
inputs, that TFLite's kernel is within 1 LSB of the QDQ graph wherever it
is picked for an unmarked op. Equality with TFLite Micro itself is
python/tests/tools/test_tensorflow.py's."""
import numpy as np
import pytest

import qtosa

Q015 = "!quant.uniform<i16:f32, 3.0517578125e-05>"


def graph(op, in_scale, elements=64, marked=False, out_type=Q015):
    qin = "!quant.uniform<i16:f32, %.10e>" % in_scale
    mark = " {qtosa.tflite_kernel}" if marked else ""
    t = "tensor<1x%dx%%s>" % elements
    return "\n".join([
        "func.func @main(%%x: %s) -> %s {" % (t % "i16", t % "i16"),
        "  %%q = quant.scast %%x : %s to %s" % (t % "i16", t % qin),
        "  %%d = quant.dcast %%q : %s to %s" % (t % qin, t % "f32"),
        "  %%y = tosa.%s %%d%s : (%s) -> %s" % (op, mark, t % "f32",
                                                t % "f32"),
        "  %%r = quant.qcast %%y : %s to %s" % (t % "f32", t % out_type),
        "  %%s = quant.scast %%r : %s to %s" % (t % out_type, t % "i16"),
        "  return %%s : %s" % (t % "i16"),
        "}"])


def lowered(text):
    module = qtosa.parse(text)
    module.run("qtosa-lower-pipeline{io=int}")
    return module


def form(module):
    text = str(module)
    if "tensor<513xi16>" in text:
        assert "tensor<256xi8>" not in text
        return "table"
    assert text.count("tosa.table") == 4 and "tosa.abs" in text
    return "kernel"


@pytest.mark.parametrize("op,in_scale", [
    ("sigmoid", 2.0 ** -12), ("sigmoid", 2.0 ** -13), ("sigmoid", 6.0e-5),
    ("tanh", 2.0 ** -12), ("tanh", 2.0 ** -11)])
def test_kernel_within_one_lsb_of_qdq(op, in_scale):
    text = graph(op, in_scale)
    module = lowered(text)
    assert form(module) == "kernel"
    reference = qtosa.parse(text)
    reference.run("qtosa-import-qdq,qtosa-integer-io,qtosa-expand-qdq")
    ours, qdq = qtosa.Executable(module), qtosa.Executable(reference)
    every = np.arange(-32768, 32768, dtype=np.int16).reshape(1024, 1, 64)
    worst = 0
    for chunk in every:
        (a,), (b,) = ours.run([chunk]), qdq.run([chunk])
        worst = max(worst, int(np.abs(a.astype(int) - b).max()))
    assert worst == 1


def test_which_form():
    # TFLite's tanh at 2^-13 is 2 LSB from the rounded function somewhere:
    # the table, unless the importer marked the op as TFLite's kernel.
    assert form(lowered(graph("tanh", 2.0 ** -13))) == "table"
    assert form(lowered(graph("tanh", 2.0 ** -13, marked=True))) == "kernel"
    # Up to 128 elements (DTLN's 128-unit tanh) the kernel; larger tensors
    # keep the table: the kernel's i32 passes cost more there.
    assert form(lowered(graph("tanh", 2.0 ** -12, elements=128,
                              marked=True))) == "kernel"
    assert form(lowered(graph("sigmoid", 2.0 ** -12, elements=129,
                              marked=True))) == "table"
    # Not TFLite's output parameters.
    assert form(lowered(graph(
        "sigmoid", 2.0 ** -12, marked=True,
        out_type="!quant.uniform<i16:f32, 3.0517578125e-05:16>"))) == "table"
    assert form(lowered(graph(
        "sigmoid", 2.0 ** -12, marked=True,
        out_type="!quant.uniform<i16:f32, 6.103515625e-05>"))) == "table"
