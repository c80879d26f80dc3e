//===- QuantConfig.cpp - Parse the qtosa-annotate config ------------------===//
//
// Strict: an unknown key, a value of the wrong kind, an impossible range or
// a fixed scale that quantize cannot invert is an error naming the file and
// the JSON path, never a silent default.
//
//===----------------------------------------------------------------------===//

#include "qtosa/Quantization/QuantConfig.h"
#include "qtosa/Utils/NestingDepth.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::qtosa;
namespace json = llvm::json;

bool TensorSpec::operator==(const TensorSpec &other) const {
  return width == other.width && storageMin == other.storageMin &&
         storageMax == other.storageMax && symmetric == other.symmetric &&
         perChannel == other.perChannel && scale == other.scale &&
         zeroPoint == other.zeroPoint;
}

namespace {

class ConfigParser {
public:
  explicit ConfigParser(StringRef file) : file(file) {}

  llvm::Error error(const Twine &path, const Twine &message) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   file + ": " + path + ": " + message);
  }

  /// Fails on any key of `object` outside `known`.
  llvm::Error checkKeys(const json::Object &object, const Twine &path,
                        ArrayRef<StringRef> known) {
    for (const auto &entry : object)
      if (!llvm::is_contained(known, StringRef(entry.first)))
        return error(path, "unknown key '" + StringRef(entry.first) +
                               "' (known: " + llvm::join(known, ", ") + ")");
    return llvm::Error::success();
  }

  /// A spec object over `base`, or null for "keep float" when `allowFloat`.
  llvm::Expected<SpecOrFloat> parseSpec(const json::Value &value,
                                        const TensorSpec &base,
                                        const std::string &path,
                                        bool allowFloat) {
    if (value.kind() == json::Value::Null) {
      if (allowFloat)
        return SpecOrFloat();
      return error(path, "null (keep float) is not allowed here");
    }
    const json::Object *object = value.getAsObject();
    if (!object)
      return error(path, "expected an object or null");
    if (llvm::Error err = checkKeys(*object, path,
                                    {"dtype", "range", "symmetric",
                                     "per_channel", "scale", "zero_point"}))
      return std::move(err);
    TensorSpec spec = base;
    if (const json::Value *symmetric = object->get("symmetric")) {
      std::optional<bool> flag = symmetric->getAsBoolean();
      if (!flag)
        return error(path + ".symmetric", "expected true or false");
      spec.symmetric = *flag;
    }
    if (const json::Value *dtype = object->get("dtype")) {
      std::optional<StringRef> name = dtype->getAsString();
      unsigned width = 0;
      if (name)
        width = llvm::StringSwitch<unsigned>(*name)
                    .Case("int4", 4)
                    .Case("int8", 8)
                    .Case("int16", 16)
                    .Case("int32", 32)
                    .Default(0);
      if (!width)
        return error(path + ".dtype",
                     "expected \"int4\", \"int8\", \"int16\" or \"int32\"");
      spec.width = width;
      // A new width brings its own range: the whole width, or the
      // symmetric one without the most negative value.
      spec.storageMax = (int64_t(1) << (width - 1)) - 1;
      spec.storageMin =
          spec.symmetric ? -spec.storageMax : -spec.storageMax - 1;
      spec.scale.reset();
      spec.zeroPoint.reset();
    }
    int64_t widthMax = (int64_t(1) << (spec.width - 1)) - 1;
    int64_t widthMin = -widthMax - 1;
    if (const json::Value *range = object->get("range")) {
      const json::Array *pair = range->getAsArray();
      std::optional<int64_t> lo, hi;
      if (pair && pair->size() == 2) {
        lo = (*pair)[0].getAsInteger();
        hi = (*pair)[1].getAsInteger();
      }
      if (!lo || !hi)
        return error(path + ".range", "expected [min, max], two integers");
      if (*lo < widthMin || *hi > widthMax || *lo >= *hi)
        return error(path + ".range",
                     llvm::formatv("[{0}, {1}] is not a non-empty range "
                                   "inside [{2}, {3}] of int{4}",
                                   *lo, *hi, widthMin, widthMax, spec.width));
      spec.storageMin = *lo;
      spec.storageMax = *hi;
    } else if (spec.storageMin < widthMin || spec.storageMax > widthMax) {
      return error(path,
                   llvm::formatv("the inherited range [{0}, {1}] does "
                                 "not fit int{2}; give \"range\"",
                                 spec.storageMin, spec.storageMax, spec.width));
    }
    if (const json::Value *perChannel = object->get("per_channel")) {
      std::optional<bool> flag = perChannel->getAsBoolean();
      if (!flag)
        return error(path + ".per_channel", "expected true or false");
      spec.perChannel = *flag;
    }
    if (const json::Value *scale = object->get("scale")) {
      std::optional<double> number = scale->getAsNumber();
      if (!number)
        return error(path + ".scale", "expected a number");
      // Quantize multiplies by 1/scale in f32: the same lower bound as the
      // dialect's [QTOSA-SCALE]; above the largest f32 the quantized type
      // itself cannot hold the scale.
      if (!std::isfinite(*number) ||
          *number < std::numeric_limits<float>::min() ||
          *number > std::numeric_limits<float>::max())
        return error(path + ".scale",
                     llvm::formatv("{0:e} is not a finite scale of at least "
                                   "2^-126 and at most the largest f32",
                                   *number));
      spec.scale = *number;
      spec.zeroPoint = 0;
    }
    if (const json::Value *zeroPoint = object->get("zero_point")) {
      std::optional<int64_t> number = zeroPoint->getAsInteger();
      if (!number)
        return error(path + ".zero_point", "expected an integer");
      if (!spec.scale)
        return error(path + ".zero_point",
                     "a fixed zero point needs a fixed \"scale\"");
      if (*number < spec.storageMin || *number > spec.storageMax)
        return error(path + ".zero_point",
                     llvm::formatv("{0} is outside the range [{1}, {2}]",
                                   *number, spec.storageMin, spec.storageMax));
      if (spec.symmetric && *number != 0)
        return error(
            path + ".zero_point",
            llvm::formatv("{0} in a symmetric spec (must be 0)", *number));
      spec.zeroPoint = *number;
    }
    if (spec.perChannel && spec.scale)
      return error(path, "a per-channel spec cannot have one fixed scale");
    return SpecOrFloat(spec);
  }

  llvm::Expected<std::vector<SpecOrFloat>>
  parseSpecList(const json::Value &value, const TensorSpec &base,
                const std::string &path) {
    const json::Array *array = value.getAsArray();
    if (!array)
      return error(path, "expected an array of specs (null: keep float)");
    std::vector<SpecOrFloat> specs;
    for (auto [index, element] : llvm::enumerate(*array)) {
      llvm::Expected<SpecOrFloat> spec = parseSpec(
          element, base, llvm::formatv("{0}[{1}]", path, index).str(), true);
      if (!spec)
        return spec.takeError();
      specs.push_back(*spec);
    }
    return specs;
  }

  llvm::Expected<QuantConfig> parse(StringRef text) {
    // llvm::json's parser recurses once per level.
    if (std::optional<NestingViolation> deep = findNestingBeyond(text))
      return error("$",
                   llvm::formatv("nested deeper than {0} levels at line "
                                 "{1}, column {2}",
                                 kMaxNestingDepth, deep->line, deep->column));
    llvm::Expected<json::Value> root = json::parse(text);
    if (!root)
      return error("$", llvm::toString(root.takeError()));
    const json::Object *object = root->getAsObject();
    if (!object)
      return error("$", "expected an object");
    if (llvm::Error err =
            checkKeys(*object, "$",
                      {"activation", "weight", "inputs", "outputs", "overrides",
                       "observer", "percentile", "unary_regions"}))
      return std::move(err);
    QuantConfig config;
    config.file = file.str();
    bool percentileObserver = false;
    if (const json::Value *observer = object->get("observer")) {
      std::optional<StringRef> kind = observer->getAsString();
      if (!kind ||
          (*kind != "minmax" && *kind != "percentile" && *kind != "histogram"))
        return error("$.observer", "expected \"minmax\", \"percentile\" or "
                                   "\"histogram\"");
      percentileObserver = *kind == "percentile";
      config.leastError = *kind == "histogram";
    }
    if (const json::Value *value = object->get("percentile")) {
      std::optional<double> percentile = value->getAsNumber();
      if (!percentileObserver)
        return error("$.percentile", "needs \"observer\": \"percentile\"");
      if (!percentile || !(*percentile >= 50.0 && *percentile <= 100.0))
        return error("$.percentile", "expected a number in [50, 100]");
      config.percentile = *percentile;
    } else if (percentileObserver) {
      config.percentile = kDefaultPercentile;
    }
    if (const json::Value *value = object->get("unary_regions")) {
      std::optional<bool> regions = value->getAsBoolean();
      if (!regions)
        return error("$.unary_regions", "expected true or false");
      config.unaryRegions = *regions;
    }
    // The global specs first: the others inherit from `activation`.
    if (const json::Value *value = object->get("activation")) {
      llvm::Expected<SpecOrFloat> spec =
          parseSpec(*value, config.activation, "$.activation", false);
      if (!spec)
        return spec.takeError();
      config.activation = **spec;
      if (config.activation.perChannel)
        return error("$.activation.per_channel",
                     "activations are quantized per tensor");
    }
    if (const json::Value *value = object->get("weight")) {
      llvm::Expected<SpecOrFloat> spec =
          parseSpec(*value, config.weight, "$.weight", false);
      if (!spec)
        return spec.takeError();
      config.weight = **spec;
      if (config.weight.scale)
        return error("$.weight.scale", "weight parameters come from the "
                                       "weight values; fix them by an "
                                       "override of the weight's op");
      if (!config.weight.symmetric)
        return error("$.weight.symmetric",
                     "weights are quantized symmetrically");
    }
    for (auto [key, list] : {std::pair<StringRef, std::vector<SpecOrFloat> *>(
                                 "inputs", &config.inputs),
                             {"outputs", &config.outputs}}) {
      if (const json::Value *value = object->get(key)) {
        llvm::Expected<std::vector<SpecOrFloat>> specs =
            parseSpecList(*value, config.activation, ("$." + key).str());
        if (!specs)
          return specs.takeError();
        *list = std::move(*specs);
      }
    }
    if (const json::Value *value = object->get("overrides")) {
      const json::Array *array = value->getAsArray();
      if (!array)
        return error("$.overrides", "expected an array");
      for (auto [index, element] : llvm::enumerate(*array)) {
        std::string path = llvm::formatv("$.overrides[{0}]", index).str();
        const json::Object *entry = element.getAsObject();
        if (!entry)
          return error(path, "expected an object");
        if (llvm::Error err = checkKeys(*entry, path, {"name", "op", "spec"}))
          return std::move(err);
        SpecOverride override;
        override.path = path;
        if (const json::Value *name = entry->get("name"))
          override.name = name->getAsString().value_or("").str();
        if (const json::Value *op = entry->get("op"))
          override.opKind = op->getAsString().value_or("").str();
        if (override.name.empty() == override.opKind.empty())
          return error(path, "give exactly one of \"name\" and \"op\", a "
                             "non-empty string");
        const json::Value *spec = entry->get("spec");
        if (!spec)
          return error(path, "missing \"spec\" (null: keep float)");
        llvm::Expected<SpecOrFloat> parsed =
            parseSpec(*spec, config.activation, path + ".spec", true);
        if (!parsed)
          return parsed.takeError();
        override.spec = *parsed;
        config.overrides.push_back(std::move(override));
      }
    }
    return config;
  }

private:
  StringRef file;
};

} // namespace

llvm::Expected<QuantConfig> mlir::qtosa::parseQuantConfig(StringRef text,
                                                          StringRef file) {
  return ConfigParser(file).parse(text);
}

llvm::Expected<QuantConfig> mlir::qtosa::readQuantConfig(StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return llvm::createStringError(buffer.getError(),
                                   "cannot read the config '" + path +
                                       "': " + buffer.getError().message());
  return parseQuantConfig((*buffer)->getBuffer(), path);
}
