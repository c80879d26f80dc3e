"""qtosa.partition, rules, Module.delegates and the flatbuffer imports."""
import numpy as np
import pytest

import qtosa
from conftest import CORPUS_DIR

# A QDQ graph whose float sigmoid has no quantize after it: it stays in
# float on the host, between two NPU parts.
HOST_OP = """
!q = !quant.uniform<i8:f32, 0.05:0>
func.func @main(%x: tensor<1x4xf32>) -> tensor<1x4xf32> {
  %xq = qtosa.quantize %x as !q : tensor<1x4xf32> -> tensor<1x4xi8>
  %xd = qtosa.dequantize %xq as !q : tensor<1x4xi8> -> tensor<1x4xf32>
  %s = tosa.sigmoid %xd : (tensor<1x4xf32>) -> tensor<1x4xf32>
  return %s : tensor<1x4xf32>
}
"""


def test_partition_reports_the_host_ops(tmp_path):
    module = qtosa.parse(HOST_OP, "host.mlir")
    report = qtosa.partition(module, "ethos-u55-128",
                             dot_file=tmp_path / "graph with space.dot")
    assert report["target"] == "ethos-u55-128"
    assert report["ops_host"] == len(report["host_ops"]) >= 1
    sigmoid = [op for op in report["host_ops"] if op["op"] == "tosa.sigmoid"]
    assert sigmoid and sigmoid[0]["loc"] == "host.mlir:6:8"
    assert sigmoid[0]["rule"] == "U55.TENSOR.FLOAT"
    # The float sigmoid and the dequantize before it are one float region,
    # caused by the sigmoid, whose result leaves the graph in float.
    region = report["float_regions"][sigmoid[0]["float_region"]]
    assert region["cause"]["op"] == "tosa.sigmoid"
    assert "func.return" in region["cause"]["reason"]
    assert [op["op"] for op in region["ops"]] == ["qtosa.dequantize",
                                                  "tosa.sigmoid"]
    assert region["op_count"] == 2 and region["more_causes"] == []
    assert "digraph" in (tmp_path / "graph with space.dot").read_text()


def test_partition_of_the_example_is_one_delegate(convnext_text):
    module = qtosa.parse(convnext_text, "convnext.mlir")
    report = qtosa.partition(module)
    assert (report["delegate_count"], report["ops_host"]) == (1, 0)
    # The count's first name, kept for a release.
    assert report["partitions"] == report["delegate_count"]
    (function,) = report["functions"]
    assert function["delegate_count"] == function["partitions"] == 1
    assert report["ops_npu"] == report["ops_total"] > 0
    assert str(module).count("qtosa.delegate") == 1


def test_partition_is_the_report_file_as_values(convnext_text, tmp_path):
    import json
    module = qtosa.parse(convnext_text, "convnext.mlir")
    path = tmp_path / "report.json"
    module.clone().run('qtosa-ethosu-pipeline{report-file="%s"}' % path)
    assert qtosa.partition(module) == json.loads(path.read_text())


def test_partition_and_delegates_write_no_file(convnext_text, monkeypatch,
                                               tmp_path):
    # The report and the delegates come back as values: with no temporary
    # directory to be had, both still work.
    monkeypatch.setenv("TMPDIR", str(tmp_path / "missing"))
    module = qtosa.parse(convnext_text, "convnext.mlir")
    assert qtosa.partition(module)["delegate_count"] == 1
    (delegate,) = module.delegates()
    assert delegate["flatbuffer"][4:8] == b"TOSA"
    module.run("canonicalize")  # exported afresh from the module
    assert module.delegates()[0]["flatbuffer"][4:8] == b"TOSA"
    assert not (tmp_path / "missing").exists()


def test_partition_rejects_an_unknown_target_and_keeps_the_module():
    module = qtosa.parse(HOST_OP)
    before = str(module)
    with pytest.raises(qtosa.Error, match="unknown target 'ethos-u42' "
                       r"\(known: ethos-u55-128, ethos-u85-256\)"):
        qtosa.partition(module, "ethos-u42")
    assert str(module) == before


