"""qtosa.parse, str, Module.run and the errors they raise."""
import pydoc
import re

import pytest

import qtosa
from conftest import CORPUS_DIR

ADD = """
func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %s = tosa.add %a, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %s : tensor<2x3xf32>
}
"""


def test_parse_prints_the_module():
    module = qtosa.parse(ADD, "add.mlir")
    assert "tosa.add" in str(module)
    assert module.function_names() == ["main"]
    # What it prints parses again to the same text.
    assert str(qtosa.parse(str(module))) == str(module)


def test_function_shapes_read_the_type_without_compiling():
    module = qtosa.parse("""
func.func @f(%x: tensor<1x?x3xf32>, %n: i32) -> (tensor<2x2xi8>, tensor<*xf32>) {
  %a = "tosa.const"() {values = dense<0> : tensor<2x2xi8>} : () -> tensor<2x2xi8>
  %b = tensor.cast %x : tensor<1x?x3xf32> to tensor<*xf32>
  return %a, %b : tensor<2x2xi8>, tensor<*xf32>
}""")
    assert module.function_shapes("f") == ([(1, None, 3), None],
                                           [(2, 2), None])
    with pytest.raises(qtosa.Error, match="no function 'g' in the module"):
        module.function_shapes("g")


def test_parse_error_is_located():
    with pytest.raises(qtosa.Error) as error:
        qtosa.parse("func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
                    "  return %b : tensor<2xf32>\n}\n", "bad.mlir")
    message = str(error.value)
    assert "cannot parse bad.mlir" in message
    assert "bad.mlir:2:10: error: use of undeclared SSA value name" in message


def test_deep_nesting_raises_instead_of_overflowing_the_stack():
    # 20,000 nested modules ended the Python process (issue #31).
    deep = "builtin.module {" * 20000 + "}" * 20000
    with pytest.raises(qtosa.Error, match=r"cannot parse deep.mlir\n"
                       r"deep.mlir:1:4112: error: nesting deeper than 256 "
                       r"levels"):
        qtosa.parse(deep, "deep.mlir")
    assert "module" in str(qtosa.parse("builtin.module {" * 200 +
                                       "}" * 200))


def test_error_is_a_runtime_error():
    assert issubclass(qtosa.Error, RuntimeError)


def test_run_lowers_to_integers(convnext_text):
    module = qtosa.parse(convnext_text, "convnext.mlir")
    assert "quant.qcast" in str(module)
    remarks = module.run("qtosa-lower-pipeline{io=int}")
    assert isinstance(remarks, list)
    text = str(module)
    assert "quant.qcast" not in text and "quant.dcast" not in text
    assert "tensor<1x8x8x4xi8> {qtosa.qtype" in text


def test_run_accepts_the_anchored_form():
    module = qtosa.parse(ADD)
    module.run("builtin.module(func.func(canonicalize))")
    assert "tosa.add" in str(module)


def test_run_rejects_an_unknown_pass_and_keeps_the_module():
    module = qtosa.parse(ADD)
    before = str(module)
    with pytest.raises(qtosa.Error, match="'no-such-pass' does not refer to "
                                          "a registered pass"):
        module.run("no-such-pass")
    assert str(module) == before


@pytest.mark.parametrize("pipeline, reason", [
    ("qtosa-lower-pipeline{io=bogus}",
     "for the --io option: Cannot find option named 'bogus'!"),
    ("qtosa-lower-pipeline{nosuch=1}", "no such option nosuch"),
    ("func.func(qtosa-lower-to-tosa-int{rounding=bogus})",
     "for the --rounding option: Cannot find option named 'bogus'!"),
    ("canonicalize{max-iterations=x}",
     "for the --max-iterations option: 'x' value invalid"),
])
def test_a_bad_option_value_is_in_the_error_and_nothing_prints(
        capfd, pipeline, reason):
    # llvm::cl prints a bad value's error to stderr itself (issue #31):
    # it must reach the exception instead.
    module = qtosa.parse(ADD)
    with pytest.raises(qtosa.Error) as error:
        module.run(pipeline)
    assert reason in str(error.value)
    assert str(error.value).startswith("invalid pass pipeline")
    out, err = capfd.readouterr()
    assert out == "" and err == ""


def test_a_deeply_nested_pipeline_is_an_error_not_a_crash():
    # 100,000 nested modules used to end the Python process (the pipeline
    # parser recurses once per level).
    module = qtosa.parse(ADD)
    before = str(module)
    with pytest.raises(qtosa.Error, match=r"invalid pass pipeline: "
                       r"<pipeline>:1:\d+: .*deeper than 256 levels"):
        module.run("builtin.module(" * 100000 + ")" * 100000)
    assert str(module) == before


RANK7 = """
func.func @main(%x: tensor<1x1x1x1x1x1x2xf32>) -> tensor<1x1x1x1x1x1x2xf32> {
  %q = quant.qcast %x : tensor<1x1x1x1x1x1x2xf32> to tensor<1x1x1x1x1x1x2x!quant.uniform<i8:f32, 0.5>>
  %d = quant.dcast %q : tensor<1x1x1x1x1x1x2x!quant.uniform<i8:f32, 0.5>> to tensor<1x1x1x1x1x1x2xf32>
  return %d : tensor<1x1x1x1x1x1x2xf32>
}
"""


