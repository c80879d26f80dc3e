//===- EthosURuleChecks.cpp - What Vela's rules measure -------------------===//
//
// The measurements behind the rule tables of EthosURules.cpp: each check
// reads one property of an op and compares it with the limits its table
// line passes in. No limit is written here.
//
//===----------------------------------------------------------------------===//

#include "EthosURuleChecks.h"

#include "qtosa/Dialect/QTosa/IR/QTosaDialect.h"
#include "qtosa/Target/EthosU/EthosULegality.h"
#include "qtosa/Utils/ConvGeometry.h"
#include "qtosa/Utils/TosaUtils.h"

#include "mlir/Dialect/Tosa/IR/TargetEnv.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Dialect/Tosa/IR/TosaProfileCompliance.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <memory>
#include <mutex>

using namespace mlir;
using namespace mlir::qtosa;

namespace mlir::qtosa::ethosu {

/// The first tensor operand or result (named for messages) for which
/// `broken` returns a message.
static WhyNot
firstTensor(Operation *op,
            function_ref<WhyNot(StringRef, unsigned, TensorType)> broken) {
  for (OpOperand &operand : op->getOpOperands())
    if (auto type = dyn_cast<TensorType>(operand.get().getType()))
      if (WhyNot verdict = broken("operand", operand.getOperandNumber(), type))
        return verdict;
  for (OpResult result : op->getResults())
    if (auto type = dyn_cast<TensorType>(result.getType()))
      if (WhyNot verdict = broken("result", result.getResultNumber(), type))
        return verdict;
  return {};
}

//===----------------------------------------------------------------------===//
// Rules on every operator
//===----------------------------------------------------------------------===//

/// A call is a host step whatever its types: the NPU runs one flat graph.
WhyNot checkNotCall(Operation *op, Limits) {
  auto call = dyn_cast<CallOpInterface>(op);
  if (!call)
    return {};
  auto callee = dyn_cast<SymbolRefAttr>(call.getCallableForCallee());
  std::string name =
      callee ? "'" + callee.getRootReference().getValue().str() + "'"
             : "an indirect callee";
  if (Attribute hostOp = op->getAttr(kOpaqueHostOpAttrName)) {
    auto opName = dyn_cast<StringAttr>(hostOp);
    // The importer's own reason, where it gave one, is the real cause (an
    // integer tensor without quantization parameters, an LSTM variant not
    // unrolled), not the operator's want of a TOSA form.
    if (auto reason = op->getAttrOfType<StringAttr>(kHostReasonAttrName))
      return WhyNot::format(llvm::formatv(
          "calls {0}: the importer keeps {1} on the host: {2}", name,
          opName ? "'" + opName.getValue().str() + "'" : "the operator",
          reason.getValue()));
    return WhyNot::format(llvm::formatv(
        "calls {0}: the operator {1} has no TOSA form and "
        "runs on the host",
        name, opName ? "'" + opName.getValue().str() + "'" : "it stands for"));
  }
  Operation *target =
      callee ? SymbolTable::lookupNearestSymbolFrom(op, callee) : nullptr;
  auto function = dyn_cast_if_present<CallableOpInterface>(target);
  if (function && function.getCallableRegion() &&
      !function.getCallableRegion()->empty())
    return WhyNot::format(
        llvm::formatv("calls {0}, which was not inlined (the qtosa "
                      "pipelines inline every private function first)",
                      name));
  return WhyNot::format(
      llvm::formatv("calls {0}, a function without a body here", name));
}

WhyNot checkNoFloat(Operation *op, Limits) {
  return firstTensor(
      op, [](StringRef kind, unsigned index, TensorType type) -> WhyNot {
        if (isa<IntegerType>(type.getElementType()))
          return {};
        return WhyNot::format(llvm::formatv("{0} #{1} is a {2} tensor", kind,
                                            index,
                                            typeString(type.getElementType())));
      });
}

WhyNot checkNoBool(Operation *op, Limits) {
  return firstTensor(
      op, [](StringRef kind, unsigned index, TensorType type) -> WhyNot {
        if (!type.getElementType().isInteger(1))
          return {};
        return WhyNot::format(
            llvm::formatv("{0} #{1} is a bool (i1) tensor", kind, index));
      });
}

WhyNot checkNo64Bit(Operation *op, Limits) {
  return firstTensor(
      op, [](StringRef kind, unsigned index, TensorType type) -> WhyNot {
        if (type.getElementTypeBitWidth() < 64)
          return {};
        return WhyNot::format(llvm::formatv("{0} #{1} is a {2} tensor", kind,
                                            index,
                                            typeString(type.getElementType())));
      });
}

WhyNot checkStatic(Operation *op, Limits) {
  return firstTensor(
      op, [](StringRef kind, unsigned index, TensorType type) -> WhyNot {
        if (type.hasStaticShape())
          return {};
        return WhyNot::format(
            llvm::formatv("{0} #{1} ({2}) has a dynamic shape", kind, index,
                          typeString(type)));
      });
}

WhyNot checkRank(Operation *op, Limits limits) {
  int64_t limit = limits[0];
  return firstTensor(
      op, [&](StringRef kind, unsigned index, TensorType type) -> WhyNot {
        return inRange(llvm::formatv("{0} #{1} has rank", kind, index),
                       type.getRank(), 0, limit);
      });
}

bool TensorRequirements::add(CheckFn check, Limits limits) {
  // The walk asks every tensor for an integer element type: checkNoFloat
  // needs nothing more.
  if (check == checkNoFloat)
    return true;
  if (check == checkNoBool)
    notBool = true;
  else if (check == checkNo64Bit)
    below64Bits = true;
  else if (check == checkStatic)
    staticShape = true;
  else if (check == checkRank)
    maxRank = std::min(maxRank.value_or(limits[0]), limits[0]);
  else
    return false;
  return true;
}

/// Whether `type`, when a tensor, keeps what the checks above measure: a
/// ranked tensor of integers, then the same comparisons they make.
static bool meetsTensorRequirements(Type type,
                                    const TensorRequirements &requirements) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return !isa<UnrankedTensorType>(type);
  auto element = dyn_cast<IntegerType>(tensor.getElementType());
  if (!element)
    return false;
  unsigned width = element.getWidth();
  if ((requirements.notBool && width == 1) ||
      (requirements.below64Bits && width >= 64))
    return false;
  ArrayRef<int64_t> shape = tensor.getShape();
  if (requirements.staticShape && ShapedType::isDynamicShape(shape))
    return false;
  return !requirements.maxRank ||
         static_cast<int64_t>(shape.size()) <= *requirements.maxRank;
}

