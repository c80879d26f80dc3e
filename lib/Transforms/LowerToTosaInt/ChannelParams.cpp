//===- ChannelParams.cpp - Parameters as integer TOSA operands read them --===//

#include "Internals.h"

#include "qtosa/Dialect/QTosa/IR/QuantParams.h"
#include "qtosa/Utils/TosaUtils.h"

#include "llvm/Support/FormatVariadic.h"

#include <cstdio>
#include <cstdlib>

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::lowering;

std::string lowering::formatReal(double value) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.6g", value);
  return text;
}

std::optional<Dequantized> lowering::getDequantized(Value value) {
  auto dequantize = value.getDefiningOp<DequantizeOp>();
  if (!dequantize)
    return std::nullopt;
  return Dequantized{dequantize.getInput(), dequantize.getQtype()};
}

ChannelParams lowering::getStorageParams(quant::QuantizedType qtype) {
  ChannelParams params;
  params.storageMin = qtype.getStorageTypeMin();
  params.storageMax = qtype.getStorageTypeMax();
  params.width = qtype.getStorageTypeIntegralWidth();
  params.isSigned = qtype.isSigned();
  params.narrow = !hasFullStorageRange(qtype);
  return params;
}

WhyNotOr<ChannelParams> lowering::getChannelParams(quant::QuantizedType qtype,
                                                   std::optional<int64_t> axis,
                                                   StringRef role) {
  ChannelParams params = getStorageParams(qtype);
  if (auto perTensor = dyn_cast<quant::UniformQuantizedType>(qtype)) {
    params.scales = {perTensor.getScale()};
    params.zeroPoint = perTensor.getZeroPoint();
    return params;
  }
  auto perAxis = dyn_cast<quant::UniformQuantizedPerAxisType>(qtype);
  if (!perAxis)
    return WhyNot::format(role + " has sub-channel parameters; integer TOSA "
                                 "takes one scale per tensor or per output "
                                 "channel");
  if (!axis || perAxis.getQuantizedDimension() != *axis)
    return WhyNot::format(
        llvm::formatv("{0} is quantized along dimension {1}, which {2}", role,
                      perAxis.getQuantizedDimension(),
                      axis ? llvm::formatv("is not dimension {0}", *axis).str()
                           : std::string("needs per-tensor parameters")));
  if (!llvm::all_equal(perAxis.getZeroPoints()))
    return WhyNot::format(role + " has one zero point per channel; the TOSA "
                                 "operand takes one");
  params.scales.assign(perAxis.getScales().begin(), perAxis.getScales().end());
  params.zeroPoint = perAxis.getZeroPoints().front();
  return params;
}

WhyNotOr<ChannelParams>
lowering::getArithmeticParams(quant::QuantizedType qtype,
                              std::optional<int64_t> axis, StringRef role,
                              bool allowInt4) {
  WhyNotOr<ChannelParams> params = getChannelParams(qtype, axis, role);
  if (params.refused())
    return params;
  if (!params->isSigned)
    return WhyNot::format(role + " has unsigned storage; TOSA integer "
                                 "arithmetic is signed (requantize it to "
                                 "signed storage first)");
  if (params->width != 8 && params->width != 16 &&
      !(allowInt4 && params->width == 4))
    return WhyNot::format(llvm::formatv(
        "{0} has {1}-bit storage; this op takes {2}", role, params->width,
        allowInt4 ? "4, 8 or 16 bits" : "8 or 16 bits"));
  return params;
}

WhyNot lowering::checkFloatZeroPoints(Operation *op) {
  for (ZeroPointOperand zp : getZeroPointOperands(op)) {
    std::optional<float> value =
        getScalarFloatConstant(op->getOperand(zp.zeroPointIndex));
    if (!value || *value != 0.0f)
      return WhyNot::format(
          llvm::formatv("operand #{0} (a zero point) is not a constant 0",
                        zp.zeroPointIndex));
  }
  return {};
}

WhyNotOr<Dequantized>
lowering::requireDequantized(Operation *op, unsigned index, StringRef role) {
  if (std::optional<Dequantized> value = getDequantized(op->getOperand(index)))
    return *value;
  return WhyNot::format(llvm::formatv(
      "its {0} (operand #{1}) is not a dequantized value", role, index));
}

WhyNotOr<ArithmeticOperand>
lowering::getArithmeticOperand(Operation *op, unsigned index, StringRef role,
                               std::optional<int64_t> axis) {
  WhyNotOr<Dequantized> value = requireDequantized(op, index, role);
  if (value.refused())
    return std::move(value).whyNot();
  WhyNotOr<ChannelParams> params =
      getArithmeticParams(value->qtype, axis, ("the " + role).str(), false);
  if (params.refused())
    return std::move(params).whyNot();
  return ArithmeticOperand{value->stored, value->qtype, std::move(*params)};
}

ChannelParams lowering::accumulatorParams(SmallVector<double> scales,
                                          unsigned width) {
  ChannelParams params;
  params.scales = std::move(scales);
  params.width = width;
  return params;
}

double lowering::largestMagnitude(const ChannelParams &params) {
  return static_cast<double>(
      std::max(std::abs(params.storageMin - params.zeroPoint),
               std::abs(params.storageMax - params.zeroPoint)));
}

Operation *lowering::cloneOnIntegers(OpBuilder &builder, Operation *op,
                                     ArrayRef<Value> operands,
                                     Type resultType) {
  Operation *copy = builder.clone(*op);
  copy->setOperands(operands);
  copy->getResult(0).setType(resultType);
  return copy;
}
