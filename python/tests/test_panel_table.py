"""bench/executorch_panel.py reads back the table it wrote: --from-json
merges a new run of some routes or models into the committed
docs/generated/ExecuTorchPanel.md, so a partial run regenerates the whole
table. Needs no torch."""
import importlib.util
import math

from conftest import SOURCE_DIR


def load_panel():
    spec = importlib.util.spec_from_file_location(
        "executorch_panel", SOURCE_DIR / "bench" / "executorch_panel.py")
    panel = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(panel)
    return panel


def test_committed_table_round_trips():
    panel = load_panel()
    path = SOURCE_DIR / "docs" / "generated" / "ExecuTorchPanel.md"
    rows = panel.rows_from_table(str(path))
    assert rows
    assert panel.markdown(rows, None) == path.read_text()


def test_rows_hold_the_figures(tmp_path):
    panel = load_panel()
    rows = [{"case": "op_x", "target": "ethos-u55-128",
             "executorch": {"delegates": 2, "cpu_ops": 3,
                            "cpu_op_kinds": {"permute_copy": 1,
                                             "quantize": 2},
                            "pte_bytes": 7577.6, "vela_bytes": 2560.0,
                            "npu_cycles": 2272, "sqnr": math.inf,
                            "unshared": {"permute.default": 1}},
             "qtosa": {"delegates": 1, "cpu_ops": 0, "cpu_op_kinds": {},
                       "vela_bytes": 1740.8, "npu_cycles": 1984,
                       "sqnr": 32.94, "sqnr_qdq": 32.91}},
            {"case": "op_y", "target": "ethos-u85-256",
             "qtosa": {"error": "Error: no delegate"}}]
    table = tmp_path / "panel.md"
    table.write_text(panel.markdown(rows, None))
    read = {row["case"]: row for row in panel.rows_from_table(str(table))}
    et, ours = read["op_x"]["executorch"], read["op_x"]["qtosa"]
    assert (et["delegates"], et["cpu_ops"], et["npu_cycles"]) == (2, 3, 2272)
    assert et["cpu_op_kinds"] == {"permute_copy": 1, "quantize": 2}
    assert et["sqnr"] == math.inf
    assert et["unshared"] == {"permute.default": 1}
    assert (ours["npu_cycles"], ours["sqnr"], ours["sqnr_qdq"]) == \
        (1984, 32.9, 32.9)
    assert "executorch" not in read["op_y"]
    assert read["op_y"]["qtosa"]["error"] == "Error: no delegate"
    assert panel.markdown(list(read.values()), None) == table.read_text()
