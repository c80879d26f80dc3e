//===- Execute.cpp - Run a qtosa or TOSA function in process --------------===//
//
// The compiled function is called through its C interface
// (llvm.emit_c_interface): every memref crosses as a pointer to a
// descriptor {allocated, aligned, offset, sizes[rank], strides[rank]}, and
// the results come back through a pointer, passed first, to one descriptor
// or to a struct of them. All descriptor fields are 8 bytes wide, so a
// struct of descriptors is their concatenation as int64 words.
//
//===----------------------------------------------------------------------===//

#include "qtosa/Execution/Execute.h"

#include "HostKernels.h"

#include "qtosa/Dialect/QTosa/IR/QTosaDialect.h"
#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"
#include "qtosa/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cstring>
#include <mutex>

#ifndef QTOSA_MLIR_LIBRARY_DIR
#define QTOSA_MLIR_LIBRARY_DIR "/usr/lib/llvm-22/lib"
#endif

using namespace mlir;
using namespace mlir::qtosa;

//===----------------------------------------------------------------------===//
// Element types and tensors
//===----------------------------------------------------------------------===//

StringRef mlir::qtosa::stringifyElementType(ElementType type) {
  switch (type) {
  case ElementType::I1:
    return "i1";
  case ElementType::I8:
    return "i8";
  case ElementType::I16:
    return "i16";
  case ElementType::I32:
    return "i32";
  case ElementType::I64:
    return "i64";
  case ElementType::F16:
    return "f16";
  case ElementType::BF16:
    return "bf16";
  case ElementType::F32:
    return "f32";
  case ElementType::F64:
    return "f64";
  }
  llvm_unreachable("unknown element type");
}

std::optional<ElementType> mlir::qtosa::getElementType(Type type) {
  if (auto integer = dyn_cast<IntegerType>(type)) {
    // Unsigned and signed integers are other types to TOSA; stored integers
    // live in signless tensors.
    if (!integer.isSignless())
      return std::nullopt;
    switch (integer.getWidth()) {
    case 1:
      return ElementType::I1;
    case 8:
      return ElementType::I8;
    case 16:
      return ElementType::I16;
    case 32:
      return ElementType::I32;
    case 64:
      return ElementType::I64;
    default:
      return std::nullopt;
    }
  }
  if (type.isF16())
    return ElementType::F16;
  if (type.isBF16())
    return ElementType::BF16;
  if (type.isF32())
    return ElementType::F32;
  if (type.isF64())
    return ElementType::F64;
  return std::nullopt;
}

size_t mlir::qtosa::getByteWidth(ElementType type) {
  switch (type) {
  case ElementType::I1:
  case ElementType::I8:
    return 1;
  case ElementType::I16:
  case ElementType::F16:
  case ElementType::BF16:
    return 2;
  case ElementType::I32:
  case ElementType::F32:
    return 4;
  case ElementType::I64:
  case ElementType::F64:
    return 8;
  }
  llvm_unreachable("unknown element type");
}

Tensor::Tensor(ElementType elementType, ArrayRef<int64_t> shape)
    : elementType(elementType), shape(shape.begin(), shape.end()) {
  data.assign(static_cast<size_t>(getNumElements()) * getByteWidth(elementType),
              0);
}

int64_t Tensor::getNumElements() const {
  int64_t count = 1;
  for (int64_t size : shape)
    count *= size;
  return count;
}

static std::string shapeString(ArrayRef<int64_t> shape, ElementType type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  for (int64_t size : shape) {
    if (ShapedType::isDynamic(size))
      os << "?";
    else
      os << size;
    os << "x";
  }
  os << stringifyElementType(type);
  return text;
}

std::string Tensor::getTypeString() const {
  return shapeString(shape, elementType);
}

std::string TensorSignature::getTypeString() const {
  return shapeString(shape, elementType);
}

//===----------------------------------------------------------------------===//
// Setup shared by every compilation
//===----------------------------------------------------------------------===//

StringRef mlir::qtosa::getTosaToLLVMPipeline() {
  // test/lit.cfg.py's %tosa-to-llvm, plus buffer-deallocation-pipeline.
  return "builtin.module("
         "func.func(tosa-optional-decompositions,tosa-to-linalg-named,"
         "tosa-to-linalg,tosa-to-arith{include-apply-rescale=true},"
         "tosa-to-tensor),"
         "one-shot-bufferize{bufferize-function-boundaries "
         "function-boundary-type-conversion=identity-layout-map},"
         "buffer-deallocation-pipeline,convert-bufferization-to-memref,"
         "func.func(convert-linalg-to-loops,math-expand-ops{ops=rsqrt,ctlz}),"
         "convert-math-to-libm,convert-scf-to-cf,"
         "expand-strided-metadata,lower-affine,convert-to-llvm,"
         "reconcile-unrealized-casts)";
}

