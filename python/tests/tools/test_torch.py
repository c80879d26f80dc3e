"""qtosa.torch, the PyTorch route, on .tosa files ExecuTorch 1.5.1 wrote
(test/Torch/Inputs; README.md there says how): import, quantize by op
semantics, partition, Vela. The seed-002 user's setup as quantize
configuration on those graphs. The last tests export a model with torch and
ExecuTorch and skip where they are not installed (CI)."""
import re

import numpy as np
import pytest

import qtosa
import qtosa.compile
import qtosa.torch

from conftest import SOURCE_DIR

INPUTS = SOURCE_DIR / "test" / "Torch" / "Inputs"
CONVNEXT_FP = str(INPUTS / "convnext_block_fp.tosa")
FUSION_FP = str(INPUTS / "fusion_concat_fp.tosa")
FUSION_CL_FP = str(INPUTS / "fusion_concat_channels_last_fp.tosa")


def samples(shapes, count, seed):
    rng = np.random.default_rng(seed)
    return [[rng.standard_normal(shape).astype(np.float32)
             for shape in shapes] for _ in range(count)]


def sqnr_db(reference, value):
    reference = np.concatenate([r.ravel() for r in reference])
    value = np.concatenate([v.ravel() for v in value])
    return 10 * np.log10(np.sum(reference.astype(np.float64) ** 2) /
                         np.sum((reference - value).astype(np.float64) ** 2))


def held_out_sqnr(result, shapes):
    held_out = samples(shapes, 4, 1)
    return sqnr_db([result.run_float(s)[0] for s in held_out],
                   [result.run(s)[0] for s in held_out])


@pytest.mark.parametrize("target", qtosa.TARGETS)
def test_convnext_block_from_executorch_is_one_delegate(target):
    # The moveaxis pair became transposes, LayerNorm a reduce/rsqrt chain,
    # GELU an erf: qtosa quantizes all of it with no list of op names.
    shapes = [(1, 8, 8, 8)]
    result = qtosa.torch.compile_tosa_for_ethosu(
        CONVNEXT_FP, samples(shapes, 8, 0), target)
    assert result.report["ops_host"] == 0
    (delegate,) = result.delegates
    assert delegate["vela"]["npu_cycles"] > 0
    assert result.report["vela"]["npu_cycles"] == \
        delegate["vela"]["npu_cycles"]
    # Measured: 34.2 dB on U55 (34.3 with min/max observers), with or
    # without activation regions (2fa808a measured 38.1 dB on U55 and 37.5
    # dB on U85; the drop is not traced).
    assert held_out_sqnr(result, shapes) > 30


def test_default_observer_is_executorchs(tmp_path):
    # ExecuTorch's Arm quantizer observes activations with PyTorch's
    # HistogramObserver; qtosa.torch does the same ("histogram") unless the
    # config chooses.
    assert qtosa.torch.with_default_observer(None) == {"observer": "histogram"}
    assert qtosa.torch.with_default_observer({"observer": "minmax"}) == \
        {"observer": "minmax"}
    assert qtosa.torch.with_default_observer({"percentile": 99.0}) == \
        {"percentile": 99.0}
    path = tmp_path / "config.json"
    path.write_text('{"unary_regions": false}')
    assert qtosa.torch.with_default_observer(str(path)) == \
        {"unary_regions": False, "observer": "histogram"}
    with pytest.raises(qtosa.Error, match="missing.json"):
        qtosa.torch.with_default_observer(str(tmp_path / "missing.json"))
    # The quantized graphs differ: the histogram trims the tails the
    # min/max range keeps.
    shapes = [(1, 8, 8, 8)]
    default, minmax = (
        str(qtosa.torch.compile_tosa_for_ethosu(
            CONVNEXT_FP, samples(shapes, 8, 0), "ethos-u55-128",
            config=config).qdq_module)
        for config in (None, {"observer": "minmax"}))
    scale = r"qtosa.quantize %arg0 as !quant.uniform<i8:f32, ([0-9.e-]+)"
    assert float(re.search(scale, default).group(1)) < \
        float(re.search(scale, minmax).group(1))