def test_rules_list_each_target():
    for target, prefix in (("ethos-u55-128", "U55."),
                           ("ethos-u85-256", "U85.")):
        rules = qtosa.rules(target)
        assert rules and all(rule["id"].startswith(prefix) for rule in rules)
        assert all(set(rule) == {"id", "op", "constraint"} for rule in rules)
        assert {"id": prefix + "TENSOR.FLOAT", "op": "*",
                "constraint": "Float tensors never run on the NPU"} in rules
    conv = [r for r in qtosa.rules() if r["id"] == "U55.CONV2D.CHANNELS"]
    assert conv == [{"id": "U55.CONV2D.CHANNELS", "op": "tosa.conv2d",
                     "constraint": "Input channels are in 1..65536 "
                                   "(Vela splits more output channels)"}]
    # Checked after every operator's own rules, listed as on every op.
    assert {"id": "U55.OP.PROFILE", "op": "*",
            "constraint": "Operand and result types are ones TOSA 1.0 "
                          "PRO-INT with EXT-INT16, EXT-INT4 and "
                          "EXT-DOUBLEROUND allows, and RESCALE's flags "
                          "meet its ERROR_IFs (checked after the "
                          "operator's own rules)"} in qtosa.rules()
    with pytest.raises(qtosa.Error, match="unknown target 'x'"):
        qtosa.rules("x")


def test_delegates_round_trip_through_the_tosa_flatbuffer(convnext_text):
    """The one delegate of the example, written as a TOSA flatbuffer and
    read back, computes what the integer lowering of the whole block does
    (the delegate is the block minus its graph-IO quantize/dequantize)."""
    partitioned = qtosa.parse(convnext_text, "convnext.mlir")
    qtosa.partition(partitioned)
    (delegate,) = partitioned.delegates()
    assert delegate["name"] == "delegate_0"
    assert delegate["target"] == "ethos-u55-128"
    assert delegate["function"] == "convnext_block"
    assert [t["shape"] for t in delegate["inputs"]] == [[1, 8, 8, 4]]
    # The parameters come from the boundary quantize/dequantize, which the
    # pipeline expands after writing the delegates.
    assert [(t["scale"], t["zero_point"]) for t in delegate["inputs"]] == \
        [(0.02, -5)]
    assert [(t["scale"], t["zero_point"]) for t in delegate["outputs"]] == \
        [(0.06, -2)]
    # A module changed after the partition exports afresh.
    partitioned.run("canonicalize")
    assert partitioned.delegates()[0]["name"] == "delegate_0"
    assert delegate["flatbuffer"][4:8] == b"TOSA"

    imported = qtosa.import_tosa_flatbuffer(delegate["flatbuffer"])
    (function,) = imported.function_names()
    integer = qtosa.parse(convnext_text, "convnext.mlir")
    integer.run("qtosa-lower-pipeline{io=int}")
    x = np.random.default_rng(2).integers(-128, 128, (1, 8, 8, 4),
                                          dtype=np.int8)
    (from_flatbuffer,) = qtosa.execute(imported, [x], function)
    (from_lowering,) = qtosa.execute(integer, [x], "convnext_block")
    assert np.array_equal(from_flatbuffer, from_lowering)


def test_export_tosa_flatbuffer_of_an_integer_module(convnext_text):
    module = qtosa.parse(convnext_text, "convnext.mlir")
    module.run("qtosa-lower-pipeline{io=int}")
    data = qtosa.export_tosa_flatbuffer(module)
    assert data[4:8] == b"TOSA"
    assert "tosa.conv2d" in str(qtosa.import_tosa_flatbuffer(data)) or \
        "tosa.depthwise_conv2d" in str(qtosa.import_tosa_flatbuffer(data))


@pytest.mark.parametrize("importer", [qtosa.import_tflite,
                                      qtosa.import_tosa_flatbuffer])
