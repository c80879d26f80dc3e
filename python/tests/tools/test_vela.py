"""Vela 5.2 compiles the bundled example's delegate for both targets."""
import os
import subprocess
import sys

import numpy as np
import pytest

import qtosa
import qtosa.vela

from conftest import tflite_models, write_tflite


@pytest.fixture(scope="module")
def delegate(convnext_module):
    module = convnext_module.clone()
    qtosa.partition(module, "ethos-u55-128")
    (only,) = module.delegates()
    return only


@pytest.mark.parametrize("target", qtosa.TARGETS)
def test_example_delegate_compiles(delegate, target, tmp_path):
    figures = qtosa.vela.compile(delegate["flatbuffer"], target,
                                 name=delegate["name"], output_dir=tmp_path)
    assert figures["vela"] == "5.2.0"
    assert figures["target"] == target
    assert figures["system_config"] == qtosa.vela.SYSTEM_DEFAULTS[target][0]
    assert figures["npu_cycles"] > 0
    assert figures["total_cycles"] >= figures["npu_cycles"]
    assert figures["inference_time_s"] > 0
    assert figures["sram_bytes"] > 0
    assert figures["macs"] > 0
    assert figures["command_stream_bytes"] > 0
    with np.load(figures["npz"]) as npz:
        assert npz["cmd_data"].tobytes()[:4] == b"COP1"
        # Vela's view of the interface: one 8x8x4 int8 input and output.
        assert npz["input_shape"].tolist() == [[1, 1, 1, 8, 8, 4]]
        assert npz["output_shape"].tolist() == [[1, 1, 1, 8, 8, 4]]


def test_rejection_names_delegate_operator_and_message():
    # An int8 ADD: TOSA 1.0 adds int32 only, so Vela's validation refuses it.
    module = qtosa.parse("""
func.func @bad(%a: tensor<1x4xi8>, %b: tensor<1x4xi8>) -> tensor<1x4xi8> {
  %0 = tosa.add %a, %b : (tensor<1x4xi8>, tensor<1x4xi8>) -> tensor<1x4xi8>
  return %0 : tensor<1x4xi8>
}""")
    flatbuffer = qtosa.export_tosa_flatbuffer(module)
    with pytest.raises(qtosa.Error) as error:
        qtosa.vela.compile(flatbuffer, "ethos-u55-128", name="delegate_7")
    message = str(error.value)
    assert message.startswith(
        "Vela 5.2.0 rejects delegate_7 for ethos-u55-128: operator Add: ")
    assert "Input data type not supported for this operator" in message
    assert "\n" not in message


def test_unknown_target_needs_a_system_config():
    with pytest.raises(qtosa.Error, match="no default Vela system config "
                                          "for target 'ethos-u65-256'"):
        qtosa.vela.compile(b"TOSA", "ethos-u65-256")


def test_bad_system_config_is_an_error_not_a_traceback(delegate):
    with pytest.raises(qtosa.Error, match="Section System_Config.Nope not "
                                          "found"):
        qtosa.vela.compile(delegate["flatbuffer"], "ethos-u55-128",
                           system_config="Nope")


@pytest.mark.parametrize("option", ["system_config", "memory_mode"])
def test_an_empty_system_option_is_refused(delegate, option):
    # `qtosa-compile --memory-mode ""` used to fall back to the default.
    with pytest.raises(qtosa.Error, match=option + " is empty"):
        qtosa.vela.compile(delegate["flatbuffer"], "ethos-u55-128",
                           **{option: ""})


