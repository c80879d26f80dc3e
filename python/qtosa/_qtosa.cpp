//===- _qtosa.cpp - The C++ side of the qtosa Python package --------------===//
//
// A small facade over the libraries qtosa-opt links, the execution engine
// and the flatbuffer translations. Every Module owns its MLIRContext. Every
// call that can emit diagnostics captures them with a handler; a failure
// raises qtosa.Error with the diagnostics, located, in its message, and
// nothing is printed. Transformations run on a clone that replaces the
// module only on success, so a failed call leaves the module as it was.
//
//===----------------------------------------------------------------------===//

#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"
#include "qtosa/Execution/Execute.h"
#include "qtosa/InitQTosa.h"
#include "qtosa/Quantization/Passes.h"
#include "qtosa/Quantization/QuantConfig.h"
#include "qtosa/Target/EthosU/EthosULegality.h"
#include "qtosa/Target/EthosU/Passes.h"
#include "qtosa/Target/TFLite/TFLiteImport.h"
#include "qtosa/Target/TosaFlatbuffer/Passes.h"
#include "qtosa/Target/TosaFlatbuffer/TosaFlatbuffer.h"
#include "qtosa/Utils/NestingDepth.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdio>
#include <cstring>
#include <mutex>

#include <stdexcept>
#include <unistd.h>

namespace py = pybind11;
using namespace mlir;
using namespace mlir::qtosa;

namespace {

/// Raised to Python as qtosa.Error. Its message becomes a Python str, which
/// must be UTF-8: a tensor name quoted from a model file may hold any bytes,
/// and an invalid sequence used to leave the message empty. Each such
/// sequence becomes U+FFFD.
class QTosaError : public std::runtime_error {
public:
  explicit QTosaError(const std::string &what)
      : std::runtime_error(
            llvm::json::isUTF8(what) ? what : llvm::json::fixUTF8(what)) {}
};

std::string locationString(Location loc) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (auto fileLoc = loc->findInstanceOf<FileLineColLoc>())
    os << fileLoc.getFilename().getValue() << ":" << fileLoc.getLine() << ":"
       << fileLoc.getColumn();
  else
    loc.print(os);
  return text;
}

StringRef severityName(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Error:
    return "error";
  case DiagnosticSeverity::Warning:
    return "warning";
  case DiagnosticSeverity::Note:
    return "note";
  case DiagnosticSeverity::Remark:
    return "remark";
  }
  return "diagnostic";
}

/// Collects the diagnostics emitted on a context while it lives: errors and
/// warnings (with their notes) for the exception message, remarks apart.
class DiagnosticCapture {
public:
  explicit DiagnosticCapture(MLIRContext *context)
      : handler(context, [this](Diagnostic &diagnostic) {
          record(diagnostic);
          return success();
        }) {}

  /// Raises qtosa.Error: `what`, then each captured diagnostic.
  [[noreturn]] void fail(const std::string &what) const {
    std::string message = what;
    for (const std::string &line : messages)
      message += "\n" + line;
    throw QTosaError(message);
  }

  const std::vector<std::string> &getRemarks() const { return remarks; }

private:
  void record(Diagnostic &diagnostic) {
    std::string line = locationString(diagnostic.getLocation()) + ": " +
                       severityName(diagnostic.getSeverity()).str() + ": " +
                       diagnostic.str();
    if (diagnostic.getSeverity() == DiagnosticSeverity::Remark) {
      remarks.push_back(std::move(line));
      return;
    }
    messages.push_back(std::move(line));
    for (Diagnostic &note : diagnostic.getNotes())
      messages.push_back(locationString(note.getLocation()) +
                         ": note: " + note.str());
  }

  std::vector<std::string> messages;
  std::vector<std::string> remarks;
  ScopedDiagnosticHandler handler;
};

