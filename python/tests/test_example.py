"""examples/python/partition_and_run.py runs and says what it found."""
import os
import shutil
import subprocess
import sys

from conftest import SOURCE_DIR


def test_example_script_on_the_bundled_model(tmp_path):
    script = SOURCE_DIR / "examples" / "python" / "partition_and_run.py"
    model = SOURCE_DIR / "examples" / "convnext_block_qdq.mlir"
    result = subprocess.run(
        [sys.executable, str(script), str(model), "--out-dir", str(tmp_path)],
        check=True, capture_output=True, text=True, env=dict(os.environ))
    out = result.stdout
    assert "== convnext_block_qdq.mlir: @convnext_block" in out
    assert "ethos-u55-128: 1 delegate(s); 11 of 11 op(s) on the NPU" in out
    assert "largest difference QDQ vs integer 1.00 LSB (scale 0.06)" in out
    assert (tmp_path / "partition.dot").read_text().startswith("digraph")
    if shutil.which("dot"):
        assert (tmp_path / "partition.png").read_bytes()[:4] == b"\x89PNG"