bool meetsTensorRequirements(Operation *op,
                             const TensorRequirements &requirements) {
  return llvm::all_of(op->getOperandTypes(),
                      [&](Type type) {
                        return meetsTensorRequirements(type, requirements);
                      }) &&
         llvm::all_of(op->getResultTypes(), [&](Type type) {
           return meetsTensorRequirements(type, requirements);
         });
}

/// TOSA 1.0 PRO-INT operators: the ones Vela reads from a .tosa file.
static bool isProIntOperator(Operation *op) {
  return isa<
      tosa::ArgMaxOp, tosa::AvgPool2dOp, tosa::Conv2DOp, tosa::Conv3DOp,
      tosa::DepthwiseConv2DOp, tosa::MatMulOp, tosa::MaxPool2dOp,
      tosa::TransposeConv2DOp, tosa::ClampOp, tosa::AddOp,
      tosa::ArithmeticRightShiftOp, tosa::BitwiseAndOp, tosa::BitwiseOrOp,
      tosa::BitwiseXorOp, tosa::IntDivOp, tosa::LogicalAndOp,
      tosa::LogicalLeftShiftOp, tosa::LogicalRightShiftOp, tosa::LogicalOrOp,
      tosa::LogicalXorOp, tosa::MaximumOp, tosa::MinimumOp, tosa::MulOp,
      tosa::SubOp, tosa::TableOp, tosa::AbsOp, tosa::BitwiseNotOp, tosa::ClzOp,
      tosa::LogicalNotOp, tosa::NegateOp, tosa::SelectOp, tosa::EqualOp,
      tosa::GreaterOp, tosa::GreaterEqualOp, tosa::ReduceAllOp,
      tosa::ReduceAnyOp, tosa::ReduceMaxOp, tosa::ReduceMinOp,
      tosa::ReduceSumOp, tosa::ConcatOp, tosa::PadOp, tosa::ReshapeOp,
      tosa::ReverseOp, tosa::SliceOp, tosa::TileOp, tosa::TransposeOp,
      tosa::GatherOp, tosa::ScatterOp, tosa::ResizeOp, tosa::CastOp,
      tosa::RescaleOp, tosa::ConstOp, tosa::ConstShapeOp, tosa::IdentityOp>(op);
}