/// Runs `fn` with file descriptor 2 sent to a temporary file and returns
/// what was written there. llvm::cl's option parsers print their errors
/// ("Cannot find option named 'bogus'!") to llvm::errs() whatever stream
/// MLIR's pass pipeline parser is given, and nothing of qtosa may print:
/// the text belongs in the exception. The descriptors are the process's, so
/// this holds qtosa._capture's lock, which the tool wrappers take to move
/// them too.
template <typename Fn> std::string captureStderr(Fn fn) {
  py::object lock = py::module_::import("qtosa._capture").attr("_lock");
  lock.attr("acquire")();
  struct Release {
    py::object lock;
    ~Release() { lock.attr("release")(); }
  } release{lock};
  std::fflush(stderr);
  llvm::errs().flush();
  std::FILE *sink = std::tmpfile();
  int saved = sink ? ::dup(STDERR_FILENO) : -1;
  if (saved < 0 || ::dup2(::fileno(sink), STDERR_FILENO) < 0) {
    // Nowhere to send it: run uncaptured rather than not at all.
    if (saved >= 0)
      ::close(saved);
    if (sink)
      std::fclose(sink);
    fn();
    return {};
  }
  fn();
  llvm::errs().flush();
  std::fflush(stderr);
  ::dup2(saved, STDERR_FILENO);
  ::close(saved);
  std::string text;
  std::rewind(sink);
  char buffer[4096];
  for (size_t n; (n = std::fread(buffer, 1, sizeof(buffer), sink)) > 0;)
    text.append(buffer, n);
  std::fclose(sink);
  return text;
}

/// A context that knows what qtosa-opt knows and, so that Module.run takes
/// any upstream pass too, every upstream dialect, extension and pass.
std::unique_ptr<MLIRContext> makeContext() {
  static std::once_flag registered;
  std::call_once(registered, [] {
    registerQTosaAndUpstreamPasses();
    registerAllPasses();
  });
  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerQTosaDialects(registry);
  auto context = std::make_unique<MLIRContext>(registry);
  // The diagnostics go into exception messages: no IR dumps in them.
  context->printOpOnDiagnostic(false);
  return context;
}

/// A module with the context it lives in.
class PyModule {
public:
  PyModule(std::shared_ptr<MLIRContext> context, OwningOpRef<ModuleOp> module)
      : context(std::move(context)), module(std::move(module)) {}

  MLIRContext *getContext() const { return context.get(); }
  ModuleOp get() const { return module.get(); }
  void replace(OwningOpRef<ModuleOp> updated) {
    module = std::move(updated);
    partitionDelegates.reset();
  }

  /// What qtosa.partition's pipeline exported (before expand-qdq removed the
  /// boundary quantize/dequantize the manifest reads its parameters from);
  /// any later change of the module drops it.
  std::optional<py::list> partitionDelegates;

  std::string str() const {
    std::string text;
    llvm::raw_string_ostream os(text);
    get().print(os);
    return text;
  }

  /// A copy in the same context.
  std::shared_ptr<PyModule> clone() const {
    return std::make_shared<PyModule>(context, get().clone());
  }

  static std::shared_ptr<PyModule> parse(const std::string &text,
                                         const std::string &filename) {
    // MLIR's parser recurses once per level of nesting: 20,000 nested
    // modules would overflow the stack and end the Python process.
    if (std::optional<NestingViolation> violation = findNestingBeyond(text))
      throw QTosaError("cannot parse " + filename + "\n" +
                       describeNestingViolation(filename, *violation));
    std::shared_ptr<MLIRContext> context = makeContext();
    OwningOpRef<ModuleOp> module;
    {
      DiagnosticCapture capture(context.get());
      ParserConfig config(context.get());
      module = parseSourceString<ModuleOp>(text, config, filename);
      if (!module)
        capture.fail("cannot parse " + filename);
    }
    return std::make_shared<PyModule>(std::move(context), std::move(module));
  }

  /// Runs `pipeline` on a clone and keeps the clone on success; returns the
  /// remarks.
  std::vector<std::string> run(const std::string &pipeline) {
    DiagnosticCapture capture(getContext());
    std::string text = pipeline;
    if (!StringRef(text).ltrim().starts_with("builtin.module("))
      text = "builtin.module(" + text + ")";
    // The pipeline parser recurses once per level, as MLIR's does: 100,000
    // nested modules end the Python process.
    if (std::optional<NestingViolation> violation = findNestingBeyond(text))
      capture.fail("invalid pass pipeline: " +
                   describeNestingViolation("<pipeline>", *violation));
    std::string parseErrors;
    llvm::raw_string_ostream errorStream(parseErrors);
    FailureOr<OpPassManager> parsed = failure();
    std::string printed =
        captureStderr([&] { parsed = parsePassPipeline(text, errorStream); });
    if (failed(parsed)) {
      // The option parser's own words ("for the --io option: Cannot find
      // option named 'bogus'!") first, then which pass they stopped.
      // llvm::cl writes "<program>: message" with no program name here.
      std::string reason;
      for (StringRef errors : {StringRef(printed), StringRef(parseErrors)})
        for (StringRef line : llvm::split(errors, '\n')) {
          line = line.trim();
          line.consume_front(": ");
          if (!line.empty())
            reason += (reason.empty() ? "" : "\n") + line.str();
        }
      capture.fail("invalid pass pipeline '" + pipeline + "': " + reason);
    }
    PassManager pm(getContext());
    static_cast<OpPassManager &>(pm) = *parsed;
    runOnClone(pm, capture, "pass pipeline '" + pipeline + "' failed");
    return capture.getRemarks();
  }

