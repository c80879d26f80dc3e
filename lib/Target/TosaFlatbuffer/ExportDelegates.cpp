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
#include "qtosa/Utils/OutputFile.h"
#include "qtosa/Utils/ShortestDouble.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

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
        if (Attribute attr =
                function.getResultAttr(use.getOperandNumber(), kQTypeAttrName))
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

/// A scale as the shortest decimal that reads back to it ("0.06", where
/// llvm::json's %.17g writes 0.059999999999999998). Scales are finite.
void writeScale(llvm::json::OStream &json, double scale) {
  json.rawValue([&](raw_ostream &os) { os << formatShortestDouble(scale); });
}

void writeQuantization(llvm::json::OStream &json, quant::QuantizedType qtype) {
  if (auto perTensor = dyn_cast_or_null<quant::UniformQuantizedType>(qtype)) {
    json.attributeBegin("scale");
    writeScale(json, perTensor.getScale());
    json.attributeEnd();
    json.attribute("zero_point", perTensor.getZeroPoint());
    return;
  }
  if (auto perAxis =
          dyn_cast_or_null<quant::UniformQuantizedPerAxisType>(qtype)) {
    json.attribute("axis", perAxis.getQuantizedDimension());
    json.attributeArray("scale", [&] {
      for (double scale : perAxis.getScales())
        writeScale(json, scale);
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

} // namespace

FailureOr<ExportedDelegates> mlir::qtosa::exportDelegates(ModuleOp module,
                                                          StringRef target) {
  SmallVector<DelegateOp> delegates;
  llvm::SetVector<StringRef> otherTargets;
  module.walk([&](DelegateOp delegate) {
    if (target.empty() || delegate.getTarget() == target)
      delegates.push_back(delegate);
    else
      otherTargets.insert(delegate.getTarget());
  });
  // A target no delegate has, in a module whose delegates are for another,
  // is a misspelt or wrong name: the manifest would be empty without a
  // word. (A module with no delegate at all cannot tell.)
  if (delegates.empty() && !otherTargets.empty()) {
    InFlightDiagnostic diagnostic =
        emitError(module.getLoc())
        << "qtosa-export-delegates: no delegate is for target '" << target
        << "'; the module's delegates are for ";
    llvm::interleave(
        otherTargets, diagnostic,
        [&](StringRef name) { diagnostic << "'" << name << "'"; }, ", ");
    return failure();
  }

  ExportedDelegates result;
  llvm::raw_string_ostream manifestStream(result.manifest);
  bool failedAny = false;
  {
    llvm::json::OStream json(manifestStream, /*IndentSize=*/2);
    json.object([&] {
      json.attribute("format", "TOSA 1.0 flatbuffer");
      json.attributeArray("delegates", [&] {
        for (auto [index, delegate] : llvm::enumerate(delegates)) {
          std::string name = "delegate_" + std::to_string(index);
          std::string file = name + ".tosa";
          ExportedDelegate exported;
          llvm::raw_string_ostream stream(exported.flatbuffer);
          // Errors at the delegate's location: on the op, the diagnostic
          // would print all of it beside them.
          if (failed(
                  writeTosaGraph(delegate.getBody().front(), name, stream))) {
            emitError(delegate.getLoc()) << "cannot write this delegate as "
                                         << file << " (see the error above)";
            failedAny = true;
            continue;
          }
          result.delegates.push_back(std::move(exported));
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
  }
  if (failedAny)
    return failure();
  manifestStream << "\n";
  // The manifest's one writer is the stream above (its key order and
  // shortest-decimal scales are the file's); an in-process caller gets
  // each entry as a value read back from it.
  llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(result.manifest);
  if (!parsed)
    return emitError(module.getLoc())
           << "internal error: the delegates' manifest does not read back: "
           << llvm::toString(parsed.takeError());
  llvm::json::Array *entries = parsed->getAsObject()->getArray("delegates");
  for (auto [entry, exported] : llvm::zip_equal(*entries, result.delegates))
    exported.manifestEntry = std::move(entry);
  return result;
}

namespace {
struct ExportDelegatesPass
    : public qtosa::impl::ExportDelegatesPassBase<ExportDelegatesPass> {
  using Base::Base;
  ExportDelegatesPass(const ExportDelegatesPassOptions &options,
                      ExportedDelegates *sink)
      : Base(options), sink(sink) {}

  // Errors go at the module's or the delegate's location: on the op, the
  // diagnostic would print all of it (the whole module) beside them.
  void runOnOperation() override {
    ModuleOp module = getOperation();
    markAllAnalysesPreserved();
    if (sink) {
      FailureOr<ExportedDelegates> exported = exportDelegates(module, target);
      if (failed(exported))
        return signalPassFailure();
      *sink = std::move(*exported);
      return;
    }
    if (dir.empty()) {
      emitError(module.getLoc(), "qtosa-export-delegates needs dir=PATH");
      return signalPassFailure();
    }
    // create_directories would make a directory named '-'.
    if (dir == "-") {
      emitError(module.getLoc())
          << "'-' is no directory to write the delegates to (tosa-dir=- or "
             "dir=-): they are files, not a stream; give a path";
      return signalPassFailure();
    }
    // Every file is made in memory first and written only when all are:
    // a delegate that cannot be serialized, or a path that cannot be
    // written, leaves none of them behind.
    FailureOr<ExportedDelegates> exported = exportDelegates(module, target);
    if (failed(exported))
      return signalPassFailure();
    std::vector<OutputFileContents> files;
    for (auto [index, delegate] : llvm::enumerate(exported->delegates))
      files.push_back({pathIn("delegate_" + std::to_string(index) + ".tosa"),
                       std::move(delegate.flatbuffer)});
    files.push_back({pathIn("delegates.json"), std::move(exported->manifest)});

    if (std::error_code error = llvm::sys::fs::create_directories(dir)) {
      emitError(module.getLoc())
          << "cannot create '" << dir << "': " << error.message();
      return signalPassFailure();
    }
    if (std::optional<OutputFileError> error = writeOutputFiles(files)) {
      emitError(module.getLoc())
          << "cannot write '" << error->path << "': " << error->message
          << "; no delegate file was written";
      return signalPassFailure();
    }
  }

private:
  std::string pathIn(StringRef file) const {
    SmallString<256> path(dir);
    llvm::sys::path::append(path, file);
    return path.str().str();
  }

  /// Where the delegates go instead of files, when set.
  ExportedDelegates *sink = nullptr;
};
} // namespace

std::unique_ptr<Pass> mlir::qtosa::createExportDelegatesPass(
    const ExportDelegatesPassOptions &options, ExportedDelegates *sink) {
  return std::make_unique<ExportDelegatesPass>(options, sink);
}
