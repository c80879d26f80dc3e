"""examples/python/partition_and_run.py runs and says what it found."""
import os
import shutil
import subprocess
import sys

from conftest import SOURCE_DIR


def run_example(model, out_dir):
    """The example's run on `model`, which must succeed."""
    script = SOURCE_DIR / "examples" / "python" / "partition_and_run.py"
    return subprocess.run(
        [sys.executable, str(script), str(model), "--out-dir", str(out_dir)],
        check=True, capture_output=True, text=True, env=dict(os.environ))


def test_example_script_on_the_bundled_model(tmp_path):
    model = SOURCE_DIR / "examples" / "convnext_block_qdq.mlir"
    out = run_example(model, tmp_path).stdout
    assert "== convnext_block_qdq.mlir: @convnext_block" in out
    assert "ethos-u55-128: 1 delegate(s); 11 of 11 op(s) on the NPU" in out
    assert "graph IO: 2 quantize/dequantize outside the delegates" in out
    assert "largest difference QDQ vs integer 1.00 LSB (scale 0.06)" in out
    assert (tmp_path / "partition.dot").read_text().startswith("digraph")
    if shutil.which("dot"):
        assert (tmp_path / "partition.png").read_bytes()[:4] == b"\x89PNG"


def test_example_script_on_a_model_with_host_calls(tmp_path):
    # The engine has no kernel for a host call: the example partitions and
    # draws the model and says why it did not run it (it used to end in a
    # traceback).
    subprocess.run([sys.executable, str(SOURCE_DIR / "test" / "Target" /
                                        "TFLite" / "Inputs" /
                                        "tflite_models.py"),
                    str(SOURCE_DIR / "lib" / "Target" / "TFLite" /
                        "tflite.fbs"), str(tmp_path)],
                   check=True, capture_output=True)
    result = run_example(tmp_path / "opaque_ops.tflite", tmp_path / "out")
    out = result.stdout
    assert "ethos-u55-128: 0 delegate(s); 0 of 2 op(s) on the NPU" in out
    assert "the importer keeps 'SVDF' on the host: no TOSA conversion" in out
    assert "not executed: @main at " in out
    assert "without a body, and nothing in the process defines it" in out
    assert "Traceback" not in result.stderr
