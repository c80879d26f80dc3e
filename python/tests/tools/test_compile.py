"""qtosa-compile and qtosa.compile.compile_for_ethosu: the Ethos-U pipeline,
then Vela on every delegate, as files, data and a table."""
import json
import os
import subprocess
import sys

import pytest

import qtosa
import qtosa.compile
import qtosa.vela

from conftest import BIN_DIR, CORPUS_DIR, SOURCE_DIR

EXAMPLE = SOURCE_DIR / "examples" / "convnext_block_qdq.mlir"


@pytest.mark.parametrize("target", qtosa.TARGETS)
def test_example_to_vela_artifacts(target, tmp_path):
    result = qtosa.compile.compile_for_ethosu(EXAMPLE, target, tmp_path)
    report = result["report"]
    assert report["target"] == target and report["ops_host"] == 0
    (delegate,) = result["delegates"]
    assert delegate["vela"]["npu_cycles"] > 0
    assert report["delegates"] == [{"name": "delegate_0",
                                    "function": "convnext_block",
                                    "vela": delegate["vela"]}]
    assert report["vela"]["npu_cycles"] == delegate["vela"]["npu_cycles"]
    manifest = json.loads((tmp_path / "delegates.json").read_text())
    (entry,) = manifest["delegates"]
    # The manifest's paths are relative to it; the result's are where the
    # files are.
    assert entry["file"] == "delegate_0.tosa"
    assert entry["vela"]["npz"] == "delegate_0_vela.npz"
    assert delegate["vela"]["npz"] == str(tmp_path / "delegate_0_vela.npz")
    assert (tmp_path / "delegate_0.tosa").read_bytes() == \
        delegate["flatbuffer"]
    written = json.loads((tmp_path / "report.json").read_text())
    assert written["vela"] == report["vela"]
    assert written["delegates"][0]["vela"]["npz"] == "delegate_0_vela.npz"


