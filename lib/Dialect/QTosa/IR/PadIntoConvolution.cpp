//===- PadIntoConvolution.cpp - A zero-point PAD into the convolution ----===//
//
// conv(dequantize(pad(x, P, z)), pad = Q) -> conv(dequantize(x), pad = Q + P)
// where z is the dequantize's zero point, so that every padded value is the
// real 0 the convolution pads with itself, and P pads only H and W. A Keras
// ZeroPadding2D before a convolution reaches TFLite as a PAD and a VALID
// convolution; as a TOSA PAD it costs Vela memory copies (and rank-4
// PAD's eight padding values trip MLIR 22's tosa-validate, which counts
// them against MAX_RANK), where the convolution's own padding is free.
// Limited to padding within the kernel's reach (at most its dilated size
// minus one per side), the padding convolutions written by converters have.
//
//===----------------------------------------------------------------------===//

#include "qtosa/Dialect/QTosa/IR/PadIntoConvolution.h"
#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"
#include "qtosa/Utils/TosaUtils.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::qtosa;

namespace {

struct FoldZeroPointPadIntoConvolution : public OpRewritePattern<DequantizeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(DequantizeOp dequantize,
                                PatternRewriter &rewriter) const override {
    auto pad = dequantize.getInput().getDefiningOp<tosa::PadOp>();
    if (!pad || !pad->hasOneUse() || !dequantize->hasOneUse())
      return failure();
    Operation *conv = *dequantize->user_begin();
    if (!isa<tosa::Conv2DOp, tosa::DepthwiseConv2DOp>(conv) ||
        conv->getOperand(0) != dequantize.getResult())
      return failure();
    auto qtype = dyn_cast<quant::UniformQuantizedType>(dequantize.getQtype());
    std::optional<int64_t> padValue = getScalarIntConstant(pad.getPadConst());
    std::optional<SmallVector<int64_t>> padding =
        getConstantShape(pad.getPadding());
    if (!qtype || !padValue || *padValue != qtype.getZeroPoint() || !padding ||
        padding->size() != 8)
      return failure();
    // [N before, N after, H before, H after, W before, W after, C ...].
    ArrayRef<int64_t> p = *padding;
    if (p[0] || p[1] || p[6] || p[7] ||
        llvm::any_of(p, [](int64_t rows) { return rows < 0; }))
      return failure();

    auto weightType = dyn_cast<RankedTensorType>(conv->getOperand(1).getType());
    if (!weightType || !weightType.hasStaticShape())
      return failure();
    // conv2d weights [OC, KH, KW, IC]; depthwise [KH, KW, C, M].
    bool depthwise = isa<tosa::DepthwiseConv2DOp>(conv);
    int64_t kernel[2] = {weightType.getDimSize(depthwise ? 0 : 1),
                         weightType.getDimSize(depthwise ? 1 : 2)};
    ArrayRef<int64_t> dilation =
        depthwise ? cast<tosa::DepthwiseConv2DOp>(conv).getDilation()
                  : cast<tosa::Conv2DOp>(conv).getDilation();
    ArrayRef<int64_t> oldPad =
        depthwise ? cast<tosa::DepthwiseConv2DOp>(conv).getPad()
                  : cast<tosa::Conv2DOp>(conv).getPad();
    SmallVector<int64_t> newPad(oldPad);
    for (int side = 0; side < 4; ++side) {
      int64_t reach = (kernel[side / 2] - 1) * dilation[side / 2];
      newPad[side] += p[2 + side];
      if (newPad[side] > reach)
        return failure();
    }

    rewriter.setInsertionPoint(conv);
    auto input = DequantizeOp::create(
        rewriter, dequantize.getLoc(),
        cast<RankedTensorType>(dequantize.getType())
            .clone(
                cast<RankedTensorType>(pad.getInput1().getType()).getShape()),
        pad.getInput1(), dequantize.getQtypeAttr());
    rewriter.modifyOpInPlace(conv, [&] {
      conv->setOperand(0, input);
      conv->setAttr("pad", rewriter.getDenseI64ArrayAttr(newPad));
    });
    rewriter.eraseOp(dequantize);
    rewriter.eraseOp(pad);
    return success();
  }
};

} // namespace

void mlir::qtosa::populateFoldPadIntoConvolutionPatterns(
    RewritePatternSet &patterns) {
  patterns.add<FoldZeroPointPadIntoConvolution>(patterns.getContext());
}
