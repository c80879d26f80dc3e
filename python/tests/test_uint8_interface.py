"""A uint8 graph's io=int interface is the u8 integers TFLite takes and
returns (issue #34, class 8): executed, the io=int graph given u8 bits
returns the u8 bits the float-interface graph's output quantizes to."""
import numpy as np

import qtosa

# TF1's whole-uint8 form: the input and the output are quantized to u8 in the
# graph, and a reshape moves the stored values in between.
GRAPH = """
func.func @main(%x: tensor<1x2x2x3xf32>) -> tensor<1x12xf32> {
  %q = qtosa.quantize %x as !quant.uniform<u8:f32, 0.05:128> : tensor<1x2x2x3xf32> -> tensor<1x2x2x3xi8>
  %d = qtosa.dequantize %q as !quant.uniform<u8:f32, 0.05:128> : tensor<1x2x2x3xi8> -> tensor<1x2x2x3xf32>
  %a = tosa.abs %d : (tensor<1x2x2x3xf32>) -> tensor<1x2x2x3xf32>
  %r = qtosa.quantize %a as !quant.uniform<u8:f32, 0.05:3> : tensor<1x2x2x3xf32> -> tensor<1x2x2x3xi8>
  %shape = tosa.const_shape {values = dense<[1, 12]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %m = tosa.reshape %r, %shape : (tensor<1x2x2x3xi8>, !tosa.shape<2>) -> tensor<1x12xi8>
  %o = qtosa.dequantize %m as !quant.uniform<u8:f32, 0.05:3> : tensor<1x12xi8> -> tensor<1x12xf32>
  return %o : tensor<1x12xf32>
}
"""


def test_io_int_takes_and_returns_u8():
    as_int = qtosa.parse(GRAPH)
    as_int.run("qtosa-lower-pipeline{io=int}")
    text = str(as_int)
    header = next(l for l in text.splitlines() if "func.func @main(" in l)
    assert header.count("!quant.uniform<u8:f32") == 2
    assert "input_unsigned = true" in text and "output_unsigned = true" in text

    as_float = qtosa.parse(GRAPH)
    as_float.run("qtosa-lower-pipeline")
    stored = np.arange(256, dtype=np.uint8)[:12].reshape(1, 2, 2, 3)
    for offset in (0, 12, 120, 244):
        u8 = (stored + offset).astype(np.uint8)
        real = (u8.astype(np.float32) - 128) * np.float32(0.05)
        (want,) = qtosa.execute(as_float, [real])
        want_u8 = np.clip(np.round(want / np.float32(0.05)) + 3, 0, 255)
        (got,) = qtosa.execute(as_int, [u8.view(np.int8)])
        np.testing.assert_array_equal(got.view(np.uint8),
                                      want_u8.astype(np.uint8))


def test_io_int_gives_an_unused_quantized_input_its_storage(tmp_path):
    # A TFLite model with a quantized input nothing reads (a hostile-input
    # sweep): its quantize went with the first dead-code sweep, and io=int
    # left the argument f32, so a caller's int8 data was refused.
    from conftest import tflite_models, write_tflite
    m = tflite_models().Model()
    x = m.tensor("x", [1, 4], "INT8", 0.5, 1)
    extra = m.tensor("extra", [1, 3], "INT8", 0.1, 0)
    m.inputs += [x, extra]
    y = m.tensor("y", [1, 4], "INT8", 0.5, 1)
    m.op("ABS", [x], [y])
    m.outputs.append(y)
    module = qtosa.import_tflite(str(write_tflite(tmp_path, "unused", m)))
    module.run("qtosa-lower-pipeline{io=int}")
    header = next(l for l in str(module).splitlines()
                  if "func.func @main(" in l)
    assert "tensor<1x3xi8> {qtosa.qtype = \"!quant.uniform<i8:f32, " \
        "0.10000000149011612>\"" in header, header
    x_stored = np.array([[-8, -1, 1, 9]], np.int8)
    (got,) = qtosa.execute(module, [x_stored, np.zeros((1, 3), np.int8)])
    np.testing.assert_array_equal(got, [[10, 3, 1, 9]])
