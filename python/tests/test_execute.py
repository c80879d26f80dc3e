"""qtosa.execute and qtosa.Executable: numerics against numpy and
qtosa-run, every dtype, result ownership, and the errors bad inputs raise."""
import importlib.util
import resource
import subprocess

import numpy as np
import pytest

import qtosa
from conftest import BIN_DIR, SOURCE_DIR

ADD = """
func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %s = tosa.add %a, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %s : tensor<2x3xf32>
}
"""


def load_numpy_reference():
    """test/Execution/Inputs/qtosa_run_numpy.py: the lit test's graph in
    numpy."""
    path = SOURCE_DIR / "test" / "Execution" / "Inputs" / "qtosa_run_numpy.py"
    spec = importlib.util.spec_from_file_location("qtosa_run_numpy", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_qdq_graph_is_bit_identical_to_numpy():
    reference = load_numpy_reference()
    text = (SOURCE_DIR / "test" / "Execution" / "qtosa-run.mlir").read_text()
    module = qtosa.parse(text, "qtosa-run.mlir")
    x = np.random.default_rng(7).uniform(-3, 3, (2, 3, 4)).astype(np.float32)
    # Values on rounding ties and beyond the clamp bounds, too.
    x.flat[:4] = [0.01, -0.03, 5.0, -5.0]
    (result,) = qtosa.execute(module, [x])
    expected, expected_stored = reference.graph(x)
    assert result.dtype == np.float32 and result.shape == (4, 6)
    assert np.array_equal(result.view(np.uint32), expected.view(np.uint32))

    module.run("qtosa-lower-pipeline{io=int}")
    (stored,) = qtosa.execute(module, [reference.quantize(x, reference.IN)])
    assert stored.dtype == np.int8
    assert np.abs(stored.astype(np.int32) - expected_stored).max() <= 1


@pytest.mark.parametrize("form", ["qdq", "int"])
def test_package_and_qtosa_run_agree(tmp_path, convnext_text, form):
    module = qtosa.parse(convnext_text, "convnext.mlir")
    rng = np.random.default_rng(11)
    if form == "int":
        module.run("qtosa-lower-pipeline{io=int}")
        x = rng.integers(-128, 128, (1, 8, 8, 4), dtype=np.int8)
    else:
        x = rng.uniform(-2, 2, (1, 8, 8, 4)).astype(np.float32)
    model = tmp_path / "model.mlir"
    model.write_text(str(module))
    np.save(tmp_path / "x.npy", x)
    subprocess.run([str(BIN_DIR / "qtosa-run"), str(model), "-e",
                    "convnext_block", "--input", str(tmp_path / "x.npy"),
                    "-o", str(tmp_path / "out_%d.npy")], check=True)
    from_tool = np.load(tmp_path / "out_0.npy")
    (from_package,) = qtosa.execute(module, [x], function="convnext_block")
    assert from_package.dtype == from_tool.dtype == x.dtype
    assert from_package.tobytes() == from_tool.tobytes()
    # Not a constant: the block's output depends on its input.
    assert len(np.unique(from_package)) > 10


def test_partitioned_module_runs_like_its_integer_lowering(convnext_text):
    partitioned = qtosa.parse(convnext_text, "convnext.mlir")
    qtosa.partition(partitioned)
    assert "qtosa.delegate" in str(partitioned)
    lowered = qtosa.parse(convnext_text, "convnext.mlir")
    lowered.run("qtosa-lower-pipeline{io=host}")
    x = np.random.default_rng(3).uniform(-2, 2, (1, 8, 8, 4))
    x = x.astype(np.float32)
    (a,) = qtosa.execute(partitioned, x, "convnext_block")
    (b,) = qtosa.execute(lowered, x, "convnext_block")
    assert a.tobytes() == b.tobytes()


DTYPES = ["bool", "int8", "int16", "int32", "int64", "float16", "float32",
          "float64"]
MLIR_TYPES = {"bool": "i1", "int8": "i8", "int16": "i16", "int32": "i32",
              "int64": "i64", "float16": "f16", "float32": "f32",
              "float64": "f64", "uint16": "bf16"}


def transpose_module(element):
    return f"""
func.func @main(%a: tensor<2x3x4x{element}>) -> (tensor<4x2x3x{element}>, tensor<2x3x4x{element}>) {{
  %t = tosa.transpose %a {{perms = array<i32: 2, 0, 1>}} : (tensor<2x3x4x{element}>) -> tensor<4x2x3x{element}>
  return %t, %a : tensor<4x2x3x{element}>, tensor<2x3x4x{element}>
}}
"""


@pytest.mark.parametrize("dtype", DTYPES + ["uint16"])
def test_every_element_type_round_trips(dtype):
    """Each dtype through a transpose and back unchanged (uint16 stands for
    bf16 bits); the second result is the argument itself, which the engine
    must copy out and not free."""
    module = qtosa.parse(transpose_module(MLIR_TYPES[dtype]))
    rng = np.random.default_rng(5)
    x = rng.integers(0, 2 ** 15, (2, 3, 4)).astype(dtype)
    if dtype == "uint16":  # finite bf16 bit patterns
        x &= 0x3FFF
    transposed, same = qtosa.execute(module, [x])
    if dtype == "uint16":
        # bf16 results are ml_dtypes.bfloat16 where ml_dtypes is installed
        # (the tools environment has it), else the raw bits.
        try:
            import ml_dtypes
            want = np.dtype(ml_dtypes.bfloat16)
        except ImportError:
            want = np.dtype(np.uint16)
        assert transposed.dtype == want and same.dtype == want
        transposed, same = transposed.view(np.uint16), same.view(np.uint16)
    assert transposed.dtype == x.dtype and same.dtype == x.dtype
    assert np.array_equal(transposed, np.transpose(x, (2, 0, 1)))
    assert np.array_equal(same, x)


def test_ranks_zero_and_six():
    module = qtosa.parse("""
func.func @main(%a: tensor<f32>, %b: tensor<1x2x1x3x1x2xi32>) -> (tensor<f32>, tensor<1x2x1x3x1x2xi32>) {
  %s = tosa.add %a, %a : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %t = tosa.add %b, %b : (tensor<1x2x1x3x1x2xi32>, tensor<1x2x1x3x1x2xi32>) -> tensor<1x2x1x3x1x2xi32>
  return %s, %t : tensor<f32>, tensor<1x2x1x3x1x2xi32>
}
""")
    b = np.arange(12, dtype=np.int32).reshape(1, 2, 1, 3, 1, 2)
    scalar, tensor = qtosa.execute(module, [np.array(1.5, np.float32), b])
    assert scalar.shape == () and scalar == 3.0
    assert np.array_equal(tensor, 2 * b)


def test_constant_results_shared_by_two_results():
    """A returned constant is a global (never freed); the same value
    returned twice is one allocation (freed once)."""
    module = qtosa.parse("""
func.func @main(%a: tensor<3xi32>) -> (tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) {
  %c = "tosa.const"() {values = dense<[7, 8, 9]> : tensor<3xi32>} : () -> tensor<3xi32>
  %s = tosa.add %a, %c : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  return %c, %c, %s, %s : tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>
}
""")
    executable = qtosa.Executable(module)
    for run in range(3):
        a = np.full(3, run, np.int32)
        c1, c2, s1, s2 = executable.run([a])
        assert c1.tolist() == c2.tolist() == [7, 8, 9]
        assert s1.tolist() == s2.tolist() == [7 + run, 8 + run, 9 + run]


def test_inputs_are_not_written():
    module = qtosa.parse("""
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %n = tosa.negate %a, %z, %z : (tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4xf32>
  return %n : tensor<4xf32>
}
""".replace("%z, %z", "%z0, %z0").replace(
        "  %n", '  %z0 = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} '
        ': () -> tensor<1xf32>\n  %n'))
    a = np.array([1, -2, 3, -4], np.float32)
    (n,) = qtosa.execute(module, a)
    assert n.tolist() == [-1, 2, -3, 4]
    assert a.tolist() == [1, -2, 3, -4]


def test_repeated_runs_do_not_leak():
    """Intermediate buffers are freed (buffer-deallocation-pipeline) and so
    are results: 60 runs over 4 MiB tensors, which would leak 480 MiB,
    grow the peak RSS by less than 100 MiB."""
    module = qtosa.parse("""
func.func @main(%a: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %m = tosa.add %a, %a : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %s = tosa.add %m, %a : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %s : tensor<1024x1024xf32>
}
""")
    executable = qtosa.Executable(module)
    a = np.ones((1024, 1024), np.float32)
    executable.run([a])
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    for _ in range(60):
        (s,) = executable.run([a])
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    assert s[0, 0] == 3.0
    assert (after - before) < 100 * 1024  # KiB


def test_executable_describes_its_signature():
    executable = qtosa.Executable(qtosa.parse(ADD))
    assert executable.inputs == [(np.dtype("float32"), (2, 3))] * 2
    assert executable.outputs == [(np.dtype("float32"), (2, 3))]


def test_only_the_entry_and_its_callees_are_compiled():
    module = qtosa.parse(ADD + """
func.func @dynamic(%a: tensor<?xf32>) -> tensor<?xf32> {
  return %a : tensor<?xf32>
}
""")
    a = np.ones((2, 3), np.float32)
    (s,) = qtosa.execute(module, [a, a])
    assert s.tolist() == [[2, 2, 2]] * 2


@pytest.mark.parametrize("inputs, message", [
    (lambda a: [a], r"@main at add.mlir:2:1 takes 2 input\(s\), got 1"),
    (lambda a: [a, a.T],
     r"@main at add.mlir:2:1: input #1 has shape 3x2xf32, expected 2x3xf32"),
    (lambda a: [a, a.astype(np.float64)],
     r"@main at add.mlir:2:1: input #1 has element type f64, expected f32"),
    (lambda a: [a, a.astype(np.uint8)],
     r"@main at add.mlir:2:1: input #1 has dtype uint8; qtosa passes bool"),
    (lambda a: [a, a.tolist()],
     r"@main at add.mlir:2:1: input #1 is a list, not a numpy array"),
    (lambda a: "a string",
     r"@main at add.mlir:2:1: inputs must be a numpy array or a sequence"),
])
def test_bad_inputs_raise_located_errors(inputs, message):
    module = qtosa.parse(ADD, "add.mlir")
    a = np.zeros((2, 3), np.float32)
    with pytest.raises(qtosa.Error, match=message):
        qtosa.execute(module, inputs(a))


def test_a_huge_broadcast_view_is_refused_before_any_copy():
    # Four bytes viewed as 4 TiB (zero strides): checked against the
    # signature as a view, not made contiguous first (issue #31: a segfault
    # or a 24 GB allocation).
    module = qtosa.parse(ADD, "add.mlir")
    a = np.zeros((2, 3), np.float32)
    huge = np.broadcast_to(np.float32(1.0), (2**20, 2**20, 1, 1))
    with pytest.raises(qtosa.Error, match=r"@main at add.mlir:2:1: input #1 "
                       r"has shape 1048576x1048576x1x1xf32, expected 2x3xf32"):
        qtosa.execute(module, [a, huge])


HUGE = """
func.func @main(%a: tensor<1048576x1048576xf32>) -> tensor<1048576x1048576xf32> {
  return %a : tensor<1048576x1048576xf32>
}
"""


def test_an_input_beyond_the_tosa_size_limit_is_not_copied():
    # A function whose argument fits the view: the copy itself is bounded.
    executable = qtosa.Executable(qtosa.parse(HUGE, "huge.mlir"))
    view = np.broadcast_to(np.float32(1.0), (2**20, 2**20))
    with pytest.raises(qtosa.Error, match=r"@main at huge.mlir:2:1: input #0 "
                       r"holds more than the 2\^31 - 1 bytes a TOSA 1.0 "
                       r"tensor may"):
        executable.run([view])


@pytest.mark.parametrize("dtype", [">f4", ">i4", ">f8", ">i2", ">f2"])
def test_big_endian_inputs_are_read_by_value(dtype):
    # '>f4' used to be read as native bytes.
    module = qtosa.parse("""
func.func @main(%a: tensor<2x3xT>) -> tensor<2x3xT> {
  return %a : tensor<2x3xT>
}
""".replace("T", {"f4": "f32", "i4": "i32", "f8": "f64", "i2": "i16",
                  "f2": "f16"}[dtype[1:]]))
    values = np.arange(6).reshape(2, 3).astype(dtype)
    (result,) = qtosa.execute(module, [values])
    assert result.dtype == values.dtype.newbyteorder("=")
    assert result.tolist() == values.tolist()


def test_unknown_function_and_unsupported_signature():
    module = qtosa.parse(ADD + """
func.func @narrow(%a: tensor<4xi4>) -> tensor<4xi4> {
  return %a : tensor<4xi4>
}
""", "add.mlir")
    with pytest.raises(qtosa.Error, match=r"no function @missing in the "
                       r"module \(functions: @main, @narrow\)"):
        qtosa.execute(module, [], function="missing")
    with pytest.raises(qtosa.Error, match=r"@narrow at add.mlir:7:1: argument"
                       r" #0 has type tensor<4xi4>; supported element types"):
        qtosa.execute(module, [], function="narrow")


def test_lowering_failure_raises_with_the_diagnostics():
    module = qtosa.parse("""
func.func @main(%x: tensor<1x1x1x1x1x1x2xf32>) -> tensor<1x1x1x1x1x1x2xf32> {
  %q = quant.qcast %x : tensor<1x1x1x1x1x1x2xf32> to tensor<1x1x1x1x1x1x2x!quant.uniform<i8:f32, 0.5>>
  %d = quant.dcast %q : tensor<1x1x1x1x1x1x2x!quant.uniform<i8:f32, 0.5>> to tensor<1x1x1x1x1x1x2xf32>
  return %d : tensor<1x1x1x1x1x1x2xf32>
}
""", "rank7.mlir")
    with pytest.raises(qtosa.Error) as error:
        qtosa.execute(module, [np.zeros((1,) * 6 + (2,), np.float32)])
    assert "@main at rank7.mlir:2:1: qtosa's expansion to plain TOSA " \
        "failed\nrank7.mlir:2:1: error: 'func.func' op argument #0 has " \
        "rank 7" in str(error.value)


def test_a_call_of_an_undefined_function_is_an_error_not_a_link_failure(
        capfd):
    module = qtosa.parse("""
func.func private @not_defined_anywhere(tensor<2xf32>) -> tensor<2xf32>
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %r = call @not_defined_anywhere(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
""", "call.mlir")
    with pytest.raises(qtosa.Error, match="@main at call.mlir:3:1 calls "
                       "@not_defined_anywhere, declared at call.mlir:2:1 "
                       "without a body, and nothing in the process defines"):
        qtosa.execute(module, [np.zeros(2, np.float32)])
    # Nothing on the terminal: the message is all in the exception.
    assert capfd.readouterr() == ("", "")


LOG_SOFTMAX_CALL = """
func.func private @tflite.LOG_SOFTMAX(tensor<2x5xi8>) -> tensor<2x5xi8> attributes {qtosa.opaque_host_op}
func.func @main(%x: tensor<2x5xi8>) -> tensor<2x5xi8> {
  %y = call @tflite.LOG_SOFTMAX(%x) {qtosa.opaque_host_op = "LOG_SOFTMAX", qtosa.host_reason = "no TOSA conversion for this operator"TYPES} : (tensor<2x5xi8>) -> tensor<2x5xi8>
  return %y : tensor<2x5xi8>
}
"""


@pytest.mark.parametrize("storage,zero_point,stored", [
    ("i8", 127, np.int8), ("u8", 255, np.uint8)])
def test_log_softmax_host_call_runs_from_its_recorded_types(
        storage, zero_point, stored):
    # As the TFLite importer writes the call; TFLite Micro's agreement is
    # python/tests/tools/test_tflite_micro.py's. A uint8 is stored in i8.
    types = (', tflite.input_types = [!quant.uniform<%s:f32, 0.1:3>], '
             'tflite.output_types = [!quant.uniform<%s:f32, 0.0625:%d>]'
             % (storage, storage, zero_point))
    module = qtosa.parse(LOG_SOFTMAX_CALL.replace("TYPES", types),
                         "log_softmax.mlir")
    x = np.array([[-128, -100, 0, 50, 127], [5, 5, 5, 5, 5]], np.int8)
    (got,) = qtosa.execute(module, [x])
    real = x.view(stored) * 0.1
    shifted = real - real.max(axis=1, keepdims=True)
    log_softmax = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
    limits = np.iinfo(stored)
    want = np.clip(np.round(log_softmax / 0.0625) + zero_point, limits.min,
                   limits.max)
    np.testing.assert_array_equal(got.view(stored), want)


def test_log_softmax_host_call_without_its_types_is_an_error():
    module = qtosa.parse(LOG_SOFTMAX_CALL.replace("TYPES", ""),
                         "log_softmax.mlir")
    with pytest.raises(qtosa.Error, match=(
            r"@main at log_softmax.mlir:3:1 cannot run log_softmax.mlir:4:8: "
            r"its call has no per-tensor quantized input and output of at "
            r"most 16 bits recorded as tflite.input_types and "
            r"tflite.output_types")):
        qtosa.execute(module, [np.zeros((2, 5), np.int8)])


def test_runs_in_threads_give_the_same_results():
    """Executable.run releases the GIL; concurrent runs do not interfere."""
    import concurrent.futures
    executable = qtosa.Executable(qtosa.parse(ADD))
    inputs = [np.full((2, 3), i, np.float32) for i in range(16)]
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda a: executable.run([a, a])[0], inputs))
    for i, result in enumerate(results):
        assert result.tolist() == [[2.0 * i] * 3] * 2
