//===- Tables.cpp - Unary functions as tosa.table -------------------------===//
//
// A unary float op between a dequantize and a quantize is a function of the
// stored input alone: a table of its exact QDQ results, 256 entries for
// 8-bit values, 513 interpolated entries for 16-bit ones.
//
//===----------------------------------------------------------------------===//

#include "Internals.h"

#include "qtosa/Dialect/QTosa/IR/QuantParams.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::lowering;

namespace {

using UnaryFunction = float (*)(float);
using FunctionRef = llvm::function_ref<float(float)>;

/// A 256-entry tosa.table of signed 8-bit values: entry `i` is the exact
/// QDQ result for stored input `i - 128`.
void lowerTable8(Group &group, FunctionRef function, const ChannelParams &in,
                 const ChannelParams &out, Value input,
                 RankedTensorType outType) {
  int8_t table[256];
  for (int64_t stored = -128; stored <= 127; ++stored) {
    float real = dequantizeElement(stored, in.scale(0), in.zeroPoint);
    table[stored + 128] = static_cast<int8_t>(
        quantizeElement(function(real), out.scale(0), out.zeroPoint,
                        out.storageMin, out.storageMax));
  }
  group.lowered =
      buildTable8(*group.builder, group.loc(), input, table, outType);
}

/// The largest input magnification of a split table (see lowerTable16).
constexpr int kMaxSplitShift = 4;

/// The 513 entries of a 16-bit table for `target` (a function of the stored
/// input, in output units). Entry k samples the target at stored input
/// -32768 + 128k. A chord under- or overshoots a curved function in the
/// middle of its segment, so each entry is moved by half the mean midpoint
/// error of the two segments it ends; that halves the interpolation error of
/// smooth functions. Fails with the input where the target is not finite.
FailureOr<SmallVector<int16_t>>
table16Entries(llvm::function_ref<double(int64_t)> target, int64_t &badInput) {
  SmallVector<double> samples, midpointErrors;
  for (int64_t k = 0; k < kTable16Entries; ++k)
    samples.push_back(target(-32768 + k * kTable16Step));
  for (int64_t k = 0; k + 1 < kTable16Entries; ++k)
    midpointErrors.push_back(
        target(-32768 + k * kTable16Step + kTable16Step / 2) -
        (samples[k] + samples[k + 1]) / 2);
  SmallVector<int16_t> table;
  for (int64_t k = 0; k < kTable16Entries; ++k) {
    double before = midpointErrors[std::max<int64_t>(k - 1, 0)];
    double after = midpointErrors[std::min<int64_t>(k, kTable16Entries - 2)];
    double entry =
        std::clamp(samples[k] + (before + after) / 4, -32768.0, 32767.0);
    if (!std::isfinite(entry)) {
      badInput = -32768 + k * kTable16Step;
      return failure();
    }
    table.push_back(static_cast<int16_t>(std::lround(entry)));
  }
  return table;
}

/// TABLE's i32 result for stored input `stored`.
int64_t interpolate16(ArrayRef<int16_t> table, int64_t stored) {
  int64_t index = stored + 32768;
  int64_t base = table[index / kTable16Step];
  int64_t next = table[index / kTable16Step + 1];
  return base * kTable16Step + (next - base) * (index % kTable16Step);
}

/// A 513-entry interpolated tosa.table of signed 16-bit values, followed by
/// the rescale that drops the 7 fraction bits. Entries are in output storage
/// units (zero point included, so the rescale's output zero point is 0 as
/// TOSA requires for i16).
///
/// Interpolation is exact only for linear functions, so the result is
/// checked against the QDQ result at every one of the 65536 inputs, through
/// the same RESCALE arithmetic the graph will run; a lowering that could be
/// more than 1 LSB off the QDQ graph anywhere is not emitted. Where one
/// table's 128-input segments are too coarse (tanh at an LSTM's Q3.12
/// scale), the function is split as f(x) = f(c(x)) + (f(x) - f(c(x))), with
/// c clamping x to the range that 2^k x still has in int16: the first table
/// reads the input magnified by 2^k (a saturating rescale), so its segments
/// are 2^k times finer where the function bends; the second reads the input
/// itself and is zero in that range. Their sum is rescaled once.
WhyNot lowerTable16(Group &group, FunctionRef function, const ChannelParams &in,
                    const ChannelParams &out, Value input,
                    RankedTensorType outType) {
  auto exactAt = [&](int64_t stored, double scale) -> double {
    float real = dequantizeElement(stored, scale, in.zeroPoint);
    return static_cast<double>(function(real)) / out.scale(0) + out.zeroPoint;
  };
  // The QDQ result at every input, once: the checks of the single table and
  // of each split read it again. The last entry samples 32768, one past the
  // inputs (TABLE's 513th).
  SmallVector<double> exactValues;
  exactValues.reserve(65537);
  for (int64_t stored = -32768; stored <= 32768; ++stored)
    exactValues.push_back(exactAt(stored, in.scale(0)));
  auto exact = [&](int64_t stored) { return exactValues[stored + 32768]; };
  auto clampToStorage = [&](double value) {
    return std::clamp(value, static_cast<double>(out.storageMin),
                      static_cast<double>(out.storageMax));
  };

  RescaleSpec spec;
  spec.factors = {*computeRescaleFactor(1.0 / kTable16Step, /*scale32=*/true)};
  // Rounded once whatever the rounding option: this interpolated table is
  // qtosa's own (TFLite's int16 kernel is KernelSigmoid16.cpp), so TFLite's
  // double rounding buys no agreement with TFLite here, while rounding once
  // keeps more tables within 1 LSB of the QDQ result (rounded twice, an
  // int16 tanh at scales 1.8e-4 -> 3.1e-5 was 1.51 LSB off) and Vela fuses
  // a single-round rescale into the TABLE (rounded twice, the factory's
  // elementwise_int16x8 took 62,967 Ethos-U55 cycles, against 42,687).
  spec.doubleRound = false;
  // The QDQ graph rounds the exact value to an integer. A result less than
  // 1.5 - 1/16 from the exact value stays within 1 LSB of that rounding even
  // where the executor's f32 function is up to 1/16 LSB off ours.
  constexpr double kTolerance = 1.5 - 1.0 / 16;
  /// The first input where `sum` (TABLE results before the rescale) is not
  /// within the tolerance of the QDQ result, and its error.
  auto firstMiss = [&](llvm::function_ref<int64_t(int64_t)> sum)
      -> std::optional<std::pair<double, int64_t>> {
    for (int64_t stored = -32768; stored <= 32767; ++stored) {
      int64_t result = std::clamp<int64_t>(
          applyRescaleFactor(sum(stored), spec.factors.front(),
                             spec.doubleRound),
          out.storageMin, out.storageMax);
      double error = std::fabs(result - clampToStorage(exact(stored)));
      if (!(error < kTolerance))
        return std::make_pair(error, stored);
    }
    return std::nullopt;
  };

  int64_t badInput = 0;
  FailureOr<SmallVector<int16_t>> table = table16Entries(exact, badInput);
  if (failed(table))
    return WhyNot::format(
        llvm::formatv("the function is unbounded or undefined near "
                      "stored input {0}, where the table samples it",
                      badInput));
  std::optional<std::pair<double, int64_t>> single =
      firstMiss([&](int64_t stored) { return interpolate16(*table, stored); });
  if (!single) {
    if (!group.builder)
      return {};
    OpBuilder &builder = *group.builder;
    Location loc = group.loc();
    group.lowered =
        buildRescale(builder, loc, buildTable16(builder, loc, input, *table),
                     outType, spec, group.pool);
    return {};
  }

  // The split: only for symmetric inputs, whose magnification keeps zero.
  for (int shift = 1; in.zeroPoint == 0 && shift <= kMaxSplitShift; ++shift) {
    auto magnified = [&](int64_t stored) {
      return std::clamp<int64_t>(stored * (int64_t(1) << shift), -32768, 32767);
    };
    double fineScale = std::ldexp(in.scale(0), -shift);
    FailureOr<SmallVector<int16_t>> fine = table16Entries(
        [&](int64_t stored) { return exactAt(stored, fineScale); }, badInput);
    FailureOr<SmallVector<int16_t>> tail = table16Entries(
        [&](int64_t stored) {
          return exact(stored) - exactAt(magnified(stored), fineScale);
        },
        badInput);
    if (failed(fine) || failed(tail))
      break;
    auto sum = [&](int64_t stored) {
      return interpolate16(*fine, magnified(stored)) +
             interpolate16(*tail, stored);
    };
    if (firstMiss(sum))
      continue;
    if (!group.builder)
      return {};
    OpBuilder &builder = *group.builder;
    Location loc = group.loc();
    RescaleSpec magnify;
    magnify.factors = {
        *computeRescaleFactor(std::ldexp(1.0, shift), /*scale32=*/true)};
    Value finer = buildRescale(builder, loc, input,
                               cast<RankedTensorType>(input.getType()), magnify,
                               group.pool);
    auto wideType =
        RankedTensorType::get(outType.getShape(), builder.getI32Type());
    Value total = tosa::AddOp::create(builder, loc, wideType,
                                      buildTable16(builder, loc, finer, *fine),
                                      buildTable16(builder, loc, input, *tail));
    group.lowered =
        buildRescale(builder, loc, total, outType, spec, group.pool);
    return {};
  }
  return WhyNot::format(llvm::formatv(
      "a 513-entry interpolated tosa.table would be {0} LSB off "
      "the QDQ result at stored input {1}: a line between "
      "samples 128 inputs apart cannot follow the function "
      "there at this input scale, nor can two tables with the input "
      "magnified up to {2} times",
      formatReal(single->first), single->second, 1 << kMaxSplitShift));
}

/// The table lowering of a unary op computing `Function` in f32. A sigmoid
/// or tanh (`isTanh` set) is TFLite's 16-bit kernel where that applies
/// (KernelSigmoid16.cpp).
template <UnaryFunction Function>
WhyNot lowerTable(Group &group, std::optional<bool> isTanh = std::nullopt) {
  Operation *op = group.op;
  if (WhyNot why = checkFloatZeroPoints(op))
    return why;
  WhyNotOr<Dequantized> input = requireDequantized(op, 0, "input");
  if (input.refused())
    return std::move(input).whyNot();
  if (isTanh && lowerKernelSigmoid16(group, *input, *isTanh))
    return {};
  return lowering::lowerTableOf(group, *input, Function);
}

} // namespace