WhyNot checkProInt(Operation *op, Limits) {
  if (isProIntOperator(op))
    return {};
  if (!isa<tosa::TosaDialect>(op->getDialect()))
    return WhyNot::format(llvm::formatv("'{0}' is not a TOSA operator",
                                        op->getName().getStringRef()));
  return WhyNot::format(
      llvm::formatv("'{0}' is not a TOSA 1.0 PRO-INT operator",
                    op->getName().getStringRef()));
}

/// The ERROR_IFs of TOSA 1.0's RESCALE on its flags, which MLIR 22's
/// verifier does not check and Vela 5.2's validation does (it rejects the
/// delegate: "Scale set to true but input type is INT48").
static WhyNot checkRescaleFlags(tosa::RescaleOp op) {
  if (op.getScale32() && getElementTypeOrSelf(op.getInput()).isInteger(48))
    return "scale32 with an i48 input (TOSA 1.0 RESCALE: "
           "ERROR_IF(scale32 && in_t == i48))";
  if (!op.getScale32() &&
      op.getRoundingMode() == tosa::RoundingMode::DOUBLE_ROUND)
    return "DOUBLE_ROUND without scale32 (TOSA 1.0 RESCALE: "
           "ERROR_IF(!scale32 && rounding_mode == DOUBLE_ROUND))";
  if (op.getInputUnsigned() && op.getOutputUnsigned())
    return "an unsigned input and an unsigned output (TOSA 1.0 RESCALE: "
           "ERROR_IF(input_unsigned && output_unsigned))";
  return {};
}

/// Vela validates every operator against the TOSA 1.0 specification before
/// anything else (an i8 ADD, an i16 weight, an i4 TRANSPOSE fail it); its
/// profile is PRO-INT with EXT-INT16, EXT-INT4 and EXT-DOUBLEROUND on both
/// targets. Upstream's compliance tables say which type combinations those
/// allow; their first complaint is the reason.
/// Upstream's verdict on one op, with its first complaint.
struct ProfileVerdict {
  bool compliant = false;
  std::string reason;
};

namespace {
ProfileVerdict computeProfileVerdict(Operation *op) {
  static thread_local TosaProfileCompliance compliance;
  static thread_local std::optional<tosa::TargetEnv> target;
  ProfileVerdict verdict;
  if (!target) {
    MLIRContext *context = op->getContext();
    auto attr =
        tosa::TargetEnvAttr::get(context, tosa::SpecificationVersion::V_1_0,
                                 tosa::Level::eightK, {tosa::Profile::pro_int},
                                 {tosa::Extension::int16, tosa::Extension::int4,
                                  tosa::Extension::doubleround});
    FailureOr<tosa::TargetEnv> env =
        tosa::TargetEnv::createTargetEnvFromAttr(attr, op->getLoc());
    if (failed(env)) {
      verdict.reason = "internal: no TOSA 1.0 PRO-INT target environment";
      return verdict;
    }
    target = *env;
  }
  // The checks say why through diagnostics. The partition checks functions
  // on several threads of one context, whose handlers all see every
  // diagnostic: take only those at this op, pass the others on.
  Location at = op->getLoc();
  ScopedDiagnosticHandler capture(op->getContext(), [&](Diagnostic &diag) {
    if (diag.getLocation() != at)
      return failure();
    if (verdict.reason.empty())
      verdict.reason = diag.str();
    return success();
  });
  verdict.compliant = succeeded(compliance.checkInvalid(op)) &&
                      succeeded(compliance.checkProfile(op, *target)) &&
                      succeeded(compliance.checkExtension(op, *target));
  return verdict;
}

thread_local ProfileVerdictCache *currentProfileCache = nullptr;
} // namespace

