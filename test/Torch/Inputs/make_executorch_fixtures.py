"""Writes the .tosa fixtures of test/Torch with ExecuTorch (not run by CI,
which has no torch; see README.md beside this file for the versions):

  /work/venv-torch/bin/python3 test/Torch/Inputs/make_executorch_fixtures.py \
      test/Torch/Inputs [MODEL...]

For each model, the files MODELS names: ExecuTorch's TOSA backend on the
float model in the TOSA-1.0+FP profile (<model>_fp.tosa), and ExecuTorch's
documented Ethos-U55 flow (EthosUQuantizer with
get_symmetric_quantization_config, prepare_pt2e, calibration, convert_pt2e,
to_edge_transform_and_lower with EthosUPartitioner) whose dumped delegate is
<model>_int_u55.tosa. For a model whose delegate Vela refuses, that flow
raises Vela's error after the dump; the dumped file is kept and the error
printed. Weights and samples come from fixed seeds, so the files are the
same on every run with the same versions.
"""
import glob
import os
import shutil
import sys
import tempfile

import torch
from torch import nn


class ConvNeXtBlock(nn.Module):
    """The seeds' ConvNeXt-style block: LayerNorm and the MLP in
    channels-last order reached with torch.moveaxis."""

    def __init__(self, dim=8):
        super().__init__()
        self.dwconv = nn.Conv2d(dim, dim, 7, padding=3, groups=dim)
        self.norm = nn.LayerNorm(dim)
        self.pwconv1 = nn.Linear(dim, 2 * dim)
        self.pwconv2 = nn.Linear(2 * dim, dim)

    def forward(self, x):
        y = torch.moveaxis(self.dwconv(x), 1, -1)
        y = self.pwconv2(nn.functional.gelu(self.pwconv1(self.norm(y))))
        return x + torch.moveaxis(y, -1, 1)


class Fusion(nn.Module):
    """Two branches joined with torch.concat (the alias of torch.cat)."""

    def __init__(self):
        super().__init__()
        self.image = nn.Conv2d(3, 4, 3, padding=1)
        self.aux = nn.Conv2d(2, 4, 1)
        self.fuse = nn.Conv2d(8, 4, 1)

    def forward(self, image, aux):
        joined = torch.concat([torch.relu(self.image(image)),
                               torch.relu(self.aux(aux))], dim=1)
        return self.fuse(joined)


class DepthwiseStride4(nn.Module):
    """A depthwise 4x4 convolution with stride 4 and no padding (a
    per-channel patchify). ExecuTorch's partitioner delegates it (its U55
    check allows a stride above 3 without padding or dilation); Vela 5.2
    refuses a depthwise stride above 3 for Ethos-U55, and Vela compiles TOSA
    with no CPU fallback, so ExecuTorch's compile fails."""

    def __init__(self, dim=4):
        super().__init__()
        self.conv = nn.Conv2d(dim, dim, 4, stride=4, groups=dim)

    def forward(self, x):
        return self.conv(x)


# name: (module, input shapes, inputs given channels-last, files to write:
# "fp", "int" (ExecuTorch's Ethos-U flow compiles), "int_refused" (Vela
# refuses the delegate that flow dumps))
MODELS = {
    "convnext_block": (ConvNeXtBlock, [(1, 8, 8, 8)], [], ("fp", "int")),
    "fusion_concat": (Fusion, [(1, 3, 8, 8), (1, 2, 8, 8)], [],
                      ("fp", "int")),
    # The image input in torch.channels_last memory format: ExecuTorch
    # writes that argument as NHWC, without a transpose.
    "fusion_concat_channels_last": (Fusion, [(1, 3, 8, 8), (1, 2, 8, 8)],
                                    [0], ("fp",)),
    "depthwise_stride4": (DepthwiseStride4, [(1, 4, 16, 16)], [],
                          ("int_refused",)),
}


def inputs(shapes, seed, channels_last=()):
    generator = torch.Generator().manual_seed(seed)
    values = [torch.randn(s, generator=generator) for s in shapes]
    return tuple(v.to(memory_format=torch.channels_last)
                 if i in channels_last else v for i, v in enumerate(values))


def write_fp(model, example, path):
    from executorch.backends.arm.tosa.compile_spec import TosaCompileSpec
    from executorch.backends.arm.tosa.partitioner import TOSAPartitioner
    from executorch.exir import EdgeCompileConfig, to_edge_transform_and_lower
    with tempfile.TemporaryDirectory() as work:
        spec = TosaCompileSpec("TOSA-1.0+FP").dump_intermediate_artifacts_to(
            work)
        to_edge_transform_and_lower(
            torch.export.export(model, example),
            partitioner=[TOSAPartitioner(spec)],
            compile_config=EdgeCompileConfig(_check_ir_validity=False))
        (tosa,) = glob.glob(os.path.join(work, "*TOSA-1.0+FP.tosa"))
        shutil.copy(tosa, path)


def write_int(model, example, samples, path, refused=False):
    from executorch.backends.arm.ethosu import (EthosUCompileSpec,
                                                EthosUPartitioner)
    from executorch.backends.arm.quantizer import (
        EthosUQuantizer, get_symmetric_quantization_config)
    from executorch.exir import EdgeCompileConfig, to_edge_transform_and_lower
    from torchao.quantization.pt2e.quantize_pt2e import (convert_pt2e,
                                                         prepare_pt2e)
    with tempfile.TemporaryDirectory() as work:
        spec = EthosUCompileSpec("ethos-u55-128")
        spec.dump_intermediate_artifacts_to(work)
        quantizer = EthosUQuantizer(spec)
        quantizer.set_global(get_symmetric_quantization_config())
        prepared = prepare_pt2e(torch.export.export(model, example).module(),
                                quantizer)
        for sample in samples:
            prepared(*sample)
        converted = convert_pt2e(prepared)
        try:
            to_edge_transform_and_lower(
                torch.export.export(converted, example),
                partitioner=[EthosUPartitioner(spec)],
                compile_config=EdgeCompileConfig(_check_ir_validity=False))
        except RuntimeError as error:
            # Vela's error, raised after the delegate was dumped.
            if not refused:
                raise
            print(f"{os.path.basename(path)}: Vela refused the delegate: "
                  f"{error}", file=sys.stderr)
        else:
            if refused:
                raise RuntimeError(f"{os.path.basename(path)}: Vela "
                                   "compiled the delegate it should refuse")
        (tosa,) = glob.glob(os.path.join(work, "output_tag0_*.tosa"))
        shutil.copy(tosa, path)


def main():
    out = sys.argv[1]
    only = sys.argv[2:]
    for name, (factory, shapes, channels_last, files) in MODELS.items():
        if only and name not in only:
            continue
        torch.manual_seed(0)
        model = factory().eval()
        example = inputs(shapes, 0, channels_last)
        if "fp" in files:
            write_fp(model, example, os.path.join(out, name + "_fp.tosa"))
        if "int" in files or "int_refused" in files:
            samples = [inputs(shapes, seed) for seed in range(8)]
            write_int(model, example, samples,
                      os.path.join(out, name + "_int_u55.tosa"),
                      refused="int_refused" in files)


if __name__ == "__main__":
    main()