Value lowering::buildTable8(OpBuilder &builder, Location loc, Value input,
                            ArrayRef<int8_t> entries,
                            RankedTensorType outType) {
  auto tableType = RankedTensorType::get({256}, builder.getI8Type());
  Value tableConst = tosa::ConstOp::create(
      builder, loc, tableType, DenseElementsAttr::get(tableType, entries));
  return tosa::TableOp::create(builder, loc, outType, input, tableConst);
}

Value lowering::buildTable16(OpBuilder &builder, Location loc, Value input,
                             ArrayRef<int16_t> entries) {
  auto tableType =
      RankedTensorType::get({kTable16Entries}, builder.getI16Type());
  Value tableConst = tosa::ConstOp::create(
      builder, loc, tableType, DenseElementsAttr::get(tableType, entries));
  auto inType = cast<RankedTensorType>(input.getType());
  return tosa::TableOp::create(builder, loc, inType.clone(builder.getI32Type()),
                               input, tableConst);
}

WhyNot lowering::lowerTableOf(Group &group, const Dequantized &input,
                              llvm::function_ref<float(float)> function) {
  WhyNotOr<ChannelParams> inParams =
      getArithmeticParams(input.qtype, std::nullopt, "the input", false);
  if (inParams.refused())
    return std::move(inParams).whyNot();
  auto outType = cast<RankedTensorType>(group.quantize.getType());
  WhyNotOr<ChannelParams> outParams =
      getChannelParams(group.quantize.getQtype(), std::nullopt, "the output");
  if (outParams.refused())
    return std::move(outParams).whyNot();
  unsigned width = inParams->width;
  if ((width != 8 && width != 16) || outParams->width != width ||
      !outParams->isSigned)
    return "a tosa.table needs signed input and output storage of one "
           "width, 8 bits (256 entries) or 16 bits (513 entries)";
  if (width == 16)
    return lowerTable16(group, function, *inParams, *outParams, input.stored,
                        outType);
  if (group.builder)
    lowerTable8(group, function, *inParams, *outParams, input.stored, outType);
  return {};
}