/// Keyed by the uniqued pointers of an op's name, types and attributes,
/// which stay valid while the context of the partition that owns the cache
/// lives; several threads of that partition share it.
class ProfileVerdictCache {
public:
  const ProfileVerdict &verdictOf(Operation *op) {
    std::string key;
    auto add = [&key](const void *pointer) {
      key.append(reinterpret_cast<const char *>(&pointer), sizeof pointer);
    };
    add(op->getName().getAsOpaquePointer());
    for (Type type : op->getOperandTypes())
      add(type.getAsOpaquePointer());
    add(nullptr);
    for (Type type : op->getResultTypes())
      add(type.getAsOpaquePointer());
    add(op->getRawDictionaryAttrs().getAsOpaquePointer());
    {
      std::lock_guard<std::mutex> lock(mutex);
      auto found = verdicts.find(key);
      if (found != verdicts.end())
        return found->second;
    }
    ProfileVerdict verdict = computeProfileVerdict(op);
    std::lock_guard<std::mutex> lock(mutex);
    // StringMap entries do not move: the reference outlives the lock.
    return verdicts.try_emplace(key, std::move(verdict)).first->second;
  }

private:
  std::mutex mutex;
  llvm::StringMap<ProfileVerdict> verdicts;
};

std::shared_ptr<ProfileVerdictCache> makeProfileCache() {
  return std::make_shared<ProfileVerdictCache>();
}

ProfileCacheScope::ProfileCacheScope(ProfileVerdictCache *cache)
    : previous(currentProfileCache) {
  currentProfileCache = cache;
}

ProfileCacheScope::~ProfileCacheScope() { currentProfileCache = previous; }

/// Vela validates every operator against the TOSA 1.0 specification before
/// anything else (an i8 ADD, an i16 weight, an i4 TRANSPOSE fail it); its
/// profile is PRO-INT with EXT-INT16, EXT-INT4 and EXT-DOUBLEROUND on both
/// targets. Upstream's compliance tables say which type combinations those
/// allow; their first complaint is the reason.
WhyNot checkTosaProfile(Operation *op, Limits) {
  if (!isa<tosa::TosaDialect>(op->getDialect()) ||
      isa<tosa::ConstOp, tosa::ConstShapeOp>(op))
    return {};
  // Upstream's checks copy their whole compliance tables on every call
  // (about 0.1 ms an op: 10 s of a 100k-op model), and their verdict
  // depends only on the op's name, types and attributes: one check per
  // distinct signature. A partition keys its verdicts by uniqued pointers
  // (ProfileCacheScope); without one the key is printed, because a process
  // (the Python module) creates and destroys contexts whose storage a later
  // one may reuse.
  const ProfileVerdict *verdict;
  if (currentProfileCache) {
    verdict = &currentProfileCache->verdictOf(op);
  } else {
    std::string key;
    {
      llvm::raw_string_ostream os(key);
      os << op->getName() << '(';
      llvm::interleaveComma(op->getOperandTypes(), os);
      os << ")->(";
      llvm::interleaveComma(op->getResultTypes(), os);
      os << ')' << op->getRawDictionaryAttrs();
    }
    static thread_local llvm::StringMap<ProfileVerdict> verdicts;
    auto [cached, inserted] = verdicts.try_emplace(key);
    if (inserted)
      cached->second = computeProfileVerdict(op);
    verdict = &cached->second;
  }
  const std::string &reason = verdict->reason;
  if (verdict->compliant) {
    if (auto rescale = dyn_cast<tosa::RescaleOp>(op))
      return checkRescaleFlags(rescale);
    return {};
  }
  if (reason.empty())
    return WhyNot("not TOSA 1.0 PRO-INT (with EXT-INT16, EXT-INT4, "
                  "EXT-DOUBLEROUND)");
  // Upstream says "... data types did not align with any profile or
  // extension, got (i8,i8,i8), did you mean (i32,i32,i32)? Otherwise, ...".
  StringRef text = StringRef(reason).trim();
  size_t got = text.find("got (");
  if (got != StringRef::npos) {
    StringRef types = text.substr(got + 4);
    StringRef have = types.take_until([](char c) { return c == ')'; });
    size_t mean = types.find("did you mean (");
    std::string nearest;
    if (mean != StringRef::npos)
      nearest =
          (", nearest allowed " +
           types.substr(mean + 13).take_until([](char c) { return c == ')'; }) +
           ")")
              .str();
    return WhyNot::format(llvm::formatv(
        "operand and result types {0}) are not TOSA 1.0 PRO-INT (with "
        "EXT-INT16, EXT-INT4, EXT-DOUBLEROUND){1}",
        have, nearest));
  }
  text.consume_front("illegal: ");
  return WhyNot::format(
      llvm::formatv("not TOSA 1.0 PRO-INT (with EXT-INT16, EXT-INT4, "
                    "EXT-DOUBLEROUND): {0}",
                    text));
}

