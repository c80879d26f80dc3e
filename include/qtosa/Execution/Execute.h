//===- Execute.h - Run a qtosa or TOSA function in process ------*- C++ -*-===//
//
// The engine behind qtosa-run, the Python package and the calibrator: a
// module in (QDQ with qtosa ops, integer TOSA, or a partitioned module with
// qtosa.delegate regions), typed n-d buffers in, typed n-d buffers out. The
// module is cloned, brought to plain TOSA by qtosa's own passes, lowered by
// MLIR's TOSA -> Linalg -> LLVM pipeline (the one the lit tests run under
// mlir-runner) and run by MLIR's ExecutionEngine. Every failure is an
// llvm::Error (or a diagnostic on the module's context), never an abort.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_EXECUTION_EXECUTE_H
#define QTOSA_EXECUTION_EXECUTE_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class ExecutionEngine;

namespace qtosa {

/// The element types a tensor crossing the engine's boundary may have.
enum class ElementType : uint8_t { I1, I8, I16, I32, I64, F16, BF16, F32, F64 };

/// "i1", "i8", ..., "f64": MLIR's spelling.
llvm::StringRef stringifyElementType(ElementType type);
/// The engine's element type for an MLIR scalar type, if it has one.
std::optional<ElementType> getElementType(Type type);
/// Bytes per element in memory: i1 takes a byte, as in a lowered memref.
size_t getByteWidth(ElementType type);

/// A dense n-d array in C order, elements in host byte order.
struct Tensor {
  ElementType elementType = ElementType::F32;
  std::vector<int64_t> shape;
  std::vector<uint8_t> data;

  Tensor() = default;
  /// Zero-filled.
  Tensor(ElementType elementType, llvm::ArrayRef<int64_t> shape);

  int64_t getNumElements() const;
  /// "1x8xi8", like the tensor type's body.
  std::string getTypeString() const;
};

/// The element type and shape a function boundary expects; dynamic sizes
/// (only possible in results) are ShapedType::kDynamic.
struct TensorSignature {
  ElementType elementType;
  std::vector<int64_t> shape;

  /// "1x8xi8" ("?" for a dynamic size), as Tensor::getTypeString.
  std::string getTypeString() const;
};

/// One function lowered and compiled once, to be run many times (the
/// calibrator's case). `run` keeps no state between calls, so several
/// threads may run the same Executable at once.
class Executable {
public:
  /// Clones `module`, lowers it and JIT-compiles `function`, which must be
  /// a func.func with a body whose arguments and results are statically
  /// shaped tensors of the element types above (results may be dynamic).
  /// Diagnostics of the lowering go to the module's context; the Error says
  /// what failed.
  static llvm::Expected<std::unique_ptr<Executable>>
  compile(ModuleOp module, llvm::StringRef function);

  /// The checks `run` makes of its inputs, for a caller that has not made
  /// the Tensors yet (a copy of a large or strided array need not be made
  /// for an input that does not fit): the count, then one input's element
  /// type and shape. The errors name the function and its location.
  llvm::Error checkInputCount(size_t count) const;
  llvm::Error checkInput(size_t index, ElementType elementType,
                         llvm::ArrayRef<int64_t> shape) const;

  /// Checks `inputs` against the signature (count, element type, shape) and
  /// runs the function. The compiled code only reads the inputs (its
  /// arguments are marked not writable); results own their memory.
  llvm::Expected<std::vector<Tensor>> run(llvm::ArrayRef<Tensor> inputs);

  llvm::ArrayRef<TensorSignature> getInputs() const { return inputs; }
  llvm::ArrayRef<TensorSignature> getOutputs() const { return outputs; }
  /// "@main at model.mlir:3:1": how errors name the function.
  llvm::StringRef getDescription() const { return description; }

  ~Executable();

private:
  Executable();

  std::unique_ptr<ExecutionEngine> engine;
  void (*entry)(void **) = nullptr;
  /// "@main at model.mlir:3:1", for error messages.
  std::string description;
  std::vector<TensorSignature> inputs;
  std::vector<TensorSignature> outputs;
};

/// Compiles and runs `function` once: Executable::compile then run.
llvm::Expected<std::vector<Tensor>> execute(ModuleOp module,
                                            llvm::StringRef function,
                                            llvm::ArrayRef<Tensor> inputs);

/// LLVM's optimization level Executable::compile uses for `function` (the
/// function op) without QTOSA_JIT_OPT_LEVEL: 2, or 0 for a function of more
/// than 1000 ops, whose O2 compile can take minutes (Execute.cpp says what
/// was measured).
unsigned getDefaultJitOptLevel(Operation *function);

/// The textual pass pipeline from plain TOSA to the LLVM dialect: lit's
/// %tosa-to-llvm with buffer-deallocation-pipeline (and the lowering of the
/// clones it makes) after bufferization, so that a function run many times
/// does not leak its intermediate buffers.
llvm::StringRef getTosaToLLVMPipeline();

} // namespace qtosa
} // namespace mlir

#endif // QTOSA_EXECUTION_EXECUTE_H