/// The native target, the upstream passes the textual pipeline names, and
/// the registry with every dialect, interface model and LLVM IR
/// translation the lowering needs: once per process.
static const DialectRegistry &getLoweringRegistry() {
  static const DialectRegistry *registry = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    registerAllPasses();
    auto *result = new DialectRegistry();
    registerAllDialects(*result);
    registerAllExtensions(*result);
    registerBuiltinDialectTranslation(*result);
    registerLLVMDialectTranslation(*result);
    return result;
  }();
  return *registry;
}

static llvm::Error makeError(const Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

static std::string locationString(Location loc) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (auto fileLoc = loc->findInstanceOf<FileLineColLoc>())
    os << fileLoc.getFilename().getValue() << ":" << fileLoc.getLine() << ":"
       << fileLoc.getColumn();
  else
    loc.print(os);
  return text;
}

/// The signature of one boundary value, or an error naming it.
static llvm::Expected<TensorSignature> getSignature(Type type,
                                                    const Twine &what,
                                                    bool allowDynamic,
                                                    StringRef description) {
  auto tensorType = dyn_cast<RankedTensorType>(type);
  std::string typeText;
  llvm::raw_string_ostream os(typeText);
  type.print(os);
  if (!tensorType)
    return makeError(description + ": " + what + " has type " + typeText +
                     "; only ranked tensors can be passed");
  std::optional<ElementType> elementType =
      getElementType(tensorType.getElementType());
  if (!elementType)
    return makeError(description + ": " + what + " has type " + typeText +
                     "; supported element types are i1, i8, i16, i32, i64, "
                     "f16, bf16, f32 and f64");
  if (!allowDynamic && !tensorType.hasStaticShape())
    return makeError(description + ": " + what + " has type " + typeText +
                     "; arguments must have static shapes");
  return TensorSignature{*elementType,
                         std::vector<int64_t>(tensorType.getShape().begin(),
                                              tensorType.getShape().end())};
}