def test_malformed_files_are_refused_before_vela_runs(tmp_path):
    # Vela 5.2.0 ends the process with SIGSEGV on a truncated .tflite and
    # on a TOSA constant without its data (session 27's hostile-input
    # sweep); qtosa's importers read the file first and raise instead.
    # Run in a child, so that a regression shows as a crash, not the end
    # of pytest.
    truncated = tmp_path / "truncated.tflite"
    truncated.write_bytes(b"\x1c\x00\x00\x00TFL3" + b"\x00" * 8)
    script = (
        "import qtosa, qtosa.vela, sys\n"
        "try:\n"
        "    qtosa.vela.compile(sys.argv[1], 'ethos-u55-128')\n"
        "except qtosa.Error as e:\n"
        "    print('Error:', e)\n")
    done = subprocess.run([sys.executable, "-c", script, str(truncated)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(
        "Error: Vela 5.2.0 is not run on delegate: qtosa cannot read it")
    assert "truncated.tflite" in done.stdout


def test_a_name_too_long_for_a_file_is_an_error(delegate):
    with pytest.raises(qtosa.Error, match="delegate name of 300 characters: "
                                          ".* longer than the 255 bytes"):
        qtosa.vela.compile(delegate["flatbuffer"], "ethos-u55-128",
                           name="d" * 300)


def test_malformed_bytes_are_named_as_bytes():
    # A delegate given as bytes that are no TOSA flatbuffer:
    # the error names the bytes, not the scratch file compile() writes.
    with pytest.raises(qtosa.Error) as error:
        qtosa.vela.compile(b"\x00\x00\x00\x00TOSA" + b"\x00" * 8)
    assert str(error.value).startswith(
        "Vela 5.2.0 is not run on delegate: qtosa cannot read it (Vela ends "
        "the process on some malformed files): cannot import <bytes> as a "
        "TOSA flatbuffer")


def requantize_model(tmp_path):
    """float -> QUANTIZE (int32) -> QUANTIZE (int16) -> DEQUANTIZE: the
    shape of seanet's quantize__quantize0, on which Vela 5.2's Ethos-U85
    compiler segfaults."""
    m = tflite_models().Model()
    shape = [1, 2, 160, 2]
    x = m.tensor("x", shape, "FLOAT32")
    m.inputs.append(x)
    wide = m.tensor("wide", shape, "INT32", 1.4901161193847656e-07, 0)
    m.op("QUANTIZE", [x], [wide])
    narrow = m.tensor("narrow", shape, "INT16", 9.2197145568206906e-04, 0)
    m.op("QUANTIZE", [wide], [narrow])
    y = m.tensor("y", shape, "FLOAT32")
    m.op("DEQUANTIZE", [narrow], [y])
    m.outputs.append(y)
    return write_tflite(tmp_path, "requantize", m)


def test_vela_crashing_is_an_error_not_the_end_of_the_process(
        delegate, tmp_path):
    # Vela runs in a forked child: its C++ core's segfault used to end the
    # caller's process (bench/vela_routes.py over the corpus died so).
    model = requantize_model(tmp_path)
    with pytest.raises(qtosa.Error,
                       match=r"Vela 5\.2\.0 fails on model for ethos-u85-256: "
                             r"Vela ended its process \(signal 11\) without "
                             r"an answer"):
        qtosa.vela.compile(model, "ethos-u85-256", name="model")
    # The process goes on, and Vela with it.
    figures = qtosa.vela.compile(delegate["flatbuffer"], "ethos-u85-256",
                                 name=delegate["name"])
    assert figures["npu_cycles"] > 0


# How callers run Vela: each of these failed while Vela ran in a child of
# multiprocessing's fork server (a script without a __main__ guard ran
# twice, a script from stdin could not be found, a Pool's worker may not
# have children), or, before that, in a child forked from the caller.
CALLER = """
import os, sys
import qtosa, qtosa.vela
print("top level", __name__, flush=True)
flatbuffer = open(sys.argv[1], "rb").read()
{call}
"""


@pytest.mark.parametrize("how", ["script", "stdin", "pool", "removed_cwd"])
def test_callers_of_every_kind_compile(delegate, how, tmp_path):
    tosa = tmp_path / "delegate.tosa"
    tosa.write_bytes(delegate["flatbuffer"])
    call = ('figures = qtosa.vela.compile(flatbuffer, "ethos-u85-256")\n'
            'print("cycles", figures["npu_cycles"] > 0)')
    if how == "pool":
        call = ("import multiprocessing\n"
                "def work(_):\n"
                "    return qtosa.vela.compile(flatbuffer,\n"
                "                              'ethos-u85-256')['npu_cycles']\n"
                "with multiprocessing.get_context('fork').Pool(2) as pool:\n"
                "    print('cycles', all(c > 0 for c in pool.map(work, [0, 1])))")
    if how == "removed_cwd":
        gone = tmp_path / "gone"
        gone.mkdir()
        call = "os.rmdir(%r)\n" % str(gone) + call
    script = CALLER.format(call=call)
    path = tmp_path / "caller.py"
    path.write_text(script)
    if how == "stdin":
        command = [sys.executable, "-", str(tosa)]
    else:
        command = [sys.executable, str(path), str(tosa)]
    environment = dict(os.environ, PYTHONPATH=os.pathsep.join(
        os.path.abspath(entry) for entry in sys.path if entry))
    done = subprocess.run(command, input=script if how == "stdin" else None,
                          capture_output=True, text=True, timeout=300,
                          env=environment,
                          cwd=tmp_path / "gone" if how == "removed_cwd"
                          else tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["top level __main__", "cycles True"]