/// Operators of PRO-INT that Vela does not compile for Ethos-U55/U65.
WhyNot checkU55Operator(Operation *op, Limits) {
  if (!isa<tosa::BitwiseAndOp, tosa::BitwiseOrOp, tosa::BitwiseXorOp,
           tosa::BitwiseNotOp, tosa::IntDivOp, tosa::LogicalAndOp,
           tosa::LogicalOrOp, tosa::LogicalXorOp, tosa::LogicalNotOp,
           tosa::LogicalRightShiftOp, tosa::SelectOp, tosa::EqualOp,
           tosa::GreaterOp, tosa::GreaterEqualOp, tosa::ReduceAllOp,
           tosa::ReduceAnyOp, tosa::GatherOp, tosa::ScatterOp>(op))
    return {};
  return WhyNot::format(llvm::formatv("'{0}' is not supported on Ethos-U55/U65",
                                      op->getName().getStringRef()));
}

//===----------------------------------------------------------------------===//
// Convolutions
//===----------------------------------------------------------------------===//

WhyNot checkConvTypes(Operation *op, Limits) {
  ConvGeometry g = getConvGeometry(op);
  Type in = elementOf(g.input), w = elementOf(g.weight),
       acc = elementOf(op->getResult(0));
  if ((isInt(in, 8) && isInt(w, 8) && isInt(acc, 32)) ||
      (isInt(in, 8) && isInt(w, 4) && isInt(acc, 32)) ||
      (isInt(in, 16) && isInt(w, 8) && isInt(acc, 48)))
    return {};
  return WhyNot::format(
      llvm::formatv("(input, weight, accumulator) is ({0}, {1}, {2})",
                    typeString(in), typeString(w), typeString(acc)));
}

/// Vela 5.2 compiles no 16x8 transposed convolution for Ethos-U55 (found by
/// compiling one; its documentation lists (i16, i8, i48)).
WhyNot checkTransposeConvTypes(Operation *op, Limits) {
  ConvGeometry g = getConvGeometry(op);
  Type in = elementOf(g.input), w = elementOf(g.weight),
       acc = elementOf(op->getResult(0));
  if (isInt(in, 8) && (isInt(w, 8) || isInt(w, 4)) && isInt(acc, 32))
    return {};
  return WhyNot::format(
      llvm::formatv("(input, weight, accumulator) is ({0}, {1}, {2})",
                    typeString(in), typeString(w), typeString(acc)));
}

WhyNot checkAccumulatorRescaled(Operation *op, Limits) {
  Value result = op->getResult(0);
  if (!isInt(elementOf(result), 48))
    return {};
  if (result.use_empty())
    return "the i48 accumulator has no tosa.rescale user";
  for (Operation *user : result.getUsers())
    if (!isa<tosa::RescaleOp>(user))
      return WhyNot::format(
          llvm::formatv("the i48 accumulator feeds '{0}', not a "
                        "tosa.rescale",
                        user->getName().getStringRef()));
  // Vela writes no i48 tensor: it fuses one rescale into the convolution
  // (two made it reject the convolution, found by the Vela sweep), and a
  // rescale the specification forbids stays on the host, and the
  // accumulator with it.
  if (!result.hasOneUse())
    return "the i48 accumulator is read by more than one tosa.rescale "
           "(Vela fuses one and writes no i48 tensor)";
  if (WhyNot why = checkTosaProfile(*result.user_begin(), {}))
    return WhyNot::format("the i48 accumulator's tosa.rescale is not "
                          "TOSA 1.0: " +
                          why.str());
  return {};
}