  /// Runs `pm` on a clone and keeps the clone on success; on failure raises
  /// qtosa.Error with `what` and the diagnostics `capture` holds.
  void runOnClone(PassManager &pm, const DiagnosticCapture &capture,
                  const std::string &what) {
    OwningOpRef<ModuleOp> updated = get().clone();
    if (failed(pm.run(*updated)))
      capture.fail(what);
    replace(std::move(updated));
  }

private:
  // Declared first, destroyed last: the module lives in the context.
  std::shared_ptr<MLIRContext> context;
  OwningOpRef<ModuleOp> module;
};

//===----------------------------------------------------------------------===//
// numpy <-> Tensor
//===----------------------------------------------------------------------===//

/// bfloat16 from ml_dtypes, if it is installed.
py::object bfloat16Dtype() {
  try {
    return py::dtype::from_args(
        py::module_::import("ml_dtypes").attr("bfloat16"));
  } catch (py::error_already_set &) {
    return py::none();
  }
}

/// The element type of a numpy dtype; uint16 is bf16 bits where the
/// function expects bf16 (numpy has no bfloat16 without ml_dtypes).
std::optional<ElementType> elementTypeOf(const py::dtype &dtype,
                                         std::optional<ElementType> expected) {
  if (py::str(dtype.attr("name")).cast<std::string>() == "bfloat16")
    return ElementType::BF16;
  if (dtype.kind() == 'u' && dtype.itemsize() == 2 &&
      expected == ElementType::BF16)
    return ElementType::BF16;
  char kind = dtype.kind();
  size_t size = dtype.itemsize();
  if (kind == 'b' && size == 1)
    return ElementType::I1;
  if (kind == 'i') {
    switch (size) {
    case 1:
      return ElementType::I8;
    case 2:
      return ElementType::I16;
    case 4:
      return ElementType::I32;
    case 8:
      return ElementType::I64;
    }
  }
  if (kind == 'f') {
    switch (size) {
    case 2:
      return ElementType::F16;
    case 4:
      return ElementType::F32;
    case 8:
      return ElementType::F64;
    }
  }
  return std::nullopt;
}

py::dtype dtypeOf(ElementType type) {
  switch (type) {
  case ElementType::I1:
    return py::dtype("bool");
  case ElementType::I8:
    return py::dtype("int8");
  case ElementType::I16:
    return py::dtype("int16");
  case ElementType::I32:
    return py::dtype("int32");
  case ElementType::I64:
    return py::dtype("int64");
  case ElementType::F16:
    return py::dtype("float16");
  case ElementType::BF16: {
    py::object bf16 = bfloat16Dtype();
    if (!bf16.is_none())
      return bf16.cast<py::dtype>();
    // Without ml_dtypes numpy has no bfloat16: the raw bits.
    return py::dtype("uint16");
  }
  case ElementType::F32:
    return py::dtype("float32");
  case ElementType::F64:
    return py::dtype("float64");
  }
  throw QTosaError("unknown element type");
}

/// The most one input may take once copied: the 2^31 - 1 bytes of a TOSA
/// 1.0 tensor at level 8K (MAX_LOG2_SIZE 31), the limit the pipelines hold
/// graphs to.
constexpr int64_t kMaxInputBytes = (int64_t(1) << 31) - 1;

/// The bytes of `array` (whose element type is `type`) as a Tensor, in
/// native byte order and C order. `what` names it in errors.
Tensor copyToTensor(py::array array, ElementType type,
                    const std::string &what) {
  if (!array.dtype().attr("isnative").cast<bool>())
    array = array.attr("astype")(array.dtype().attr("newbyteorder")("="));
  array = py::array::ensure(array, py::array::c_style);
  if (!array)
    throw QTosaError(what + ": numpy could not make it contiguous");
  Tensor tensor;
  tensor.elementType = type;
  tensor.shape.assign(array.shape(), array.shape() + array.ndim());
  const auto *data = static_cast<const uint8_t *>(array.data());
  tensor.data.assign(data, data + array.nbytes());
  return tensor;
}

