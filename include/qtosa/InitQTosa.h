//===- InitQTosa.h - Register qtosa with a tool -----------------*- C++ -*-===//
//
// What qtosa-opt registers, for downstream tools that want the same set.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_INITQTOSA_H
#define QTOSA_INITQTOSA_H

namespace mlir {
class DialectRegistry;
namespace qtosa {

/// func, tosa, quant, arith, tensor and qtosa, with the func inliner.
void registerQTosaDialects(DialectRegistry &registry);

/// Every qtosa pass and pipeline, the upstream TOSA passes and the generic
/// transforms (canonicalize, cse, inline, symbol-dce, ...).
void registerQTosaAndUpstreamPasses();

} // namespace qtosa
} // namespace mlir

#endif // QTOSA_INITQTOSA_H