WhyNot checkConstWeights(Operation *op, Limits) {
  ConvGeometry g = getConvGeometry(op);
  if (!matchPattern(g.weight, m_Constant()))
    return "the weights are not a constant";
  if (!matchPattern(g.bias, m_Constant()))
    return "the bias is not a constant";
  return {};
}

WhyNot checkConvChannels(Operation *op, Limits limits) {
  int64_t limit = limits[0];
  ConvGeometry g = getConvGeometry(op);
  if (WhyNot v = inRange("input channels", g.inC, 1, limit))
    return v;
  return inRange("output channels", g.outC, 1, limit);
}

WhyNot checkConvInputChannels(Operation *op, Limits limits) {
  return inRange("input channels", getConvGeometry(op).inC, 1, limits[0]);
}

WhyNot checkKernelDepth(Operation *op, Limits limits) {
  int64_t limit = limits[0];
  return inRange("kernel depth", getConvGeometry(op).kernelD, 1, limit);
}

/// Stride height and width both in 1..limit.
static WhyNot checkStrideSize(int64_t height, int64_t width, int64_t limit) {
  if (WhyNot v = inRange("stride height", height, 1, limit))
    return v;
  return inRange("stride width", width, 1, limit);
}

WhyNot checkConvStride(Operation *op, Limits limits) {
  ConvGeometry g = getConvGeometry(op);
  return checkStrideSize(g.strideH, g.strideW, limits[0]);
}

WhyNot checkTransposeConvStride(Operation *op, Limits) {
  ConvGeometry g = getConvGeometry(op);
  int64_t y = g.strideH, x = g.strideW;
  if ((y == 1 && x == 1) || (y == 2 && x == 2))
    return {};
  if (y == 1 && x == 2) {
    if (g.inH == 1 && g.kernelH == 1)
      return {};
    return WhyNot::format(
        llvm::formatv("stride 1x2 needs input height and kernel height 1, "
                      "not {0} and {1}",
                      g.inH, g.kernelH));
  }
  if (y == 2 && x == 1) {
    if (g.inW == 1 && g.kernelW == 1)
      return {};
    return WhyNot::format(
        llvm::formatv("stride 2x1 needs input width and kernel width 1, "
                      "not {0} and {1}",
                      g.inW, g.kernelW));
  }
  return WhyNot::format(
      llvm::formatv("stride {0}x{1} is not 1x1, 2x2, 1x2 or 2x1", y, x));
}

//===----------------------------------------------------------------------===//
// Pooling
//===----------------------------------------------------------------------===//

struct PoolGeometry {
  int64_t n, h, w, c;
  int64_t kernelH, kernelW, strideH, strideW;
  bool padded;
};

static PoolGeometry getPoolGeometry(Operation *op) {
  ArrayRef<int64_t> in = tensorOf(op->getOperand(0)).getShape();
  ArrayRef<int64_t> kernel, stride, pad;
  if (auto pool = dyn_cast<tosa::AvgPool2dOp>(op))
    kernel = pool.getKernel(), stride = pool.getStride(), pad = pool.getPad();
  else {
    auto maxPool = cast<tosa::MaxPool2dOp>(op);
    kernel = maxPool.getKernel(), stride = maxPool.getStride(),
    pad = maxPool.getPad();
  }
  bool padded = llvm::any_of(pad, [](int64_t p) { return p != 0; });
  return {in[0],     in[1],     in[2],     in[3], kernel[0],
          kernel[1], stride[0], stride[1], padded};
}

WhyNot checkPoolInput(Operation *op, Limits limits) {
  int64_t limit = limits[0];
  PoolGeometry g = getPoolGeometry(op);
  return inRange("input channels", g.c, 1, limit);
}

WhyNot checkPaddedPoolKernel(Operation *op, Limits limits) {
  int64_t limit = limits[0];
  PoolGeometry g = getPoolGeometry(op);
  if (!g.padded)
    return {};
  if (WhyNot v = inRange("with padding, kernel height", g.kernelH, 1, limit))
    return v;
  return inRange("with padding, kernel width", g.kernelW, 1, limit);
}

} // namespace mlir::qtosa::ethosu