/// The byte size of a tensor of `type` and `shape`, or kMaxInputBytes + 1
/// when it is larger than that.
int64_t boundedByteSize(ElementType type, ArrayRef<int64_t> shape) {
  int64_t bytes = static_cast<int64_t>(getByteWidth(type));
  for (int64_t size : shape)
    bytes = size != 0 && bytes > kMaxInputBytes / size ? kMaxInputBytes + 1
                                                       : bytes * size;
  return bytes;
}

/// Each numpy input as a Tensor for `executable`. Nothing is copied before
/// the input's dtype and shape match the function's argument: a broadcast
/// view of four bytes to (2**20, 2**20, 1, 1) is refused as it is, not made
/// contiguous first. Non-native byte order ('>f4' on this host) is
/// converted, since the compiled code reads native values.
std::vector<Tensor> toTensors(py::object inputs, const Executable &executable) {
  auto fail = [&](const std::string &message) {
    throw QTosaError(executable.getDescription().str() + ": " + message);
  };
  py::list list;
  if (py::isinstance<py::array>(inputs))
    list.append(inputs);
  else if (py::isinstance<py::sequence>(inputs) &&
           !py::isinstance<py::str>(inputs))
    list = py::list(inputs);
  else
    fail("inputs must be a numpy array or a sequence of them, not " +
         py::str(py::type::of(inputs).attr("__name__")).cast<std::string>());
  if (llvm::Error error = executable.checkInputCount(list.size()))
    throw QTosaError(llvm::toString(std::move(error)));
  ArrayRef<TensorSignature> signature = executable.getInputs();
  std::vector<Tensor> tensors;
  for (auto [index, item] : llvm::enumerate(list)) {
    std::string input = "input #" + std::to_string(index);
    if (!py::isinstance<py::array>(item))
      fail(input + " is a " +
           py::str(py::type::of(item).attr("__name__")).cast<std::string>() +
           ", not a numpy array");
    // A view of the caller's array: no data is touched yet.
    auto array = py::reinterpret_borrow<py::array>(item);
    std::optional<ElementType> type =
        elementTypeOf(array.dtype(), signature[index].elementType);
    if (!type)
      fail(input + " has dtype " + py::str(array.dtype()).cast<std::string>() +
           "; qtosa passes bool (i1), int8, int16, int32, int64, float16, "
           "bfloat16 (ml_dtypes), float32 and float64");
    std::vector<int64_t> shape(array.shape(), array.shape() + array.ndim());
    if (llvm::Error error = executable.checkInput(index, *type, shape))
      throw QTosaError(llvm::toString(std::move(error)));
    // The shape is the argument's now, so this is what a copy takes.
    if (boundedByteSize(*type, shape) > kMaxInputBytes)
      fail(input + " holds more than the 2^31 - 1 bytes a TOSA 1.0 tensor "
                   "may (MAX_LOG2_SIZE 31 at level 8K)");
    tensors.push_back(copyToTensor(array, *type, input));
  }
  return tensors;
}

py::list toArrays(const std::vector<Tensor> &tensors) {
  py::list arrays;
  for (const Tensor &tensor : tensors) {
    py::array array(dtypeOf(tensor.elementType), tensor.shape);
    if (!tensor.data.empty())
      std::memcpy(array.mutable_data(), tensor.data.data(), tensor.data.size());
    arrays.append(array);
  }
  return arrays;
}

/// A compiled function of a module, for running it many times.
class PyExecutable {
public:
  PyExecutable(std::shared_ptr<PyModule> module, const std::string &function)
      : module(std::move(module)) {
    DiagnosticCapture capture(this->module->getContext());
    llvm::Expected<std::unique_ptr<Executable>> compiled =
        Executable::compile(this->module->get(), function);
    if (!compiled)
      capture.fail(llvm::toString(compiled.takeError()));
    executable = std::move(*compiled);
  }

  py::list run(py::object inputs) {
    std::vector<Tensor> tensors = toTensors(inputs, *executable);
    // The compiled code touches neither Python nor the MLIR context: other
    // Python threads may run meanwhile.
    std::optional<llvm::Expected<std::vector<Tensor>>> results;
    {
      py::gil_scoped_release release;
      results.emplace(executable->run(tensors));
    }
    if (!*results)
      throw QTosaError(llvm::toString(results->takeError()));
    return toArrays(**results);
  }

