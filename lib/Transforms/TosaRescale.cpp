//===- TosaRescale.cpp - Real factors as TOSA RESCALE parameters ----------===//

#include "qtosa/Transforms/TosaRescale.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Matchers.h"

#include <cmath>

using namespace mlir;
using namespace mlir::qtosa;

// Why not upstream's tosa::computeMultiplierAndShift (Tosa/Utils/
// QuantUtils.h), which computes the same mantissa (frexp, rounded half away
// from zero, 2^31 or 2^15 folded back into range) as TFLite's
// QuantizeMultiplier does:
//  * it cannot refuse: a factor of 2^29 or more (2^13 at 16 bits) gets a
//    shift below 2, which TOSA 1.0 rejects, and zero, negative or
//    non-finite factors a multiplier anyway; here each is `std::nullopt`,
//    which the lowering reports as the reason a group stays in float;
//  * past a shift of 62 (a factor below 2^-32 at 32 bits) it truncates the
//    multiplier (`>>`, by at most 31 bits) where this rounds it to the
//    nearer one (TFLite's QuantizeMultiplier returns zero there);
//  * it asserts on a scale width other than 16 or 32.
// For every shift from 2 to 62 both give the same multiplier and shift.
std::optional<RescaleFactor> mlir::qtosa::computeRescaleFactor(double factor,
                                                               bool scale32) {
  if (!std::isfinite(factor) || factor <= 0.0)
    return std::nullopt;
  const int fractionBits = scale32 ? 31 : 15;
  int exponent = 0;
  double mantissa =
      std::frexp(factor, &exponent); // factor = m * 2^e, m in [0.5, 1)
  int64_t multiplier = std::llround(std::ldexp(mantissa, fractionBits));
  if (multiplier == (int64_t(1) << fractionBits)) {
    multiplier >>= 1;
    ++exponent;
  }
  int64_t shift = fractionBits - exponent;
  if (shift < 2)
    return std::nullopt;
  if (shift > 62) {
    // Drop multiplier bits, rounding, until the shift fits; a factor this
    // small may round to a zero multiplier, which is what it means anyway.
    int64_t excess = shift - 62;
    multiplier = excess >= 63
                     ? 0
                     : (multiplier + (int64_t(1) << (excess - 1))) >> excess;
    shift = 62;
  }
  return RescaleFactor{static_cast<int32_t>(multiplier),
                       static_cast<int32_t>(shift)};
}

int64_t mlir::qtosa::applyRescaleFactor(int64_t value, RescaleFactor factor,
                                        bool doubleRound) {
  int64_t round = int64_t(1) << (factor.shift - 1);
  if (doubleRound && factor.shift > 31)
    round += value >= 0 ? (int64_t(1) << 30) : -(int64_t(1) << 30);
  return (value * factor.multiplier + round) >> factor.shift;
}

RescaleSpec mlir::qtosa::unitRescaleSpec() {
  RescaleSpec spec;
  spec.factors.push_back(*computeRescaleFactor(1.0, /*scale32=*/true));
  return spec;
}

std::optional<SmallVector<RescaleFactor>>
mlir::qtosa::computeRescaleFactors(ArrayRef<double> factors, bool scale32) {
  SmallVector<RescaleFactor> encoded;
  for (double factor : factors) {
    std::optional<RescaleFactor> one = computeRescaleFactor(factor, scale32);
    if (!one)
      return std::nullopt;
    encoded.push_back(*one);
  }
  return encoded;
}

//===----------------------------------------------------------------------===//
// ConstantPool
//===----------------------------------------------------------------------===//

Value ConstantPool::create(OpBuilder &builder, Location loc,
                           DenseElementsAttr values) {
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(builder.getInsertionBlock());
  return tosa::ConstOp::create(builder, loc, values.getType(), values);
}

