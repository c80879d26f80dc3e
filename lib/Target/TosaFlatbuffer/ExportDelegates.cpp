//===- ExportDelegates.cpp - One .tosa per qtosa.delegate + manifest ------===//
//
// The manifest carries what a runtime needs to call a delegate without
// MLIR: the order, shapes and storage types of its tensors, and the
// quantization of each, read from the qtosa.quantize/dequantize at the
// boundary (the partitioner leaves those on the host).
//
//===----------------------------------------------------------------------===//

#include "TosaFlatbufferInternals.h"

#include "qtosa/Dialect/QTosa/IR/QTosaDialect.h"
#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"
#include "qtosa/Target/TosaFlatbuffer/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"

namespace mlir::qtosa {
#define GEN_PASS_DEF_EXPORTDELEGATESPASS
#include "qtosa/Target/TosaFlatbuffer/Passes.h.inc"
} // namespace mlir::qtosa

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::tosafb;

namespace {

/// The quantization of `value` as seen at the delegate boundary: a quantize
/// producing it, a dequantize reading it, or the qtosa.qtype of the function
/// argument or result it is.
quant::QuantizedType boundaryQuantization(Value value) {
  if (auto quantize = value.getDefiningOp<QuantizeOp>())
    return quantize.getQtype();
  for (OpOperand &use : value.getUses()) {
    if (auto dequantize = dyn_cast<DequantizeOp>(use.getOwner()))
      return dequantize.getQtype();
    if (isa<func::ReturnOp>(use.getOwner()))
      if (auto function =
              use.getOwner()->getParentOfType<FunctionOpInterface>())
        if (Attribute attr = function.getResultAttr(use.getOperandNumber(),
                                                    kQTypeAttrName))
          return dyn_cast_or_null<quant::QuantizedType>(
              parseQTypeAttrValue(attr));
  }
  if (auto arg = dyn_cast<BlockArgument>(value))
    if (auto function =
            dyn_cast<FunctionOpInterface>(arg.getOwner()->getParentOp()))
      if (Attribute attr =
              function.getArgAttr(arg.getArgNumber(), kQTypeAttrName))
        return dyn_cast_or_null<quant::QuantizedType>(
            parseQTypeAttrValue(attr));
  return {};
}

void writeQuantization(llvm::json::OStream &json, quant::QuantizedType qtype) {
  if (auto perTensor = dyn_cast_or_null<quant::UniformQuantizedType>(qtype)) {
    json.attribute("scale", perTensor.getScale());
    json.attribute("zero_point", perTensor.getZeroPoint());
    return;
  }
  if (auto perAxis =
          dyn_cast_or_null<quant::UniformQuantizedPerAxisType>(qtype)) {
    json.attribute("axis", perAxis.getQuantizedDimension());
    json.attributeArray("scale", [&] {
      for (double scale : perAxis.getScales())
        json.value(scale);
    });
    json.attributeArray("zero_point", [&] {
      for (int64_t zeroPoint : perAxis.getZeroPoints())
        json.value(zeroPoint);
    });
    return;
  }
  // No quantize/dequantize at the boundary (or sub-channel parameters,
  // which a runtime's per-tensor/per-axis interface cannot take).
  json.attribute("scale", nullptr);
  json.attribute("zero_point", nullptr);
}

void writeTensor(llvm::json::OStream &json, Value value) {
  json.object([&] {
    auto type = cast<ShapedType>(value.getType());
    json.attributeArray("shape", [&] {
      for (int64_t dim : type.getShape())
        json.value(dim);
    });
    std::optional<fb::DType> dtype = dtypeOf(type.getElementType());
    json.attribute("dtype", dtype ? fb::EnumNameDType(*dtype) : "UNKNOWN");
    quant::QuantizedType qtype = boundaryQuantization(value);
    if (qtype && qtype.isSigned() == false)
      json.attribute("unsigned", true);
    writeQuantization(json, qtype);
  });
}

struct ExportDelegatesPass
    : public qtosa::impl::ExportDelegatesPassBase<ExportDelegatesPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (dir.empty()) {
      module.emitError("qtosa-export-delegates needs dir=PATH");
      return signalPassFailure();
    }
    if (std::error_code error = llvm::sys::fs::create_directories(dir)) {
      module.emitError() << "cannot create '" << dir
                         << "': " << error.message();
      return signalPassFailure();
    }
    SmallVector<DelegateOp> delegates;
    module.walk([&](DelegateOp delegate) {
      if (target.empty() || delegate.getTarget() == target)
        delegates.push_back(delegate);
    });

    std::string manifest;
    llvm::raw_string_ostream manifestStream(manifest);
    llvm::json::OStream json(manifestStream, /*IndentSize=*/2);
    bool failedAny = false;
    json.object([&] {
      json.attribute("format", "TOSA 1.0 flatbuffer");
      json.attributeArray("delegates", [&] {
        for (auto [index, delegate] : llvm::enumerate(delegates)) {
          std::string name = "delegate_" + std::to_string(index);
          std::string file = name + ".tosa";
          if (failed(writeFile(delegate, name, file))) {
            failedAny = true;
            continue;
          }
          json.object([&] {
            json.attribute("name", name);
            json.attribute("file", file);
            json.attribute("target", delegate.getTarget());
            if (auto function =
                    delegate->getParentOfType<FunctionOpInterface>())
              json.attribute("function", function.getName());
            json.attributeArray("inputs", [&] {
              for (Value input : delegate.getInputs())
                writeTensor(json, input);
            });
            json.attributeArray("outputs", [&] {
              for (Value output : delegate.getOutputs())
                writeTensor(json, output);
            });
          });
        }
      });
    });
    if (failedAny)
      return signalPassFailure();
    manifestStream << "\n";
    SmallString<256> path(dir);
    llvm::sys::path::append(path, "delegates.json");
    if (failed(writeBytes(module, path, manifest)))
      return signalPassFailure();
  }

private:
  LogicalResult writeFile(DelegateOp delegate, StringRef name,
                          StringRef file) {
    std::string bytes;
    llvm::raw_string_ostream stream(bytes);
    if (failed(writeTosaGraph(delegate.getBody().front(), name, stream)))
      return delegate.emitError()
             << "cannot write this delegate as " << file
             << " (see the error above)";
    SmallString<256> path(dir);
    llvm::sys::path::append(path, file);
    return writeBytes(delegate, path, bytes);
  }

  LogicalResult writeBytes(Operation *anchor, StringRef path,
                           StringRef bytes) {
    std::error_code error;
    llvm::ToolOutputFile output(path, error, llvm::sys::fs::OF_None);
    if (error)
      return anchor->emitError()
             << "cannot write '" << path << "': " << error.message();
    output.os() << bytes;
    output.keep();
    return success();
  }
};
} // namespace
