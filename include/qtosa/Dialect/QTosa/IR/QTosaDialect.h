//===- QTosaDialect.h - qtosa dialect ---------------------------*- C++ -*-===//

#ifndef QTOSA_DIALECT_QTOSA_IR_QTOSADIALECT_H
#define QTOSA_DIALECT_QTOSA_IR_QTOSADIALECT_H

#include "mlir/IR/Dialect.h"

#include "qtosa/Dialect/QTosa/IR/QTosaOpsDialect.h.inc"

#endif // QTOSA_DIALECT_QTOSA_IR_QTOSADIALECT_H