  /// (dtype, shape) per argument or result; None for a dynamic size.
  static py::list describe(ArrayRef<TensorSignature> signatures) {
    py::list list;
    for (const TensorSignature &signature : signatures) {
      py::list shape;
      for (int64_t size : signature.shape)
        shape.append(ShapedType::isDynamic(size) ? py::object(py::none())
                                                 : py::int_(size));
      list.append(
          py::make_tuple(dtypeOf(signature.elementType), py::tuple(shape)));
    }
    return list;
  }
  py::list inputs() const { return describe(executable->getInputs()); }
  py::list outputs() const { return describe(executable->getOutputs()); }

private:
  // The compiled code does not need the module; holding it keeps the
  // context (whose registry compiled it) alive as long as the executable.
  std::shared_ptr<PyModule> module;
  std::unique_ptr<Executable> executable;
};

//===----------------------------------------------------------------------===//
// Structured results: the report, the delegates, the rules, as Python values
//===----------------------------------------------------------------------===//

/// A JSON value as the Python value json.loads would give (objects as dicts
/// in key order).
py::object toPython(const llvm::json::Value &value) {
  switch (value.kind()) {
  case llvm::json::Value::Null:
    return py::none();
  case llvm::json::Value::Boolean:
    return py::bool_(*value.getAsBoolean());
  case llvm::json::Value::Number:
    if (std::optional<int64_t> integer = value.getAsInteger())
      return py::int_(*integer);
    return py::float_(*value.getAsNumber());
  case llvm::json::Value::String:
    return py::str(value.getAsString()->str());
  case llvm::json::Value::Array: {
    py::list list;
    for (const llvm::json::Value &element : *value.getAsArray())
      list.append(toPython(element));
    return list;
  }
  case llvm::json::Value::Object: {
    const llvm::json::Object &object = *value.getAsObject();
    std::vector<StringRef> keys;
    for (const auto &entry : object)
      keys.push_back(entry.first);
    llvm::sort(keys);
    py::dict dict;
    for (StringRef key : keys)
      dict[py::str(key.str())] = toPython(*object.get(key));
    return dict;
  }
  }
  return py::none();
}

/// Each delegate's manifest entry as a dict, with its flatbuffer's bytes
/// under "flatbuffer".
py::list toPython(const ExportedDelegates &exported) {
  py::list result;
  for (const ExportedDelegate &delegate : exported.delegates) {
    py::dict dict = toPython(delegate.manifestEntry);
    dict["flatbuffer"] = py::bytes(delegate.flatbuffer);
    result.append(dict);
  }
  return result;
}

py::object partition(PyModule &module, const std::string &target,
                     std::optional<std::string> dotFile) {
  std::optional<EthosUTarget> parsed = symbolizeEthosUTarget(target);
  if (!parsed)
    throw QTosaError("unknown target '" + target +
                     "' (known: ethos-u55-128, ethos-u85-256)");
  EthosUPipelineOptions options;
  options.partition.target = *parsed;
  if (dotFile)
    options.partition.dotFile = *dotFile;
  llvm::json::Value report = nullptr;
  ExportedDelegates delegates;
  options.reportSink = &report;
  // The delegates are exported while the boundary quantize and dequantize
  // still give their parameters: expand-qdq removes them afterwards.
  options.delegatesSink = &delegates;
  DiagnosticCapture capture(module.getContext());
  auto pm = PassManager::on<ModuleOp>(module.getContext());
  if (failed(buildEthosUPipeline(pm, options)))
    capture.fail("cannot build qtosa-ethosu-pipeline");
  module.runOnClone(pm, capture,
                    "qtosa-ethosu-pipeline{target=" + target + "} failed");
  module.partitionDelegates = toPython(delegates);
  return toPython(report);
}

py::list delegates(PyModule &module) {
  if (module.partitionDelegates)
    return py::list(py::module_::import("copy").attr("deepcopy")(
        *module.partitionDelegates));
  DiagnosticCapture capture(module.getContext());
  FailureOr<ExportedDelegates> exported = exportDelegates(module.get());
  if (failed(exported))
    capture.fail("cannot export the delegates as TOSA flatbuffers");
  return toPython(*exported);
}

