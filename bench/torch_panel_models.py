"""The PyTorch models of the ExecuTorch panel (bench/executorch_panel.py),
with random weights (torch.manual_seed) and their input shapes.

Each case is a `Case`: a name, a factory for the float module (eval mode),
the shapes of its inputs, and optionally torch.export dynamic shapes. The
per-op blocks put the op between two 1x1 convolutions on a 1x8x8x8 tensor
(every dimension but the batch 8, so that any permutation of the result is
still a valid convolution input): the op moves quantized values, so a
quantizer that knows it makes it share its input's parameters and the
graph stays one Ethos-U delegate.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable, Dict, List, Optional, Tuple

import torch
from torch import nn


@dataclasses.dataclass
class Case:
    name: str
    factory: Callable[[], nn.Module]
    input_shapes: List[Tuple[int, ...]]
    # torch.export dynamic_shapes for the seeds' dynamic-shape case.
    dynamic_shapes: Optional[Callable[[], Any]] = None
    group: str = "op"


class _Between(nn.Module):
    """conv1x1 -> op -> conv1x1 on 8 channels."""

    def __init__(self, op: Callable[[torch.Tensor], torch.Tensor]):
        super().__init__()
        self.before = nn.Conv2d(8, 8, 1)
        self.after = nn.Conv2d(8, 8, 1)
        self.op = op

    def forward(self, x):
        return self.after(self.op(torch.relu(self.before(x))))


class _TensorSplit(nn.Module):
    def __init__(self):
        super().__init__()
        self.before = nn.Conv2d(8, 8, 1)
        self.left = nn.Conv2d(4, 8, 1)
        self.right = nn.Conv2d(4, 8, 1)

    def forward(self, x):
        a, b = torch.tensor_split(torch.relu(self.before(x)), 2, dim=1)
        return self.left(a) + self.right(b)


class _Concat(nn.Module):
    """Two branches joined by torch.cat or its alias torch.concat."""

    def __init__(self, join):
        super().__init__()
        self.left = nn.Conv2d(8, 4, 1)
        self.right = nn.Conv2d(8, 4, 3, padding=1)
        self.after = nn.Conv2d(8, 8, 1)
        self.join = join

    def forward(self, x):
        return self.after(self.join([torch.relu(self.left(x)),
                                     torch.relu(self.right(x))], 1))


class _ExpandAs(nn.Module):
    def __init__(self):
        super().__init__()
        self.before = nn.Conv2d(8, 8, 1)
        self.after = nn.Conv2d(8, 8, 1)

    def forward(self, x):
        y = torch.relu(self.before(x))
        column = y[:, :, :, 2:3]
        return self.after(column.expand_as(y))


def _unfold(x):
    # 1x8x8x8 -> 1x8x8x4x2 (windows of 2 at step 2 along W) -> 1x8x8x8
    return x.unfold(3, 2, 2).reshape(1, 8, 8, 8)


def _diagonal(x):
    # 1x8x8x8 -> 1x8x8 (the diagonal of each HxW plane) -> 1x8x8x1
    return torch.diagonal(x, dim1=2, dim2=3).unsqueeze(-1)


class ConvNeXtBlock(nn.Module):
    """The seeds' ConvNeXt-style block: depthwise 7x7, then LayerNorm and
    the MLP in channels-last order reached with torch.moveaxis."""

    def __init__(self, dim: int):
        super().__init__()
        self.dwconv = nn.Conv2d(dim, dim, 7, padding=3, groups=dim)
        self.norm = nn.LayerNorm(dim)
        self.pwconv1 = nn.Linear(dim, 4 * dim)
        self.pwconv2 = nn.Linear(4 * dim, dim)

    def forward(self, x):
        y = self.dwconv(x)
        y = torch.moveaxis(y, 1, -1)
        y = self.pwconv2(nn.functional.gelu(self.pwconv1(self.norm(y))))
        y = torch.moveaxis(y, -1, 1)
        return x + y


class ConvNeXtSmall(nn.Module):
    def __init__(self, dim: int = 16, depth: int = 2):
        super().__init__()
        self.stem = nn.Conv2d(3, dim, 2, stride=2)
        self.blocks = nn.Sequential(*[ConvNeXtBlock(dim) for _ in range(depth)])
        self.head = nn.Conv2d(dim, 8, 1)

    def forward(self, x):
        return self.head(self.blocks(self.stem(x)))


class ConvNeXtEnsemble(nn.Module):
    """Several ConvNeXt-style members on one input, averaged."""

    def __init__(self, members: int = 3):
        super().__init__()
        self.members = nn.ModuleList(ConvNeXtSmall() for _ in range(members))

    def forward(self, x):
        total = self.members[0](x)
        for member in self.members[1:]:
            total = total + member(x)
        return total * (1.0 / len(self.members))


class TwoBranchFusion(nn.Module):
    """The seeds' feature fusion: an image branch and a second branch,
    joined with torch.concat."""

    def __init__(self):
        super().__init__()
        self.image = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(),
                                   nn.Conv2d(8, 8, 3, padding=1))
        self.aux = nn.Sequential(nn.Conv2d(2, 8, 1), nn.ReLU())
        self.fuse = nn.Conv2d(16, 8, 1)

    def forward(self, image, aux):
        return self.fuse(torch.concat([self.image(image), self.aux(aux)],
                                      dim=1))


class GridWarp(nn.Module):
    """Features warped by a sampling grid (the seed-002 user's kind of
    model): grid_sample has no TOSA form, so ExecuTorch's TOSA backends
    write the convolutions on either side as two graphs."""

    def __init__(self):
        super().__init__()
        self.before = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU())
        self.after = nn.Conv2d(8, 8, 3, padding=1)

    def forward(self, image, grid):
        return self.after(nn.functional.grid_sample(
            self.before(image), grid, align_corners=False))


def _fusion_dynamic_shapes():
    height = torch.export.Dim("height", min=8, max=64)
    width = torch.export.Dim("width", min=8, max=64)
    spatial = {2: height, 3: width}
    return {"image": spatial, "aux": spatial}


class TransformerSmall(nn.Module):
    def __init__(self):
        super().__init__()
        layer = nn.TransformerEncoderLayer(d_model=32, nhead=4,
                                           dim_feedforward=64, dropout=0.0,
                                           batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, num_layers=2,
                                             enable_nested_tensor=False)

    def forward(self, x):
        return self.encoder(x)


def _torchvision(name: str, **kwargs) -> Callable[[], nn.Module]:
    def make():
        import torchvision.models as models
        return getattr(models, name)(weights=None, **kwargs)
    return make


_OPS: Dict[str, Callable[[], nn.Module]] = {
    "op_moveaxis": lambda: _Between(lambda x: torch.moveaxis(x, 1, 3)),
    "op_movedim": lambda: _Between(lambda x: torch.movedim(x, 1, 2)),
    "op_permute": lambda: _Between(lambda x: x.permute(0, 2, 3, 1)),
    "op_roll": lambda: _Between(lambda x: torch.roll(x, 3, dims=3)),
    "op_narrow": lambda: _Between(lambda x: x.narrow(3, 1, 6)),
    "op_swapaxes": lambda: _Between(lambda x: torch.swapaxes(x, 1, 3)),
    "op_swapdims": lambda: _Between(lambda x: torch.swapdims(x, 2, 3)),
    "op_diagonal": lambda: _Between(_diagonal),
    "op_unfold": lambda: _Between(_unfold),
    "op_tensor_split": _TensorSplit,
    "op_channel_shuffle": lambda: _Between(nn.ChannelShuffle(2)),
    "op_expand_as": _ExpandAs,
    "op_rot90": lambda: _Between(lambda x: torch.rot90(x, 1, dims=(2, 3))),
    "op_cat": lambda: _Concat(torch.cat),
    "op_concat": lambda: _Concat(torch.concat),
}


def cases() -> List[Case]:
    panel = [
        Case("convnext_moveaxis_ensemble", ConvNeXtEnsemble, [(1, 3, 32, 32)],
             group="seed"),
        Case("fusion_concat_dynamic", TwoBranchFusion,
             [(1, 3, 16, 16), (1, 2, 16, 16)], _fusion_dynamic_shapes,
             group="seed"),
        Case("grid_warp", GridWarp, [(1, 3, 16, 16), (1, 16, 16, 2)],
             group="seed"),
    ]
    panel += [Case(name, factory, [(1, 8, 8, 8)])
              for name, factory in _OPS.items()]
    panel += [
        Case("shufflenet_v2_x0_5", _torchvision("shufflenet_v2_x0_5"),
             [(1, 3, 64, 64)], group="torchvision"),
        Case("convnext_tiny", _torchvision("convnext_tiny"), [(1, 3, 32, 32)],
             group="torchvision"),
        Case("mobilenet_v3_small", _torchvision("mobilenet_v3_small"),
             [(1, 3, 64, 64)], group="torchvision"),
        Case("efficientnet_b0", _torchvision("efficientnet_b0"),
             [(1, 3, 64, 64)], group="torchvision"),
        Case("resnet18", _torchvision("resnet18"), [(1, 3, 64, 64)],
             group="torchvision"),
        Case("squeezenet1_1", _torchvision("squeezenet1_1"), [(1, 3, 64, 64)],
             group="torchvision"),
        Case("transformer_encoder", TransformerSmall, [(1, 16, 32)],
             group="torchvision"),
    ]
    return panel


def build(case: Case, seed: int = 0) -> nn.Module:
    torch.manual_seed(seed)
    return case.factory().eval()


def samples(case: Case, count: int, seed: int) -> List[Tuple[torch.Tensor, ...]]:
    """`count` input tuples, standard normal, from `seed`."""
    generator = torch.Generator().manual_seed(seed)
    return [tuple(torch.randn(shape, generator=generator)
                  for shape in case.input_shapes) for _ in range(count)]
