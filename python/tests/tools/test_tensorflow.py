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


def test_bilinear_resize_lowered_as_tflite_computes_it(tmp_path):
    """RESIZE_BILINEAR (half-pixel 2x up, align_corners, half-pixel down,
    TF1's legacy 2x up), lowered to integer TOSA: within 1 LSB of TFLite
    Micro's int8 kernel and of the QDQ form on qtosa's engine; with
    rounding=double (TFLite's, half away from zero) equal to TFLite Micro,
    the downscale's 7 -> 5 width included (the importer samples where
    TFLite's 10-bit positions do); the Ethos-U85 delegate on the TOSA
    reference model within 1 LSB of it (it rounds the resizes' sums half
    up, as Vela fuses them: qtosa-ethosu-legalize); Vela compiles it. On
    Ethos-U55 the two 2x upscales and align_corners 6x7 -> 11x13 run on
    the NPU (qtosa-ethosu-legalize), the downscale stays on the host."""
    import qtosa.reference
    import qtosa.vela
    path = tmp_path / "resize.tflite"
    subprocess.run([sys.executable, str(HERE / "make_keras_int8.py"),
                    str(path), "resize"], check=True, capture_output=True)
    qdq = qtosa.import_tflite(path.read_bytes())
    lowered = qdq.clone()
    lowered.run("qtosa-lower-pipeline{io=int}")
    assert str(lowered).count("tosa.resize") == 4
    tflite_rounding = qdq.clone()
    tflite_rounding.run("qtosa-lower-pipeline{io=int rounding=double}")
    reference = qdq.clone()
    reference.run("qtosa-import-qdq,qtosa-integer-io,qtosa-expand-qdq")
    partitioned = qdq.clone()
    report = qtosa.partition(partitioned, "ethos-u85-256")
    assert report["ops_host"] == 0
    (delegate,) = partitioned.delegates()
    u55 = qdq.clone()
    report = qtosa.partition(u55, "ethos-u55-128")
    assert [(op["rule"], op["reason"]) for op in report["host_ops"]] == [
        ("U55.RESIZE.SCALE", "height scale 4/6 (6 -> 4) is not a 2x, 4x "
         "or 8x upscale")]
    rng = np.random.default_rng(1)
    for _ in range(4):
        x = rng.integers(-128, 128, (1, 6, 7, 3), dtype=np.int8)
        ours = by_shape(qtosa.execute(lowered, [x]))
        doubled = by_shape(qtosa.execute(tflite_rounding, [x]))
        qdq_out = by_shape(qtosa.execute(reference, [x]))
        tflite = by_shape(qtosa.tflite.run_micro(path, [x]))
        # The delegate yields its outputs in its own order.
        spec = by_shape(qtosa.reference.run(delegate["flatbuffer"], [x]))
        for a, b, c, d, e in zip(ours, qdq_out, tflite, spec, doubled):
            assert np.abs(a.astype(int) - b.astype(int)).max() <= 1
            assert np.abs(a.astype(int) - c.astype(int)).max() <= 1
            np.testing.assert_array_equal(e, c)
            assert np.abs(d.astype(int) - c.astype(int)).max() <= 1
        assert len(np.unique(ours[2])) > 10  # not a saturated constant
    figures = qtosa.vela.compile(delegate["flatbuffer"], "ethos-u85-256",
                                 name=delegate["name"])
    assert figures["npu_cycles"] > 0


def by_shape(tensors):
    """Outputs in an order that does not depend on the producer's own."""
    return sorted(tensors, key=lambda t: t.shape)


def one_compiled_delegate(module, target):
    """A copy of `module` partitioned for `target` with no host op and one
    delegate, which Vela compiles: that delegate."""
    import qtosa.vela
    partitioned = module.clone()
    report = qtosa.partition(partitioned, target)
    assert report["ops_host"] == 0
    (delegate,) = partitioned.delegates()
    figures = qtosa.vela.compile(delegate["flatbuffer"], target,
                                 name=delegate["name"])
    assert figures["npu_cycles"] > 0
    return delegate


