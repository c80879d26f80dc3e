//===- Npy.cpp - NumPy .npy files for the execution engine ----------------===//
//
// The format: the magic "\x93NUMPY", a major and minor version byte, the
// header length (2 bytes little endian in version 1, 4 bytes in 2 and 3),
// then a Python dict literal {'descr': ..., 'fortran_order': ..., 'shape':
// (...)} padded with spaces and a newline so that the data starts at a
// multiple of 64 bytes, then the elements.
//
//===----------------------------------------------------------------------===//

#include "qtosa/Execution/Npy.h"
#include "qtosa/Utils/OutputFile.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SwapByteOrder.h"

#include <cstring>

using namespace mlir;
using namespace mlir::qtosa;

static constexpr llvm::StringLiteral kMagic("\x93NUMPY");

static llvm::Error npyError(StringRef name, const Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 name + ": " + message);
}

namespace {

/// The header dict: only what the format writes, string keys to a string,
/// a boolean or a tuple of integers.
struct NpyHeader {
  std::optional<std::string> descr;
  std::optional<bool> fortranOrder;
  std::optional<std::vector<int64_t>> shape;
};

class HeaderParser {
public:
  explicit HeaderParser(StringRef text) : original(text), text(text) {}

  /// Parses the dict, or returns what is wrong with it.
  std::optional<std::string> parse(NpyHeader &header) {
    if (!consume("{"))
      return "the header is not a dict";
    while (true) {
      skipSpace();
      if (consume("}"))
        return std::nullopt;
      std::string key;
      if (!parseString(key))
        return "expected a quoted key at header offset " +
               std::to_string(position());
      if (!consume(":"))
        return "expected ':' after '" + key + "'";
      if (key == "descr") {
        std::string descr;
        if (!parseString(descr))
          return "'descr' is not a string (structured dtypes are not "
                 "supported)";
        header.descr = descr;
      } else if (key == "fortran_order") {
        if (consume("True"))
          header.fortranOrder = true;
        else if (consume("False"))
          header.fortranOrder = false;
        else
          return "'fortran_order' is not True or False";
      } else if (key == "shape") {
        std::vector<int64_t> shape;
        if (!parseShape(shape))
          return "'shape' is not a tuple of non-negative integers";
        header.shape = shape;
      } else {
        return "unknown header key '" + key + "'";
      }
      if (!consume(",")) {
        if (consume("}"))
          return std::nullopt;
        return "expected ',' or '}' after '" + key + "'";
      }
    }
  }

private:
  size_t position() const { return original.size() - text.size(); }
  void skipSpace() { text = text.ltrim(" \t"); }
  bool consume(StringRef token) {
    skipSpace();
    return text.consume_front(token);
  }
  bool parseString(std::string &out) {
    skipSpace();
    if (text.empty() || (text.front() != '\'' && text.front() != '"'))
      return false;
    char quote = text.front();
    size_t end = text.find(quote, 1);
    if (end == StringRef::npos)
      return false;
    out = text.slice(1, end).str();
    text = text.drop_front(end + 1);
    return true;
  }
  bool parseShape(std::vector<int64_t> &shape) {
    if (!consume("("))
      return false;
    while (true) {
      if (consume(")"))
        return true;
      skipSpace();
      size_t digits = 0;
      while (digits < text.size() && llvm::isDigit(text[digits]))
        ++digits;
      // 18 digits always fit in int64_t.
      if (digits == 0 || digits > 18)
        return false;
      int64_t size = 0;
      if (text.take_front(digits).getAsInteger(10, size))
        return false;
      text = text.drop_front(digits);
      consume("L"); // Python 2 longs
      shape.push_back(size);
      if (!consume(","))
        return consume(")");
    }
  }

  StringRef original;
  StringRef text;
};

} // namespace

/// The element type of a dtype string.
static std::optional<ElementType>
elementTypeOfDescr(StringRef descr, std::optional<ElementType> expected) {
  // '|' (no byte order) for one-byte types, '<' for little endian; '=' is
  // the writer's native order, little endian on every host qtosa runs on.
  if (descr.size() < 3)
    return std::nullopt;
  char order = descr.front();
  StringRef kind = descr.drop_front();
  if (!(order == '<' || order == '|' ||
        (order == '=' && llvm::sys::IsLittleEndianHost)))
    return std::nullopt;
  if (kind == "b1")
    return ElementType::I1;
  if (kind == "i1")
    return ElementType::I8;
  if (kind == "i2")
    return ElementType::I16;
  if (kind == "i4")
    return ElementType::I32;
  if (kind == "i8")
    return ElementType::I64;
  if (kind == "f2")
    return ElementType::F16;
  if (kind == "f4")
    return ElementType::F32;
  if (kind == "f8")
    return ElementType::F64;
  if (kind == "u2" && expected == ElementType::BF16)
    return ElementType::BF16;
  return std::nullopt;
}

static StringRef descrOf(ElementType type) {
  switch (type) {
  case ElementType::I1:
    return "|b1";
  case ElementType::I8:
    return "|i1";
  case ElementType::I16:
    return "<i2";
  case ElementType::I32:
    return "<i4";
  case ElementType::I64:
    return "<i8";
  case ElementType::F16:
    return "<f2";
  case ElementType::BF16:
    return "<u2";
  case ElementType::F32:
    return "<f4";
  case ElementType::F64:
    return "<f8";
  }
  llvm_unreachable("unknown element type");
}

