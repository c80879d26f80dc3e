//===- QTosaOps.h - qtosa ops -----------------------------------*- C++ -*-===//

#ifndef QTOSA_DIALECT_QTOSA_IR_QTOSAOPS_H
#define QTOSA_DIALECT_QTOSA_IR_QTOSAOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "qtosa/Dialect/QTosa/IR/QTosaDialect.h"

#define GET_OP_CLASSES
#include "qtosa/Dialect/QTosa/IR/QTosaOps.h.inc"

#endif // QTOSA_DIALECT_QTOSA_IR_QTOSAOPS_H
