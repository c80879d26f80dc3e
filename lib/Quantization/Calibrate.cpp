//===- Calibrate.cpp - qtosa-calibrate: observe ranges by execution -------===//
//
// The graph runs in process (QTosaExecution, the engine of qtosa-run and of
// the Python package) on a copy of the module in which every observed
// marker's tensor is an extra result. Ranges are collected per marker,
// joined per sharing group, turned into parameters, and each marker
// becomes quantize + dequantize (a constant: integer constant + dequantize).
//
//===----------------------------------------------------------------------===//

#include "IndexAlongAxis.h"
#include "Statistics.h"

#include "qtosa/Quantization/Passes.h"

#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"
#include "qtosa/Dialect/QTosa/IR/QuantParams.h"
#include "qtosa/Execution/Execute.h"
#include "qtosa/Execution/Npy.h"
#include "qtosa/Utils/NestingDepth.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cmath>
#include <cstdio>
#include <limits>

namespace mlir::qtosa {
#define GEN_PASS_DEF_CALIBRATEPASS
#include "qtosa/Quantization/Passes.h.inc"
} // namespace mlir::qtosa

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::calibration;

namespace {

/// "nan", "inf" or "-inf".
std::string nonFiniteText(double value) {
  if (std::isnan(value))
    return "nan";
  return value > 0 ? "inf" : "-inf";
}

/// Parameters of one group.
struct GroupParams {
  SmallVector<double> scales;
  SmallVector<int64_t> zeroPoints;
};

class Calibrator {
public:
  /// Samples from `sampleTensors` when given, else from the file
  /// `samplesPath`.
  Calibrator(ModuleOp module, StringRef samplesPath,
             const CalibrationSamples *sampleTensors, StringRef functionName)
      : module(module), samplesPath(samplesPath), sampleTensors(sampleTensors),
        functionName(functionName) {}

  LogicalResult run();

private:
  FailureOr<func::FuncOp> findFunction();
  /// Checks the samples, each one tensor per argument of `function`, and
  /// says what messages call each input; reads the file's into `samples`
  /// (those in memory stay where they are).
  LogicalResult loadSamples(func::FuncOp function,
                            ArrayRef<TensorSignature> arguments,
                            CalibrationSamples &samples,
                            std::vector<std::vector<std::string>> &origins);
  /// What messages call the samples: the file, or "samples".
  StringRef samplesName() const {
    return sampleTensors ? StringRef("samples") : samplesPath;
  }
  LogicalResult observe(func::FuncOp function, ArrayRef<AnnotateOp> observed);
  /// With nothing to observe the graph never runs on the samples; they are
  /// still checked against the function's statically shaped arguments, so
  /// that samples of the wrong count, type or shape are not accepted.
  LogicalResult checkUnusedSamples();
  LogicalResult computeParams();
  LogicalResult replaceMarker(AnnotateOp marker);
  LogicalResult replaceBiasMarker(AnnotateOp marker);

