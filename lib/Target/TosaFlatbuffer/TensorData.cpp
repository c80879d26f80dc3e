//===- TensorData.cpp - Element types and constant bytes ------------------===//
//
// TOSA data is little-endian with each element in the bytes of its type,
// except BOOL (one byte per element) and INT4 (two elements per byte, the
// first in the low nibble). MLIR's raw dense storage on a little-endian host
// has the same layout for every other type (i48 in 6 bytes, index in 8), so
// those are copied; BOOL and INT4 go element by element.
//
//===----------------------------------------------------------------------===//

#include "TosaFlatbufferInternals.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/Support/SwapByteOrder.h"

using namespace mlir;
using namespace mlir::qtosa::tosafb;

std::optional<fb::DType> mlir::qtosa::tosafb::dtypeOf(Type type) {
  if (isa<mlir::tosa::shapeType>(type))
    return fb::DType::SHAPE;
  if (auto intType = dyn_cast<IntegerType>(type)) {
    unsigned width = intType.getWidth();
    // TOSA 1.0 integers are signless: ui8/ui16 data (a RESCALE's unsigned
    // side) is written as INT8/INT16, the same bytes, and the RESCALE's
    // input_unsigned/output_unsigned say how to read it.
    if (intType.isUnsigned()) {
      if (width == 8)
        return fb::DType::INT8;
      if (width == 16)
        return fb::DType::INT16;
      return std::nullopt;
    }
    if (!intType.isSignless())
      return std::nullopt;
    switch (width) {
    case 1:
      return fb::DType::BOOL;
    case 4:
      return fb::DType::INT4;
    case 8:
      return fb::DType::INT8;
    case 16:
      return fb::DType::INT16;
    case 32:
      return fb::DType::INT32;
    case 48:
      return fb::DType::INT48;
    default:
      return std::nullopt;
    }
  }
  if (type.isF32())
    return fb::DType::FP32;
  if (type.isF16())
    return fb::DType::FP16;
  if (type.isBF16())
    return fb::DType::BF16;
  if (isa<Float8E4M3FNType>(type))
    return fb::DType::FP8E4M3;
  if (isa<Float8E5M2Type>(type))
    return fb::DType::FP8E5M2;
  return std::nullopt;
}

Type mlir::qtosa::tosafb::elementTypeOf(fb::DType dtype, MLIRContext *context) {
  Builder b(context);
  switch (dtype) {
  case fb::DType::BOOL:
    return b.getI1Type();
  case fb::DType::INT4:
    return b.getIntegerType(4);
  case fb::DType::INT8:
    return b.getI8Type();
  case fb::DType::INT16:
    return b.getI16Type();
  case fb::DType::INT32:
    return b.getI32Type();
  case fb::DType::INT48:
    return b.getIntegerType(48);
  case fb::DType::FP32:
    return b.getF32Type();
  case fb::DType::FP16:
    return b.getF16Type();
  case fb::DType::BF16:
    return b.getBF16Type();
  case fb::DType::FP8E4M3:
    return b.getType<Float8E4M3FNType>();
  case fb::DType::FP8E5M2:
    return b.getType<Float8E5M2Type>();
  case fb::DType::SHAPE:
  case fb::DType::UNKNOWN:
    return {};
  }
  return {};
}

/// Whether MLIR's raw storage of `elementType` is the flatbuffer layout.
static bool rawLayoutMatches(Type elementType) {
  if (!llvm::sys::IsLittleEndianHost)
    return false;
  unsigned width =
      elementType.isIndex() ? 64 : elementType.getIntOrFloatBitWidth();
  return width % 8 == 0;
}

FailureOr<std::vector<uint8_t>>
mlir::qtosa::tosafb::encodeElements(ElementsAttr values) {
  auto dense = dyn_cast<DenseIntOrFPElementsAttr>(values);
  if (!dense)
    return failure();
  Type elementType = dense.getElementType();
  int64_t count = dense.getNumElements();
  std::vector<uint8_t> bytes;
  if (rawLayoutMatches(elementType)) {
    ArrayRef<char> raw = dense.getRawData();
    if (dense.isSplat()) {
      bytes.reserve(raw.size() * count);
      for (int64_t i = 0; i < count; ++i)
        bytes.insert(bytes.end(), raw.begin(), raw.end());
    } else {
      bytes.assign(raw.begin(), raw.end());
    }
    return bytes;
  }
  if (elementType.isInteger(1)) {
    for (bool value : dense.getValues<bool>())
      bytes.push_back(value ? 1 : 0);
    return bytes;
  }
  if (elementType.isInteger(4)) {
    bytes.assign((count + 1) / 2, 0);
    int64_t index = 0;
    for (const APInt &value : dense.getValues<APInt>()) {
      uint8_t nibble = value.getZExtValue() & 0xF;
      bytes[index / 2] |= index % 2 ? nibble << 4 : nibble;
      ++index;
    }
    return bytes;
  }
  // Other widths (big-endian hosts): element by element.
  unsigned width =
      elementType.isIndex() ? 64 : elementType.getIntOrFloatBitWidth();
  auto append = [&](const APInt &value) {
    for (unsigned bit = 0; bit < width; bit += 8)
      bytes.push_back(value.extractBitsAsZExtValue(8, bit));
  };
  if (isa<FloatType>(elementType)) {
    for (const APFloat &value : dense.getValues<APFloat>())
      append(value.bitcastToAPInt());
  } else {
    for (const APInt &value : dense.getValues<APInt>())
      append(value);
  }
  return bytes;
}