def test_fusion_concat_branches_share_one_scale(tmp_path):
    shapes = [(1, 3, 8, 8), (1, 2, 8, 8)]
    result = qtosa.torch.compile_tosa_for_ethosu(
        FUSION_FP, samples(shapes, 8, 0), "ethos-u55-128",
        output_dir=str(tmp_path))
    assert result.report["ops_host"] == 0 and len(result.delegates) == 1
    assert (tmp_path / "delegate_0.tosa").exists()
    # torch.concat's branches get one scale: the integer graph has no
    # rescale of int8 values into another int8 scale (only the
    # convolutions' int32 accumulators are rescaled).
    lowered = result.qdq_module.clone()
    lowered.run("qtosa-lower-pipeline{io=int}")
    rescales = re.findall(r"tosa\.rescale [^\n]*: \((tensor<[^>]*>)",
                          str(lowered))
    assert rescales and all(t.endswith("xi32>") for t in rescales), rescales
    assert held_out_sqnr(result, shapes) > 25


@pytest.mark.parametrize("target", qtosa.TARGETS)
def test_executorch_int_delegate_partitions_and_compiles(target):
    # The INT .tosa of ExecuTorch's own Ethos-U55 flow, read back: qtosa's
    # partitioner and Vela agree that it is one delegate.
    path = str(INPUTS / "convnext_block_int_u55.tosa")
    result = qtosa.compile.compile_for_ethosu(path, target)
    assert result["report"]["ops_host"] == 0
    (delegate,) = result["delegates"]
    assert delegate["vela"]["npu_cycles"] > 0


# The seed-002 user's wrappers around ExecuTorch's quantizer, as qtosa's
# quantize configuration on the graph ExecuTorch wrote. The fusion model's
# inputs stand for theirs: argument 0 an image, argument 1 a sampling grid.

def input_entry(result, index):
    (delegate,) = result.delegates
    return delegate["inputs"][index]


def test_int8_image_input_at_scale_one_over_127():
    config = {"inputs": [{"dtype": "int8", "symmetric": True,
                          "range": [-127, 127], "scale": 1 / 127}]}
    shapes = [(1, 3, 8, 8), (1, 2, 8, 8)]
    result = qtosa.torch.compile_tosa_for_ethosu(
        FUSION_FP, samples(shapes, 8, 0), "ethos-u55-128", config=config)
    entry = input_entry(result, 0)
    assert entry["dtype"] == "INT8" and entry["zero_point"] == 0
    assert entry["scale"] == pytest.approx(1 / 127, rel=1e-6)
    # The other input keeps the default (observed, asymmetric) spec.
    assert input_entry(result, 1)["scale"] != pytest.approx(1 / 127)


def test_int16_grid_input_at_scale_one_over_32767():
    config = {"inputs": [{}, {"dtype": "int16", "symmetric": True,
                              "scale": 1 / 32767}]}
    shapes = [(1, 3, 8, 8), (1, 2, 8, 8)]
    result = qtosa.torch.compile_tosa_for_ethosu(
        FUSION_FP, samples(shapes, 8, 0), "ethos-u55-128", config=config)
    entry = input_entry(result, 1)
    assert entry["dtype"] == "INT16" and entry["zero_point"] == 0
    assert entry["scale"] == pytest.approx(1 / 32767, rel=1e-6)
    assert input_entry(result, 0)["dtype"] == "INT8"
    assert result.report["ops_host"] == 0
    # Samples are standard normal: 1/32767 clips the grid at +-1, as the
    # user's grid in [-1, 1] is; an in-range grid keeps the accuracy.
    rng = np.random.default_rng(1)
    held_out = [[rng.standard_normal(shapes[0]).astype(np.float32),
                 rng.uniform(-1, 1, shapes[1]).astype(np.float32)]
                for _ in range(4)]
    assert sqnr_db([result.run_float(s)[0] for s in held_out],
                   [result.run(s)[0] for s in held_out]) > 25


