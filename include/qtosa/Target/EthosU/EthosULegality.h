//===- EthosULegality.h - What Vela compiles for Ethos-U --------*- C++ -*-===//
//
// The operator rules of Arm's Vela compiler for TOSA on Ethos-U, as a
// ConversionTarget: an op is legal when Vela would place it on the NPU. Vela
// compiles TOSA with no CPU fallback, so an op this target calls legal must
// compile, and an op it rejects names the rule and the value that broke it.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_TARGET_ETHOSU_ETHOSULEGALITY_H
#define QTOSA_TARGET_ETHOSU_ETHOSULEGALITY_H

#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

// EthosUTarget and its names (EthosUEnums.td).
#include "qtosa/Target/EthosU/EthosUEnums.h.inc"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir {
namespace qtosa {

/// What a broken rule is about; the partitioner traces a float tensor to the
/// pass that left it in float, and reports may group by kind.
enum class EthosURuleKind {
  /// A call: the NPU runs one flat graph.
  Call,
  /// A float tensor: the op was not lowered to integers.
  FloatTensor,
  /// The operator itself has no NPU form on this target.
  Operator,
  /// A tensor property every op must have (type, static shape, rank).
  Tensor,
  /// A limit of this operator (kernel, stride, sizes, types).
  OperatorLimit,
};

/// A broken rule: its stable ID (for example "U55.CONV2D.KERNEL_H"), a
/// message naming the value and the limit ("kernel height 65 exceeds 64"),
/// and what the rule is about.
struct EthosUViolation {
  std::string rule;
  std::string reason;
  EthosURuleKind kind = EthosURuleKind::OperatorLimit;
};

/// The first rule of `target` that `op` breaks, or nullopt when Vela places
/// `op` on the NPU. tosa.const and tosa.const_shape are always legal.
std::optional<EthosUViolation> checkEthosULegality(Operation *op,
                                                   EthosUTarget target);

/// Writes the rule table of `target` as Markdown (docs/generated).
void printEthosURules(llvm::raw_ostream &os, EthosUTarget target);

/// One rule of a target's table, as the table holds it.
struct EthosURuleInfo {
  std::string id;       // e.g. "U55.CONV2D.CHANNELS"
  llvm::StringRef op;   // a TOSA op name, or "*" for every op
  llvm::StringRef text; // the constraint
};

/// The rules of `target` in the order they are checked (what
/// printEthosURules writes as Markdown, as values).
std::vector<EthosURuleInfo> getEthosURules(EthosUTarget target);

namespace ethosu {
class ProfileVerdictCache;
} // namespace ethosu

/// TOSA ops are dynamically legal by the rules of one target; ops of other
/// dialects are illegal (they run on the host), except what a user marks
/// legal on top.
class EthosUConversionTarget : public ConversionTarget {
public:
  EthosUConversionTarget(MLIRContext &context, EthosUTarget target);

  EthosUTarget getTarget() const { return target; }

  /// Why `op` is not legal here, or nullopt when it is.
  std::optional<EthosUViolation> explain(Operation *op) const;

private:
  EthosUTarget target;
  /// The TOSA profile check's verdicts for this target's context.
  std::shared_ptr<ethosu::ProfileVerdictCache> profileVerdicts;
};

} // namespace qtosa
} // namespace mlir

#endif // QTOSA_TARGET_ETHOSU_ETHOSULEGALITY_H