/// A numpy array as a calibration sample's tensor, by its dtype alone (the
/// calibrator checks it against the function's argument).
Tensor sampleTensor(py::handle item, size_t sample, size_t argument) {
  std::string what = "samples[" + std::to_string(sample) + "][" +
                     std::to_string(argument) + "]";
  if (!py::isinstance<py::array>(item))
    throw QTosaError(
        what + ": expected a numpy array, not " +
        py::str(py::type::of(item).attr("__name__")).cast<std::string>());
  auto array = py::reinterpret_borrow<py::array>(item);
  std::optional<ElementType> type = elementTypeOf(array.dtype(), std::nullopt);
  if (!type)
    throw QTosaError(what + " has dtype " +
                     py::str(array.dtype()).cast<std::string>() +
                     "; qtosa passes bool (i1), int8, int16, int32, int64, "
                     "float16, bfloat16 (ml_dtypes), float32 and float64");
  std::vector<int64_t> shape(array.shape(), array.shape() + array.ndim());
  if (boundedByteSize(*type, shape) > kMaxInputBytes)
    throw QTosaError(what + " holds more than the 2^31 - 1 bytes a TOSA 1.0 "
                            "tensor may (MAX_LOG2_SIZE 31 at level 8K)");
  return copyToTensor(array, *type, what);
}

/// qtosa-quantize-pipeline with the config and samples given as values
/// (`configJson`: the config's JSON text, named `configName` in messages;
/// `samples`: per sample a list of arrays) or as files (the paths).
void quantize(PyModule &module, std::optional<std::string> configPath,
              std::optional<std::string> configJson,
              const std::string &configName,
              std::optional<std::string> samplesPath,
              std::optional<py::list> samples,
              std::optional<std::string> function) {
  QuantizePipelineOptions options;
  if (configPath)
    options.config = *configPath;
  if (configJson) {
    llvm::Expected<QuantConfig> config =
        parseQuantConfig(*configJson, configName);
    if (!config)
      throw QTosaError("invalid quantize config: " +
                       llvm::toString(config.takeError()));
    options.parsedConfig = std::make_shared<QuantConfig>(std::move(*config));
  }
  if (samplesPath)
    options.samples = *samplesPath;
  if (samples) {
    auto tensors = std::make_shared<CalibrationSamples>();
    for (auto [index, sample] : llvm::enumerate(*samples)) {
      std::vector<Tensor> inputs;
      for (auto [argument, item] :
           llvm::enumerate(py::reinterpret_borrow<py::list>(sample)))
        inputs.push_back(sampleTensor(item, index, argument));
      tensors->push_back(std::move(inputs));
    }
    options.sampleTensors = std::move(tensors);
  }
  if (function)
    options.function = *function;
  DiagnosticCapture capture(module.getContext());
  auto pm = PassManager::on<ModuleOp>(module.getContext());
  if (failed(buildQuantizePipeline(pm, options)))
    capture.fail("cannot build qtosa-quantize-pipeline");
  module.runOnClone(pm, capture, "cannot quantize the module");
}

std::string readFile(const std::string &path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!buffer)
    throw QTosaError("cannot read '" + path +
                     "': " + buffer.getError().message());
  return (*buffer)->getBuffer().str();
}

/// Bytes from `source`: a bytes-like object as is, a path read from disk.
std::pair<std::string, std::string> bytesAndName(py::object source) {
  if (py::isinstance<py::bytes>(source) ||
      py::isinstance<py::bytearray>(source) ||
      py::isinstance<py::memoryview>(source))
    return {py::bytes(source).cast<std::string>(), "<bytes>"};
  py::object os = py::module_::import("os");
  std::string path = py::str(os.attr("fspath")(source)).cast<std::string>();
  return {readFile(path), path};
}

template <typename Importer>
std::shared_ptr<PyModule> importBytes(py::object source, StringRef what,
                                      Importer importer) {
  auto [bytes, name] = bytesAndName(source);
  std::shared_ptr<MLIRContext> context = makeContext();
  OwningOpRef<ModuleOp> imported;
  {
    DiagnosticCapture capture(context.get());
    llvm::MemoryBufferRef buffer(bytes, name);
    imported = importer(buffer, context.get());
    if (!imported)
      capture.fail("cannot import " + name + " as " + what.str());
  }
  return std::make_shared<PyModule>(std::move(context), std::move(imported));
}

