//===- OneShapeReaders.h - A value read in one shape ------------*- C++ -*-===//
//
// Private to lib/Target/EthosU. Vela 5.2 removes a RESHAPE (its output
// takes the place of its input) only when nothing else reads the input;
// otherwise it copies the tensor (`bypass_memory_only_ops` in its graph
// optimiser). A FULLY_CONNECTED imports as a reshape to rank 4, a
// convolution and a reshape back, so a recurrent network's state, read by
// the next step's FULLY_CONNECTED, by an elementwise op and by the reshape
// into the output's concat, costs two copies per step (the factory's
// gru_int8: 15 copies, the whole difference from Vela's TFLite route).
//
// Rewritten, exactly (a reshape keeps the elements in their order, and the
// reshape R and the concat's reshapes only insert or remove unit
// dimensions):
// - planReadersInOneShape: a value read by a reshape R to rank 4 and
//   otherwise only by reshapes and by unary elementwise ops (RESCALE,
//   TABLE, CLAMP, CAST, ...) has them read R's output instead: an
//   elementwise op runs in R's shape and a reshape after it restores its
//   own, another reshape reshapes R's output. R is then the value's only
//   reader, and Vela removes it.
// - planConcatOfReshapes: a CONCAT whose operands are each a reshape (read
//   by nothing else) of a tensor of one shape T, up to unit dimensions,
//   concatenates the tensors themselves (reshaped to T where they differ)
//   along the axis of T that has the same elements before it, then
//   reshapes the result; the reshapes that fed it are gone.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_LIB_TARGET_ETHOSU_ONESHAPEREADERS_H
#define QTOSA_LIB_TARGET_ETHOSU_ONESHAPEREADERS_H

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Builders.h"

#include <optional>

namespace mlir::qtosa::ethosu {

/// A value, the reshape to rank 4 its other readers are to read through,
/// and those readers.
struct ReadersInOneShape {
  tosa::ReshapeOp through;
  SmallVector<Operation *> readers;
};

std::optional<ReadersInOneShape> planReadersInOneShape(Value value);

/// Moves plan.through to just after the value is defined (a new reshape
/// there takes its place), so that it comes before every reader.
void hoistReshape(ReadersInOneShape &plan);

/// `reader` (one of plan.readers) reading plan.through's output instead;
/// replaces `reader`'s value.
Value buildReaderInOneShape(OpBuilder &builder, const ReadersInOneShape &plan,
                            Operation *reader);

/// A concat of reshapes of tensors of one shape up to unit dimensions, and
/// the axis of that shape (the first of the highest rank) to concatenate
/// them along.
struct ConcatOfReshapes {
  tosa::ConcatOp concat;
  RankedTensorType common;
  int32_t axis = 0;
};

std::optional<ConcatOfReshapes> planConcatOfReshapes(tosa::ConcatOp concat);

/// The concat of the reshapes' inputs, reshaped; replaces plan.concat's
/// value.
Value buildConcatOfReshapes(OpBuilder &builder, const ConcatOfReshapes &plan);

} // namespace mlir::qtosa::ethosu

#endif // QTOSA_LIB_TARGET_ETHOSU_ONESHAPEREADERS_H
