//===- QTosaDialect.cpp - qtosa dialect -----------------------------------===//

#include "qtosa/Dialect/QTosa/IR/QTosaDialect.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/InliningUtils.h"
#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"
#include "qtosa/Utils/NestingDepth.h"

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

namespace {
/// qtosa.quantize and qtosa.dequantize are pure, and a qtosa.delegate's body
/// is isolated: a function holding them inlines as it is, and calls inside a
/// delegate's body inline into it.
struct QTosaInlinerInterface : DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void QTosaDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "qtosa/Dialect/QTosa/IR/QTosaOps.cpp.inc"
      >();
  addInterfaces<QTosaInlinerInterface>();
}

StringAttr mlir::qtosa::getQTypeAttrValue(Type qtype) {
  std::string text;
  llvm::raw_string_ostream os(text);
  qtype.print(os);
  return StringAttr::get(qtype.getContext(), text);
}

Type mlir::qtosa::parseQTypeAttrValue(Attribute value) {
  auto text = dyn_cast_or_null<StringAttr>(value);
  if (!text)
    return {};
  // MLIR's type parser recurses once per level: a string nested thousands
  // deep would overflow the stack where the verifier runs, at parse time.
  if (findNestingBeyond(text.getValue()))
    return {};
  size_t consumed = 0;
  Type type = parseType(text.getValue(), text.getContext(), &consumed,
                        /*isKnownNullTerminated=*/false);
  if (!type || consumed != text.size() || !isa<quant::QuantizedType>(type))
    return {};
  return type;
}

/// [QTOSA-QTYPE] A `qtosa.qtype` argument or result attribute is a string
/// naming a quantized type; no other `qtosa.` attribute exists there.
static LogicalResult verifyBoundaryAttribute(Operation *op,
                                             NamedAttribute attribute,
                                             StringRef where, unsigned index) {
  if (attribute.getName() != kQTypeAttrName)
    return op->emitError() << "[QTOSA-QTYPE] unknown attribute '"
                           << attribute.getName().getValue() << "' on " << where
                           << " #" << index;
  auto text = dyn_cast<StringAttr>(attribute.getValue());
  if (text && findNestingBeyond(text.getValue()))
    return op->emitError() << "[QTOSA-QTYPE] '" << kQTypeAttrName << "' of "
                           << where << " #" << index << " nests deeper than "
                           << kMaxNestingDepth << " levels";
  if (!parseQTypeAttrValue(attribute.getValue()))
    return op->emitError()
           << "[QTOSA-QTYPE] '" << kQTypeAttrName << "' of " << where << " #"
           << index << " must be a string naming a quantized type, such as "
           << "\"!quant.uniform<i8:f32, 0.1:-5>\"; found "
           << attribute.getValue();
  return success();
}

LogicalResult QTosaDialect::verifyRegionArgAttribute(Operation *op, unsigned,
                                                     unsigned argIndex,
                                                     NamedAttribute attribute) {
  return verifyBoundaryAttribute(op, attribute, "argument", argIndex);
}

LogicalResult QTosaDialect::verifyRegionResultAttribute(
    Operation *op, unsigned, unsigned resultIndex, NamedAttribute attribute) {
  return verifyBoundaryAttribute(op, attribute, "result", resultIndex);
}