Value ConstantPool::getScalar(OpBuilder &builder, Location loc,
                              Type elementType, const APInt &value) {
  auto [it, inserted] = scalars.try_emplace(
      {builder.getInsertionBlock(), elementType, value.getSExtValue()},
      nullptr);
  if (inserted) {
    auto type = RankedTensorType::get({1}, elementType);
    it->second = create(builder, loc, DenseElementsAttr::get(type, value))
                     .getDefiningOp();
  }
  return it->second->getResult(0);
}

Value ConstantPool::get(OpBuilder &builder, Location loc,
                        DenseElementsAttr values) {
  auto type = cast<RankedTensorType>(values.getType());
  if (type.getRank() == 1 && type.getDimSize(0) == 1)
    return getScalar(builder, loc, type.getElementType(),
                     *values.value_begin<APInt>());
  auto [it, inserted] =
      tensors.try_emplace({builder.getInsertionBlock(), values}, nullptr);
  if (inserted)
    it->second = create(builder, loc, values).getDefiningOp();
  return it->second->getResult(0);
}

void ConstantPool::forget(Operation *op) {
  auto constant = dyn_cast<tosa::ConstOp>(op);
  if (!constant)
    return;
  auto values = dyn_cast<DenseIntElementsAttr>(constant.getValuesAttr());
  if (!values)
    return;
  Block *block = op->getBlock();
  auto type = cast<RankedTensorType>(constant.getType());
  if (type.getRank() == 1 && type.getDimSize(0) == 1) {
    auto it = scalars.find({block, type.getElementType(),
                            (*values.value_begin<APInt>()).getSExtValue()});
    if (it != scalars.end() && it->second == op)
      scalars.erase(it);
    return;
  }
  auto it = tensors.find({block, values});
  if (it != tensors.end() && it->second == op)
    tensors.erase(it);
}

//===----------------------------------------------------------------------===//
// Building rescales
//===----------------------------------------------------------------------===//

/// `value` as a `tensor<1xelementType>`: from `pool`, or a new constant.
static Value buildScalar(OpBuilder &builder, Location loc, ConstantPool *pool,
                         Type elementType, const APInt &value) {
  if (pool)
    return pool->getScalar(builder, loc, elementType, value);
  auto type = RankedTensorType::get({1}, elementType);
  return tosa::ConstOp::create(builder, loc, type,
                               DenseElementsAttr::get(type, value));
}

Value mlir::qtosa::buildIntegerScalar(OpBuilder &builder, Location loc,
                                      Type elementType, int64_t value,
                                      ConstantPool *pool) {
  APInt bits(elementType.getIntOrFloatBitWidth(), static_cast<uint64_t>(value),
             /*isSigned=*/true, /*implicitTrunc=*/true);
  return buildScalar(builder, loc, pool, elementType, bits);
}

/// The multiplier or shift operand of a rescale: one `elementType` element
/// per factor.
static Value buildFactorOperand(OpBuilder &builder, Location loc,
                                ConstantPool *pool, Type elementType,
                                ArrayRef<APInt> values) {
  if (values.size() == 1)
    return buildScalar(builder, loc, pool, elementType, values.front());
  auto type =
      RankedTensorType::get({static_cast<int64_t>(values.size())}, elementType);
  auto attr = DenseElementsAttr::get(type, values);
  if (pool)
    return pool->get(builder, loc, attr);
  return tosa::ConstOp::create(builder, loc, type, attr);
}

/// True when the rescale maps every value to itself: the same type on both
/// sides, equal zero points and signedness, and every factor exactly 1
/// ((v * 2^s + 2^(s-1)) >> s == v for any integer v, with either rounding).
static bool isIdentityRescale(Type inputType, RankedTensorType outputType,
                              const RescaleSpec &spec) {
  return inputType == outputType &&
         spec.inputZeroPoint == spec.outputZeroPoint &&
         spec.inputUnsigned == spec.outputUnsigned &&
         llvm::all_of(spec.factors, [](const RescaleFactor &factor) {
           return factor.shift >= 1 && factor.shift < 32 &&
                  factor.multiplier == (int64_t(1) << factor.shift);
         });
}