llvm::Expected<Tensor>
mlir::qtosa::readNpy(llvm::MemoryBufferRef buffer,
                     std::optional<ElementType> expected) {
  StringRef name = buffer.getBufferIdentifier();
  StringRef bytes = buffer.getBuffer();
  if (!llvm::sys::IsLittleEndianHost)
    return npyError(name, "reading .npy needs a little-endian host");
  if (!bytes.starts_with(kMagic) || bytes.size() < 10)
    return npyError(name, "not a .npy file (no \\x93NUMPY magic)");
  uint8_t major = static_cast<uint8_t>(bytes[6]);
  size_t headerLength, headerStart;
  if (major == 1) {
    headerLength = llvm::support::endian::read16le(bytes.data() + 8);
    headerStart = 10;
  } else if (major == 2 || major == 3) {
    if (bytes.size() < 12)
      return npyError(name, "truncated .npy header");
    headerLength = llvm::support::endian::read32le(bytes.data() + 8);
    headerStart = 12;
  } else {
    // As numbers: a Twine of a uint8_t prints the byte as a character.
    return npyError(
        name, "unsupported .npy version " +
                  Twine(static_cast<unsigned>(major)) + "." +
                  Twine(static_cast<unsigned>(static_cast<uint8_t>(bytes[7]))));
  }
  if (bytes.size() - headerStart < headerLength)
    return npyError(name, "truncated .npy header");
  StringRef headerText = bytes.substr(headerStart, headerLength);
  NpyHeader header;
  if (std::optional<std::string> problem =
          HeaderParser(headerText).parse(header))
    return npyError(name, "bad .npy header: " + *problem);
  if (!header.descr || !header.fortranOrder || !header.shape)
    return npyError(name, "the .npy header lacks 'descr', 'fortran_order' "
                          "or 'shape'");
  std::optional<ElementType> elementType =
      elementTypeOfDescr(*header.descr, expected);
  if (!elementType) {
    // A dtype string can be as long as the header (megabytes); one line of
    // the error shows its start.
    StringRef descr = *header.descr;
    std::string shown = descr.size() <= 32
                            ? descr.str()
                            : (descr.take_front(32) + "... (" +
                               Twine(descr.size()) + " characters)")
                                  .str();
    return npyError(name, "unsupported dtype '" + shown +
                              "' (supported: |b1 |i1 <i2 <i4 <i8 <f2 <f4 "
                              "<f8, and <u2 as bf16 bits)");
  }
  if (*header.fortranOrder)
    return npyError(name, "Fortran-order arrays are not supported; save a "
                          "C-order array (numpy.ascontiguousarray)");

  // The element count, refusing a shape whose byte size overflows.
  uint64_t count = 1;
  size_t width = getByteWidth(*elementType);
  StringRef data = bytes.drop_front(headerStart + headerLength);
  for (int64_t size : *header.shape) {
    if (size != 0 && count > data.size() / static_cast<uint64_t>(size))
      count = UINT64_MAX;
    else
      count *= static_cast<uint64_t>(size);
    if (count == 0)
      break;
  }
  if (count != UINT64_MAX && count > data.size() / width)
    count = UINT64_MAX;
  if (count == UINT64_MAX || count * width != data.size())
    return npyError(name, "the data holds " + Twine(data.size()) +
                              " bytes, not what shape and dtype '" +
                              *header.descr + "' need");
  Tensor tensor;
  tensor.elementType = *elementType;
  tensor.shape = *header.shape;
  tensor.data.assign(data.begin(), data.end());
  return tensor;
}

llvm::Expected<Tensor>
mlir::qtosa::readNpyFile(StringRef path, std::optional<ElementType> expected) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!file)
    return npyError(path, "cannot read: " + file.getError().message());
  return readNpy((*file)->getMemBufferRef(), expected);
}

void mlir::qtosa::writeNpy(const Tensor &tensor, llvm::raw_ostream &os) {
  std::string shape;
  for (int64_t size : tensor.shape)
    shape += (shape.empty() ? "" : ", ") + std::to_string(size);
  // A one-element tuple needs its comma.
  if (tensor.shape.size() == 1)
    shape += ",";
  std::string header = "{'descr': '" + descrOf(tensor.elementType).str() +
                       "', 'fortran_order': False, 'shape': (" + shape + "), }";
  // Version 1.0 holds headers up to 65535 bytes; data starts 64-aligned.
  bool version2 = header.size() + 11 + 64 > 65535;
  size_t prefix = version2 ? 12 : 10;
  size_t total = prefix + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  os << kMagic << static_cast<char>(version2 ? 2 : 1) << '\0';
  // The header length, little endian, in 2 or 4 bytes.
  size_t length = header.size();
  for (int byte = 0, e = version2 ? 4 : 2; byte < e; ++byte)
    os << static_cast<char>((length >> (8 * byte)) & 0xff);
  os << header;
  os.write(reinterpret_cast<const char *>(tensor.data.data()),
           tensor.data.size());
}

llvm::Error mlir::qtosa::writeNpyFile(const Tensor &tensor, StringRef path) {
  // Through writeOutputFile: a failed write (a full disk) is this error,
  // not the stream's destructor aborting with LLVM's "IO failure".
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  writeNpy(tensor, os);
  if (std::optional<OutputFileError> error = writeOutputFile(path, bytes))
    return npyError(path, "cannot write: " + error->message);
  return llvm::Error::success();
}