  ModuleOp module;
  StringRef samplesPath;
  const CalibrationSamples *sampleTensors;
  StringRef functionName;
  SmallVector<AnnotateOp> markers;
  DenseMap<Operation *, Range> rangeOf;
  llvm::MapVector<int64_t, SmallVector<AnnotateOp>> groups;
  DenseMap<int64_t, GroupParams> paramsOf;
  /// Per group observed by a percentile or for the least error: its
  /// clipped range.
  DenseMap<int64_t, std::pair<double, double>> clippedRangeOf;
};

FailureOr<func::FuncOp> Calibrator::findFunction() {
  if (!functionName.empty()) {
    auto function = module.lookupSymbol<func::FuncOp>(functionName);
    if (!function || function.isExternal())
      return emitError(module.getLoc(), "qtosa-calibrate: no function '")
             << functionName << "' with a body to run";
    return function;
  }
  func::FuncOp found;
  for (auto function : module.getOps<func::FuncOp>()) {
    if (function.isExternal() || !function.isPublic())
      continue;
    if (found)
      return emitError(module.getLoc(),
                       "qtosa-calibrate: several public functions ('")
             << found.getSymName() << "', '" << function.getSymName()
             << "'); say which one to run with function=NAME";
    found = function;
  }
  if (!found)
    return emitError(module.getLoc(),
                     "qtosa-calibrate: no public function with a body");
  return found;
}

LogicalResult
Calibrator::loadSamples(func::FuncOp function,
                        ArrayRef<TensorSignature> arguments,
                        CalibrationSamples &samples,
                        std::vector<std::vector<std::string>> &origins) {
  if (sampleTensors) {
    if (sampleTensors->empty())
      return emitError(module.getLoc())
             << "samples: expected a non-empty list of samples, each a list "
                "of tensors in argument order";
    for (auto [sampleIndex, sample] : llvm::enumerate(*sampleTensors)) {
      if (sample.size() != arguments.size())
        return emitError(module.getLoc())
               << "samples: sample " << sampleIndex << " holds "
               << sample.size() << " tensor(s); @" << function.getSymName()
               << " takes " << arguments.size() << " argument(s)";
      origins.emplace_back();
      for (size_t argIndex = 0; argIndex < sample.size(); ++argIndex)
        origins.back().push_back(
            llvm::formatv("samples[{0}][{1}]", sampleIndex, argIndex).str());
    }
    return success();
  }

  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(samplesPath);
  if (!buffer)
    return emitError(module.getLoc(), "cannot read the samples '")
           << samplesPath << "': " << buffer.getError().message();
  // llvm::json's parser recurses once per level.
  if (std::optional<NestingViolation> deep =
          findNestingBeyond((*buffer)->getBuffer()))
    return emitError(module.getLoc())
           << samplesPath << ":" << deep->line << ":" << deep->column
           << ": nested deeper than " << kMaxNestingDepth << " levels";
  llvm::Expected<llvm::json::Value> json =
      llvm::json::parse((*buffer)->getBuffer());
  if (!json)
    return emitError(module.getLoc())
           << samplesPath << ": " << llvm::toString(json.takeError());
  const llvm::json::Array *listing = json->getAsArray();
  if (!listing || listing->empty())
    return emitError(module.getLoc())
           << samplesPath << ": expected a non-empty array of samples, each "
           << "an array of .npy paths in argument order";
  SmallString<256> directory(samplesPath);
  llvm::sys::path::remove_filename(directory);
  for (auto [sampleIndex, sample] : llvm::enumerate(*listing)) {
    const llvm::json::Array *paths = sample.getAsArray();
    if (!paths || paths->size() != arguments.size())
      return emitError(module.getLoc())
             << samplesPath << ": sample " << sampleIndex << " must be an "
             << "array of " << arguments.size()
             << " .npy path(s), one per argument of @" << function.getSymName();
    std::vector<Tensor> inputs;
    origins.emplace_back();
    for (auto [argIndex, path] : llvm::enumerate(*paths)) {
      std::optional<StringRef> relative = path.getAsString();
      if (!relative)
        return emitError(module.getLoc())
               << samplesPath << ": sample " << sampleIndex << " argument "
               << argIndex << " is not a path";
      SmallString<256> full(*relative);
      if (llvm::sys::path::is_relative(full)) {
        full = directory;
        llvm::sys::path::append(full, *relative);
      }
      llvm::Expected<Tensor> tensor =
          readNpyFile(full, arguments[argIndex].elementType);
      if (!tensor)
        return emitError(module.getLoc()) << llvm::toString(tensor.takeError());
      inputs.push_back(std::move(*tensor));
      origins.back().push_back(
          ("'" + full + "', listed in " + samplesPath).str());
    }
    samples.push_back(std::move(inputs));
  }
  return success();
}

LogicalResult Calibrator::observe(func::FuncOp function,
                                  ArrayRef<AnnotateOp> observed) {
  if (samplesPath.empty() && !sampleTensors)
    return emitError(AnnotateOp(observed.front()).getLoc(),
                     "this marker observes its range, and qtosa-calibrate "
                     "has no samples: give samples=PATH");

  // A copy whose function returns every observed tensor after its own
  // results, with the markers gone.
  OwningOpRef<ModuleOp> copy(cast<ModuleOp>(module->clone()));
  auto copied = copy->lookupSymbol<func::FuncOp>(function.getSymName());
  SmallVector<AnnotateOp> copiedMarkers;
  copied.walk([&](AnnotateOp marker) { copiedMarkers.push_back(marker); });
  // Markers in program order match those of the original function; each
  // observed one's input becomes a result once the markers are gone.
  SmallVector<AnnotateOp> originals;
  function.walk([&](AnnotateOp marker) { originals.push_back(marker); });
  SmallVector<std::pair<Operation *, Value>> observedInputs;
  for (auto [original, marker] : llvm::zip_equal(originals, copiedMarkers))
    if (original.isObserved())
      observedInputs.push_back({original, marker.getInput()});
  copy->walk([](AnnotateOp marker) {
    marker.getResult().replaceAllUsesWith(marker.getInput());
    marker.erase();
  });
  auto terminator =
      cast<func::ReturnOp>(copied.getBody().front().getTerminator());
  SmallVector<Value> results(terminator.getOperands());
  DenseMap<Operation *, unsigned> resultIndex;
  for (auto [original, input] : observedInputs) {
    resultIndex[original] = results.size();
    results.push_back(input);
  }
  terminator->setOperands(results);
  // Result attributes (an importer's tensor names) would no longer match
  // the result count; the copy only runs.
  copied.removeResAttrsAttr();
  copied.setFunctionType(FunctionType::get(copied.getContext(),
                                           copied.getArgumentTypes(),
                                           ValueRange(results).getTypes()));

  llvm::Expected<std::unique_ptr<Executable>> executable =
      Executable::compile(*copy, copied.getSymName());
  if (!executable)
    return emitError(function.getLoc(), "qtosa-calibrate cannot run the "
                                        "graph: ")
           << llvm::toString(executable.takeError());

  CalibrationSamples fromFile;
  std::vector<std::vector<std::string>> origins;
  if (failed(
          loadSamples(function, (*executable)->getInputs(), fromFile, origins)))
    return failure();
  const CalibrationSamples &sampleInputs =
      sampleTensors ? *sampleTensors : fromFile;
  for (auto [sampleIndex, inputs] : llvm::enumerate(sampleInputs)) {
    for (auto [argIndex, tensor] : llvm::enumerate(inputs)) {
      // A NaN would be skipped and an infinity would become an infinite
      // scale: either way the parameters would not say what the data does.
      // At the argument, naming the sample and where it came from.
      if (auto bad = firstNonFinite(tensor))
        return emitError(function.getArgument(argIndex).getLoc())
               << "qtosa-calibrate: sample " << sampleIndex
               << " gives argument #" << argIndex << " of @"
               << function.getSymName() << " the value "
               << nonFiniteText(bad->second) << " (element " << bad->first
               << " of " << origins[sampleIndex][argIndex]
               << "): calibration samples must be finite";
    }
  }
  // Runs every sample, handing each observed marker's tensor (and the
  // sample's index) to `visit`.
  auto runSamples =
      [&](function_ref<LogicalResult(AnnotateOp, const Tensor &, size_t)> visit)
      -> LogicalResult {
    for (auto [sampleIndex, inputs] : llvm::enumerate(sampleInputs)) {
      llvm::Expected<std::vector<Tensor>> outputs = (*executable)->run(inputs);
      if (!outputs)
        return emitError(module.getLoc())
               << samplesName() << ": sample " << sampleIndex << ": "
               << llvm::toString(outputs.takeError());
      for (AnnotateOp marker : observed)
        if (failed(visit(marker, (*outputs)[resultIndex[marker]], sampleIndex)))
          return failure();
    }
    return success();
  };
  if (failed(runSamples([&](AnnotateOp marker, const Tensor &tensor,
                            size_t sampleIndex) {
        // Finite samples can still make a non-finite value (a log of a
        // negative, an overflow): the marker has no range to quantize.
        if (auto bad = firstNonFinite(tensor))
          return LogicalResult(
              emitError(marker.getLoc())
              << "qtosa-calibrate: sample " << sampleIndex
              << " gives this value " << nonFiniteText(bad->second)
              << " (element " << bad->first << " of " << tensor.getTypeString()
              << ") from finite inputs: a range with NaN or infinity has "
                 "no scale");
        FailureOr<Range> range =
            rangeOfTensor(tensor, marker.getAxis(), marker.getLoc());
        if (failed(range))
          return failure();
        rangeOf[marker].join(*range);
        return success();
      })))
    return failure();

  // Percentile and least-error groups: a histogram over the group's
  // [min, max], filled by a second run.
  auto clips = [](AnnotateOp marker) {
    return marker.getPercentile() || marker.getLeastError();
  };
  DenseMap<int64_t, Histogram> histograms;
  for (AnnotateOp marker : observed) {
    if (!clips(marker))
      continue;
    int64_t group = marker.getGroupAttr().getInt();
    if (histograms.count(group))
      continue;
    Range joined;
    for (AnnotateOp member : groups[group])
      joined.join(rangeOf[member]);
    Histogram &histogram = histograms[group];
    histogram.lo = joined.min.empty() ? 0.0 : joined.min.front();
    histogram.hi = joined.max.empty() ? 0.0 : joined.max.front();
  }
  if (histograms.empty())
    return success();
  if (failed(runSamples([&](AnnotateOp marker, const Tensor &tensor, size_t) {
        auto histogram = histograms.find(marker.getGroupAttr().getInt());
        if (!clips(marker) || histogram == histograms.end())
          return success();
        FailureOr<SmallVector<double>> values =
            valuesOfTensor(tensor, marker.getLoc());
        if (failed(values))
          return failure();
        for (double value : *values)
          histogram->second.add(value);
        return success();
      })))
    return failure();
  for (auto &[group, histogram] : histograms) {
    if (!(histogram.lo <= histogram.hi))
      continue;
    AnnotateOp first = groups[group].front();
    clippedRangeOf[group] =
        first.getLeastError()
            ? histogram.leastErrorRange(first.getStorageMinAttr().getInt(),
                                        first.getStorageMaxAttr().getInt(),
                                        first.getSymmetric())
            : histogram.percentileRange(
                  first.getPercentileAttr().getValueAsDouble());
  }
  return success();
}

LogicalResult Calibrator::computeParams() {
  // Observed and fixed groups first; derived ones read them.
  for (auto &[group, members] : groups) {
    AnnotateOp first = members.front();
    for (AnnotateOp member : members)
      if (member.getStorageType() != first.getStorageType() ||
          member.getStorageMinAttr() != first.getStorageMinAttr() ||
          member.getStorageMaxAttr() != first.getStorageMaxAttr() ||
          member.getSymmetric() != first.getSymmetric() ||
          member.getScalesAttr() != first.getScalesAttr() ||
          member.getZeroPointsAttr() != first.getZeroPointsAttr() ||
          member.getDerivedFromAttr() != first.getDerivedFromAttr() ||
          member.getPercentileAttr() != first.getPercentileAttr() ||
          member.getLeastError() != first.getLeastError())
        return member.emitError("marker of group ")
               << group << " has another spec than the group's first marker";
    if (first.getDerivedFrom())
      continue;
    GroupParams params;
    if (std::optional<ArrayRef<double>> scales = first.getScales()) {
      params.scales.assign(scales->begin(), scales->end());
      params.zeroPoints.assign(first.getZeroPoints()->begin(),
                               first.getZeroPoints()->end());
    } else {
      Range joined;
      for (AnnotateOp member : members)
        joined.join(rangeOf[member]);
      int64_t qmin = first.getStorageMinAttr().getInt();
      int64_t qmax = first.getStorageMaxAttr().getInt();
      auto clipped = clippedRangeOf.find(group);
      if (clipped != clippedRangeOf.end() && joined.min.size() == 1) {
        joined.min[0] = clipped->second.first;
        joined.max[0] = clipped->second.second;
      }
      for (size_t i = 0; i < joined.min.size(); ++i) {
        double lo = joined.min[i], hi = joined.max[i];
        if (lo > hi) // nothing observed (an empty tensor)
          lo = hi = 0.0;
        auto [scale, zeroPoint] =
            paramsForRange(lo, hi, qmin, qmax, first.getSymmetric());
        params.scales.push_back(scale);
        params.zeroPoints.push_back(zeroPoint);
      }
    }
    paramsOf[group] = std::move(params);
  }
  for (auto &[group, members] : groups) {
    AnnotateOp first = members.front();
    std::optional<ArrayRef<int64_t>> from = first.getDerivedFrom();
    if (!from)
      continue;
    auto input = paramsOf.find((*from)[0]);
    auto weight = paramsOf.find((*from)[1]);
    if (input == paramsOf.end() || weight == paramsOf.end())
      return first.emitError("derived_from names group(s) without "
                             "parameters");
    if (input->second.scales.size() != 1)
      return first.emitError("derived_from: the input group ")
             << (*from)[0] << " must be quantized per tensor";
    // One bias scale per output channel: the weight's scale of the channel
    // it comes from (a depthwise multiplier repeats it).
    auto type = cast<RankedTensorType>(first.getInput().getType());
    int64_t count = first.getAxis() ? type.getDimSize(*first.getAxis()) : 1;
    const SmallVector<double> &weightScales = weight->second.scales;
    if (count % (int64_t)weightScales.size() != 0 && weightScales.size() != 1)
      return first.emitError("derived_from: ")
             << count << " bias channels do not repeat the "
             << weightScales.size() << " weight scales";
    GroupParams params;
    int64_t repeat =
        weightScales.size() == 1 ? count : count / weightScales.size();
    for (int64_t channel = 0; channel < count; ++channel) {
      double scale =
          input->second.scales[0] *
          weightScales[weightScales.size() == 1 ? 0 : channel / repeat];
      if (!(scale >= std::numeric_limits<float>::min()))
        return first.emitError("derived bias scale ")
               << scale << " of channel " << channel << " is below 2^-126";
      params.scales.push_back(scale);
      params.zeroPoints.push_back(0);
    }
    paramsOf[group] = std::move(params);
  }
  return success();
}

/// The !quant type of `marker`'s tensor with `params`, stored in `storage`
/// on [qmin, qmax]; null after an error at the marker.
quant::QuantizedType getQuantType(AnnotateOp marker, const GroupParams &params,
                                  IntegerType storage, int64_t qmin,
                                  int64_t qmax) {
  auto type = cast<RankedTensorType>(marker.getInput().getType());
  Type expressed = type.getElementType();
  quant::QuantizedType qtype;
  if (marker.getAxis())
    qtype = quant::UniformQuantizedPerAxisType::getChecked(
        marker.getLoc(), quant::QuantizationFlags::Signed, storage, expressed,
        params.scales, params.zeroPoints, *marker.getAxis(), qmin, qmax);
  else
    qtype = quant::UniformQuantizedType::getChecked(
        marker.getLoc(), quant::QuantizationFlags::Signed, storage, expressed,
        params.scales.front(), params.zeroPoints.front(), qmin, qmax);
  if (!qtype ||
      failed(verifyQuantParamsForShape([&] { return marker.emitError(); },
                                       qtype, type.getShape())))
    return nullptr;
  return qtype;
}

/// Makes every use of `marker` read its own dequantize of `stored`, as
/// quantizers export QDQ: a data-movement user then moves onto integers
/// even where another user needs the float value.
void dequantizeEachUse(OpBuilder &builder, AnnotateOp marker, Value stored,
                       quant::QuantizedType qtype) {
  auto type = cast<RankedTensorType>(marker.getInput().getType());
  SmallVector<OpOperand *> uses;
  for (OpOperand &use : marker.getResult().getUses())
    uses.push_back(&use);
  for (OpOperand *use : uses)
    use->set(DequantizeOp::create(builder, marker.getLoc(), type, stored,
                                  TypeAttr::get(qtype)));
}

/// Erases `marker`, and its input constant once nothing reads it.
void eraseMarker(AnnotateOp marker) {
  Operation *constant = marker.getInput().getDefiningOp();
  marker.erase();
  if (constant && constant->hasTrait<OpTrait::ConstantLike>() &&
      constant->use_empty())
    constant->erase();
}

/// `value` in 6 significant digits, as printf's %g writes it.
std::string shortReal(double value) {
  char text[32];
  std::snprintf(text, sizeof(text), "%g", value);
  return text;
}

/// One integer per bias value, at the channel's scale (input scale x weight
/// scale), rounded half to even in double precision; a value outside the
/// marker's storage range is an error at the marker: the accumulator it is
/// added to cannot hold it, and saturating it would change the graph.
FailureOr<SmallVector<int64_t>> storeBias(AnnotateOp marker,
                                          DenseFPElementsAttr values,
                                          const GroupParams &params) {
  auto type = cast<RankedTensorType>(marker.getInput().getType());
  int64_t qmin = marker.getStorageMinAttr().getInt();
  int64_t qmax = marker.getStorageMaxAttr().getInt();
  IndexAlongAxis channelOf(type.getShape(), marker.getAxis());
  SmallVector<int64_t> stored;
  for (auto [index, value] : llvm::enumerate(values.getValues<APFloat>())) {
    int64_t channel = channelOf(index);
    double real = value.convertToDouble();
    double q = std::nearbyint(real / params.scales[channel]);
    if (!(q >= double(qmin) && q <= double(qmax)))
      return marker.emitError("bias ")
             << shortReal(real) << " of channel " << channel << " is "
             << shortReal(q) << " steps of its scale "
             << shortReal(params.scales[channel])
             << " (input scale x weight scale), outside the "
             << marker.getStorageType() << " range [" << qmin << ", " << qmax
             << "] of the accumulator it is added to";
    stored.push_back(static_cast<int64_t>(q));
  }
  return stored;
}

LogicalResult Calibrator::replaceBiasMarker(AnnotateOp marker) {
  const GroupParams &params = paramsOf[marker.getGroupAttr().getInt()];
  auto type = cast<RankedTensorType>(marker.getInput().getType());
  DenseFPElementsAttr values;
  if (!matchPattern(marker.getInput(), m_Constant(&values)) ||
      !type.hasStaticShape()) {
    if (cast<IntegerType>(marker.getStorageType()).getWidth() <= 32)
      return replaceMarker(marker);
    return marker.emitError("a derived i48 bias must be a constant of "
                            "static shape");
  }
  FailureOr<SmallVector<int64_t>> stored = storeBias(marker, values, params);
  if (failed(stored))
    return failure();
  OpBuilder builder(marker);
  auto i32 = builder.getIntegerType(32);
  int64_t i32Min = std::numeric_limits<int32_t>::min();
  int64_t i32Max = std::numeric_limits<int32_t>::max();
  if (llvm::all_of(*stored,
                   [&](int64_t q) { return q >= i32Min && q <= i32Max; })) {
    // i32 storage, also for an i48 bias whose values fit it (they nearly
    // always do): a !quant type holds at most 32 bits. The lowering reads
    // the bias as the dequantize's f32 values and rounds them at the
    // accumulator's scale into its i48 bias, so an integer wider than f32's
    // 24 bits comes back to about that precision, not exactly.
    quant::QuantizedType qtype =
        getQuantType(marker, params, i32, i32Min, i32Max);
    if (!qtype)
      return failure();
    auto storageType = RankedTensorType::get(type.getShape(), i32);
    SmallVector<APInt> ints;
    for (int64_t q : *stored)
      ints.push_back(APInt(32, q, /*isSigned=*/true));
    Value constant =
        tosa::ConstOp::create(builder, marker.getLoc(), storageType,
                              DenseElementsAttr::get(storageType, ints));
    dequantizeEachUse(builder, marker, constant, qtype);
    eraseMarker(marker);
    return success();
  }
  // An i48 bias beyond i32 has no !quant type: it stays a float constant
  // holding the value of each integer, rounded to f32, from which the
  // lowering rounds the i48 bias back (exact up to the value's f32
  // rounding, 2^-24 of it).
  IndexAlongAxis channelOf(type.getShape(), marker.getAxis());
  SmallVector<APFloat> reals;
  for (auto [index, q] : llvm::enumerate(*stored)) {
    APFloat real(double(q) * params.scales[channelOf(index)]);
    bool lost;
    real.convert(cast<FloatType>(type.getElementType()).getFloatSemantics(),
                 APFloat::rmNearestTiesToEven, &lost);
    reals.push_back(real);
  }
  Value constant = tosa::ConstOp::create(builder, marker.getLoc(), type,
                                         DenseElementsAttr::get(type, reals));
  marker.getResult().replaceAllUsesWith(constant);
  eraseMarker(marker);
  return success();
}

LogicalResult Calibrator::replaceMarker(AnnotateOp marker) {
  const GroupParams &params = paramsOf[marker.getGroupAttr().getInt()];
  auto type = cast<RankedTensorType>(marker.getInput().getType());
  auto storage = cast<IntegerType>(marker.getStorageType());
  int64_t qmin = marker.getStorageMinAttr().getInt();
  int64_t qmax = marker.getStorageMaxAttr().getInt();
  quant::QuantizedType qtype =
      getQuantType(marker, params, storage, qmin, qmax);
  if (!qtype)
    return failure();

  OpBuilder builder(marker);
  auto storageType = RankedTensorType::get(type.getShape(), storage);
  Value stored;
  DenseFPElementsAttr values;
  if (matchPattern(marker.getInput(), m_Constant(&values)) &&
      type.hasStaticShape()) {
    // A constant is stored as integers right away.
    IndexAlongAxis channelOf(type.getShape(), marker.getAxis());
    SmallVector<APInt> ints;
    for (auto [index, value] : llvm::enumerate(values.getValues<APFloat>())) {
      int64_t channel = channelOf(index);
      bool lost;
      APFloat f32 = value;
      f32.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven, &lost);
      int64_t q = quantizeElement(f32.convertToFloat(), params.scales[channel],
                                  params.zeroPoints[channel], qmin, qmax);
      ints.push_back(APInt(storage.getWidth(), q, /*isSigned=*/true));
    }
    stored = tosa::ConstOp::create(builder, marker.getLoc(), storageType,
                                   DenseElementsAttr::get(storageType, ints));
  } else {
    stored = QuantizeOp::create(builder, marker.getLoc(), storageType,
                                marker.getInput(), TypeAttr::get(qtype));
  }
  dequantizeEachUse(builder, marker, stored, qtype);
  eraseMarker(marker);
  return success();
}