Value mlir::qtosa::buildRescale(OpBuilder &builder, Location loc, Value input,
                                RankedTensorType outputType,
                                const RescaleSpec &spec, ConstantPool *pool) {
  if (isIdentityRescale(input.getType(), outputType, spec))
    return input;
  int64_t count = spec.factors.size();
  Type multiplierElement =
      spec.scale32 ? builder.getI32Type() : builder.getIntegerType(16);
  Type shiftElement = builder.getI8Type();
  SmallVector<APInt> multipliers, shifts;
  for (const RescaleFactor &factor : spec.factors) {
    multipliers.emplace_back(multiplierElement.getIntOrFloatBitWidth(),
                             factor.multiplier, /*isSigned=*/true);
    shifts.emplace_back(8, factor.shift, /*isSigned=*/true);
  }
  // Separate statements: the operands are made in this order.
  Value multiplier =
      buildFactorOperand(builder, loc, pool, multiplierElement, multipliers);
  Value shift = buildFactorOperand(builder, loc, pool, shiftElement, shifts);
  auto inputType = cast<RankedTensorType>(input.getType());
  Value inputZp = buildIntegerScalar(builder, loc, inputType.getElementType(),
                                     spec.inputZeroPoint, pool);
  Value outputZp = buildIntegerScalar(builder, loc, outputType.getElementType(),
                                      spec.outputZeroPoint, pool);
  auto rounding = spec.doubleRound ? tosa::RoundingMode::DOUBLE_ROUND
                                   : tosa::RoundingMode::SINGLE_ROUND;
  return tosa::RescaleOp::create(
      builder, loc, outputType, input, multiplier, shift, inputZp, outputZp,
      builder.getBoolAttr(spec.scale32),
      tosa::RoundingModeAttr::get(builder.getContext(), rounding),
      builder.getBoolAttr(count > 1), builder.getBoolAttr(spec.inputUnsigned),
      builder.getBoolAttr(spec.outputUnsigned));
}

std::optional<RescaleSpec>
mlir::qtosa::readRescaleSpec(tosa::RescaleOp rescale) {
  tosa::RoundingMode rounding = rescale.getRoundingMode();
  if (rounding != tosa::RoundingMode::SINGLE_ROUND &&
      rounding != tosa::RoundingMode::DOUBLE_ROUND)
    return std::nullopt;
  DenseIntElementsAttr multipliers, shifts;
  if (!matchPattern(rescale.getMultiplier(), m_Constant(&multipliers)) ||
      !matchPattern(rescale.getShift(), m_Constant(&shifts)) ||
      multipliers.getNumElements() != shifts.getNumElements() ||
      multipliers.getNumElements() == 0 ||
      (!rescale.getPerChannel() && multipliers.getNumElements() != 1))
    return std::nullopt;
  RescaleSpec spec;
  spec.scale32 = rescale.getScale32();
  spec.doubleRound = rounding == tosa::RoundingMode::DOUBLE_ROUND;
  spec.inputUnsigned = rescale.getInputUnsigned();
  spec.outputUnsigned = rescale.getOutputUnsigned();
  // Upstream's accessors read a constant zero point, zero-extended on an
  // unsigned side.
  FailureOr<int64_t> inputZeroPoint = rescale.getInputZeroPoint();
  FailureOr<int64_t> outputZeroPoint = rescale.getOutputZeroPoint();
  if (failed(inputZeroPoint) || failed(outputZeroPoint))
    return std::nullopt;
  spec.inputZeroPoint = *inputZeroPoint;
  spec.outputZeroPoint = *outputZeroPoint;
  for (auto [multiplier, shift] : llvm::zip_equal(
           multipliers.getValues<APInt>(), shifts.getValues<APInt>()))
    spec.factors.push_back({static_cast<int32_t>(multiplier.getSExtValue()),
                            static_cast<int32_t>(shift.getSExtValue())});
  return spec;
}
