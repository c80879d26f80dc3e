//===- OpTable.cpp - TOSA ops and their attribute tables ------------------===//
//
// A table (one row per flatbuffer operator) and, per operator, how the MLIR
// op's inherent attributes become the flatbuffer attribute table and back.
// Inputs and outputs need no table: MLIR 22's TOSA ops take their operands
// in the order of the TOSA 1.0 specification, zero points, shifts and shape
// operands included.
//
//===----------------------------------------------------------------------===//

#include "TosaFlatbufferInternals.h"

#include "qtosa/Target/TosaFlatbuffer/TosaFlatbuffer.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::qtosa::tosafb;

namespace {
constexpr int kAny = -1;
using O = fb::Op;

fb::RoundingMode roundingModeOf(mlir::tosa::RoundingMode mode) {
  switch (mode) {
  case mlir::tosa::RoundingMode::SINGLE_ROUND:
    return fb::RoundingMode::SINGLE_ROUND;
  case mlir::tosa::RoundingMode::INEXACT_ROUND:
    return fb::RoundingMode::INEXACT_ROUND;
  case mlir::tosa::RoundingMode::DOUBLE_ROUND:
    return fb::RoundingMode::DOUBLE_ROUND;
  }
  return fb::RoundingMode::UNKNOWN;
}

std::optional<mlir::tosa::RoundingMode> roundingModeOf(fb::RoundingMode mode) {
  switch (mode) {
  case fb::RoundingMode::SINGLE_ROUND:
    return mlir::tosa::RoundingMode::SINGLE_ROUND;
  case fb::RoundingMode::INEXACT_ROUND:
    return mlir::tosa::RoundingMode::INEXACT_ROUND;
  case fb::RoundingMode::DOUBLE_ROUND:
    return mlir::tosa::RoundingMode::DOUBLE_ROUND;
  default:
    return std::nullopt;
  }
}

// The flatbuffer has operators for the variables (VARIABLE, VARIABLE_READ,
// VARIABLE_WRITE), which have no row: they map to no one TOSA op
// (ImportVariables.cpp reads them; Export.cpp writes variable accesses as
// IDENTITY). A region's yield is its block's outputs.
const OpInfo kOps[] = {
    {O::ARGMAX, "tosa.argmax", {1, 1}},
    {O::AVG_POOL2D, "tosa.avg_pool2d", {3, 1}},
    {O::CONV2D, "tosa.conv2d", {5, 1}},
    {O::CONV3D, "tosa.conv3d", {5, 1}},
    {O::DEPTHWISE_CONV2D, "tosa.depthwise_conv2d", {5, 1}},
    {O::FFT2D, "tosa.fft2d", {2, 2}},
    {O::MATMUL, "tosa.matmul", {4, 1}},
    {O::MAX_POOL2D, "tosa.max_pool2d", {1, 1}},
    {O::RFFT2D, "tosa.rfft2d", {1, 2}},
    {O::TRANSPOSE_CONV2D, "tosa.transpose_conv2d", {5, 1}},
    {O::CLAMP, "tosa.clamp", {1, 1}},
    {O::ERF, "tosa.erf", {1, 1}},
    {O::SIGMOID, "tosa.sigmoid", {1, 1}},
    {O::TANH, "tosa.tanh", {1, 1}},
    {O::ADD, "tosa.add", {2, 1}},
    {O::ARITHMETIC_RIGHT_SHIFT, "tosa.arithmetic_right_shift", {2, 1}},
    {O::BITWISE_AND, "tosa.bitwise_and", {2, 1}},
    {O::BITWISE_OR, "tosa.bitwise_or", {2, 1}},
    {O::BITWISE_XOR, "tosa.bitwise_xor", {2, 1}},
    {O::INTDIV, "tosa.intdiv", {2, 1}},
    {O::LOGICAL_AND, "tosa.logical_and", {2, 1}},
    {O::LOGICAL_LEFT_SHIFT, "tosa.logical_left_shift", {2, 1}},
    {O::LOGICAL_RIGHT_SHIFT, "tosa.logical_right_shift", {2, 1}},
    {O::LOGICAL_OR, "tosa.logical_or", {2, 1}},
    {O::LOGICAL_XOR, "tosa.logical_xor", {2, 1}},
    {O::MAXIMUM, "tosa.maximum", {2, 1}},
    {O::MINIMUM, "tosa.minimum", {2, 1}},
    {O::MUL, "tosa.mul", {3, 1}},
    {O::POW, "tosa.pow", {2, 1}},
    {O::SUB, "tosa.sub", {2, 1}},
    {O::TABLE, "tosa.table", {2, 1}},
    {O::ABS, "tosa.abs", {1, 1}},
    {O::BITWISE_NOT, "tosa.bitwise_not", {1, 1}},
    {O::CEIL, "tosa.ceil", {1, 1}},
    {O::CLZ, "tosa.clz", {1, 1}},
    {O::COS, "tosa.cos", {1, 1}},
    {O::EXP, "tosa.exp", {1, 1}},
    {O::FLOOR, "tosa.floor", {1, 1}},
    {O::LOG, "tosa.log", {1, 1}},
    {O::LOGICAL_NOT, "tosa.logical_not", {1, 1}},
    {O::NEGATE, "tosa.negate", {3, 1}},
    {O::RECIPROCAL, "tosa.reciprocal", {1, 1}},
    {O::RSQRT, "tosa.rsqrt", {1, 1}},
    {O::SIN, "tosa.sin", {1, 1}},
    {O::SELECT, "tosa.select", {3, 1}},
    {O::EQUAL, "tosa.equal", {2, 1}},
    {O::GREATER, "tosa.greater", {2, 1}},
    {O::GREATER_EQUAL, "tosa.greater_equal", {2, 1}},
    {O::REDUCE_ALL, "tosa.reduce_all", {1, 1}},
    {O::REDUCE_ANY, "tosa.reduce_any", {1, 1}},
    {O::REDUCE_MAX, "tosa.reduce_max", {1, 1}},
    {O::REDUCE_MIN, "tosa.reduce_min", {1, 1}},
    {O::REDUCE_PRODUCT, "tosa.reduce_product", {1, 1}},
    {O::REDUCE_SUM, "tosa.reduce_sum", {1, 1}},
    {O::CONCAT, "tosa.concat", {kAny, 1}},
    {O::PAD, "tosa.pad", {3, 1}},
    {O::RESHAPE, "tosa.reshape", {2, 1}},
    {O::REVERSE, "tosa.reverse", {1, 1}},
    {O::SLICE, "tosa.slice", {3, 1}},
    {O::TILE, "tosa.tile", {2, 1}},
    {O::TRANSPOSE, "tosa.transpose", {1, 1}},
    {O::GATHER, "tosa.gather", {2, 1}},
    {O::SCATTER, "tosa.scatter", {3, 1}},
    {O::RESIZE, "tosa.resize", {4, 1}},
    {O::CAST, "tosa.cast", {1, 1}},
    {O::RESCALE, "tosa.rescale", {5, 1}},
    {O::CONST, "tosa.const", {0, 1}},
    {O::IDENTITY, "tosa.identity", {1, 1}},
    {O::CUSTOM, "tosa.custom", {kAny, kAny}},
    {O::COND_IF, "tosa.cond_if", {kAny, kAny}},
    {O::WHILE_LOOP, "tosa.while_loop", {kAny, kAny}},
    {O::CONST_SHAPE, "tosa.const_shape", {0, 1}},
};
} // namespace

