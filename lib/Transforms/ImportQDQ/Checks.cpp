//===- Checks.cpp - What qtosa-import-qdq cannot import -------------------===//
//
// Every reason the import would not apply is reported at the op, with the
// reason, before anything is converted; so are tensors no TOSA 1.0 backend
// takes.
//
//===----------------------------------------------------------------------===//

#include "Internals.h"

#include "qtosa/Dialect/QTosa/IR/QuantParams.h"
#include "qtosa/Utils/TosaUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::import_qdq;

bool import_qdq::hasQuantizedTypes(Operation *op) {
  if (auto func = dyn_cast<FunctionOpInterface>(op))
    return llvm::any_of(func.getArgumentTypes(),
                        [](Type t) { return isQuantized(t); }) ||
           llvm::any_of(func.getResultTypes(),
                        [](Type t) { return isQuantized(t); });
  return llvm::any_of(op->getOperandTypes(),
                      [](Type t) { return isQuantized(t); }) ||
         llvm::any_of(op->getResultTypes(),
                      [](Type t) { return isQuantized(t); });
}

LogicalResult import_qdq::checkImportable(Operation *op, bool quantized) {
  auto checkType = [&](Type type) -> LogicalResult {
    quant::QuantizedType qtype = getQuantElementType(type);
    if (!qtype)
      return success();
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor)
      return op->emitError("cannot import '")
             << op->getName() << "': quantized type " << type
             << " is not a ranked tensor";
    return verifyQuantParamsForShape(
        [&] {
          return op->emitError("cannot import '")
                 << op->getName() << "': " << type << ": ";
        },
        qtype, tensor.getShape());
  };

  // Types are checked where values are defined, so that one bad type is
  // reported once rather than at every use.
  if (auto func = dyn_cast<FunctionOpInterface>(op)) {
    for (Type type : func.getArgumentTypes())
      if (failed(checkType(type)))
        return failure();
    if (func.isExternal())
      for (Type type : func.getResultTypes())
        if (failed(checkType(type)))
          return failure();
    return success();
  }
  if (!quantized)
    return success();
  for (Type type : op->getResultTypes())
    if (failed(checkType(type)))
      return failure();

  if (isa<quant::QuantDialect, func::FuncDialect>(op->getDialect()))
    return success();
  if (!isa<tosa::TosaDialect>(op->getDialect()))
    return op->emitError("cannot import '")
           << op->getName()
           << "': only TOSA, func and quant ops may carry quantized types";
  if (op->getNumRegions() != 0)
    return op->emitError("cannot import '")
           << op->getName()
           << "': quantized values crossing TOSA control flow are not "
              "supported";
  WhyNotOr<quant::QuantizedType> biasType = getImplicitBiasType(op);
  if (biasType.refused())
    return op->emitError("cannot import '")
           << op->getName() << "': " << biasType.whyNot().str();
  return success();
}

WhyNot import_qdq::whyNotWithinLevel(Type type, unsigned maxRank) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return {};
  if (maxRank != 0 && tensor.getRank() > maxRank)
    return WhyNot::format(llvm::formatv(
        "has rank {0}, more than the {1} TOSA 1.0 allows (MAX_RANK at level "
        "8K; qtosa-import-qdq{{max-rank=0} lifts the limit)",
        tensor.getRank(), maxRank));
  if (!tensor.hasStaticShape())
    return {};
  Type element = tensor.getElementType();
  if (auto qtype = dyn_cast<quant::QuantizedType>(element))
    element = qtype.getStorageType();
  if (!element.isIntOrFloat())
    return {};
  double bytes = std::ceil(element.getIntOrFloatBitWidth() / 8.0) *
                 countElements(tensor.getShape());
  // (1 << MAX_LOG2_SIZE) - 1 bytes, MAX_LOG2_SIZE being 31.
  if (bytes > kInt32Max)
    return WhyNot::format(
        llvm::formatv("holds {0} bytes, more than the 2^31 - 1 TOSA 1.0 allows "
                      "(MAX_LOG2_SIZE 31 at level 8K)",
                      llvm::formatv("{0:F0}", bytes)));
  return {};
}