LogicalResult Calibrator::checkUnusedSamples() {
  if (samplesPath.empty() && !sampleTensors)
    return success();
  FailureOr<func::FuncOp> function = findFunction();
  if (failed(function))
    return failure();
  std::vector<TensorSignature> arguments;
  for (Type type : function->getArgumentTypes()) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    std::optional<ElementType> element =
        tensor ? getElementType(tensor.getElementType()) : std::nullopt;
    // A dynamic or quantized argument: the engine's signature for it is
    // only known once lowered, and nothing here needs it.
    if (!element || !tensor.hasStaticShape())
      return success();
    TensorSignature signature;
    signature.elementType = *element;
    signature.shape.assign(tensor.getShape().begin(), tensor.getShape().end());
    arguments.push_back(std::move(signature));
  }
  CalibrationSamples fromFile;
  std::vector<std::vector<std::string>> origins;
  if (failed(loadSamples(*function, arguments, fromFile, origins)))
    return failure();
  const CalibrationSamples &samples = sampleTensors ? *sampleTensors : fromFile;
  for (auto [sampleIndex, inputs] : llvm::enumerate(samples))
    for (auto [argIndex, input] : llvm::enumerate(inputs)) {
      const TensorSignature &expected = arguments[argIndex];
      if (input.elementType == expected.elementType &&
          llvm::equal(input.shape, expected.shape))
        continue;
      return emitError(function->getArgument(argIndex).getLoc())
             << "qtosa-calibrate: sample " << sampleIndex << " argument "
             << argIndex << " (" << origins[sampleIndex][argIndex] << ") is "
             << input.getTypeString() << ", and @" << function->getSymName()
             << " takes " << expected.getTypeString()
             << " (nothing here is observed, so the samples are not run)";
    }
  return success();
}