def test_a_failing_pass_raises_its_located_error_and_keeps_the_module():
    module = qtosa.parse(RANK7, "rank7.mlir")
    before = str(module)
    with pytest.raises(qtosa.Error) as error:
        module.run("qtosa-import-qdq")
    message = str(error.value)
    assert message.startswith("pass pipeline 'qtosa-import-qdq' failed\n")
    assert "rank7.mlir:2:1: error: 'func.func' op argument #0 has rank 7, " \
        "more than the 6 TOSA 1.0 allows" in message
    # Only the diagnostics, not a dump of the op.
    assert "see current operation" not in message
    assert str(module) == before


def test_report_file_errors_name_the_module(convnext_text):
    module = qtosa.parse(convnext_text, "convnext.mlir")
    with pytest.raises(qtosa.Error, match="convnext.mlir:0:0: error: cannot "
                       "write the partition report to '/nonexistent/r.json'"):
        module.run("qtosa-ethosu-pipeline{report-file=/nonexistent/r.json}")


@pytest.mark.parametrize("pipeline, message", [
    ("qtosa-ethosu-pipeline{report-file=/dev/full}",
     "cannot write the partition report to '/dev/full': No space left on "
     "device"),
    ("qtosa-ethosu-pipeline{dot-file=/dev/full}",
     "cannot write the partition graph to '/dev/full': No space left on "
     "device"),
])
def test_a_write_that_fails_raises_and_the_process_lives(
        convnext_text, capfd, pipeline, message):
    # It used to end the process with LLVM's "IO failure on output stream"
    # (issue #31).
    module = qtosa.parse(convnext_text, "convnext.mlir")
    with pytest.raises(qtosa.Error, match="convnext.mlir:0:0: error: " +
                       re.escape(message)):
        module.run(pipeline)
    assert capfd.readouterr().err == ""


def test_partition_dot_file_that_fails_raises(convnext_text):
    module = qtosa.parse(convnext_text, "convnext.mlir")
    with pytest.raises(qtosa.Error, match="cannot write the partition graph "
                       "to '/dev/full'"):
        qtosa.partition(module, dot_file="/dev/full")


def test_clone_is_independent():
    module = qtosa.parse(ADD)
    copy = module.clone()
    copy.run("func.func(tosa-to-linalg)")
    assert "tosa.add" in str(module)
    assert "tosa.add" not in str(copy)


def test_help_describes_the_package():
    text = pydoc.render_doc(qtosa, renderer=pydoc.plaintext)
    for name in ("parse", "execute", "partition", "rules", "import_tflite",
                 "Module", "Error"):
        assert name in text
    assert "Raises Error" in pydoc.render_doc(qtosa.Module.run,
                                               renderer=pydoc.plaintext)


@pytest.mark.parametrize("wrap", [bytearray, memoryview])
def test_import_takes_every_bytes_type_it_documents(wrap):
    # PathOrBytes lists bytearray and memoryview; pybind11 took bytes only.
    tflite = CORPUS_DIR / "tflite" / "tflm_hello_world_int8.tflite"
    if not tflite.exists():
        pytest.skip("../shared/corpus is absent")
    module = qtosa.import_tflite(wrap(tflite.read_bytes()))
    assert "func.func @" in str(module)
    flatbuffer = qtosa.export_tosa_flatbuffer(qtosa.parse(
        "func.func @f(%x: tensor<4xi8>) -> tensor<4xi8> {\n"
        "  return %x : tensor<4xi8>\n}\n"))
    assert "func.func @f" in str(qtosa.import_tosa_flatbuffer(wrap(flatbuffer)))
    with pytest.raises(qtosa.Error, match="expected a path or the file's "
                                          "bytes, not int"):
        qtosa.import_tflite(42)


@pytest.mark.parametrize("call", [
    lambda m: qtosa.execute(m, [], function=None),
    lambda m: qtosa.partition(m, None),
    lambda m: qtosa.partition("not a module"),
    lambda m: qtosa.rules(None),
    lambda m: m.function_shapes(3),
    lambda m: m.run(5),
    lambda m: qtosa.parse(None),
    lambda m: qtosa.parse("module {}\udcff"),
    lambda m: qtosa.Executable(m, b"main"),
    lambda m: qtosa.quantize(m, [1, 2], None),
    lambda m: qtosa.quantize(m, None, 7),
    lambda m: qtosa.import_tflite(3.5),
], ids=["execute-function", "partition-target", "partition-module", "rules",
        "function_shapes", "run", "parse-none", "parse-surrogate",
        "executable-bytes", "quantize-config-list", "quantize-samples-int",
        "import-float"])
def test_wrong_argument_types_raise_qtosa_error(call):
    # A hostile-input sweep found each raising pybind11's or os.fspath's
    # TypeError (or a UnicodeEncodeError) instead of qtosa.Error.
    module = qtosa.parse("func.func @main() {\n  return\n}\n")
    with pytest.raises(qtosa.Error):
        call(module)


@pytest.mark.parametrize("load", [qtosa.import_tflite,
                                  qtosa.import_tosa_flatbuffer])
def test_a_path_with_a_nul_is_an_error_not_a_shorter_path(tmp_path, load):
    # 'model.tflite\0junk' read model.tflite: the C++ side stopped at the NUL.
    (tmp_path / "model.tflite").write_bytes(b"")
    with pytest.raises(qtosa.Error, match="path: contains a NUL character"):
        load(str(tmp_path / "model.tflite") + "\0junk")