/// [QTOSA-ATTR] On an op, `qtosa.opaque_host_op` is a unit or a non-empty
/// string on a call or a function, `qtosa.host_reason` a non-empty string
/// on a call that carries `qtosa.opaque_host_op`, `qtosa.tflite_kernel` a
/// unit on a `tosa.sigmoid` or `tosa.tanh` or "HARD_SWISH" on a `tosa.mul`,
/// `qtosa.rescale_rounding` "single" or "double" on a `builtin.module`;
/// `qtosa.qtype` belongs on function arguments and results, and no other
/// `qtosa.` attribute exists. The passes read these marks by name, so a
/// misspelt or misplaced one would otherwise be ignored without a word.
LogicalResult QTosaDialect::verifyOperationAttribute(Operation *op,
                                                     NamedAttribute attribute) {
  StringRef name = attribute.getName().getValue();
  Attribute value = attribute.getValue();
  if (name == kOpaqueHostOpAttrName) {
    if (!isa<CallOpInterface, FunctionOpInterface>(op))
      return op->emitOpError()
             << "[QTOSA-ATTR] '" << name
             << "' marks a call (or the function it calls) that stands for "
                "an operator with no TOSA form; it is not meaningful on '"
             << op->getName() << "'";
    auto text = dyn_cast<StringAttr>(value);
    if (!isa<UnitAttr>(value) && (!text || text.getValue().empty()))
      return op->emitOpError()
             << "[QTOSA-ATTR] '" << name
             << "' must be a unit attribute or the operator's name as a "
                "non-empty string; found "
             << value;
    return success();
  }
  if (name == kHostReasonAttrName) {
    if (!isa<CallOpInterface>(op) || !op->hasAttr(kOpaqueHostOpAttrName))
      return op->emitOpError()
             << "[QTOSA-ATTR] '" << name << "' says why a call marked '"
             << kOpaqueHostOpAttrName
             << "' runs on the host; it is not meaningful on '" << op->getName()
             << (isa<CallOpInterface>(op) ? "' without that mark"
                                          : "', which is not a call");
    auto text = dyn_cast<StringAttr>(value);
    if (!text || text.getValue().empty())
      return op->emitOpError()
             << "[QTOSA-ATTR] '" << name
             << "' must be a non-empty string; found " << value;
    return success();
  }
  if (name == kTFLiteKernelAttrName) {
    if (isa<tosa::MulOp>(op)) {
      auto text = dyn_cast<StringAttr>(value);
      if (!text || text.getValue() != "HARD_SWISH")
        return op->emitOpError()
               << "[QTOSA-ATTR] '" << name
               << "' on a 'tosa.mul' must be \"HARD_SWISH\" (the last op "
                  "of TFLite's HARD_SWISH); found "
               << value;
      return success();
    }
    if (!isa<tosa::SigmoidOp, tosa::TanhOp>(op))
      return op->emitOpError()
             << "[QTOSA-ATTR] '" << name
             << "' marks a 'tosa.sigmoid' or 'tosa.tanh' that stands for "
                "TFLite's int16 kernel, or the 'tosa.mul' that ends TFLite's "
                "HARD_SWISH; it is not meaningful on '"
             << op->getName() << "'";
    if (!isa<UnitAttr>(value))
      return op->emitOpError() << "[QTOSA-ATTR] '" << name
                               << "' must be a unit attribute; found " << value;
    return success();
  }
  if (name == kRescaleRoundingAttrName) {
    if (!isa<ModuleOp>(op))
      return op->emitOpError()
             << "[QTOSA-ATTR] '" << name
             << "' names the rounding a whole module's source defines; it "
                "belongs on a 'builtin.module', not on '"
             << op->getName() << "'";
    auto text = dyn_cast<StringAttr>(value);
    if (!text || (text.getValue() != "single" && text.getValue() != "double"))
      return op->emitOpError()
             << "[QTOSA-ATTR] '" << name
             << "' must be \"single\" or \"double\"; found " << value;
    return success();
  }
  if (name == kQTypeAttrName)
    return op->emitOpError()
           << "[QTOSA-ATTR] '" << name
           << "' belongs on function arguments and results (in the "
              "signature), not on an operation";
  return op->emitOpError() << "[QTOSA-ATTR] unknown attribute '" << name
                           << "': the qtosa dialect defines 'qtosa.qtype', '"
                           << kOpaqueHostOpAttrName << "', '"
                           << kHostReasonAttrName << "', '"
                           << kTFLiteKernelAttrName << "' and '"
                           << kRescaleRoundingAttrName << "'";
}