std::vector<uint8_t> mlir::qtosa::tosafb::encodeScalar(Attribute value,
                                                       Type elementType) {
  APInt bits;
  if (auto intAttr = dyn_cast<IntegerAttr>(value))
    bits = intAttr.getValue();
  else if (auto floatAttr = dyn_cast<FloatAttr>(value))
    bits = floatAttr.getValue().bitcastToAPInt();
  else
    return {};
  unsigned bytes = std::max(1u, (bits.getBitWidth() + 7) / 8);
  bits = bits.zextOrTrunc(bytes * 8);
  std::vector<uint8_t> result;
  for (unsigned i = 0; i < bytes; ++i)
    result.push_back(bits.extractBitsAsZExtValue(8, i * 8));
  return result;
}

FailureOr<DenseElementsAttr>
mlir::qtosa::tosafb::decodeElements(ArrayRef<uint8_t> data, ShapedType type,
                                    std::string &error) {
  Type elementType = type.getElementType();
  int64_t count = type.getNumElements();
  unsigned width =
      elementType.isIndex() ? 64 : elementType.getIntOrFloatBitWidth();
  // The byte count, computed so that it cannot overflow: a crafted shape
  // may hold up to INT64_MAX elements.
  uint64_t elements = static_cast<uint64_t>(count);
  uint64_t expected = width == 4   ? elements / 2 + elements % 2
                      : width == 1 ? elements
                                   : 0;
  if (width != 4 && width != 1) {
    if (elements > UINT64_MAX / (width / 8)) {
      error = "has more data bytes than 64 bits count";
      return failure();
    }
    expected = elements * (width / 8);
  }
  // ExecuTorch's Arm backend (1.5) writes the one-element weight zero
  // point of a convolution with one copy per output channel (8 bytes for a
  // [1] INT8 tensor of an 8-channel convolution); the TOSA reference model
  // and Vela read the leading bytes. Surplus data is taken when it repeats
  // the leading bytes, so that the value read is the only one it can be;
  // any other size is a defect.
  bool repeats =
      expected > 0 && data.size() > expected && data.size() % expected == 0;
  for (size_t at = expected; repeats && at < data.size(); at += expected)
    repeats = data.slice(at, expected) == data.take_front(expected);
  if (data.size() != expected && !repeats) {
    error = "holds " + std::to_string(data.size()) + " data bytes where " +
            std::to_string(count) + " elements take " +
            std::to_string(expected);
    if (expected > 0 && data.size() > expected && data.size() % expected == 0)
      error += " (a multiple, read only when it repeats them)";
    return failure();
  }
  data = data.take_front(expected);
  if (width == 1) {
    SmallVector<bool> values;
    values.reserve(count);
    for (uint8_t byte : data) {
      if (byte > 1) {
        error = "holds the byte " + std::to_string(byte) +
                " in BOOL data (only 0 and 1 are booleans)";
        return failure();
      }
      values.push_back(byte);
    }
    return DenseElementsAttr::get(type, values);
  }
  if (width == 4) {
    SmallVector<APInt> values;
    values.reserve(count);
    for (int64_t i = 0; i < count; ++i) {
      uint8_t nibble = (data[i / 2] >> (i % 2 ? 4 : 0)) & 0xF;
      values.emplace_back(4, nibble);
    }
    return DenseElementsAttr::get(type, values);
  }
  // The size check above leaves a one-element buffer (which MLIR reads as a
  // splat) only to one-element tensors; empty tensors take the loop below.
  if (count > 0 && rawLayoutMatches(elementType)) {
    ArrayRef<char> raw(reinterpret_cast<const char *>(data.data()),
                       data.size());
    return DenseElementsAttr::getFromRawBuffer(type, raw);
  }
  SmallVector<APInt> values;
  for (int64_t i = 0; i < count; ++i) {
    APInt value(width, 0);
    for (unsigned byte = 0; byte < width / 8; ++byte)
      value.insertBits(data[i * (width / 8) + byte], byte * 8, 8);
    values.push_back(value);
  }
  if (auto floatType = dyn_cast<FloatType>(elementType)) {
    SmallVector<APFloat> floats;
    for (const APInt &value : values)
      floats.emplace_back(floatType.getFloatSemantics(), value);
    return DenseElementsAttr::get(type, floats);
  }
  return DenseElementsAttr::get(type, values);
}

FailureOr<TypedAttr> mlir::qtosa::tosafb::decodeScalar(ArrayRef<uint8_t> data,
                                                       Type elementType,
                                                       std::string &error) {
  if (!elementType.isIntOrFloat()) {
    error = "bound of a non-numeric tensor";
    return failure();
  }
  unsigned width = elementType.getIntOrFloatBitWidth();
  unsigned bytes = std::max(1u, (width + 7) / 8);
  if (data.size() != bytes) {
    error = "holds " + std::to_string(data.size()) + " bytes where one " +
            std::to_string(width) + "-bit value takes " + std::to_string(bytes);
    return failure();
  }
  APInt value(bytes * 8, 0);
  for (unsigned i = 0; i < bytes; ++i)
    value.insertBits(data[i], i * 8, 8);
  value = value.trunc(width);
  if (auto floatType = dyn_cast<FloatType>(elementType))
    return TypedAttr(FloatAttr::get(
        floatType, APFloat(floatType.getFloatSemantics(), value)));
  return TypedAttr(IntegerAttr::get(elementType, value));
}