def test_subgraph_kept_in_float():
    # The fusion convolution (ExecuTorch names its TOSA tensors after the
    # torch.fx nodes: tosa_conv2d_default_2) and what follows it stay float
    # on the host; the branches stay one delegate.
    config = {"overrides": [{"name": "tosa_conv2d_default_2",
                             "spec": None}]}
    shapes = [(1, 3, 8, 8), (1, 2, 8, 8)]
    result = qtosa.torch.compile_tosa_for_ethosu(
        FUSION_FP, samples(shapes, 8, 0), "ethos-u55-128", config=config)
    assert len(result.delegates) == 1
    host = {op["op"] for op in result.report["host_ops"]}
    assert "tosa.conv2d" in host and "tosa.transpose" in host
    assert all(op["rule"] == "U55.TENSOR.FLOAT"
               for op in result.report["host_ops"]), result.report["host_ops"]
    (output,) = result.delegates[0]["outputs"]
    assert output["dtype"] == "INT8"
    assert held_out_sqnr(result, shapes) > 25


def test_channels_last_input():
    # The image given in torch.channels_last memory format: ExecuTorch
    # wrote argument 0 as NHWC with no transpose after it; the other input
    # keeps its transpose.
    float_graph = qtosa.import_tosa_flatbuffer(FUSION_CL_FP)
    (image, aux) = qtosa.Executable(float_graph, "main").inputs
    assert image[1] == (1, 8, 8, 3) and aux[1] == (1, 2, 8, 8)
    shapes = [(1, 8, 8, 3), (1, 2, 8, 8)]
    result = qtosa.torch.compile_tosa_for_ethosu(
        FUSION_CL_FP, samples(shapes, 8, 0), "ethos-u55-128",
        channels_last=[0])
    assert result.report["ops_host"] == 0 and len(result.delegates) == 1
    assert input_entry(result, 0)["shape"] == [1, 8, 8, 3]
    assert held_out_sqnr(result, shapes) > 25
    # Same weights and seeds as fusion_concat_fp.tosa: the NCHW graph on
    # the same values, transposed, computes the same.
    nchw = qtosa.import_tosa_flatbuffer(FUSION_FP)
    (x, aux_value) = samples(shapes, 1, 5)[0]
    (y_cl,) = result.run_float([x, aux_value])
    (y,) = qtosa.execute(nchw, [np.ascontiguousarray(x.transpose(0, 3, 1, 2)),
                                aux_value], "main")
    np.testing.assert_allclose(y_cl, y, rtol=1e-5, atol=1e-5)


def test_errors_are_qtosa_errors(tmp_path):
    with pytest.raises(qtosa.Error, match="at least one calibration sample"):
        qtosa.torch.compile_tosa_for_ethosu(CONVNEXT_FP, [], "ethos-u55-128")
    with pytest.raises(qtosa.Error, match="input 0: expected a numpy array"):
        qtosa.torch.compile_tosa_for_ethosu(CONVNEXT_FP, [["x"]],
                                            "ethos-u55-128")
    # Refused before anything is imported, exported or calibrated.
    with pytest.raises(qtosa.Error, match="unknown target 'ethos-u65-256'"):
        qtosa.torch.compile_tosa_for_ethosu(CONVNEXT_FP, [["x"]],
                                            "ethos-u65-256")
    with pytest.raises(qtosa.Error, match="config: expected a dict, a JSON "
                       "file's path or None, not list"):
        qtosa.torch.compile_tosa_for_ethosu(
            CONVNEXT_FP, samples([(1, 8, 8, 8)], 1, 0), "ethos-u55-128",
            config=[{"observer": "minmax"}])
    # A batch is not a list of samples (its truth value raised ValueError).
    batch = np.zeros((4, 1, 8, 8, 8), np.float32)
    with pytest.raises(qtosa.Error, match=re.escape(
            "samples: expected a sequence of samples, each the module's "
            "inputs in argument order, not one ndarray of shape "
            "(4, 1, 8, 8, 8)")):
        qtosa.torch.compile_tosa_for_ethosu(CONVNEXT_FP, batch,
                                            "ethos-u55-128")
    # A config file is read and given the default observer; its own mistakes
    # are still named by the file's path, not "<config>".
    bad = tmp_path / "bad-config.json"
    bad.write_text('{"unary_regions": false, "unknown_key": 1}')
    with pytest.raises(qtosa.Error) as raised:
        qtosa.torch.compile_tosa_for_ethosu(
            CONVNEXT_FP, samples([(1, 8, 8, 8)], 1, 0), "ethos-u55-128",
            config=str(bad))
    assert "%s: $: unknown" % bad in str(raised.value)