/// The rule table of `target` as dicts: id, op ("*" for every op) and
/// constraint, in the order they are checked.
py::list rules(const std::string &target) {
  std::optional<EthosUTarget> parsed = symbolizeEthosUTarget(target);
  if (!parsed)
    throw QTosaError("unknown target '" + target +
                     "' (known: ethos-u55-128, ethos-u85-256)");
  py::list result;
  for (const EthosURuleInfo &rule : getEthosURules(*parsed)) {
    py::dict entry;
    entry["id"] = rule.id;
    entry["op"] = rule.op.str();
    entry["constraint"] = rule.text.str();
    result.append(std::move(entry));
  }
  return result;
}

} // namespace

PYBIND11_MODULE(_qtosa, m) {
  m.doc() = "The C++ side of qtosa; use the qtosa package, which wraps it.";
  py::register_exception<QTosaError>(m, "Error", PyExc_RuntimeError);

  py::class_<PyModule, std::shared_ptr<PyModule>>(m, "Module")
      .def("__str__", &PyModule::str)
      .def("run", &PyModule::run, py::arg("pipeline"))
      .def("clone", &PyModule::clone)
      .def("delegates", &delegates)
      .def("function_names",
           [](PyModule &module) {
             std::vector<std::string> names;
             for (auto function : module.get().getOps<func::FuncOp>())
               if (!function.isExternal())
                 names.push_back(function.getName().str());
             return names;
           })
      .def(
          "function_shapes",
          [](PyModule &module, const std::string &name) {
            // The shapes of a function's arguments and results, read off
            // its type without compiling it: None for a value that is not
            // a ranked tensor or a size that is dynamic.
            auto function = module.get().lookupSymbol<func::FuncOp>(name);
            if (!function)
              throw QTosaError("no function '" + name + "' in the module");
            auto shapes = [](TypeRange types) {
              py::list list;
              for (Type type : types) {
                auto tensor = dyn_cast<RankedTensorType>(type);
                if (!tensor) {
                  list.append(py::none());
                  continue;
                }
                py::list shape;
                for (int64_t size : tensor.getShape())
                  shape.append(ShapedType::isDynamic(size)
                                   ? py::object(py::none())
                                   : py::int_(size));
                list.append(py::tuple(shape));
              }
              return list;
            };
            FunctionType type = function.getFunctionType();
            return py::make_tuple(shapes(type.getInputs()),
                                  shapes(type.getResults()));
          },
          py::arg("function"));

  py::class_<PyExecutable>(m, "Executable")
      .def(py::init<std::shared_ptr<PyModule>, const std::string &>(),
           py::arg("module"), py::arg("function"))
      .def("run", &PyExecutable::run, py::arg("inputs"))
      .def_property_readonly("inputs", &PyExecutable::inputs)
      .def_property_readonly("outputs", &PyExecutable::outputs);

  m.def("parse", &PyModule::parse, py::arg("text"),
        py::arg("filename") = "<string>");
  m.def(
      "execute",
      [](std::shared_ptr<PyModule> module, py::object inputs,
         const std::string &function) {
        return PyExecutable(std::move(module), function).run(inputs);
      },
      py::arg("module"), py::arg("inputs"), py::arg("function") = "main");
  m.def("partition", &partition, py::arg("module"),
        py::arg("target") = "ethos-u55-128", py::arg("dot_file") = py::none());
  m.def("rules", &rules, py::arg("target"));
  m.def("quantize", &quantize, py::arg("module"), py::arg("config_path"),
        py::arg("config_json"), py::arg("config_name"), py::arg("samples_path"),
        py::arg("samples"), py::arg("function"));
  m.def("import_tflite", [](py::object source) {
    return importBytes(source, "TFLite",
                       [](llvm::MemoryBufferRef buffer, MLIRContext *context) {
                         return importTFLite(buffer, context);
                       });
  });
  m.def("import_tosa_flatbuffer", [](py::object source) {
    return importBytes(source, "a TOSA flatbuffer",
                       [](llvm::MemoryBufferRef buffer, MLIRContext *context) {
                         return importTosaFlatbuffer(buffer, context);
                       });
  });
  m.def("export_tosa_flatbuffer", [](PyModule &module) {
    DiagnosticCapture capture(module.getContext());
    std::string bytes;
    llvm::raw_string_ostream os(bytes);
    if (failed(exportTosaFlatbuffer(module.get(), os)))
      capture.fail("cannot export the module as a TOSA flatbuffer");
    return py::bytes(bytes);
  });
}