WhyNot lowering::lowerSigmoid(Group &group) {
  return lowerTable<f32::sigmoid>(group, /*isTanh=*/false);
}
WhyNot lowering::lowerTanh(Group &group) {
  return lowerTable<f32::tanh>(group, /*isTanh=*/true);
}
WhyNot lowering::lowerExp(Group &group) { return lowerTable<f32::exp>(group); }
WhyNot lowering::lowerLog(Group &group) { return lowerTable<f32::log>(group); }
WhyNot lowering::lowerErf(Group &group) { return lowerTable<f32::erf>(group); }
WhyNot lowering::lowerReciprocal(Group &group) {
  return lowerTable<f32::reciprocal>(group);
}
WhyNot lowering::lowerRsqrt(Group &group) {
  return lowerTable<f32::rsqrt>(group);
}
WhyNot lowering::lowerSin(Group &group) { return lowerTable<f32::sin>(group); }
WhyNot lowering::lowerCos(Group &group) { return lowerTable<f32::cos>(group); }
WhyNot lowering::lowerAbs(Group &group) { return lowerTable<f32::abs>(group); }
WhyNot lowering::lowerNegate(Group &group) {
  return lowerTable<f32::negate>(group);
}
WhyNot lowering::lowerFloor(Group &group) {
  return lowerTable<f32::floor>(group);
}
WhyNot lowering::lowerCeil(Group &group) {
  return lowerTable<f32::ceil>(group);
}