# With torch and ExecuTorch: the whole route from a PyTorch module.

def have_torch():
    return not qtosa.tools.problems(include_optional=True).get("torch") and \
        not qtosa.tools.problems(include_optional=True).get("executorch")


@pytest.mark.skipif(have_torch(), reason="torch is installed here")
def test_without_torch_the_route_names_the_install():
    with pytest.raises(qtosa.Error, match="--with-torch"):
        qtosa.torch.compile_for_ethosu(object(), (), [[]])


def compile_block(op, tmp_path):
    """conv1x1 -> relu -> op -> conv1x1 on 8 channels, calibrated on 8
    seeded samples and compiled for Ethos-U55 by qtosa.torch: (the model,
    the result, the generator for held-out inputs)."""
    import torch
    from torch import nn

    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.before = nn.Conv2d(8, 8, 1)
            self.after = nn.Conv2d(8, 8, 1)

        def forward(self, x):
            return self.after(op(torch.relu(self.before(x))))

    torch.manual_seed(0)
    model = Block().eval()
    generator = torch.Generator().manual_seed(0)
    calibration = [(torch.randn(1, 8, 8, 8, generator=generator),)
                   for _ in range(8)]
    result = qtosa.torch.compile_for_ethosu(model, calibration[0],
                                            calibration, "ethos-u55-128",
                                            output_dir=str(tmp_path))
    return model, result, generator


@pytest.mark.skipif(not have_torch(),
                    reason="torch/executorch not installed (install-deps.sh "
                           "--with-torch)")
def test_module_to_delegates_with_torch(tmp_path):
    import torch

    model, result, generator = compile_block(
        lambda y: torch.narrow(torch.swapaxes(y, 2, 3), 3, 1, 6), tmp_path)
    assert len(result.delegates) == 1 and result.report["ops_host"] == 0
    assert (tmp_path / "report.json").exists()
    x = torch.randn(1, 8, 8, 8, generator=generator)
    with torch.no_grad():
        expected = model(x).numpy()
    (y,) = result.run([x])
    assert sqnr_db([expected], [y]) > 25


@pytest.mark.skipif(not have_torch(),
                    reason="torch/executorch not installed (install-deps.sh "
                           "--with-torch)")
def test_roll_and_diagonal_decompositions_are_exact():
    import torch
    from qtosa.torch import _diagonal, _roll

    generator = torch.Generator().manual_seed(0)
    x = torch.randn(2, 3, 4, 5, generator=generator)
    for shifts, dims in [(1, 3), (-2, 2), (7, 1), ((1, -3), (2, 3)),
                         (5, ())]:
        assert torch.equal(_roll(x, shifts, dims),
                           torch.roll(x, shifts, dims)), (shifts, dims)
    for offset in range(-5, 7):
        for dim1, dim2 in [(2, 3), (3, 1), (0, -1)]:
            assert torch.equal(_diagonal(x, offset, dim1, dim2),
                               torch.diagonal(x, offset, dim1, dim2)), \
                (offset, dim1, dim2)


@pytest.mark.skipif(not have_torch(),
                    reason="torch/executorch not installed (install-deps.sh "
                           "--with-torch)")