def test_command_prints_each_delegates_figures(tmp_path):
    done = subprocess.run([str(BIN_DIR / "qtosa-compile"), str(EXAMPLE),
                           "--target", "ethos-u85-256", "-o", str(tmp_path)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == ("ethos-u85-256: 1 delegate(s); 11 op(s): 11 on the "
                        "NPU, 0 on the host; 2 graph-IO quantize/dequantize")
    assert lines[2].split()[:2] == ["delegate_0", "convnext_block"]
    assert int(lines[2].split()[2]) > 0


def test_relative_paths_as_the_readme_writes_them(tmp_path, monkeypatch):
    # `qtosa-compile model.tflite --target ethos-u55-128 -o out/`: Vela's
    # worker runs in a directory of its own, and relative paths were read
    # there ("compiled delegate_0 but wrote no delegate_0_vela.npz").
    (tmp_path / "model.mlir").write_bytes(EXAMPLE.read_bytes())
    done = subprocess.run([str(BIN_DIR / "qtosa-compile"), "model.mlir",
                           "--target", "ethos-u55-128", "-o", "out/"],
                          capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "out" / "delegate_0_vela.npz").is_file()
    (tmp_path / "out" / "delegate_0.tosa").rename(tmp_path / "d.tosa")
    monkeypatch.chdir(tmp_path)
    figures = qtosa.vela.compile("d.tosa", "ethos-u85-256", name="d",
                                 output_dir="vela")
    assert figures["npz"] == str(tmp_path / "vela" / "d_vela.npz")
    assert os.path.isfile(figures["npz"])


def test_readme_shows_what_the_command_prints(tmp_path):
    # README.md quotes the example's Ethos-U55 table; it had gone stale
    # (6524 cycles where the command printed 4860).
    done = subprocess.run([str(BIN_DIR / "qtosa-compile"), str(EXAMPLE),
                           "--target", "ethos-u55-128", "-o", str(tmp_path)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    readme = (SOURCE_DIR / "README.md").read_text()
    quoted = readme.split("build/bin/qtosa-compile model.tflite")[1]
    quoted = quoted.split("It prints:\n\n```\n")[1].split("```")[0]
    assert done.stdout == quoted


FLOAT_IO = """
func.func @main(%x: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %q = quant.qcast %x : tensor<1x8xf32> to tensor<1x8x!quant.uniform<i8:f32, 0.1>>
  %d = quant.dcast %q : tensor<1x8x!quant.uniform<i8:f32, 0.1>> to tensor<1x8xf32>
  %c = tosa.clamp %d {min_val = 0.0 : f32, max_val = 6.0 : f32} : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %a = quant.qcast %c : tensor<1x8xf32> to tensor<1x8x!quant.uniform<i8:f32, 0.05:-128>>
  %b = quant.dcast %a : tensor<1x8x!quant.uniform<i8:f32, 0.05:-128>> to tensor<1x8xf32>
  return %b : tensor<1x8xf32>
}
"""


def test_command_names_the_graph_io_work(tmp_path):
    # A model with float I/O quantizes its input and dequantizes its output
    # on the host; the summary counts them, as the pipeline's table does,
    # not only "0 on the host".
    model = tmp_path / "float_io.mlir"
    model.write_text(FLOAT_IO)
    done = subprocess.run([str(BIN_DIR / "qtosa-compile"), str(model),
                           "-o", str(tmp_path / "out")],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == (
        "ethos-u55-128: 1 delegate(s); 2 op(s): 2 on the NPU, 0 on the "
        "host; 2 graph-IO quantize/dequantize")


@pytest.mark.parametrize("name,head,says", [
    ("model.keras", b"PK\x03\x04rest", "is a Keras model: convert it with "
     "tf.lite.TFLiteConverter.from_keras_model"),
    ("model.h5", b"\x89HDF\r\n\x1a\nrest", "is a Keras model"),
    ("model.pt", b"PK\x03\x04rest", "is a PyTorch archive: use "
     "qtosa.torch.compile_for_ethosu"),
    ("model.onnx", b"\x08\x07\x12\x07pytorch", "is an ONNX model"),
    ("saved_model.pb", b"\x08\x01\x12\x00", "is a TensorFlow or Keras "
     "model, not a TFLite flatbuffer"),
])
def test_other_model_formats_are_named(tmp_path, name, head, says):
    # These went to the MLIR parser, whose error quoted binary bytes.
    path = tmp_path / name
    path.write_bytes(head)
    with pytest.raises(qtosa.Error) as error:
        qtosa.compile.load_model(path)
    assert says in str(error.value)
    assert str(error.value).endswith("qtosa reads TFLite (.tflite), TOSA "
                                     "1.0 flatbuffers (.tosa) and MLIR text")


def test_flatbuffer_known_by_its_identifier(tmp_path):
    # A TOSA flatbuffer under another name is still read as one.
    integer = qtosa.parse(EXAMPLE.read_text())
    integer.run("qtosa-lower-pipeline{io=int}")
    path = tmp_path / "model.bin"
    path.write_bytes(qtosa.export_tosa_flatbuffer(integer))
    assert "tosa.rescale" in str(qtosa.compile.load_model(path))


def test_command_error_is_one_line(tmp_path):
    done = subprocess.run([str(BIN_DIR / "qtosa-compile"), str(EXAMPLE),
                           "-o", str(tmp_path), "--system-config", "Nope",
                           "--memory-mode", "Shared_Sram"],
                          capture_output=True, text=True)
    assert done.returncode == 1
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    (line,) = done.stderr.splitlines()
    assert line.startswith("qtosa-compile: error: Vela 5.2.0 fails on "
                           "delegate_0 for ethos-u55-128: ")
    assert "Section System_Config.Nope not found" in line


def test_command_names_the_operator_vela_rejects(tmp_path):
    # The partition agrees with Vela on every probe, so no model gives a
    # delegate Vela refuses; the command's path for one is exercised by
    # handing Vela, in place of the example's delegate, an int8 ADD (TOSA
    # 1.0 adds int32 only), which Vela itself refuses.
    script = """
import sys
import qtosa, qtosa.compile, qtosa.vela
bad = qtosa.export_tosa_flatbuffer(qtosa.parse('''
func.func @bad(%a: tensor<1x4xi8>, %b: tensor<1x4xi8>) -> tensor<1x4xi8> {
  %0 = tosa.add %a, %b : (tensor<1x4xi8>, tensor<1x4xi8>) -> tensor<1x4xi8>
  return %0 : tensor<1x4xi8>
}'''))
vela_compile = qtosa.vela.compile
qtosa.vela.compile = lambda flatbuffer, *args, **kwargs: vela_compile(
    bad, *args, **kwargs)
sys.exit(qtosa.compile.main(sys.argv[1:]))
"""
    done = subprocess.run([sys.executable, "-c", script, str(EXAMPLE),
                           "-o", str(tmp_path)],
                          capture_output=True, text=True)
    assert done.returncode == 1, done.stderr
    assert done.stdout == ""
    (line,) = done.stderr.splitlines()
    assert line.startswith("qtosa-compile: error: Vela 5.2.0 rejects "
                           "delegate_0 for ethos-u55-128: operator Add: ")
    assert "Input data type not supported for this operator" in line
    assert not (tmp_path / "delegates.json").exists()


def test_missing_model_is_an_error(tmp_path):
    with pytest.raises(qtosa.Error, match="nope.tflite: no such file"):
        qtosa.compile.compile_for_ethosu(tmp_path / "nope.tflite")
    directory = tmp_path / "model.tflite"
    directory.mkdir()
    with pytest.raises(qtosa.Error, match="model.tflite is a directory"):
        qtosa.compile.compile_for_ethosu(directory)


def test_unreadable_or_empty_model_is_an_error(tmp_path, monkeypatch):
    # Found by session 32's hostile-input sweep: a file without read
    # permission ended qtosa-compile in a PermissionError traceback, a FIFO
    # was "no such file", and an empty file compiled to 0 delegates with
    # exit 0.
    fifo = tmp_path / "pipe.tflite"
    os.mkfifo(fifo)
    with pytest.raises(qtosa.Error, match="pipe.tflite is not a regular file"):
        qtosa.compile.load_model(fifo)
    empty = tmp_path / "empty.bin"
    empty.write_bytes(b"")
    with pytest.raises(qtosa.Error, match="empty.bin holds no function"):
        qtosa.compile.load_model(empty)
    done = subprocess.run([str(BIN_DIR / "qtosa-compile"), str(empty), "-o",
                           str(tmp_path / "out")], capture_output=True,
                          text=True)
    assert done.returncode == 1 and "holds no function" in done.stderr
    # Root reads a mode-000 file, so the refusal is simulated.
    locked = tmp_path / "locked.tflite"
    locked.write_bytes(b"\0" * 16)
    real_open = open

    def refusing_open(path, *args, **kwargs):
        if os.fspath(path) == str(locked):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr("builtins.open", refusing_open)
    with pytest.raises(qtosa.Error,
                       match="cannot read '.*locked.tflite': Permission "
                             "denied"):
        qtosa.compile.load_model(locked)


def test_a_model_as_bytes(tmp_path):
    # The importers take a model's bytes; so does compile_for_ethosu, by
    # the file identifier. Anything else is refused in a short message: it
    # used to be taken for a path and echoed whole ("no such file").
    integer = qtosa.parse(EXAMPLE.read_text())
    integer.run("qtosa-lower-pipeline{io=int}")
    data = qtosa.export_tosa_flatbuffer(integer)
    module = qtosa.compile.load_model(memoryview(data))
    assert "tosa." in str(module)
    with pytest.raises(qtosa.Error) as error:
        qtosa.compile.compile_for_ethosu(b"\x00" * 100000)
    assert str(error.value) == (
        "the model's 100000 bytes are neither a TFLite flatbuffer (file "
        "identifier TFL3) nor a TOSA 1.0 flatbuffer (TOSA); give MLIR text "
        "as a path or a qtosa.Module")
    with pytest.raises(qtosa.Error, match="the model is a int: give a path"):
        qtosa.compile.compile_for_ethosu(42)


@pytest.mark.skipif(not (CORPUS_DIR / "tflite").exists(),
                    reason="../shared/corpus is absent")
def test_tflite_model_compiles(tmp_path):
    model = CORPUS_DIR / "tflite" / "tflm_hello_world_int8.tflite"
    result = qtosa.compile.compile_for_ethosu(model, "ethos-u55-128",
                                              tmp_path)
    assert result["delegates"]
    for delegate in result["delegates"]:
        assert delegate["vela"]["npu_cycles"] > 0
        assert os.path.exists(delegate["vela"]["npz"])


@pytest.mark.parametrize("name", ["a-file", "", "a-file/sub"])
def test_unusable_output_dir_is_an_error(tmp_path, name):
    # A Python traceback (FileExistsError, FileNotFoundError,
    # NotADirectoryError) before.
    (tmp_path / "a-file").write_text("")
    output = str(tmp_path / name) if name else ""
    with pytest.raises(qtosa.Error, match="output directory"):
        qtosa.compile.compile_for_ethosu(EXAMPLE, "ethos-u55-128", output)
    done = subprocess.run([str(BIN_DIR / "qtosa-compile"), str(EXAMPLE),
                           "-o", output], capture_output=True, text=True)
    assert done.returncode == 1
    assert done.stderr.startswith("qtosa-compile: error: ")
    assert "Traceback" not in done.stderr


def test_delegate_path_taken_by_a_directory_is_an_error(tmp_path):
    (tmp_path / "delegate_0.tosa").mkdir()
    with pytest.raises(qtosa.Error, match="cannot write .*delegate_0.tosa"):
        qtosa.compile.compile_for_ethosu(EXAMPLE, "ethos-u55-128", tmp_path)


def test_model_among_the_outputs_is_kept(tmp_path):
    # A model saved as OUT/report.json was replaced by the report.
    model = tmp_path / "report.json"
    model.write_bytes(EXAMPLE.read_bytes())
    with pytest.raises(qtosa.Error, match="is the report.json that compiling "
                       "writes into"):
        qtosa.compile.compile_for_ethosu(model, "ethos-u55-128", tmp_path)
    assert model.read_bytes() == EXAMPLE.read_bytes()