LogicalResult Calibrator::run() {
  module.walk([&](AnnotateOp marker) {
    markers.push_back(marker);
    groups[marker.getGroupAttr().getInt()].push_back(marker);
  });
  SmallVector<AnnotateOp> observed;
  for (AnnotateOp marker : markers)
    if (marker.isObserved())
      observed.push_back(marker);
  if (observed.empty() && failed(checkUnusedSamples()))
    return failure();
  if (markers.empty())
    return success();
  if (!observed.empty()) {
    FailureOr<func::FuncOp> function = findFunction();
    if (failed(function))
      return failure();
    for (AnnotateOp marker : observed)
      if (marker->getParentOfType<func::FuncOp>() != *function)
        return marker.emitError("this marker observes its range but is not "
                                "in @")
               << function->getSymName() << ", the function calibration runs";
    if (failed(observe(*function, observed)))
      return failure();
  }
  if (failed(computeParams()))
    return failure();
  for (AnnotateOp marker : markers)
    if (failed(marker.getDerivedFrom() ? replaceBiasMarker(marker)
                                       : replaceMarker(marker)))
      return failure();
  return success();
}

struct CalibratePass : public qtosa::impl::CalibratePassBase<CalibratePass> {
  using CalibratePassBase::CalibratePassBase;
  CalibratePass(const CalibratePassOptions &options,
                std::shared_ptr<const CalibrationSamples> sampleTensors)
      : CalibratePassBase(options), sampleTensors(std::move(sampleTensors)) {}

  /// The samples to use instead of reading `samples`, when set.
  std::shared_ptr<const CalibrationSamples> sampleTensors;

  void runOnOperation() override {
    if (failed(
            Calibrator(getOperation(), samples, sampleTensors.get(), function)
                .run()))
      signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> mlir::qtosa::createCalibratePass(
    const CalibratePassOptions &options,
    std::shared_ptr<const CalibrationSamples> samples) {
  return std::make_unique<CalibratePass>(options, std::move(samples));
}
