"""A PyTorch model to Vela-compiled Ethos-U delegates and qtosa's report.

Copy this and put your model in `Model` and your calibration data in
`calibration_samples()`. Needs torch and executorch 1.5.1 (`bash
scripts/install-deps.sh --with-torch`) and the qtosa package:

  PYTHONPATH=build/python_packages .venv/bin/python3 \\
      examples/python/pytorch_to_ethosu.py --target ethos-u55-128 -o out/

writes out/: the float graph ExecuTorch wrote (float/*.tosa), each
delegate's .tosa and Vela's <delegate>_vela.npz (command stream and
weights), delegates.json and report.json; prints the partition, each
delegate's Vela figures and the accuracy of the integer program against
the PyTorch model.

`--from-tosa FILE.tosa` skips PyTorch: the qtosa half on a float TOSA graph
ExecuTorch wrote earlier (test/Torch/Inputs/convnext_block_fp.tosa is one),
with random calibration samples.

Quantization: qtosa annotates the graph by what each TOSA op does (a
transpose, reshape or concat shares its input's scale whatever PyTorch
called it) and calibrates on the samples; `CONFIG` below is qtosa's
quantize configuration (docs/quantization.md): per-input specs (an int8
image at scale 1/127, an int16 grid at 1/32767), float subgraphs by
ExecuTorch's node names. Ethos-U runs static shapes: the model is exported
at the example inputs' shapes. An example input in torch.channels_last
memory format makes that input NHWC in the graph.
"""
import argparse
import sys

import numpy as np

import qtosa
import qtosa.compile
import qtosa.torch

# qtosa's quantize configuration; None: int8 activations, int8 per-channel
# weights. For example:
#   {"inputs": [{"dtype": "int8", "symmetric": True, "range": [-127, 127],
#                "scale": 1 / 127}]}
CONFIG = None


def make_model():
    import torch
    from torch import nn

    class Model(nn.Module):
        """A ConvNeXt-style block (torch.moveaxis around LayerNorm and the
        MLP) whose output is joined to a second branch with torch.concat."""

        def __init__(self, dim=16):
            super().__init__()
            self.stem = nn.Conv2d(3, dim, 2, stride=2)
            self.dwconv = nn.Conv2d(dim, dim, 7, padding=3, groups=dim)
            self.norm = nn.LayerNorm(dim)
            self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(),
                                     nn.Linear(4 * dim, dim))
            self.side = nn.Conv2d(dim, dim, 1)
            self.head = nn.Conv2d(2 * dim, 8, 1)

        def forward(self, x):
            x = self.stem(x)
            y = torch.moveaxis(self.dwconv(x), 1, -1)
            y = torch.moveaxis(self.mlp(self.norm(y)), -1, 1)
            return self.head(torch.concat([x + y, torch.relu(self.side(x))],
                                          dim=1))

    torch.manual_seed(0)
    return Model().eval()


def calibration_samples(count, seed):
    """Your representative inputs: one tuple of tensors per sample."""
    import torch
    generator = torch.Generator().manual_seed(seed)
    return [(torch.randn(1, 3, 32, 32, generator=generator),)
            for _ in range(count)]


def sqnr_db(reference, value):
    reference = np.concatenate([r.ravel() for r in reference]).astype(
        np.float64)
    value = np.concatenate([v.ravel() for v in value]).astype(np.float64)
    return 10 * np.log10(np.sum(reference ** 2) /
                         np.sum((reference - value) ** 2))


def from_pytorch(target, out_dir):
    import torch
    model = make_model()
    samples = calibration_samples(16, seed=0)
    result = qtosa.torch.compile_for_ethosu(model, samples[0], samples,
                                            target, config=CONFIG,
                                            output_dir=out_dir)
    held_out = calibration_samples(4, seed=1)
    with torch.no_grad():
        expected = [model(*s).numpy() for s in held_out]
    ours = [result.run(list(s))[0] for s in held_out]
    return result, sqnr_db(expected, ours), "the PyTorch model"


def from_tosa(path, target, out_dir):
    float_graph = qtosa.import_tosa_flatbuffer(path)
    shapes = [shape for _, shape in
              qtosa.Executable(float_graph, float_graph.function_names()[0])
              .inputs]
    rng = np.random.default_rng(0)

    def draw(count):
        return [[rng.standard_normal(s).astype(np.float32) for s in shapes]
                for _ in range(count)]

    result = qtosa.torch.compile_tosa_for_ethosu(
        path, draw(16), target, config=CONFIG, output_dir=out_dir)
    held_out = draw(4)
    expected = [result.run_float(s)[0] for s in held_out]
    ours = [result.run(s)[0] for s in held_out]
    return result, sqnr_db(expected, ours), "the float TOSA graph"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--target", default="ethos-u55-128",
                        choices=qtosa.TARGETS)
    parser.add_argument("-o", "--out-dir", required=True)
    parser.add_argument("--from-tosa", metavar="FILE")
    args = parser.parse_args()
    try:
        if args.from_tosa:
            result, sqnr, against = from_tosa(args.from_tosa, args.target,
                                              args.out_dir)
        else:
            result, sqnr, against = from_pytorch(args.target, args.out_dir)
    except qtosa.Error as error:
        print("error: %s" % error, file=sys.stderr)
        return 1
    print(qtosa.compile.format_result({"report": result.report,
                                       "delegates": result.delegates}))
    print("integer program vs %s: SQNR %.1f dB on 4 held-out samples"
          % (against, sqnr))
    print("written to %s: delegates.json, report.json, %s" % (
        args.out_dir, ", ".join(d["file"] for d in result.delegates)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