def test_delegates_round_as_tflite(tmp_path):
    """The Ethos-U delegates of an imported TFLite model requantize with
    TFLite's rounding (the import names it on the module, the lowering's
    rounding=auto follows): a convolution, a bilinear 2x upsampling and a
    1x1 convolution, one delegate on either target, run on the TOSA
    reference model. On Ethos-U55 (the resize as a depthwise convolution)
    it equals TFLite Micro; rounded once, as every delegate was before, it
    differed by 2 LSB on 659 of 4096 values. On Ethos-U85 the resize's sums
    are rounded half up, the division Vela fuses into the resize (6.3x
    fewer NPU cycles; Vela's TFLite route does the same): within 2 LSB
    after the 1x1 convolution. Vela compiles both."""
    import qtosa.reference
    path = tmp_path / "upsample.tflite"
    subprocess.run([sys.executable, str(HERE / "make_keras_int8.py"),
                    str(path), "upsample"], check=True, capture_output=True)
    module = qtosa.import_tflite(path.read_bytes())
    assert 'qtosa.rescale_rounding = "double"' in str(module)
    rng = np.random.default_rng(3)
    inputs = [rng.integers(-128, 128, (1, 16, 16, 3), dtype=np.int8)
              for _ in range(3)]
    wants = [qtosa.tflite.run_micro(path, [x])[0] for x in inputs]
    for target in ("ethos-u55-128", "ethos-u85-256"):
        delegate = one_compiled_delegate(module, target)
        for x, want in zip(inputs, wants):
            (got,) = qtosa.reference.run(delegate["flatbuffer"], [x])
            assert got.shape == want.shape == (1, 32, 32, 4)
            if target == "ethos-u55-128":
                np.testing.assert_array_equal(got, want)
            else:
                assert np.abs(got.astype(int) - want.astype(int)).max() <= 2


def test_global_max_pool_on_the_npu(tmp_path):
    """Keras' GlobalMaxPooling2D is REDUCE_MAX over axes 1 and 2, a
    minimum over channels REDUCE_MIN; both were host calls ("no TOSA
    form") where Vela's TFLite route runs them on the NPU. Imported, the
    whole model is one delegate on either target, which Vela compiles and
    which, run on the TOSA reference model, equals TFLite Micro."""
    import qtosa.reference
    path = tmp_path / "global_max.tflite"
    subprocess.run([sys.executable, str(HERE / "make_keras_int8.py"),
                    str(path), "global_max"], check=True,
                   capture_output=True)
    module = qtosa.import_tflite(path.read_bytes())
    text = str(module)
    assert "tosa.reduce_max" in text and "tosa.reduce_min" in text
    rng = np.random.default_rng(4)
    inputs = [rng.integers(-128, 128, (1, 12, 12, 3), dtype=np.int8)
              for _ in range(3)]
    wants = [by_shape(qtosa.tflite.run_micro(path, [x])) for x in inputs]
    for target in ("ethos-u55-128", "ethos-u85-256"):
        delegate = one_compiled_delegate(module, target)
        for x, want in zip(inputs, wants):
            got = by_shape(qtosa.reference.run(delegate["flatbuffer"], [x]))
            assert [t.shape for t in got] == [(1, 5), (1, 10, 10, 1)]
            for a, b in zip(got, want):
                np.testing.assert_array_equal(a, b)


def test_unquantized_model_says_so(tmp_path):
    """A model converted without a representative dataset has nothing for
    the NPU; the reason for its host ops says the model is not quantized
    and how to quantize it, not only that a float input is not quantized."""
    path = tmp_path / "float.tflite"
    subprocess.run([sys.executable, str(HERE / "make_keras_int8.py"),
                    str(path), "float"], check=True, capture_output=True)
    module = qtosa.import_tflite(path.read_bytes())
    report = qtosa.partition(module, "ethos-u55-128")
    assert report["delegate_count"] == 0 and report["ops_npu"] == 0
    (first, *_) = report["host_ops"]
    assert first["rule"] == "U55.TENSOR.FLOAT"
    assert "the model holds no quantized tensor: quantize it first" in \
        first["reason"]
    assert "representative_dataset" in first["reason"]


def test_int16_tanh_and_sigmoid_equal_tflite_micro(tmp_path):
    """TFLite's int16 TANH and LOGISTIC interpolate a table of their own, up
    to 3 LSB from the rounded function: imported, on tensors of at most 128
    elements (an LSTM's gates), they are lowered as that kernel (8-bit
    tables and i32 arithmetic, KernelSigmoid16.cpp) and equal TFLite Micro
    on every one of the 65536 inputs, at a power-of-two input scale (2^-12,
    the kernel's own; 2^-13) and at two others."""
    every = np.arange(-32768, 32768, dtype=np.int16).reshape(1024, 1, 64)
    for bound in (8 * 32767 / 32768, 4 * 32767 / 32768, 2.0, 12.0):
        path = tmp_path / ("activations16_%g.tflite" % bound)
        subprocess.run([sys.executable, str(HERE / "make_keras_int8.py"),
                        str(path), "activations16:%r" % bound],
                       check=True, capture_output=True)
        module = qtosa.import_tflite(path.read_bytes())
        module.run("qtosa-lower-pipeline{io=int}")
        text = str(module)
        assert "tensor<513xi16>" not in text and "xf32>" not in text
        assert text.count("tosa.table") == 8
        executable = qtosa.Executable(module)
        for chunk in every:
            ours = executable.run([chunk])
            tflite = qtosa.tflite.run_micro(path, [chunk])
            assert len(ours) == len(tflite) == 2
            # Both outputs have one scale; the tanh is the one below zero.
            for a, b in zip(sorted(ours, key=lambda t: int(t.min())),
                            sorted(tflite, key=lambda t: int(t.min()))):
                np.testing.assert_array_equal(a, b)


