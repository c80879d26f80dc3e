//===- Passes.td - Ethos-U passes --------------------------*- tablegen -*-===//

#ifndef QTOSA_TARGET_ETHOSU_PASSES_TD
#define QTOSA_TARGET_ETHOSU_PASSES_TD

include "mlir/Pass/PassBase.td"
include "qtosa/Target/EthosU/PassOptions.td"

def EthosULegalizePass : Pass<"qtosa-ethosu-legalize", "::mlir::func::FuncOp"> {
  let summary = "Rewrite integer TOSA Vela does not compile for the target "
                "into an exact form it does";
  let description = [{
    Runs before `qtosa-ethosu-partition` in `qtosa-ethosu-pipeline`.

    On both targets it rewrites an integer (i8, i16) `tosa.reduce_max` over
    the innermost axis of more than one position (softmax's maximum) into
    the form Vela's TFLite route gives softmax's maximum: the input
    reshaped to [1, 1, P, C], a `tosa.transpose` to [1, C, 1, P], a
    reshape to [1, 1, C, P], a `tosa.max_pool2d` with a 1 x C window and
    stride, and a reshape to the result. Exact; Vela 5.2 runs the
    REDUCE_MAX of 1x32x32x8 i8 in about 33,000 NPU cycles on either target
    and this form in 12,700 (Ethos-U55) and 7,500 (Ethos-U85).

    For `target=ethos-u55-128` it also rewrites a bilinear
    `tosa.resize` that upscales by 2, 4 or 8 per axis, as
    `qtosa-lower-to-tosa-int` writes it (stored i8 into i32, or i16 into
    i48; its repeated first row and column included), for which Vela 5.2
    compiles nothing on Ethos-U55 (`U55.RESIZE.MODE`), into what it
    compiles there, with the same accumulator element for element: the
    input edge-replicated by concats of slices, each pixel repeated f times
    by a NEAREST `tosa.resize` (scale 2f/2, offset 1 - f, border f - 1), a
    slice, and a `tosa.depthwise_conv2d` with zero points 0 whose weights
    are the outer product of per-axis taps: [1, 2, .., 2, 1] (f + 1 taps)
    for half-pixel sampling (scale 2f/2; [1, 2, 1] for 2x), f ones for
    sampling at multiples of 1/f (scale f/1: TF1's legacy sampling, and
    align_corners from n to f (n - 1) + 1). The `tosa.rescale` after it is
    kept. Other bilinear resizes stay as they are, and the partition says
    why each was not rewritten; a rewrite whose new ops break a rule of the
    target is undone, with a remark naming the rule. For
    `target=ethos-u85-256` the resize stays: Vela compiles the bilinear
    resize there (in 2308 NPU cycles for the 2x case below, against 5762
    for this form), and fuses the `tosa.rescale` after it when that divides
    by a power of two exactly (multiplier 2^30). The lowering writes that
    division for TFLite's rounding (`rounding=double`, an imported TFLite
    model's) as multiplier 2^31 - 1 and shift p + 31, which Vela runs as a
    pass of its own over the i32 sums (39,448 against 2,048 cycles for
    1x16x16x8 to 1x32x32x8); on Ethos-U85 it becomes multiplier 2^30, shift
    p + 30 and `SINGLE_ROUND`, which rounds a negative sum halfway between
    two results up instead of away from zero, as Vela's TFLite route rounds
    RESIZE_BILINEAR on the NPU.

    It also rewrites a 16x8 `tosa.transpose_conv2d` (i16 input, i8
    constant weights, i48 accumulator), which Vela 5.2 compiles not at all
    for Ethos-U55 (`U55.TRANSPOSE_CONV2D.DTYPES`), into a 16x8
    `tosa.conv2d` of stride 1 with the kernel flipped, over the input with
    stride - 1 zero points after each row and column (per strided axis a
    reshape, a concat with a constant and a reshape back), padded by
    K - 1 + out_pad before and K - stride + out_pad after (a slice where
    that is negative): the same accumulator element for element, and the
    `tosa.rescale` after it is kept. Vela compiles 8-bit transposed
    convolutions as they are. For `target=ethos-u85-256` it makes the same
    rewrite of a 16x8 transposed convolution strided along one axis only:
    Vela compiles the transposed convolution there but runs its i48
    rescale as an operation of its own, which the convolution form fuses
    (seanet's 1x2-strided ones: 1.68x to 6.13x the TFLite route's cycles
    before, 1.10x to 2.36x after); strided along both axes the zero
    insertion copies twice and gains nothing (unet_int16x8 1.45x, 1.47x
    rewritten), so it stays.

    On both targets, and before the rewrite above, it rewrites a
    `tosa.transpose_conv2d` (constant weights and weight zero point) whose
    accumulator only a `tosa.rescale` reads, for any input type: Vela 5.2
    fuses a rescale into a convolution but not into a transposed
    convolution, and runs a per-channel one as an operation of its own (a
    Rescale on Ethos-U85, one Mul per run of channels with the same scale
    on Ethos-U55). With stride s, kernel K and m = ceil(K / s) taps per
    axis, output phase r of position j is the sum over q < m of x[j - q]
    times w[q s + r]: per phase of the H axis, a `tosa.conv2d` of stride 1
    over the input padded by m - 1 on each side, with an m_H x m_W kernel
    whose s_W x OC output channels are the W phases (taps past K are the
    weight zero point; bias and per-channel scales repeated s_W times) and
    a copy of the rescale; a reshape moving the W phases into columns; a
    concat of the H phases along W and a reshape moving them into rows; and
    a `tosa.slice` where out_pad crops or the taps past K made more
    outputs. An out_pad that adds outputs before the first or past the
    phases' last leaves the op to the forms above. Exact, and it multiplies
    none of the zeros the zero insertion does. Measured with Vela 5.2 on
    1x8x8x32 to 1x16x16x16 i8, 2x2 stride 2
    (`vela-transpose-conv-phases.mlir`): 22,880 Ethos-U85 cycles before,
    7,104 after; 48,288 and 10,640 on Ethos-U55. Against Vela's TFLite
    route: seanet's 16x8 transposed convolutions (3x4, strides 1x2 and
    2x2) from 1.10x-2.36x to 0.50x-0.65x on Ethos-U85 and conv3 from 1.94x
    to 0.60x on Ethos-U55; the factory's U-Net (2x2, stride 2) unet_int8
    1.36x to 1.22x on Ethos-U85 (on Ethos-U55 1.33x to 1.35x in NPU cycles
    but 1.49x to 1.35x in total cycles, off-chip bytes 54,656 to 22,384),
    unet_int16x8 1.59x to 1.33x (Ethos-U55) and 1.44x to 1.29x (Ethos-U85).

    For `target=ethos-u55-128` it rewrites a `tosa.reverse` of the channel
    axis (the innermost of a rank-2 to rank-4 tensor), which Vela 5.2
    reverses only along H or W there (`U55.REVERSE.AXIS`), into a
    `tosa.transpose` swapping W and the channels, a reverse of W and the
    same transpose back; a single-use transpose before the reverse and a
    transpose that alone reads it are composed with the two. A graph
    written NCHW reverses its last axis for `torch.rot90` or `torch.flip`
    over W (ExecuTorch's TOSA backend puts a transpose on each side), which
    is then one delegate instead of two around a host reverse.

    On both targets it rewrites a `tosa.tile` of i8 or i16 (rank 1 to 4)
    that only broadcasts, every repeated axis having size 1 in the input
    (torch's `expand` and `expand_as`, which ExecuTorch writes as a TILE),
    into a `tosa.maximum` that broadcasts both operands: the input and a
    constant of the element type's least value, shaped with the repeated
    sizes and 1 elsewhere, each widened to i32 by a rescale by 1 (PRO-INT's
    MAXIMUM is on i32), and a rescale by 1 back. Exact. Vela 5.2 runs the
    TILE as one memory copy per repeat (1x8x8x1 to 1x8x8x8 i8: 5008
    Ethos-U55 and 4904 Ethos-U85 cycles) and fuses this form's rescales
    into one maximum (3584 and 128).

    For `target=ethos-u85-256` it rewrites a channel shuffle of i8 values
    with at most 64 channels (a `tosa.reshape` splitting the innermost axis
    into [G, B], a `tosa.transpose` of those two axes and a reshape merging
    them back, each read only by the next: torch's ChannelShuffle as
    ExecuTorch writes it) into a 1x1 `tosa.conv2d` over the positions as
    [1, 1, P, C] whose weights pick each output channel's input channel,
    zero points 0, a zero bias and a rescale by 1. Exact. Vela 5.2 runs
    the transpose of [8, 8, 2, 4] in 2488 Ethos-U85 cycles and the
    convolution in 360; on Ethos-U55 (512 against 576) it stays.

    On both targets it rewrites a `tosa.transpose` that moves more than
    the H, W and C axes of an NHWC tensor with N = 1, which Vela 5.2
    splits into several transposes (`U55.TRANSPOSE.SHAPE`), when the same
    data movement fits in those three: the input's axes of size 1 dropped,
    the axes that stay neighbours in the output merged, at most three
    groups, as a reshape to rank 4 with leading 1s, one transpose and a
    reshape to the result. Exact. PyTorch's attention takes K^T of a
    [16, 3, 1, 32] projection by (1, 2, 3, 0), a swap of 16 and 96: Vela
    made seven transposes of it, one of this form
    (`vela-transpose-axes.mlir`); the ExecuTorch panel's transformer
    encoder went from 83,930 to 48,420 Ethos-U85 cycles (105,258 to
    104,970 on Ethos-U55).

    For `target=ethos-u55-128` it rewrites a chain of i32 `tosa.mul` and
    `tosa.arithmetic_right_shift` on [1, H, W, C] with C from 2 to 7 whose
    other operand is per position ([1, H, W, 1]), each op read only by the
    next, and the per-tensor `tosa.rescale` that may end it (the integer
    softmax's tail: each exp times its position's reciprocal, shifted by
    its position's shift), when it has two such ops or ends in a rescale:
    the full operand transposed to [1, C, H, W] and reshaped to
    [1, C, 1, H W], each per-position operand reshaped to [1, 1, 1, H W],
    the ops on those shapes, and the result reshaped and transposed back.
    Exact. Vela 5.2 runs a U55 op that broadcasts along C as if C were 16
    (C = 2, 1,024 positions: MUL 20,480 cycles, ASR 17,408; broadcasting
    along H, 3,072 and 2,560; `vela-channel-broadcast.mlir`): the factory's
    unet_int8 from 1.35x to 1.27x the TFLite route's U55 NPU cycles. On
    Ethos-U85 the broadcast costs about what the transposes would.

    On both targets, a `tosa.clamp` of i8 or i16 values that only a
    per-tensor `tosa.rescale` (positive multiplier, SINGLE_ROUND or
    DOUBLE_ROUND) reads is moved past it: the rescale of the clamp's input,
    then the clamp to the bounds that rescale gives (a RELU with a new
    output scale). Exact, since such a rescale never decreases. Vela 5.2
    fuses a CLAMP into its producer only when it is that producer's one
    reader, and fuses it into the RESCALE (`vela-clamp-rescale.mlir`): the
    factory's NASNet-mobile from 1.03x to 0.98x the TFLite route's U55 NPU
    cycles.

    Cost (Vela 5.2, Ethos_U55_High_End_Embedded, half-pixel 8x8x8 to
    16x16x8 int8): 9966 NPU cycles (the concats 2650, the NEAREST resize
    4504, the convolution 2812), against 8288 for Vela's TFLite route on
    the same `.tflite` (1.20x), which repeats the pixels as the convolution
    reads its input, a step no TOSA op expresses (docs/performance.md).
    By 4 (8x8x8 to 32x32x8) 36776 cycles, by 8 (4x4x8 to 32x32x8) 73948:
    Vela's TFLite route runs a half-pixel bilinear resize by 4 or 8 on the
    CPU.
  }];
  let options = [EthosUPartitionTargetOption];
  let dependentDialects = ["::mlir::tosa::TosaDialect"];
}

def EthosUPartitionPass : Pass<"qtosa-ethosu-partition", "::mlir::ModuleOp"> {
  let summary = "Partition integer TOSA into Ethos-U delegates and explain "
                "every op left on the host";
  let description = [{
    Decides for each op whether Vela places it on the NPU named by `target`
    (the rules of `EthosUConversionTarget`, listed in
    docs/generated/EthosURules.md), then groups the NPU ops of each function
    into the fewest convex regions and wraps each in a `qtosa.delegate` op.
    Convex means no path leaves a region through a host op and comes back,
    so every delegate runs as one NPU graph between host steps.

    The grouping is exact and linear: each NPU op gets the largest number of
    host-op runs on any path from the graph inputs to it, and the NPU ops
    with the same number form one region. No two NPU ops on either side of
    a host op share a number, and no path can need fewer regions than the
    largest number plus one, so the count is the minimum. The ops are then
    reordered (a stable sort by that number) so that each delegate sits
    after everything it reads.

    Constants travel with their users: each delegate holds its own copy of
    the constants it reads. A quantize of a function argument and a
    dequantize whose only users are the function's return are graph IO: they
    stay on the host and are counted apart (`boundary_qdq`). An op without
    effects whose results nothing reads is erased first and counted
    (`dead_ops_erased`): alone in a delegate it would leave a graph with no
    output, which Vela refuses.

    Each host op gets a remark with the rule ID and the reason; a float op
    between dequantize and quantize is traced to its cause (a data-movement
    op qtosa-share-qspecs would move, or why qtosa-lower-to-tosa-int kept it
    in float). `report-file` writes the same as JSON (or, for `-`, a table
    on stderr), `dot-file` the graph with one coloured cluster per delegate.
  }];
  let options = [EthosUPartitionTargetOption, EthosUPartitionReportFileOption,
                 EthosUPartitionDotFileOption, EthosUPartitionRemarksOption];
  let dependentDialects = ["::mlir::qtosa::QTosaDialect"];
}

#endif // QTOSA_TARGET_ETHOSU_PASSES_TD