std::vector<StringRef> mlir::qtosa::getTosaFlatbufferOpNames() {
  std::vector<StringRef> names;
  for (const OpInfo &info : kOps)
    names.push_back(info.mlirName);
  return names;
}

const OpInfo *mlir::qtosa::tosafb::lookupOpByName(StringRef mlirName) {
  for (const OpInfo &info : kOps)
    if (info.mlirName == mlirName)
      return &info;
  return nullptr;
}

const OpInfo *mlir::qtosa::tosafb::lookupOp(fb::Op op) {
  for (const OpInfo &info : kOps)
    if (info.op == op)
      return &info;
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Export
//===----------------------------------------------------------------------===//

namespace {
/// Reads the inherent attributes of one op into flatbuffer field values,
/// remembering the first failure as a diagnostic at the op.
class AttrReader {
public:
  explicit AttrReader(Operation *op) : op(op) {}

  bool failed() const { return hasFailed; }

  std::vector<int32_t> ints(StringRef name) {
    std::vector<int32_t> result;
    Attribute attr = op->getAttr(name);
    SmallVector<int64_t> values;
    if (auto array = dyn_cast_or_null<DenseI64ArrayAttr>(attr))
      values.assign(array.asArrayRef().begin(), array.asArrayRef().end());
    else if (auto array32 = dyn_cast_or_null<DenseI32ArrayAttr>(attr))
      values.assign(array32.asArrayRef().begin(), array32.asArrayRef().end());
    else
      return fail(name, "is not an integer array"), result;
    for (int64_t value : values) {
      if (value < INT32_MIN || value > INT32_MAX)
        return fail(name, "holds a value beyond int32"), result;
      result.push_back(static_cast<int32_t>(value));
    }
    return result;
  }

  int32_t i32(StringRef name) {
    auto attr = dyn_cast_or_null<IntegerAttr>(op->getAttr(name));
    if (!attr)
      return fail(name, "is not an integer"), 0;
    return static_cast<int32_t>(attr.getInt());
  }

  bool flag(StringRef name, bool byDefault = false) {
    Attribute attr = op->getAttr(name);
    if (!attr)
      return byDefault;
    if (auto boolAttr = dyn_cast<BoolAttr>(attr))
      return boolAttr.getValue();
    return fail(name, "is not a boolean"), false;
  }

  fb::DType accType() {
    auto attr = dyn_cast_or_null<TypeAttr>(op->getAttr("acc_type"));
    std::optional<fb::DType> dtype;
    if (attr)
      dtype = dtypeOf(attr.getValue());
    if (!dtype)
      return fail("acc_type", "has no TOSA DType"), fb::DType::UNKNOWN;
    return *dtype;
  }

  fb::NanPropagationMode nanMode() {
    auto attr = dyn_cast_or_null<mlir::tosa::NanPropagationModeAttr>(
        op->getAttr("nan_mode"));
    if (!attr || attr.getValue() == mlir::tosa::NanPropagationMode::PROPAGATE)
      return fb::NanPropagationMode::PROPAGATE;
    return fb::NanPropagationMode::IGNORE;
  }

  std::string string(StringRef name) {
    auto attr = dyn_cast_or_null<StringAttr>(op->getAttr(name));
    if (!attr)
      return fail(name, "is not a string"), std::string();
    return attr.getValue().str();
  }

private:
  void fail(StringRef name, StringRef what) {
    if (hasFailed)
      return;
    hasFailed = true;
    op->emitError() << "cannot write '" << op->getName() << "' as TOSA 1.0: '"
                    << name << "' " << what;
  }

  Operation *op;
  bool hasFailed = false;
};

flatbuffers::Offset<void> emptyTable(flatbuffers::FlatBufferBuilder &builder) {
  return flatbuffers::Offset<void>(builder.EndTable(builder.StartTable()));
}
} // namespace

FailureOr<AttributeOffset>
mlir::qtosa::tosafb::buildAttribute(Operation *op,
                                    flatbuffers::FlatBufferBuilder &builder,
                                    ArrayRef<std::string> regionNames) {
  const OpInfo *info = lookupOpByName(op->getName().getStringRef());
  if (!info)
    return op->emitError() << "'" << op->getName()
                           << "' has no TOSA 1.0 flatbuffer operator";
  AttrReader read(op);
  flatbuffers::Offset<void> table;
  auto &b = builder;
  switch (info->op) {
  case O::ARGMAX:
    table =
        fb::CreateArgMaxAttribute(b, read.i32("axis"), read.nanMode()).Union();
    break;
  case O::AVG_POOL2D: {
    auto kernel = read.ints("kernel"), stride = read.ints("stride"),
         pad = read.ints("pad");
    table = fb::CreateAvgPool2dAttributeDirect(b, &kernel, &stride, &pad,
                                               read.accType())
                .Union();
    break;
  }
  case O::CONV2D:
  case O::CONV3D:
  case O::DEPTHWISE_CONV2D: {
    auto pad = read.ints("pad"), stride = read.ints("stride"),
         dilation = read.ints("dilation");
    bool localBound = read.flag("local_bound");
    fb::DType acc = read.accType();
    // The three tables have the same fields in the same order.
    if (info->op == O::CONV2D)
      table = fb::CreateConv2dAttributeDirect(b, &pad, &stride, &dilation,
                                              localBound, acc)
                  .Union();
    else if (info->op == O::CONV3D)
      table = fb::CreateConv3dAttributeDirect(b, &pad, &stride, &dilation,
                                              localBound, acc)
                  .Union();
    else
      table = fb::CreateDepthwiseConv2dAttributeDirect(
                  b, &pad, &stride, &dilation, localBound, acc)
                  .Union();
    break;
  }
  case O::FFT2D:
    table = fb::CreateFFT2dAttribute(b, read.flag("inverse"),
                                     read.flag("local_bound"))
                .Union();
    break;
  case O::MAX_POOL2D: {
    auto kernel = read.ints("kernel"), stride = read.ints("stride"),
         pad = read.ints("pad");
    table = fb::CreateMaxPool2dAttributeDirect(b, &kernel, &stride, &pad,
                                               read.nanMode())
                .Union();
    break;
  }
  case O::RFFT2D:
    table = fb::CreateRFFT2dAttribute(b, read.flag("local_bound")).Union();
    break;
  case O::TRANSPOSE_CONV2D: {
    auto outPad = read.ints("out_pad"), stride = read.ints("stride");
    bool localBound = read.flag("local_bound");
    table = fb::CreateTransposeConv2dAttributeDirect(b, &outPad, &stride,
                                                     localBound, read.accType())
                .Union();
    break;
  }
  case O::CLAMP: {
    Type elementType = getElementTypeOrSelf(op->getOperand(0).getType());
    auto minVal = encodeScalar(op->getAttr("min_val"), elementType);
    auto maxVal = encodeScalar(op->getAttr("max_val"), elementType);
    if (minVal.empty() || maxVal.empty())
      return op->emitError() << "cannot write '" << op->getName()
                             << "' as TOSA 1.0: its bounds are not numbers";
    table = fb::CreateClampAttributeDirect(b, &minVal, &maxVal, read.nanMode())
                .Union();
    break;
  }
  case O::ARITHMETIC_RIGHT_SHIFT:
    table =
        fb::CreateArithmeticRightShiftAttribute(b, read.flag("round")).Union();
    break;
  case O::MAXIMUM:
    table = fb::CreateMaximumAttribute(b, read.nanMode()).Union();
    break;
  case O::MINIMUM:
    table = fb::CreateMinimumAttribute(b, read.nanMode()).Union();
    break;
  case O::REDUCE_ALL:
    table = fb::CreateReduceAllAttribute(b, read.i32("axis")).Union();
    break;
  case O::REDUCE_ANY:
    table = fb::CreateReduceAnyAttribute(b, read.i32("axis")).Union();
    break;
  case O::REDUCE_MAX:
    table = fb::CreateReduceMaxAttribute(b, read.i32("axis"), read.nanMode())
                .Union();
    break;
  case O::REDUCE_MIN:
    table = fb::CreateReduceMinAttribute(b, read.i32("axis"), read.nanMode())
                .Union();
    break;
  case O::REDUCE_PRODUCT:
    table = fb::CreateReduceProductAttribute(b, read.i32("axis")).Union();
    break;
  case O::REDUCE_SUM:
    table = fb::CreateReduceSumAttribute(b, read.i32("axis")).Union();
    break;
  case O::CONCAT:
    table = fb::CreateConcatAttribute(b, read.i32("axis")).Union();
    break;
  case O::REVERSE:
    table = fb::CreateReverseAttribute(b, read.i32("axis")).Union();
    break;
  case O::TRANSPOSE: {
    auto perms = read.ints("perms");
    table = fb::CreateTransposeAttributeDirect(b, &perms).Union();
    break;
  }
  case O::RESIZE: {
    auto mode =
        dyn_cast_or_null<mlir::tosa::ResizeModeAttr>(op->getAttr("mode"));
    if (!mode)
      return op->emitError() << "cannot write '" << op->getName()
                             << "' as TOSA 1.0: 'mode' is missing";
    table = fb::CreateResizeAttribute(
                b, mode.getValue() == mlir::tosa::ResizeMode::BILINEAR
                       ? fb::ResizeMode::BILINEAR
                       : fb::ResizeMode::NEAREST)
                .Union();
    break;
  }
  case O::RESCALE: {
    auto rounding = dyn_cast_or_null<mlir::tosa::RoundingModeAttr>(
        op->getAttr("rounding_mode"));
    if (!rounding)
      return op->emitError() << "cannot write '" << op->getName()
                             << "' as TOSA 1.0: 'rounding_mode' is missing";
    table = fb::CreateRescaleAttribute(
                b, read.flag("scale32"), roundingModeOf(rounding.getValue()),
                read.flag("per_channel"), read.flag("input_unsigned"),
                read.flag("output_unsigned"))
                .Union();
    break;
  }
  case O::CUSTOM: {
    std::string implementation = read.string("implementation_attrs");
    std::vector<uint8_t> bytes(implementation.begin(), implementation.end());
    table = fb::CreateCustomAttributeDirect(
                b, read.string("operator_name").c_str(),
                read.string("domain_name").c_str(), &bytes)
                .Union();
    break;
  }
  case O::COND_IF:
  case O::WHILE_LOOP: {
    if (regionNames.size() != 2)
      return op->emitError()
             << "internal: '" << op->getName() << "' needs two region names";
    auto first = b.CreateString(regionNames[0]);
    auto second = b.CreateString(regionNames[1]);
    table = info->op == O::COND_IF
                ? fb::CreateCondIfAttribute(b, first, second).Union()
                : fb::CreateWhileLoopAttribute(b, first, second).Union();
    break;
  }
  default:
    // Every other operator's table has no fields.
    table = emptyTable(b);
    break;
  }
  if (read.failed())
    return failure();
  // The union members are in the order of Op, so the tag is the op's value.
  return AttributeOffset{static_cast<fb::Attribute>(info->op), table};
}

//===----------------------------------------------------------------------===//
// Import
//===----------------------------------------------------------------------===//

namespace {
/// Turns flatbuffer field values into MLIR attributes, remembering the first
/// value that has no MLIR form.
class AttrWriter {
public:
  AttrWriter(Builder &builder, NamedAttrList &attrs)
      : b(builder), attrs(attrs) {}

  std::optional<std::string> error;

  void ints64(StringRef name, const flatbuffers::Vector<int32_t> *values) {
    SmallVector<int64_t> result;
    if (values)
      result.assign(values->begin(), values->end());
    attrs.set(name, b.getDenseI64ArrayAttr(result));
  }
  void ints32(StringRef name, const flatbuffers::Vector<int32_t> *values) {
    SmallVector<int32_t> result;
    if (values)
      result.assign(values->begin(), values->end());
    attrs.set(name, b.getDenseI32ArrayAttr(result));
  }
  void i32(StringRef name, int32_t value) {
    attrs.set(name, b.getI32IntegerAttr(value));
  }
  void flag(StringRef name, bool value) {
    attrs.set(name, b.getBoolAttr(value));
  }
  void accType(fb::DType dtype) {
    Type type = elementTypeOf(dtype, b.getContext());
    if (!type)
      return setError("acc_type " + describe(dtype) +
                      " is not an element type");
    attrs.set("acc_type", TypeAttr::get(type));
  }
  void nanMode(fb::NanPropagationMode mode) {
    // A writer that leaves the field out means the TOSA default.
    mlir::tosa::NanPropagationMode value =
        mlir::tosa::NanPropagationMode::PROPAGATE;
    if (mode == fb::NanPropagationMode::IGNORE)
      value = mlir::tosa::NanPropagationMode::IGNORE;
    else if (mode != fb::NanPropagationMode::PROPAGATE &&
             mode != fb::NanPropagationMode::UNKNOWN)
      return setError("nan_mode " +
                      std::to_string(static_cast<uint32_t>(mode)) +
                      " is not a NanPropagationMode");
    attrs.set("nan_mode",
              mlir::tosa::NanPropagationModeAttr::get(b.getContext(), value));
  }
  void string(StringRef name, const flatbuffers::String *value) {
    attrs.set(name, b.getStringAttr(value ? value->string_view()
                                          : std::string_view()));
  }

  void setError(std::string message) {
    if (!error)
      error = std::move(message);
  }

  static std::string describe(fb::DType dtype) {
    if (dtype > fb::DType::MAX)
      return std::to_string(static_cast<uint32_t>(dtype));
    return fb::EnumNameDType(dtype);
  }

private:
  Builder &b;
  NamedAttrList &attrs;
};
} // namespace

std::optional<std::string> mlir::qtosa::tosafb::readAttributes(
    const fb::TosaOperator &fbOp, ArrayRef<Type> inputTypes, Builder &builder,
    NamedAttrList &attrs, std::vector<std::string> &regionNames) {
  fb::Op op = fbOp.op();
  fb::Attribute tag = fbOp.attribute_type();
  auto expected = static_cast<fb::Attribute>(op);
  if (tag != fb::Attribute::NONE && tag != expected) {
    std::string name = tag > fb::Attribute::MAX
                           ? std::to_string(static_cast<unsigned>(tag))
                           : fb::EnumNameAttribute(tag);
    return "carries a " + name + " table where " +
           fb::EnumNameAttribute(expected) + " belongs";
  }
  AttrWriter write(builder, attrs);
  // A table with fields must be there; one without may be left out.
  auto missing = [&]() -> std::optional<std::string> {
    return std::string("has no ") + fb::EnumNameAttribute(expected) + " table";
  };
  switch (op) {
  case O::ARGMAX: {
    auto *t = fbOp.attribute_as_ArgMaxAttribute();
    if (!t)
      return missing();
    write.i32("axis", t->axis());
    write.nanMode(t->nan_mode());
    break;
  }
  case O::AVG_POOL2D: {
    auto *t = fbOp.attribute_as_AvgPool2dAttribute();
    if (!t)
      return missing();
    write.ints64("kernel", t->kernel());
    write.ints64("stride", t->stride());
    write.ints64("pad", t->pad());
    write.accType(t->acc_type());
    break;
  }
  case O::CONV2D:
  case O::CONV3D:
  case O::DEPTHWISE_CONV2D: {
    // Same fields in the same order: read them through one accessor set.
    const flatbuffers::Vector<int32_t> *pad, *stride, *dilation;
    bool localBound;
    fb::DType acc;
    if (op == O::CONV2D) {
      auto *t = fbOp.attribute_as_Conv2dAttribute();
      if (!t)
        return missing();
      pad = t->pad(), stride = t->stride(), dilation = t->dilation();
      localBound = t->local_bound(), acc = t->acc_type();
    } else if (op == O::CONV3D) {
      auto *t = fbOp.attribute_as_Conv3dAttribute();
      if (!t)
        return missing();
      pad = t->pad(), stride = t->stride(), dilation = t->dilation();
      localBound = t->local_bound(), acc = t->acc_type();
    } else {
      auto *t = fbOp.attribute_as_DepthwiseConv2dAttribute();
      if (!t)
        return missing();
      pad = t->pad(), stride = t->stride(), dilation = t->dilation();
      localBound = t->local_bound(), acc = t->acc_type();
    }
    write.ints64("pad", pad);
    write.ints64("stride", stride);
    write.ints64("dilation", dilation);
    write.flag("local_bound", localBound);
    write.accType(acc);
    break;
  }
  case O::FFT2D: {
    auto *t = fbOp.attribute_as_FFT2dAttribute();
    if (!t)
      return missing();
    write.flag("inverse", t->inverse());
    write.flag("local_bound", t->local_bound());
    break;
  }
  case O::MAX_POOL2D: {
    auto *t = fbOp.attribute_as_MaxPool2dAttribute();
    if (!t)
      return missing();
    write.ints64("kernel", t->kernel());
    write.ints64("stride", t->stride());
    write.ints64("pad", t->pad());
    write.nanMode(t->nan_mode());
    break;
  }
  case O::RFFT2D: {
    auto *t = fbOp.attribute_as_RFFT2dAttribute();
    write.flag("local_bound", t && t->local_bound());
    break;
  }
  case O::TRANSPOSE_CONV2D: {
    auto *t = fbOp.attribute_as_TransposeConv2dAttribute();
    if (!t)
      return missing();
    write.ints64("out_pad", t->out_pad());
    write.ints64("stride", t->stride());
    write.flag("local_bound", t->local_bound());
    write.accType(t->acc_type());
    break;
  }
  case O::CLAMP: {
    auto *t = fbOp.attribute_as_ClampAttribute();
    if (!t)
      return missing();
    if (inputTypes.empty())
      return std::string("has no input");
    Type elementType = getElementTypeOrSelf(inputTypes.front());
    for (auto [name, bytes] :
         {std::pair{"min_val", t->min_val()}, {"max_val", t->max_val()}}) {
      std::string error;
      ArrayRef<uint8_t> data;
      if (bytes)
        data = ArrayRef<uint8_t>(bytes->data(), bytes->size());
      FailureOr<TypedAttr> value = decodeScalar(data, elementType, error);
      if (failed(value))
        return std::string(name) + " " + error;
      attrs.set(name, *value);
    }
    write.nanMode(t->nan_mode());
    break;
  }
  case O::ARITHMETIC_RIGHT_SHIFT: {
    auto *t = fbOp.attribute_as_ArithmeticRightShiftAttribute();
    write.flag("round", t && t->round());
    break;
  }
  case O::MAXIMUM: {
    auto *t = fbOp.attribute_as_MaximumAttribute();
    write.nanMode(t ? t->nan_mode() : fb::NanPropagationMode::UNKNOWN);
    break;
  }
  case O::MINIMUM: {
    auto *t = fbOp.attribute_as_MinimumAttribute();
    write.nanMode(t ? t->nan_mode() : fb::NanPropagationMode::UNKNOWN);
    break;
  }
  case O::REDUCE_ALL:
  case O::REDUCE_ANY:
  case O::REDUCE_PRODUCT:
  case O::REDUCE_SUM:
  case O::CONCAT:
  case O::REVERSE: {
    // Tables whose only field is axis.
    std::optional<int32_t> axis;
    if (auto *t = fbOp.attribute_as_ReduceAllAttribute())
      axis = t->axis();
    else if (auto *t = fbOp.attribute_as_ReduceAnyAttribute())
      axis = t->axis();
    else if (auto *t = fbOp.attribute_as_ReduceProductAttribute())
      axis = t->axis();
    else if (auto *t = fbOp.attribute_as_ReduceSumAttribute())
      axis = t->axis();
    else if (auto *t = fbOp.attribute_as_ConcatAttribute())
      axis = t->axis();
    else if (auto *t = fbOp.attribute_as_ReverseAttribute())
      axis = t->axis();
    if (!axis)
      return missing();
    write.i32("axis", *axis);
    break;
  }
  case O::REDUCE_MAX: {
    auto *t = fbOp.attribute_as_ReduceMaxAttribute();
    if (!t)
      return missing();
    write.i32("axis", t->axis());
    write.nanMode(t->nan_mode());
    break;
  }
  case O::REDUCE_MIN: {
    auto *t = fbOp.attribute_as_ReduceMinAttribute();
    if (!t)
      return missing();
    write.i32("axis", t->axis());
    write.nanMode(t->nan_mode());
    break;
  }
  case O::TRANSPOSE: {
    auto *t = fbOp.attribute_as_TransposeAttribute();
    if (!t)
      return missing();
    write.ints32("perms", t->perms());
    break;
  }
  case O::RESIZE: {
    auto *t = fbOp.attribute_as_ResizeAttribute();
    if (!t)
      return missing();
    mlir::tosa::ResizeMode mode;
    if (t->mode() == fb::ResizeMode::NEAREST)
      mode = mlir::tosa::ResizeMode::NEAREST_NEIGHBOR;
    else if (t->mode() == fb::ResizeMode::BILINEAR)
      mode = mlir::tosa::ResizeMode::BILINEAR;
    else
      return "mode " + std::to_string(static_cast<uint32_t>(t->mode())) +
             " is not NEAREST or BILINEAR";
    attrs.set("mode",
              mlir::tosa::ResizeModeAttr::get(builder.getContext(), mode));
    break;
  }
  case O::RESCALE: {
    auto *t = fbOp.attribute_as_RescaleAttribute();
    if (!t)
      return missing();
    write.flag("scale32", t->scale32());
    std::optional<mlir::tosa::RoundingMode> rounding =
        roundingModeOf(t->rounding_mode());
    if (!rounding)
      return "rounding_mode " +
             std::to_string(static_cast<uint32_t>(t->rounding_mode())) +
             " is not SINGLE_ROUND, INEXACT_ROUND or DOUBLE_ROUND";
    attrs.set("rounding_mode", mlir::tosa::RoundingModeAttr::get(
                                   builder.getContext(), *rounding));
    write.flag("per_channel", t->per_channel());
    write.flag("input_unsigned", t->input_unsigned());
    write.flag("output_unsigned", t->output_unsigned());
    break;
  }
  case O::CUSTOM: {
    auto *t = fbOp.attribute_as_CustomAttribute();
    if (!t)
      return missing();
    write.string("operator_name", t->operator_name());
    write.string("domain_name", t->domain_name());
    std::string implementation;
    if (auto *bytes = t->implementation_attrs())
      implementation.assign(bytes->begin(), bytes->end());
    attrs.set("implementation_attrs", builder.getStringAttr(implementation));
    break;
  }
  case O::COND_IF: {
    auto *t = fbOp.attribute_as_CondIfAttribute();
    if (!t || !t->then_graph() || !t->else_graph())
      return std::string("has no CondIfAttribute with both region names");
    regionNames = {t->then_graph()->str(), t->else_graph()->str()};
    break;
  }
  case O::WHILE_LOOP: {
    auto *t = fbOp.attribute_as_WhileLoopAttribute();
    if (!t || !t->cond_graph() || !t->body_graph())
      return std::string("has no WhileLoopAttribute with both region names");
    regionNames = {t->cond_graph()->str(), t->body_graph()->str()};
    break;
  }
  default:
    break;
  }
  return write.error;
}
