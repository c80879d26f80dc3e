//===- PlaneMeans.h - A mean over H and W as one average pool ---*- C++ -*-===//
//
// Private to lib/Quantization. ExecuTorch's TOSA backend writes torch.mean
// over H and W, in its FP profile, as two tosa.reduce_sum and a tosa.mul by
// 1/(H W). Quantized op by op, that is three roundings, and Vela runs a
// REDUCE_SUM over H or W on Ethos-U85 as a transpose and a reduction; one
// tosa.avg_pool2d over the plane is the mean in one op, which qtosa-annotate
// then quantizes at its input's parameters (as TFLite's and ExecuTorch's
// quantizers quantize an average pool), so the integer pool needs no
// rescale.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_LIB_QUANTIZATION_PLANEMEANS_H
#define QTOSA_LIB_QUANTIZATION_PLANEMEANS_H

namespace mlir::func {
class FuncOp;
} // namespace mlir::func

namespace mlir::qtosa::annotation {

/// Replaces every float `mul(reduce_sum(reduce_sum(x, a), b), 1/(n_a n_b))`
/// of a static rank-4 `x` whose axes {a, b} are {1, 2} (NHWC's plane) or
/// {2, 3} (NCHW's) by one tosa.avg_pool2d over the plane: directly on an
/// NHWC `x`; on an NCHW `x`, on `x` moved to NHWC (the tensor an NCHW
/// transpose read, when one made `x`) and reshaped back to [N, C, 1, 1].
void rewritePlaneMeansAsAveragePools(func::FuncOp function);

} // namespace mlir::qtosa::annotation

#endif // QTOSA_LIB_QUANTIZATION_PLANEMEANS_H
