//===- QTosaDialect.cpp - qtosa dialect -----------------------------------===//

#include "qtosa/Dialect/QTosa/IR/QTosaDialect.h"

#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"

using namespace mlir;
using namespace mlir::qtosa;

#include "qtosa/Dialect/QTosa/IR/QTosaOpsDialect.cpp.inc"

bool mlir::qtosa::containsQTosaOps(Operation *root) {
  return root
      ->walk([](Operation *op) {
        return isa_and_present<QTosaDialect>(op->getDialect())
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

void QTosaDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "qtosa/Dialect/QTosa/IR/QTosaOps.cpp.inc"
      >();
}