@pytest.mark.parametrize("op", ["roll", "diagonal"])
def test_roll_and_diagonal_are_one_delegate(op, tmp_path):
    # ExecuTorch 1.5.1's TOSA backend writes either as two graphs and host
    # operators (roll's arange, fmod and index_select; diagonal_copy).
    import torch

    def roll(y):
        return torch.roll(y, 3, 3)

    def diagonal(y):
        return torch.diagonal(y, 1, 2, 3).unsqueeze(-1)

    model, result, generator = compile_block(
        roll if op == "roll" else diagonal, tmp_path)
    assert len(result.delegates) == 1 and result.report["ops_host"] == 0
    x = torch.randn(1, 8, 8, 8, generator=generator)
    with torch.no_grad():
        expected = model(x).numpy()
    np.testing.assert_allclose(result.run_float([x])[0], expected,
                               rtol=1e-5, atol=1e-5)
    assert sqnr_db([expected], [result.run([x])[0]]) > 25


@pytest.mark.skipif(not have_torch(),
                    reason="torch/executorch not installed (install-deps.sh "
                           "--with-torch)")
def test_model_in_pieces(tmp_path):
    # ExecuTorch 1.5.1's TOSA backend has no form of grid_sample: it writes
    # the convolutions on either side as two graphs, with the sampler in
    # PyTorch between them. Each graph is quantized on the values it
    # receives, partitioned and compiled; the sampler is a host op.
    import torch
    from torch import nn

    class Warp(nn.Module):
        def __init__(self):
            super().__init__()
            self.before = nn.Conv2d(3, 8, 3, padding=1)
            self.after = nn.Conv2d(8, 8, 3, padding=1)

        def forward(self, x, grid):
            y = torch.relu(self.before(x))
            y = nn.functional.grid_sample(y, grid, align_corners=False)
            return self.after(y)

    torch.manual_seed(0)
    model = Warp().eval()
    generator = torch.Generator().manual_seed(0)

    def sample():
        return (torch.randn(1, 3, 12, 12, generator=generator),
                torch.rand(1, 12, 12, 2, generator=generator) * 2 - 1)

    calibration = [sample() for _ in range(6)]
    result = qtosa.torch.compile_for_ethosu(model, calibration[0],
                                            calibration, "ethos-u55-128",
                                            output_dir=str(tmp_path))
    report = result.report
    assert report["pieces"] == len(result.pieces) == 2
    assert report["delegate_count"] == len(result.delegates) == 2
    assert [d["piece"] for d in result.delegates] == [0, 1]
    assert [d["name"] for d in result.delegates] == [
        "piece0/delegate_0", "piece1/delegate_0"]
    assert [d["file"] for d in result.delegates] == [
        "piece0/delegate_0.tosa", "piece1/delegate_0.tosa"]
    (host,) = report["host_ops"]
    assert host["op"] == "aten.grid_sampler_2d.default"
    assert host["rule"] == "U55.CALL.HOST" and host["piece"] is None
    assert re.fullmatch(r".*test_torch\.py:\d+", host["loc"]), host["loc"]
    assert report["ops_host"] == 1
    assert report["ops_total"] == report["ops_npu"] + 1
    assert report["vela"]["npu_cycles"] == sum(
        d["vela"]["npu_cycles"] for d in result.delegates) > 0
    # The whole model's report and manifest name files that are there.
    import json
    written = json.loads((tmp_path / "report.json").read_text())
    assert written["pieces"] == 2 and written["ops_host"] == 1
    manifest = json.loads((tmp_path / "delegates.json").read_text())
    for entry in manifest["delegates"] + written["delegates"]:
        assert (tmp_path / entry["vela"]["npz"]).exists(), entry
    for entry in manifest["delegates"]:
        assert (tmp_path / entry["file"]).exists(), entry

    x = sample()
    with torch.no_grad():
        expected = model(*x).numpy()
    np.testing.assert_allclose(result.run_float(list(x))[0], expected,
                               rtol=1e-4, atol=1e-5)
    # Measured: 33.9 dB.
    assert sqnr_db([expected], [result.run(list(x))[0]]) > 30
    np.testing.assert_array_equal(result.run(list(x))[0],
                                  result.run_qdq(list(x))[0])

    # Per-IO specs go by the module's arguments and results, to the piece
    # that takes or gives each: the image to piece 0, the result from
    # piece 1.
    image = {"dtype": "int8", "symmetric": True, "range": [-127, 127],
             "scale": 1 / 127}
    result = qtosa.torch.compile_for_ethosu(
        model, calibration[0], calibration, "ethos-u55-128",
        config={"inputs": [image],
                "outputs": [{"dtype": "int16", "symmetric": True}]})
    (first,), (second,) = [piece.delegates for piece in result.pieces]
    assert first["inputs"][0]["scale"] == pytest.approx(1 / 127, rel=1e-6)
    assert first["outputs"][0]["dtype"] == "INT8"
    assert second["inputs"][0]["dtype"] == "INT8"
    assert second["outputs"][0]["dtype"] == "INT16"
    # The grid goes to the sampler on the host, in float: a spec for it
    # cannot be kept, and says why; null (keep float) is what happens.
    with pytest.raises(qtosa.Error, match=re.escape(
            "$.inputs[1]: argument 'grid' reaches no TOSA graph directly: "
            "aten.grid_sampler_2d.default on the host read it in float")):
        qtosa.torch.compile_for_ethosu(
            model, calibration[0], calibration, "ethos-u55-128",
            config={"inputs": [image, {"dtype": "int16"}]})
    qtosa.torch.compile_for_ethosu(
        model, calibration[0], calibration, "ethos-u55-128",
        config={"inputs": [image, None]})

    # Overrides: by op kind, in the pieces that hold such an op (the clamp
    # of the ReLU is in piece 0 only: piece 1 refused the config); by name,
    # in every piece where the name matches (ExecuTorch names each graph
    # afresh), or in one piece with "piece<N>/".
    float_clamp = qtosa.torch.compile_for_ethosu(
        model, calibration[0], calibration, "ethos-u55-128",
        config={"overrides": [{"op": "tosa.clamp", "spec": None}]})
    assert float_clamp.pieces[0].report["ops_host"] > 0
    assert float_clamp.pieces[1].report["ops_host"] == 0
    conv = "tosa_conv2d_default"
    both = qtosa.torch.compile_for_ethosu(
        model, calibration[0], calibration, "ethos-u55-128",
        config={"overrides": [{"name": conv, "spec": None}]})
    assert [p.report["ops_host"] > 0 for p in both.pieces] == [True, True]
    second = qtosa.torch.compile_for_ethosu(
        model, calibration[0], calibration, "ethos-u55-128",
        config={"overrides": [{"name": "piece1/" + conv, "spec": None}]})
    assert [p.report["ops_host"] > 0 for p in second.pieces] == [False, True]
    with pytest.raises(qtosa.Error, match=re.escape(
            "$.overrides[0]: the override of op 'tosa.sigmoid' matches no op "
            "in any of the 2 pieces")):
        qtosa.torch.compile_for_ethosu(
            model, calibration[0], calibration, "ethos-u55-128",
            config={"overrides": [{"op": "tosa.sigmoid", "spec": None}]})

    # A channels-last image: piece 0 takes it and gives its result in NHWC.
    example = (calibration[0][0].to(memory_format=torch.channels_last),
               calibration[0][1])
    result = qtosa.torch.compile_for_ethosu(model, example, calibration,
                                            "ethos-u55-128")
    assert result.pieces[0].channels_last == [0]
    assert result.pieces[0].channels_last_outputs == [0]
    np.testing.assert_allclose(result.run_float(list(x))[0], expected,
                               rtol=1e-4, atol=1e-5)
    assert sqnr_db([expected], [result.run(list(x))[0]]) > 30