def tflite_reference(path, x, tmp_path):
    """The output of TensorFlow Lite's interpreter with its reference
    kernels on input `x`, for operators TFLite Micro has no kernel for.
    TensorFlow and qtosa's extension do not share a process."""
    np.save(tmp_path / "x.npy", x)
    subprocess.run([sys.executable, "-c", """
import sys, numpy as np, tensorflow as tf
it = tf.lite.Interpreter(model_path=sys.argv[1],
    experimental_op_resolver_type=tf.lite.experimental.OpResolverType.BUILTIN_REF)
it.allocate_tensors()
it.set_tensor(it.get_input_details()[0]["index"], np.load(sys.argv[2]))
it.invoke()
np.save(sys.argv[3], it.get_tensor(it.get_output_details()[0]["index"]))
""", str(path), str(tmp_path / "x.npy"), str(tmp_path / "y.npy")],
        check=True, capture_output=True)
    return np.load(tmp_path / "y.npy")


def test_relu_0_to_1_equals_tflite(tmp_path):
    """RELU_0_TO_1 (which TFLite Micro has no kernel for) against TFLite's
    reference kernels, on every int8 input: the clamp the importer writes,
    lowered to integer TOSA (a clamp at the input's scale and a rescale)."""
    from conftest import tflite_models, write_tflite
    m = tflite_models().Model()
    x = m.tensor("x", [256], "INT8", 0.01, 3)
    m.inputs.append(x)
    r = m.tensor("r", [256], "INT8", 1.0 / 255, -128)
    m.op("RELU_0_TO_1", [x], [r])
    m.outputs.append(r)
    path = write_tflite(tmp_path, "relu01", m)
    inputs = np.arange(-128, 128, dtype=np.int8)
    want = tflite_reference(path, inputs, tmp_path)
    module = qtosa.import_tflite(str(path))
    module.run("qtosa-lower-pipeline{io=int rounding=double}")
    (got,) = qtosa.Executable(module).run([inputs])
    np.testing.assert_array_equal(got, want)
    assert want.min() == -128 and want.max() == 127


def test_dynamic_batch_sizes_left_to_run_time(tmp_path):
    """Keras' default dynamic batch: TensorFlow's converter leaves the
    reshape's -1 and the Dense's rows to run time (1 in `shape`, SHAPE and
    friends computing them). qtosa computes them from the input's size,
    folds the shape arithmetic, and the integer graph equals TFLite's
    reference kernels (TFLite Micro has no REDUCE_PROD)."""
    path = tmp_path / "dynamic_batch.tflite"
    subprocess.run([sys.executable, str(HERE / "make_keras_int8.py"),
                    str(path), "dynamic_batch"], check=True,
                   capture_output=True)
    x = np.random.default_rng(2).integers(-128, 128, (1, 8, 8, 4),
                                          dtype=np.int8)
    want = tflite_reference(path, x, tmp_path)
    module = qtosa.import_tflite(str(path))
    assert "call @tflite" not in str(module)
    module.run("qtosa-lower-pipeline{io=int rounding=double}")
    (got,) = qtosa.Executable(module).run([x])
    assert got.shape == want.shape == (1, 64, 4)
    np.testing.assert_array_equal(got, want)


def test_tensorflow_imported_before_qtosa(tmp_path):
    """Users import TensorFlow, convert, then use qtosa in one process. With
    TensorFlow's MLIR in the global symbol scope first, qtosa's partition
    crashed and its import refused a valid model ('nan_mode' failed to
    satisfy constraint) until the extension was loaded with RTLD_DEEPBIND.
    Each order runs in a process of its own."""
    path = tmp_path / "two_layers.tflite"
    subprocess.run([sys.executable, str(HERE / "make_keras_int8.py"),
                    str(path)], check=True, capture_output=True)
    example = HERE.parents[2] / "examples" / "convnext_block_qdq.mlir"
    use = """
module = qtosa.import_tflite(open({tflite!r}, "rb").read())
report = qtosa.partition(module, "ethos-u55-128")
print("tflite", report["ops_npu"], report["ops_host"])
qdq = qtosa.parse(open({example!r}).read(), "example.mlir")
report = qtosa.partition(qdq, "ethos-u55-128")
print("example", report["ops_npu"], report["ops_host"])
""".format(tflite=str(path), example=str(example))
    outputs = {}
    for first, second in (("tensorflow", "qtosa"), ("qtosa", "tensorflow")):
        done = subprocess.run(
            [sys.executable, "-c", "import %s\nimport %s\n%s"
             % (first, second, use)], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr[-2000:]
        outputs[first] = done.stdout.split("\n")[-3:]
    assert outputs["tensorflow"] == outputs["qtosa"]
    assert outputs["qtosa"][1] == "example 11 0"
    assert outputs["qtosa"][0].startswith("tflite ")
    assert outputs["qtosa"][0].endswith(" 0")