/// Whether anything in `module` is of the quant dialect: an op or a
/// quant-typed value, both of which qtosa-import-qdq replaces.
static bool hasQuantIR(ModuleOp module) {
  auto isQuant = [](Type type) {
    return isa<quant::QuantizedType>(getElementTypeOrSelf(type));
  };
  WalkResult result = module.walk([&](Operation *op) {
    if (op->getDialect() && op->getDialect()->getNamespace() == "quant")
      return WalkResult::interrupt();
    if (llvm::any_of(op->getResultTypes(), isQuant) ||
        llvm::any_of(op->getOperandTypes(), isQuant))
      return WalkResult::interrupt();
    if (auto function = dyn_cast<func::FuncOp>(op))
      if (llvm::any_of(function.getArgumentTypes(), isQuant) ||
          llvm::any_of(function.getResultTypes(), isQuant))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// qtosa's own passes, as far as the module needs them, so that only plain
/// TOSA (and func) is left for the upstream lowering.
static LogicalResult lowerQTosa(ModuleOp module) {
  bool quant = hasQuantIR(module);
  bool delegates = false, qdq = false;
  module.walk([&](Operation *op) {
    delegates |= isa<DelegateOp>(op);
    qdq |= isa<QuantizeOp, DequantizeOp>(op);
  });
  if (!quant && !delegates && !qdq)
    return success();
  PassManager pm(module->getContext());
  if (delegates)
    pm.addNestedPass<func::FuncOp>(createInlineDelegatesPass());
  if (quant)
    pm.addPass(createImportQDQPass());
  // Import makes quantize/dequantize of what was quant IR. MLIR's own
  // lowering runs casts to any width, so storage TOSA has no tensors of
  // (i4 activations, i6) executes too.
  if (quant || qdq) {
    ExpandQDQPassOptions expand;
    expand.anyStorageWidth = true;
    pm.addNestedPass<func::FuncOp>(createExpandQDQPass(expand));
  }
  return pm.run(module);
}

//===----------------------------------------------------------------------===//
// Executable
//===----------------------------------------------------------------------===//

/// A function of `module` reachable from `entry` that calls itself, directly
/// or through others, with the call that closes the cycle. TOSA has no
/// recursion and a compiled recursive call never returns: the process
/// would run out of stack (or, while qtosa inlines, of memory).
static std::optional<std::pair<func::FuncOp, func::CallOp>>
findRecursion(ModuleOp module, func::FuncOp entry) {
  enum class State { Visiting, Done };
  llvm::DenseMap<Operation *, State> states;
  std::optional<std::pair<func::FuncOp, func::CallOp>> found;
  // Iterative depth-first search: the call graph itself is user input.
  SmallVector<std::pair<func::FuncOp, SmallVector<func::CallOp>>> stack;
  auto push = [&](func::FuncOp function) {
    states[function] = State::Visiting;
    SmallVector<func::CallOp> calls;
    function.walk([&](func::CallOp call) { calls.push_back(call); });
    std::reverse(calls.begin(), calls.end());
    stack.push_back({function, std::move(calls)});
  };
  push(entry);
  while (!stack.empty() && !found) {
    auto &[function, calls] = stack.back();
    if (calls.empty()) {
      states[function] = State::Done;
      stack.pop_back();
      continue;
    }
    func::CallOp call = calls.pop_back_val();
    auto callee = module.lookupSymbol<func::FuncOp>(call.getCallee());
    if (!callee || callee.isExternal())
      continue;
    auto state = states.find(callee);
    if (state == states.end())
      push(callee);
    else if (state->second == State::Visiting)
      found = {callee, call};
  }
  return found;
}

Executable::Executable() = default;
Executable::~Executable() = default;

/// A whole model is one function, and LLVM's O1 and O2 loop passes take time
/// superlinear in a function's size (20 s for a MobileNetV2 of 400 TOSA ops,
/// where its O0 code generation takes half a second; ExecuTorch's
/// convnext_tiny as integer TOSA, 1453 ops, 5 s at O0, 35 s at O1 and more
/// than 20 minutes at O2, its loop unrolling asking ScalarEvolution for loop
/// guards across the whole function; shufflenet_v2's 454 ops 0.9 s at O0
/// and 3.5 s at O2). Above this many ops the default is O0; a harness that
/// compiles many models to run them a few times, as test/Factory does, sets
/// QTOSA_JIT_OPT_LEVEL=0 for all.
constexpr int64_t kLargeFunctionOps = 1000;

unsigned mlir::qtosa::getDefaultJitOptLevel(Operation *function) {
  int64_t ops = 0;
  function->walk([&](Operation *) { ++ops; });
  return ops > kLargeFunctionOps ? 0 : 2;
}

/// LLVM's optimization level for the JIT: QTOSA_JIT_OPT_LEVEL (0 to 3), or
/// getDefaultJitOptLevel when unset.
static llvm::Expected<unsigned> getJitOptLevel(func::FuncOp function) {
  const char *value = std::getenv("QTOSA_JIT_OPT_LEVEL");
  if (!value)
    return getDefaultJitOptLevel(function);
  StringRef text(value);
  unsigned level;
  if (text.getAsInteger(10, level) || level > 3)
    return makeError("QTOSA_JIT_OPT_LEVEL is '" + text +
                     "': give LLVM's optimization level, 0 to 3");
  return level;
}

llvm::Expected<std::unique_ptr<Executable>>
Executable::compile(ModuleOp module, StringRef function) {
  MLIRContext *context = module->getContext();
  auto original = module.lookupSymbol<func::FuncOp>(function);
  if (!original) {
    std::string names;
    for (auto candidate : module.getOps<func::FuncOp>())
      if (!candidate.isExternal())
        names += (names.empty() ? "@" : ", @") + candidate.getName().str();
    return makeError(
        "no function @" + function + " in the module" +
        (names.empty() ? std::string() : " (functions: " + names + ")"));
  }
  if (original.isExternal())
    return makeError("@" + function + " at " +
                     locationString(original.getLoc()) +
                     " is a declaration without a body");

  llvm::Expected<unsigned> optLevel = getJitOptLevel(original);
  if (!optLevel)
    return optLevel.takeError();
  std::unique_ptr<Executable> executable(new Executable());
  executable->description =
      ("@" + function + " at " + locationString(original.getLoc())).str();

  context->appendDialectRegistry(getLoweringRegistry());
  OwningOpRef<ModuleOp> clone = module.clone();
  // Only the entry and what it calls are compiled: another function that
  // does not lower (dynamic shapes, unsupported types) must not stop it.
  for (auto candidate : clone->getOps<func::FuncOp>())
    candidate.setVisibility(candidate.getName() == function
                                ? SymbolTable::Visibility::Public
                                : SymbolTable::Visibility::Private);
  // Host calls the engine has a kernel for run as TOSA ops; their
  // declarations then have no callers and go with the other functions.
  Operation *failedCall = nullptr;
  std::string whyNotExpanded;
  if (failed(expandHostKernels(*clone, failedCall, whyNotExpanded)))
    return makeError(executable->description + " cannot run " +
                     locationString(failedCall->getLoc()) + ": " +
                     whyNotExpanded);
  PassManager dce(context);
  dce.addPass(createSymbolDCEPass());
  if (failed(dce.run(*clone)))
    return makeError(executable->description +
                     ": removing the functions it does not call failed");
  if (std::optional<std::pair<func::FuncOp, func::CallOp>> recursion =
          findRecursion(*clone, clone->lookupSymbol<func::FuncOp>(function)))
    return makeError(executable->description + " reaches a recursive call: @" +
                     recursion->first.getName() + " is called again at " +
                     locationString(recursion->second.getLoc()) +
                     " while it runs, which TOSA cannot express and qtosa "
                     "does not execute");
  if (failed(lowerQTosa(*clone)))
    return makeError(executable->description +
                     ": qtosa's expansion to plain TOSA failed");

  // A call of a function without a body links only if the process or the
  // runner library defines it (printMemrefF32 does; an op an importer could
  // not convert, left as a call of @tflite.SVDF, does not). Checked here,
  // the error names the callee; the JIT would only fail to link.
  std::string runtimeError;
  llvm::sys::DynamicLibrary::LoadLibraryPermanently(nullptr, &runtimeError);
  std::string runtime =
      (Twine(QTOSA_MLIR_LIBRARY_DIR) + "/libmlir_c_runner_utils.so").str();
  bool haveRuntime = llvm::sys::fs::exists(runtime);
  if (haveRuntime)
    llvm::sys::DynamicLibrary::LoadLibraryPermanently(runtime.c_str(),
                                                      &runtimeError);
  for (auto declaration : clone->getOps<func::FuncOp>()) {
    if (!declaration.isExternal())
      continue;
    if (!llvm::sys::DynamicLibrary::SearchForAddressOfSymbol(
            declaration.getName().str()))
      return makeError(executable->description + " calls @" +
                       declaration.getName() + ", declared at " +
                       locationString(declaration.getLoc()) +
                       " without a body, and nothing in the process defines "
                       "it");
  }

  // The signature after import: quant-typed arguments are storage tensors
  // now, which is what the caller passes.
  auto entry = clone->lookupSymbol<func::FuncOp>(function);
  if (!entry)
    return makeError(executable->description +
                     ": the function is gone after qtosa's passes");
  for (auto [index, type] : llvm::enumerate(entry.getArgumentTypes())) {
    llvm::Expected<TensorSignature> signature =
        getSignature(type, "argument #" + Twine(index), /*allowDynamic=*/false,
                     executable->description);
    if (!signature)
      return signature.takeError();
    executable->inputs.push_back(std::move(*signature));
  }
  for (auto [index, type] : llvm::enumerate(entry.getResultTypes())) {
    llvm::Expected<TensorSignature> signature =
        getSignature(type, "result #" + Twine(index), /*allowDynamic=*/true,
                     executable->description);
    if (!signature)
      return signature.takeError();
    executable->outputs.push_back(std::move(*signature));
  }

  // qtosa-integer-io's parameters are for qtosa's passes; the lowering has
  // no use for them.
  for (auto candidate : clone->getOps<func::FuncOp>()) {
    for (unsigned i = 0, e = candidate.getNumArguments(); i < e; ++i)
      candidate.removeArgAttr(i, "qtosa.qtype");
    for (unsigned i = 0, e = candidate.getNumResults(); i < e; ++i)
      candidate.removeResultAttr(i, StringAttr::get(context, "qtosa.qtype"));
  }
  entry->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                 UnitAttr::get(context));
  // The caller's buffers are passed as they are: bufferization copies an
  // argument before anything would write to it.
  for (unsigned i = 0, e = entry.getNumArguments(); i < e; ++i)
    entry.setArgAttr(i, bufferization::BufferizationDialect::kWritableAttrName,
                     BoolAttr::get(context, false));

  std::string parseErrors;
  llvm::raw_string_ostream parseErrorStream(parseErrors);
  FailureOr<OpPassManager> pipeline =
      parsePassPipeline(getTosaToLLVMPipeline(), parseErrorStream);
  if (failed(pipeline))
    return makeError("the TOSA -> LLVM pipeline does not parse: " +
                     parseErrors);
  PassManager pm(context);
  static_cast<OpPassManager &>(pm) = *pipeline;
  // MLIR's lowering runs a negative resize offset wrong; the same samples
  // from offsets of 0 and above run right (NonNegativeResizeOffsetsPass).
  // Indices out of range and traps of integer division read other memory
  // or end the process there (GuardRequirementsPass).
  PassManager prepare(context);
  prepare.addPass(createNonNegativeResizeOffsetsPass());
  prepare.addPass(createGuardRequirementsPass());
  if (failed(prepare.run(*clone)) || failed(pm.run(*clone)))
    return makeError(executable->description +
                     ": MLIR's TOSA -> Linalg -> LLVM lowering failed");

  // memrefCopy and friends, for copies the lowering leaves as calls.
  SmallVector<StringRef, 1> libraries;
  if (haveRuntime)
    libraries.push_back(runtime);
  auto transformer = makeOptimizingTransformer(*optLevel,
                                               /*sizeLevel=*/0,
                                               /*targetMachine=*/nullptr);
  ExecutionEngineOptions options;
  options.transformer = transformer;
  options.jitCodeGenOptLevel = static_cast<llvm::CodeGenOptLevel>(*optLevel);
  options.sharedLibPaths = libraries;
  options.enableGDBNotificationListener = false;
  options.enablePerfNotificationListener = false;
  llvm::Expected<std::unique_ptr<ExecutionEngine>> engine =
      ExecutionEngine::create(*clone, options);
  if (!engine)
    return makeError(executable->description + ": JIT compilation failed: " +
                     llvm::toString(engine.takeError()));
  executable->engine = std::move(*engine);
  llvm::Expected<void (*)(void **)> packed =
      executable->engine->lookupPacked(("_mlir_ciface_" + function).str());
  if (!packed)
    return makeError(executable->description +
                     ": no C interface after lowering: " +
                     llvm::toString(packed.takeError()));
  executable->entry = *packed;
  return executable;
}

namespace {

/// A memref descriptor as int64 words: allocated, aligned, offset, sizes,
/// strides.
struct DescriptorView {
  int64_t *words;
  int64_t rank;

  void *allocated() const { return reinterpret_cast<void *>(words[0]); }
  uint8_t *aligned() const { return reinterpret_cast<uint8_t *>(words[1]); }
  int64_t offset() const { return words[2]; }
  int64_t size(int64_t dim) const { return words[3 + dim]; }
  int64_t stride(int64_t dim) const { return words[3 + rank + dim]; }

  static size_t getNumWords(int64_t rank) { return 3 + 2 * rank; }
};

/// Copies a strided memref into a dense tensor, C order.
void copyOut(const DescriptorView &view, Tensor &tensor) {
  size_t width = getByteWidth(tensor.elementType);
  int64_t count = tensor.getNumElements();
  if (count == 0)
    return;
  uint8_t *out = tensor.data.data();
  // The usual case, a dense row-major buffer, is one copy.
  bool dense = true;
  int64_t expected = 1;
  for (int64_t dim = view.rank - 1; dim >= 0; --dim) {
    dense &= view.size(dim) == 1 || view.stride(dim) == expected;
    expected *= view.size(dim);
  }
  if (dense) {
    std::memcpy(out, view.aligned() + view.offset() * width, count * width);
    return;
  }
  SmallVector<int64_t> index(view.rank, 0);
  for (int64_t linear = 0; linear < count; ++linear) {
    int64_t element = view.offset();
    for (int64_t dim = 0; dim < view.rank; ++dim)
      element += index[dim] * view.stride(dim);
    std::memcpy(out + linear * width, view.aligned() + element * width, width);
    for (int64_t dim = view.rank - 1; dim >= 0; --dim) {
      if (++index[dim] < view.size(dim))
        break;
      index[dim] = 0;
    }
  }
}

} // namespace

llvm::Error Executable::checkInputCount(size_t count) const {
  if (count != inputs.size())
    return makeError(description + " takes " + Twine(inputs.size()) +
                     " input(s), got " + Twine(count));
  return llvm::Error::success();
}

llvm::Error Executable::checkInput(size_t index, ElementType elementType,
                                   ArrayRef<int64_t> shape) const {
  if (index >= inputs.size())
    return checkInputCount(index + 1);
  const TensorSignature &signature = inputs[index];
  std::string expected = signature.getTypeString();
  if (elementType != signature.elementType)
    return makeError(
        description + ": input #" + Twine(index) + " has element type " +
        stringifyElementType(elementType) + ", expected " +
        stringifyElementType(signature.elementType) + " (" + expected + ")");
  if (!llvm::equal(shape, signature.shape))
    return makeError(description + ": input #" + Twine(index) + " has shape " +
                     shapeString(shape, elementType) + ", expected " +
                     expected);
  return llvm::Error::success();
}

llvm::Expected<std::vector<Tensor>>
Executable::run(ArrayRef<Tensor> arguments) {
  if (llvm::Error error = checkInputCount(arguments.size()))
    return std::move(error);
  for (auto [index, argument] : llvm::enumerate(arguments)) {
    if (llvm::Error error =
            checkInput(index, argument.elementType, argument.shape))
      return std::move(error);
    if (argument.data.size() != static_cast<size_t>(argument.getNumElements()) *
                                    getByteWidth(argument.elementType))
      return makeError(description + ": input #" + Twine(index) + " holds " +
                       Twine(argument.data.size()) + " bytes, " +
                       argument.getTypeString() + " needs " +
                       Twine(argument.getNumElements() *
                             getByteWidth(argument.elementType)));
  }

  // A descriptor per input over the caller's data (the arguments are not
  // writable, so the compiled code only reads them): identity layout,
  // offset 0.
  std::vector<std::vector<int64_t>> descriptors;
  descriptors.reserve(arguments.size());
  for (const Tensor &argument : arguments) {
    int64_t rank = static_cast<int64_t>(argument.shape.size());
    std::vector<int64_t> &words =
        descriptors.emplace_back(DescriptorView::getNumWords(rank));
    auto *data = const_cast<uint8_t *>(argument.data.data());
    words[0] = reinterpret_cast<int64_t>(data);
    words[1] = reinterpret_cast<int64_t>(data);
    words[2] = 0;
    int64_t stride = 1;
    for (int64_t dim = rank - 1; dim >= 0; --dim) {
      words[3 + dim] = argument.shape[dim];
      words[3 + rank + dim] = stride;
      stride *= argument.shape[dim];
    }
  }

  size_t resultWords = 0;
  for (const TensorSignature &signature : outputs)
    resultWords += DescriptorView::getNumWords(signature.shape.size());
  std::vector<int64_t> results(std::max<size_t>(resultWords, 1), 0);

  // The packed wrapper reads each argument through a pointer to it; the
  // C-interface arguments are themselves pointers (to the result storage,
  // then to each input descriptor).
  SmallVector<void *> pointers;
  SmallVector<void *> packed;
  pointers.reserve(arguments.size() + 1);
  if (!outputs.empty())
    pointers.push_back(results.data());
  for (std::vector<int64_t> &words : descriptors)
    pointers.push_back(words.data());
  for (void *&pointer : pointers)
    packed.push_back(&pointer);
  entry(packed.data());

  // Copy the results out, then free what the function allocated: not a
  // global (memref.get_global marks its allocated pointer 0xdeadbeef), not
  // an input buffer, and each allocation once.
  std::vector<Tensor> tensors;
  llvm::DenseSet<void *> owned;
  for (const Tensor &argument : arguments)
    owned.insert(const_cast<uint8_t *>(argument.data.data()));
  owned.insert(reinterpret_cast<void *>(0xdeadbeef));
  SmallVector<void *> toFree;
  int64_t *cursor = results.data();
  for (const TensorSignature &signature : outputs) {
    int64_t rank = static_cast<int64_t>(signature.shape.size());
    DescriptorView view{cursor, rank};
    cursor += DescriptorView::getNumWords(rank);
    std::vector<int64_t> shape;
    for (int64_t dim = 0; dim < rank; ++dim)
      shape.push_back(view.size(dim));
    Tensor &tensor = tensors.emplace_back(signature.elementType, shape);
    copyOut(view, tensor);
    if (view.allocated() && owned.insert(view.allocated()).second)
      toFree.push_back(view.allocated());
  }
  for (void *allocation : toFree)
    std::free(allocation);
  return tensors;
}

llvm::Expected<std::vector<Tensor>>
mlir::qtosa::execute(ModuleOp module, StringRef function,
                     ArrayRef<Tensor> inputs) {
  llvm::Expected<std::unique_ptr<Executable>> executable =
      Executable::compile(module, function);
  if (!executable)
    return executable.takeError();
  return (*executable)->run(inputs);
}