@pytest.mark.skipif(not have_torch(),
                    reason="torch/executorch not installed (install-deps.sh "
                           "--with-torch)")
@pytest.mark.parametrize("channels", [3, 1])
def test_channels_last_model_runs_in_pytorchs_order(channels):
    # ExecuTorch writes a channels-last model's argument and result in NHWC:
    # run() returned the NHWC result (-1.7 dB read as NCHW), and a
    # one-channel image in channels-last memory format (is_contiguous() is
    # True for it) was taken as NCHW and its samples refused.
    import torch
    from torch import nn
    torch.manual_seed(0)
    model = nn.Sequential(nn.Conv2d(channels, 8, 3, padding=1), nn.ReLU(),
                          nn.Conv2d(8, 4, 1)).eval()
    generator = torch.Generator().manual_seed(0)
    calibration = [(torch.randn(1, channels, 12, 12, generator=generator),)
                   for _ in range(8)]
    example = (calibration[0][0].to(memory_format=torch.channels_last),)
    result = qtosa.torch.compile_for_ethosu(model, example, calibration,
                                            "ethos-u55-128")
    assert result.channels_last == [0]
    assert result.channels_last_outputs == [0]
    x = torch.randn(1, channels, 12, 12, generator=generator)
    with torch.no_grad():
        expected = model(x).numpy()
    np.testing.assert_allclose(result.run_float([x])[0], expected,
                               rtol=1e-4, atol=1e-5)
    assert sqnr_db([expected], [result.run([x])[0]]) > 30
    # numpy inputs are taken as the graph takes them: NHWC.
    np.testing.assert_array_equal(
        result.run([x.permute(0, 2, 3, 1).contiguous().numpy()])[0],
        result.run([x])[0])


