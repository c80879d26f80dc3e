//===- EthosURuleChecks.h - What Vela's rules measure -----------*- C++ -*-===//
//
// Private to lib/Target/EthosU. EthosURules.cpp holds the rule tables (one
// line per documented constraint, with the numbers it names);
// EthosURuleChecks.cpp the checks the lines point at. A check measures, and
// compares with the limits its line gives: it holds no number of its own.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_LIB_TARGET_ETHOSU_ETHOSURULECHECKS_H
#define QTOSA_LIB_TARGET_ETHOSU_ETHOSURULECHECKS_H

#include "qtosa/Utils/ShapedValues.h"
#include "qtosa/Utils/WhyNot.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <optional>
#include <string>

namespace mlir::qtosa::ethosu {

/// The numbers a rule's line names, in the order its text names them.
using Limits = ArrayRef<int64_t>;

// Measuring helpers both check files use.

inline std::string typeString(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

/// `what` is `value`; nullopt when it lies in [lo, hi]. `what` may be a
/// formatv object: it is formatted only for a broken rule, and the rank rule
/// runs on every tensor of every op the partitioner looks at.
template <typename What>
WhyNot inRange(const What &what, int64_t value, int64_t lo, int64_t hi) {
  if (value > hi)
    return WhyNot::format(
        llvm::formatv("{0} {1} exceeds {2}", what, value, hi));
  if (value < lo)
    return WhyNot::format(
        llvm::formatv("{0} {1} is below {2}", what, value, lo));
  return {};
}

inline RankedTensorType tensorOf(Value value) {
  return dyn_cast<RankedTensorType>(value.getType());
}

inline bool isInt(Type type, unsigned width) {
  return type.isSignlessInteger(width);
}

inline int64_t product(ArrayRef<int64_t> dims) {
  int64_t result = 1;
  for (int64_t dim : dims)
    result *= dim;
  return result;
}

/// Why `op` breaks the rule with `limits`, or nothing when it keeps it.
using CheckFn = WhyNot (*)(Operation *op, Limits limits);

WhyNot checkNotCall(Operation *op, Limits limits);
WhyNot checkNoFloat(Operation *op, Limits limits);
WhyNot checkNoBool(Operation *op, Limits limits);
WhyNot checkNo64Bit(Operation *op, Limits limits);
WhyNot checkStatic(Operation *op, Limits limits);
WhyNot checkRank(Operation *op, Limits limits);
WhyNot checkProInt(Operation *op, Limits limits);
WhyNot checkTosaProfile(Operation *op, Limits limits);

/// checkTosaProfile's verdicts for the ops of one context (a partition's),
/// keyed by uniqued pointers. Made by makeProfileCache; used by the checks
/// of a thread while a ProfileCacheScope of it is alive.
class ProfileVerdictCache;
std::shared_ptr<ProfileVerdictCache> makeProfileCache();

class ProfileCacheScope {
public:
  explicit ProfileCacheScope(ProfileVerdictCache *cache);
  ~ProfileCacheScope();
  ProfileCacheScope(const ProfileCacheScope &) = delete;
  ProfileCacheScope &operator=(const ProfileCacheScope &) = delete;

private:
  ProfileVerdictCache *previous;
};
WhyNot checkU55Operator(Operation *op, Limits limits);
WhyNot checkConvTypes(Operation *op, Limits limits);
WhyNot checkTransposeConvTypes(Operation *op, Limits limits);
WhyNot checkAccumulatorRescaled(Operation *op, Limits limits);
WhyNot checkConstWeights(Operation *op, Limits limits);
WhyNot checkConvChannels(Operation *op, Limits limits);
WhyNot checkConvInputChannels(Operation *op, Limits limits);
WhyNot checkKernelDepth(Operation *op, Limits limits);
WhyNot checkConvStride(Operation *op, Limits limits);
WhyNot checkTransposeConvStride(Operation *op, Limits limits);
WhyNot checkPoolInput(Operation *op, Limits limits);
WhyNot checkPaddedPoolKernel(Operation *op, Limits limits);
WhyNot checkMatMulTypes(Operation *op, Limits limits);
WhyNot checkMatMulSize(Operation *op, Limits limits);
WhyNot checkInt32(Operation *op, Limits limits);
WhyNot checkMovementType(Operation *op, Limits limits);
WhyNot checkResizeScale(Operation *op, Limits limits);
WhyNot checkResizeMode(Operation *op, Limits limits);
WhyNot checkResizeChannels(Operation *op, Limits limits);
WhyNot checkResizeRepeats(Operation *op, Limits limits);
WhyNot checkReduceSumOuterInner(Operation *op, Limits limits);
WhyNot checkReduceMinMaxType(Operation *op, Limits limits);
WhyNot checkReverseAxis(Operation *op, Limits limits);
WhyNot checkRescaleInput48(Operation *op, Limits limits);
WhyNot checkArgMaxAxis(Operation *op, Limits limits);
WhyNot checkArgMaxBatch(Operation *op, Limits limits);
WhyNot checkArgMaxChannels(Operation *op, Limits limits);
WhyNot checkTransposeInt32(Operation *op, Limits limits);
WhyNot checkTransposeNarrow(Operation *op, Limits limits);

/// What a table's every-op rules that look at each tensor on its own (FLOAT,
/// BOOL, 64BIT, DYNAMIC, RANK) ask of every tensor operand and result,
/// gathered once per table from the rules' checks and limits. One walk over
/// an op's tensors then tells that all of them hold, which is the common
/// case, without evaluating each rule over all the tensors again.
struct TensorRequirements {
  bool notBool = false;
  bool below64Bits = false;
  bool staticShape = false;
  std::optional<int64_t> maxRank;

  /// Adds what the rule checked by `check` with `limits` asks of each
  /// tensor; false, adding nothing, when `check` is not such a rule.
  bool add(CheckFn check, Limits limits);
};

/// True when every tensor operand and result of `op` has an integer element
/// type and meets `requirements`, so that every rule `requirements` was
/// gathered from (and the float rule) holds on `op`. False when one may
/// not: the rules themselves then say which one breaks, and why.
bool meetsTensorRequirements(Operation *op,
                             const TensorRequirements &requirements);

} // namespace mlir::qtosa::ethosu

#endif // QTOSA_LIB_TARGET_ETHOSU_ETHOSURULECHECKS_H