def test_imports_reject_garbage(importer, tmp_path):
    with pytest.raises(qtosa.Error, match="cannot import <bytes> as"):
        importer(b"\x00" * 64)
    path = tmp_path / "garbage.bin"
    path.write_bytes(b"not a flatbuffer")
    with pytest.raises(qtosa.Error, match="cannot import .*garbage.bin as"):
        importer(path)
    with pytest.raises(qtosa.Error, match="cannot read"):
        importer(tmp_path / "missing.bin")


TFLITE = CORPUS_DIR / "tflite" / "tflm_hello_world_int8.tflite"


@pytest.mark.skipif(not TFLITE.exists(), reason="no ../shared/corpus")
def test_import_tflite_and_run_its_qdq_and_integer_forms():
    module = qtosa.import_tflite(TFLITE)
    assert module.function_names()
    same = qtosa.import_tflite(TFLITE.read_bytes())
    assert str(same).replace("<bytes>", str(TFLITE)) == str(module)
    function = module.function_names()[0]
    executable = qtosa.Executable(module, function)
    assert executable.inputs == [(np.dtype("float32"), (1, 1))]
    integer = module.clone()
    integer.run("qtosa-lower-pipeline{io=host}")
    lowered = qtosa.Executable(integer, function)
    for value in np.linspace(0.3, 6.0, 8, dtype=np.float32):
        x = np.full((1, 1), value, np.float32)
        (y,) = executable.run([x])
        (y_int,) = lowered.run([x])
        # Hello world is sin(x) learnt by a small MLP, in int8.
        assert abs(float(y[0, 0]) - np.sin(value)) < 0.2
        assert abs(float(y[0, 0]) - float(y_int[0, 0])) < 0.05


def test_a_module_without_delegates_has_none(convnext_text):
    assert qtosa.parse(convnext_text).delegates() == []


def test_an_error_quoting_bytes_that_are_not_utf8(convnext_text):
    # Tensor names in a flatbuffer are any bytes, and the importers quote
    # them: the message of qtosa.Error used to be empty when one was not
    # UTF-8 (session 27's hostile-input sweep). Each reference to the graph
    # input's name gets a 0xFF byte in turn; the import that then finds no
    # such tensor says which, with U+FFFD for the byte.
    module = qtosa.parse(convnext_text, "convnext.mlir")
    module.run("qtosa-lower-pipeline{io=int}")
    data = qtosa.export_tosa_flatbuffer(module)
    name = b"input_0"
    messages = []
    at = data.find(name)
    while at >= 0:
        try:
            qtosa.import_tosa_flatbuffer(data[:at] + b"\xff" + data[at + 1:])
        except qtosa.Error as error:
            messages.append(str(error))
        at = data.find(name, at + 1)
    assert messages and all(messages)
    assert any("\ufffdnput_0" in message for message in messages)


def test_host_op_names_the_tflite_tensor_it_writes(tmp_path):
    # A new user's trial: the report's "loc" of an imported operator is
    # file:index:0, which maps back to no layer; the output tensor's name
    # (Keras writes the layer's path into it) now comes with it.
    from conftest import tflite_models, write_tflite
    models = tflite_models()
    m = models.Model()
    x = m.tensor("x", [1, 4], "INT8", 0.5, 0)
    m.inputs.append(x)
    y = m.tensor("model/picked/GatherV2", [1, 2], "INT8", 0.5, 0)
    m.op("GATHER", [x, models.ints(m, "indices", [0, 2])], [y],
         "GatherOptions", {"axis": 1})
    m.outputs.append(y)
    module = qtosa.import_tflite(str(write_tflite(tmp_path, "gather", m)))
    report = qtosa.partition(module, "ethos-u55-128")
    (host,) = report["host_ops"]
    assert (host["op"], host["rule"], host["name"]) == (
        "tosa.gather", "U55.OP.NOT_SUPPORTED", "model/picked/GatherV2")
    assert host["loc"].endswith("gather.tflite:0:0")