@pytest.mark.skipif(not have_torch(),
                    reason="torch/executorch not installed (install-deps.sh "
                           "--with-torch)")
def test_route_inputs_as_users_give_them():
    import torch
    from torch import nn
    torch.manual_seed(0)
    model = nn.Sequential(nn.Conv2d(3, 4, 1), nn.Dropout(0.5)).train()
    generator = torch.Generator().manual_seed(0)
    calibration = [(torch.randn(1, 3, 8, 8, generator=generator),)
                   for _ in range(4)]
    # One tensor as the example is the module's one input (tuple() of it
    # exported the model at 3x8x8 and refused the samples).
    result = qtosa.torch.compile_for_ethosu(model, calibration[0][0],
                                            calibration, "ethos-u55-128")
    assert len(result.delegates) == 1
    # The user's module is left in the mode it came in.
    assert model.training
    with pytest.raises(qtosa.Error, match="a torch tensor of torch.bfloat16 "
                       "has no numpy form"):
        result.run([calibration[0][0].to(torch.bfloat16)])


# examples/python/pytorch_to_ethosu.py, the script a PyTorch user copies.

EXAMPLE = SOURCE_DIR / "examples" / "python" / "pytorch_to_ethosu.py"


def run_example(*args):
    import os
    import subprocess
    import sys
    return subprocess.run([sys.executable, str(EXAMPLE)] + list(args),
                          capture_output=True, text=True,
                          env=dict(os.environ))


def test_example_on_a_tosa_file_executorch_wrote(tmp_path):
    done = run_example("--from-tosa", CONVNEXT_FP, "-o", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert "ethos-u55-128: 1 delegate(s); 40 op(s): 40 on the NPU, 0 on " \
        "the host" in done.stdout
    sqnr = float(re.search(r"SQNR ([0-9.]+) dB", done.stdout).group(1))
    assert sqnr > 30
    assert (tmp_path / "delegate_0_vela.npz").exists()
    assert (tmp_path / "report.json").exists()


@pytest.mark.skipif(not have_torch(),
                    reason="torch/executorch not installed (install-deps.sh "
                           "--with-torch)")
def test_example_from_pytorch(tmp_path):
    done = run_example("--target", "ethos-u85-256", "-o", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert "ethos-u85-256: 1 delegate(s)" in done.stdout
    assert ", 0 on the host" in done.stdout
    sqnr = float(re.search(r"SQNR ([0-9.]+) dB", done.stdout).group(1))
    assert sqnr > 25
    assert list((tmp_path / "float").glob("*TOSA-1.0+FP.tosa"))
