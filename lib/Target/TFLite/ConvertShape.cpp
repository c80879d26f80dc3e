//===- ConvertShape.cpp - Data movement: reshape, pad, slice, concat ------===//
//
// Data-movement operators copy elements, so in float between dequantize
// and quantize they mean exactly what they mean on the stored integers;
// qtosa-share-qspecs moves them onto the integers where the parameters
// allow. Shapes come from the output tensors, which the model declares.
//
//===----------------------------------------------------------------------===//

#include "TFLiteImporter.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "llvm/Support/FormatVariadic.h"

#include <cstdlib>
#include <numeric>

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::tflite_import;

namespace {

OpStatus finish(SubgraphImporter &im, int output, Value result) {
  if (failed(im.setFromFloat(output, result)))
    return im.afterFailure();
  return OpStatus::Converted;
}

ArrayRef<int64_t> shapeOf(Value value) {
  return cast<RankedTensorType>(value.getType()).getShape();
}

/// Reads input `i` in float and checks that output 0 exists.
FailureOr<Value> firstInput(SubgraphImporter &im, unsigned i = 0) {
  if (im.input(i) < 0 || im.output(0) < 0) {
    im.fail("needs an input and an output");
    return failure();
  }
  return im.floatOf(im.input(i));
}

/// Normalizes `axis` against `rank`; fails (located) when out of range.
FailureOr<int64_t> normalizeAxis(SubgraphImporter &im, int64_t axis,
                                 int64_t rank) {
  if (axis < -rank || axis >= rank) {
    im.fail(llvm::formatv("axis {0} is out of range for rank {1}", axis, rank));
    return failure();
  }
  return axis < 0 ? axis + rank : axis;
}

/// RESHAPE, SQUEEZE, EXPAND_DIMS: the output tensor's shape says it all.
OpStatus convertReshape(SubgraphImporter &im) {
  FailureOr<Value> input = firstInput(im);
  if (failed(input))
    return im.afterFailure();
  const TensorInfo &out = im.tensor(im.output(0));
  if (out.numElements() != im.tensor(im.input(0)).numElements())
    return im.fail(llvm::formatv("reshapes {0} elements into {1}",
                                 im.tensor(im.input(0)).numElements(),
                                 out.numElements()));
  return finish(im, im.output(0), im.reshape(*input, out.shape));
}

OpStatus convertTranspose(SubgraphImporter &im) {
  FailureOr<Value> input = firstInput(im);
  if (failed(input))
    return im.afterFailure();
  FailureOr<SmallVector<int64_t>> perm = im.constInts(im.input(1));
  if (failed(perm))
    return im.afterFailure();
  ArrayRef<int64_t> shape = shapeOf(*input);
  SmallVector<int32_t> perms;
  SmallVector<int64_t> outShape;
  SmallVector<bool> seen(shape.size(), false);
  if (perm->size() != shape.size())
    return im.fail("permutation length differs from the input rank");
  for (int64_t p : *perm) {
    if (p < 0 || p >= static_cast<int64_t>(shape.size()) || seen[p])
      return im.fail("permutation is not a permutation of the dimensions");
    seen[p] = true;
    perms.push_back(static_cast<int32_t>(p));
    outShape.push_back(shape[p]);
  }
  Value result = tosa::TransposeOp::create(im.builder(), im.loc(),
                                           im.f32Type(outShape), *input, perms);
  return finish(im, im.output(0), result);
}

/// DEPTH_TO_SPACE and SPACE_TO_DEPTH on NHWC with block b: output[n, h*b+i,
/// w*b+j, c] is input[n, h, w, (i*b+j)*C+c]. Keeping (n, h) and (j, c)
/// together, that is one rank-4 transpose swapping w and i between two
/// reshapes: [N*H, W, b, b*C] <-> [N*H, b, W, b*C], which Ethos-U runs,
/// where the textbook rank-6 form would not. The block size is the one
/// the declared shapes imply.
OpStatus convertDepthSpace(SubgraphImporter &im, bool toSpace) {
  FailureOr<Value> input = firstInput(im);
  if (failed(input))
    return im.afterFailure();
  ArrayRef<int64_t> in = shapeOf(*input);
  ArrayRef<int64_t> out = im.tensor(im.output(0)).shape;
  if (in.size() != 4 || out.size() != 4)
    return im.fail("needs a rank-4 NHWC input and output");
  // The spatial side and the depth side of the op.
  ArrayRef<int64_t> space = toSpace ? out : in;
  ArrayRef<int64_t> depth = toSpace ? in : out;
  if (depth[1] <= 0 || space[1] % depth[1] != 0)
    return im.fail("the spatial sizes are not a multiple of each other");
  int64_t block = space[1] / depth[1];
  if (block < 1 || space[0] != depth[0] || space[2] != depth[2] * block ||
      depth[3] != space[3] * block * block)
    return im.fail(llvm::formatv(
        "shapes [{0}] and [{1}] are not related by one block size",
        llvm::make_range(in.begin(), in.end()),
        llvm::make_range(out.begin(), out.end())));
  int64_t rows = depth[0] * depth[1];
  int64_t inner = block * space[3];
  SmallVector<int64_t> depthSide = {rows, depth[2], block, inner};
  SmallVector<int64_t> spaceSide = {rows, block, depth[2], inner};
  ArrayRef<int64_t> from = toSpace ? depthSide : spaceSide;
  ArrayRef<int64_t> to = toSpace ? spaceSide : depthSide;
  Value moved = tosa::TransposeOp::create(
      im.builder(), im.loc(), im.f32Type(to), im.reshape(*input, from),
      ArrayRef<int32_t>{0, 2, 1, 3});
  return finish(im, im.output(0), im.reshape(moved, out));
}

/// The [rank, 2] paddings of PAD, PADV2 and MIRROR_PAD.
FailureOr<SmallVector<int64_t>> paddings(SubgraphImporter &im, int64_t rank) {
  FailureOr<SmallVector<int64_t>> values = im.constInts(im.input(1));
  if (failed(values))
    return failure();
  if (static_cast<int64_t>(values->size()) != 2 * rank) {
    im.fail(llvm::formatv("paddings hold {0} values for rank {1}",
                          values->size(), rank));
    return failure();
  }
  for (int64_t value : *values)
    if (value < 0) {
      im.fail("paddings must not be negative");
      return failure();
    }
  return values;
}

OpStatus convertPad(SubgraphImporter &im, bool hasValue) {
  FailureOr<Value> input = firstInput(im);
  if (failed(input))
    return im.afterFailure();
  ArrayRef<int64_t> shape = shapeOf(*input);
  FailureOr<SmallVector<int64_t>> pads = paddings(im, shape.size());
  if (failed(pads))
    return im.afterFailure();
  // TFLite pads quantized tensors with the zero point: the value 0.0.
  Value padValue;
  if (hasValue && im.input(2) >= 0) {
    if (im.tensor(im.input(2)).numElements() != 1)
      return im.fail("the pad value must be a single element");
    FailureOr<Value> value = im.floatOf(im.input(2));
    if (failed(value))
      return im.afterFailure();
    padValue = im.reshape(*value, {1});
  } else {
    padValue = im.f32Scalar(0.0);
  }
  SmallVector<int64_t> outShape;
  for (size_t d = 0; d < shape.size(); ++d)
    outShape.push_back(shape[d] + (*pads)[2 * d] + (*pads)[2 * d + 1]);
  Value result =
      tosa::PadOp::create(im.builder(), im.loc(), im.f32Type(outShape), *input,
                          im.constShape(*pads), padValue);
  return finish(im, im.output(0), result);
}

/// Mirrored parts of at most this many rows are written as one slice per
/// row instead of a slice and a tosa.reverse.
constexpr int64_t kMirrorRowsAsSlices = 4;

/// MIRROR_PAD from slices, reverses and concatenations, axis by axis.
OpStatus convertMirrorPad(SubgraphImporter &im) {
  FailureOr<Value> input = firstInput(im);
  if (failed(input))
    return im.afterFailure();
  const auto *options = im.op().builtin_options_as_MirrorPadOptions();
  bool reflect = !options || options->mode() == tflite::MirrorPadMode::REFLECT;
  FailureOr<SmallVector<int64_t>> pads = paddings(im, shapeOf(*input).size());
  if (failed(pads))
    return im.afterFailure();
  Value value = *input;
  for (int64_t axis = 0; axis < static_cast<int64_t>(pads->size() / 2);
       ++axis) {
    int64_t before = (*pads)[2 * axis], after = (*pads)[2 * axis + 1];
    int64_t size = shapeOf(value)[axis];
    // REFLECT leaves the edge element out of the mirror; SYMMETRIC repeats it.
    int64_t skip = reflect ? 1 : 0;
    if (before + skip > size || after + skip > size)
      return im.fail(llvm::formatv("padding {0}/{1} is too large for "
                                   "dimension {2} of size {3}",
                                   before, after, axis, size));
    SmallVector<Value> parts;
    // The mirrored rows, last first: each row is its own mirror image, so a
    // few rows go straight into the concat, one slice each; Vela 5.2 runs
    // a tosa.reverse as a pass of its own before copying its result.
    auto appendMirrored = [&](int64_t start, int64_t count) {
      if (count <= kMirrorRowsAsSlices) {
        for (int64_t row = start + count - 1; row >= start; --row)
          parts.push_back(im.sliceAxis(value, axis, row, 1));
        return;
      }
      Value part = im.sliceAxis(value, axis, start, count);
      parts.push_back(tosa::ReverseOp::create(im.builder(), im.loc(),
                                              part.getType(), part,
                                              static_cast<uint32_t>(axis)));
    };
    if (before)
      appendMirrored(skip, before);
    parts.push_back(value);
    if (after)
      appendMirrored(size - skip - after, after);
    value = im.concat(parts, axis);
  }
  return finish(im, im.output(0), value);
}

OpStatus convertSlice(SubgraphImporter &im) {
  FailureOr<Value> input = firstInput(im);
  if (failed(input))
    return im.afterFailure();
  FailureOr<SmallVector<int64_t>> begin = im.constInts(im.input(1));
  if (failed(begin))
    return im.afterFailure();
  FailureOr<SmallVector<int64_t>> size = im.constInts(im.input(2));
  if (failed(size))
    return im.afterFailure();
  ArrayRef<int64_t> shape = shapeOf(*input);
  if (begin->size() != shape.size() || size->size() != shape.size())
    return im.fail("begin and size must have one value per dimension");
  SmallVector<int64_t> sizes;
  for (size_t d = 0; d < shape.size(); ++d) {
    int64_t start = (*begin)[d];
    int64_t count = (*size)[d] == -1 ? shape[d] - start : (*size)[d];
    if (start < 0 || count < 0 || start + count > shape[d])
      return im.fail(llvm::formatv("slice [{0}, +{1}) leaves dimension {2} of "
                                   "size {3}",
                                   start, count, d, shape[d]));
    sizes.push_back(count);
  }
  return finish(im, im.output(0), im.slice(*input, *begin, sizes));
}

OpStatus convertStridedSlice(SubgraphImporter &im) {
  const auto *options = im.op().builtin_options_as_StridedSliceOptions();
  FailureOr<Value> input = firstInput(im);
  if (failed(input))
    return im.afterFailure();
  FailureOr<SmallVector<int64_t>> begin = im.constInts(im.input(1));
  if (failed(begin))
    return im.afterFailure();
  FailureOr<SmallVector<int64_t>> end = im.constInts(im.input(2));
  if (failed(end))
    return im.afterFailure();
  SmallVector<int64_t> strides;
  if (im.input(3) >= 0) {
    FailureOr<SmallVector<int64_t>> values = im.constInts(im.input(3));
    if (failed(values))
      return im.afterFailure();
    strides = *values;
  }
  int32_t beginMask = options ? options->begin_mask() : 0;
  int32_t endMask = options ? options->end_mask() : 0;
  int32_t shrinkMask = options ? options->shrink_axis_mask() : 0;
  if (options && (options->ellipsis_mask() || options->new_axis_mask() ||
                  options->offset()))
    return im.opaque("ellipsis, new-axis and offset strided slices are not "
                     "converted");
  ArrayRef<int64_t> shape = shapeOf(*input);
  size_t rank = shape.size();
  // The masks are 32-bit words, one bit per dimension.
  if (rank > 31)
    return im.opaque("strided slices of rank above 31 are not converted");
  if (strides.empty())
    strides.assign(rank, 1);
  if (begin->size() != rank || end->size() != rank || strides.size() != rank)
    return im.fail("begin, end and strides must have one value per dimension");

  // Per dimension, TFLite's start and length after masks, negative indices
  // and clamping; a negative stride reverses the dimension first.
  Value value = *input;
  SmallVector<int64_t> starts, sizes, steps;
  for (size_t d = 0; d < rank; ++d) {
    int64_t n = shape[d], stride = strides[d];
    if (stride == 0)
      return im.fail(llvm::formatv("stride {0} is zero", d));
    bool beginMasked = beginMask & (1 << d), endMasked = endMask & (1 << d);
    bool shrink = shrinkMask & (1 << d);
    int64_t b = (*begin)[d], e = (*end)[d];
    if (b < 0)
      b += n;
    if (e < 0)
      e += n;
    int64_t length;
    if (stride > 0) {
      b = beginMasked ? 0 : std::clamp<int64_t>(b, 0, n);
      e = endMasked ? n : std::clamp<int64_t>(e, 0, n);
      if (shrink)
        e = b + 1;
      length = e > b ? (e - b + stride - 1) / stride : 0;
    } else {
      b = beginMasked ? n - 1 : std::clamp<int64_t>(b, -1, n - 1);
      e = endMasked ? -1 : std::clamp<int64_t>(e, -1, n - 1);
      if (shrink)
        e = b - 1;
      length = b > e ? (b - e - stride - 1) / -stride : 0;
      // Reversed, element b is at n - 1 - b.
      value = tosa::ReverseOp::create(im.builder(), im.loc(), value.getType(),
                                      value, static_cast<uint32_t>(d));
      b = n - 1 - b;
      stride = -stride;
    }
    if (length <= 0 || b < 0 || b >= n)
      return im.opaque("an empty strided slice has no TOSA form");
    starts.push_back(b);
    sizes.push_back((length - 1) * stride + 1);
    steps.push_back(stride);
  }
  value = im.slice(value, starts, sizes);
  // Every stride-th element: pad to a multiple of the stride, split the
  // dimension in two and keep the first of each group.
  for (size_t d = 0; d < rank; ++d) {
    int64_t stride = steps[d];
    if (stride == 1)
      continue;
    int64_t length = (sizes[d] - 1) / stride + 1;
    SmallVector<int64_t> padded(shapeOf(value));
    SmallVector<int64_t> pads(2 * rank, 0);
    pads[2 * d + 1] = length * stride - sizes[d];
    padded[d] = length * stride;
    if (pads[2 * d + 1] != 0)
      value =
          tosa::PadOp::create(im.builder(), im.loc(), im.f32Type(padded), value,
                              im.constShape(pads), im.f32Scalar(0.0));
    SmallVector<int64_t> split(padded.begin(), padded.begin() + d);
    split.push_back(length);
    split.push_back(stride);
    split.append(padded.begin() + d + 1, padded.end());
    value = im.reshape(value, split);
    SmallVector<int64_t> first(split);
    first[d + 1] = 1;
    value = im.slice(value, SmallVector<int64_t>(split.size(), 0), first);
    padded[d] = length;
    value = im.reshape(value, padded);
  }
  const TensorInfo &out = im.tensor(im.output(0));
  if (cast<RankedTensorType>(value.getType()).getNumElements() !=
      out.numElements())
    return im.fail("output shape does not match the slice");
  return finish(im, im.output(0), im.reshape(value, out.shape));
}

OpStatus convertConcatenation(SubgraphImporter &im) {
  const auto *options = im.op().builtin_options_as_ConcatenationOptions();
  if (im.output(0) < 0 || im.numInputs() == 0)
    return im.fail("needs inputs and an output");
  SmallVector<Value> parts;
  for (unsigned i = 0; i < im.numInputs(); ++i) {
    FailureOr<Value> part = im.floatOf(im.input(i));
    if (failed(part))
      return im.afterFailure();
    if (shapeOf(*part).size() != im.tensor(im.output(0)).shape.size())
      return im.fail("inputs must have the output's rank");
    parts.push_back(*part);
  }
  FailureOr<int64_t> axis = normalizeAxis(im, options ? options->axis() : 0,
                                          shapeOf(parts.front()).size());
  if (failed(axis))
    return im.afterFailure();
  FailureOr<Value> activated = im.activation(
      im.concat(parts, *axis), options ? options->fused_activation_function()
                                       : tflite::ActivationFunctionType::NONE);
  if (failed(activated))
    return im.afterFailure();
  return finish(im, im.output(0), *activated);
}

OpStatus convertPack(SubgraphImporter &im) {
  const auto *options = im.op().builtin_options_as_PackOptions();
  if (im.output(0) < 0 || im.numInputs() == 0)
    return im.fail("needs inputs and an output");
  int64_t rank = im.tensor(im.output(0)).shape.size();
  FailureOr<int64_t> axis =
      normalizeAxis(im, options ? options->axis() : 0, rank);
  if (failed(axis))
    return im.afterFailure();
  SmallVector<Value> parts;
  for (unsigned i = 0; i < im.numInputs(); ++i) {
    FailureOr<Value> part = im.floatOf(im.input(i));
    if (failed(part))
      return im.afterFailure();
    SmallVector<int64_t> shape(shapeOf(*part));
    if (static_cast<int64_t>(shape.size()) + 1 != rank)
      return im.fail("inputs must have one dimension fewer than the output");
    shape.insert(shape.begin() + *axis, 1);
    parts.push_back(im.reshape(*part, shape));
  }
  return finish(im, im.output(0), im.concat(parts, *axis));
}

/// UNPACK, SPLIT and SPLIT_V: consecutive slices along one axis, each as
/// large as its output tensor's dimension.
OpStatus convertSplitting(SubgraphImporter &im, int inputIndex, int64_t axis,
                          bool dropAxis) {
  FailureOr<Value> input = im.floatOf(inputIndex);
  if (failed(input))
    return im.afterFailure();
  ArrayRef<int64_t> shape = shapeOf(*input);
  FailureOr<int64_t> normalized = normalizeAxis(im, axis, shape.size());
  if (failed(normalized))
    return im.afterFailure();
  int64_t offset = 0;
  for (unsigned i = 0; i < im.numOutputs(); ++i) {
    const TensorInfo &out = im.tensor(im.output(i));
    int64_t size = dropAxis                           ? 1
                   : out.shape.size() == shape.size() ? out.shape[*normalized]
                                                      : -1;
    if (size < 0 || offset + size > shape[*normalized])
      return im.fail(llvm::formatv("output {0} does not fit the input", i));
    Value part = im.sliceAxis(*input, *normalized, offset, size);
    offset += size;
    if (out.numElements() !=
        cast<RankedTensorType>(part.getType()).getNumElements())
      return im.fail(llvm::formatv("output {0} has the wrong size", i));
    if (failed(im.setFromFloat(im.output(i), im.reshape(part, out.shape))))
      return im.afterFailure();
  }
  if (offset != shape[*normalized])
    return im.fail("the outputs do not cover the input");
  return OpStatus::Converted;
}

OpStatus convertTile(SubgraphImporter &im) {
  FailureOr<Value> input = firstInput(im);
  if (failed(input))
    return im.afterFailure();
  FailureOr<SmallVector<int64_t>> multiples = im.constInts(im.input(1));
  if (failed(multiples))
    return im.afterFailure();
  ArrayRef<int64_t> shape = shapeOf(*input);
  if (multiples->size() != shape.size())
    return im.fail("multiples must have one value per dimension");
  SmallVector<int64_t> outShape;
  for (size_t d = 0; d < shape.size(); ++d) {
    if ((*multiples)[d] <= 0)
      return im.fail("multiples must be positive");
    outShape.push_back(shape[d] * (*multiples)[d]);
  }
  Value result =
      tosa::TileOp::create(im.builder(), im.loc(), im.f32Type(outShape), *input,
                           im.constShape(*multiples));
  return finish(im, im.output(0), result);
}

/// GATHER along `axis` (batch_dims 0): a tosa.gather over the params
/// reshaped to [outer, K, inner] with the INT32 indices flattened to
/// [1, W] and tiled to [outer, W], reshaped to the output. Data movement:
/// quantized params stay on their stored integers (an embedding lookup).
/// GATHERs of shape tensors are folded before (RuntimeShapes.cpp).
OpStatus convertGather(SubgraphImporter &im) {
  if (im.numInputs() < 2 || im.input(0) < 0 || im.input(1) < 0 ||
      im.output(0) < 0)
    return im.fail("needs params, indices and an output");
  const auto *options = im.op().builtin_options_as_GatherOptions();
  if (options && options->batch_dims() != 0)
    return im.opaque("a GATHER with batch_dims is not converted");
  const TensorInfo &indexInfo = im.tensor(im.input(1));
  if (!indexInfo.storageElement || !indexInfo.storageElement.isInteger(32))
    return im.opaque(
        llvm::formatv("indices of type {0}: TOSA's gather takes INT32 indices",
                      tflite::EnumNameTensorType(indexInfo.tfliteType)));
  if (indexInfo.isQuantized())
    return im.opaque("INT32 indices with quantization parameters: TOSA's "
                     "gather takes plain INT32 indices");
  FailureOr<Value> params = im.floatOf(im.input(0));
  if (failed(params))
    return im.afterFailure();
  FailureOr<Value> indices = im.stored(im.input(1));
  if (failed(indices))
    return im.afterFailure();
  ArrayRef<int64_t> shape = shapeOf(*params);
  FailureOr<int64_t> axis = normalizeAxis(im, options ? options->axis() : 0,
                                          static_cast<int64_t>(shape.size()));
  if (failed(axis))
    return im.afterFailure();
  int64_t outer = ShapedType::getNumElements(shape.take_front(*axis));
  int64_t inner = ShapedType::getNumElements(shape.drop_front(*axis + 1));
  ArrayRef<int64_t> indexShape = shapeOf(*indices);
  int64_t count = ShapedType::getNumElements(indexShape);
  if (count == 0 || outer == 0 || inner == 0 || shape[*axis] == 0)
    return im.opaque("a GATHER of zero elements has no TOSA form");
  // TFLite refuses such a model when it prepares the op; TOSA leaves the
  // result unpredictable.
  if (std::optional<SmallVector<int64_t>> constant =
          constantIntValues(indexInfo))
    for (auto [position, index] : llvm::enumerate(*constant))
      if (index < 0 || index >= shape[*axis])
        return im.fail(llvm::formatv(
            "constant index {0} (element {1} of the indices) is outside "
            "0..{2}, the params' axis {3}",
            index, position, shape[*axis] - 1, *axis));
  SmallVector<int64_t> outShape(shape.take_front(*axis));
  llvm::append_range(outShape, indexShape);
  llvm::append_range(outShape, shape.drop_front(*axis + 1));
  if (outShape != ArrayRef<int64_t>(im.tensor(im.output(0)).shape))
    return im.fail("output shape does not match params and indices");
  Value values = im.reshape(*params, {outer, shape[*axis], inner});
  Value flat = im.reshape(*indices, {1, count});
  if (outer > 1)
    flat = tosa::TileOp::create(
        im.builder(), im.loc(),
        RankedTensorType::get({outer, count}, im.builder().getI32Type()), flat,
        im.constShape({outer, 1}));
  Value gathered = tosa::GatherOp::create(
      im.builder(), im.loc(), im.f32Type({outer, count, inner}), values, flat);
  return finish(im, im.output(0), im.reshape(gathered, outShape));
}

/// FILL: the scalar `value` reshaped to rank-many ones and tiled to
/// `dims`, data movement, so a quantized value stays on its stored integers
/// (and a constant one folds to a constant).
OpStatus convertFill(SubgraphImporter &im) {
  if (im.numInputs() < 2 || im.output(0) < 0)
    return im.fail("needs dims, a value and an output");
  FailureOr<SmallVector<int64_t>> dims = im.constInts(im.input(0));
  if (failed(dims))
    return im.afterFailure();
  FailureOr<Value> value = im.floatOf(im.input(1));
  if (failed(value))
    return im.afterFailure();
  if (cast<RankedTensorType>(value->getType()).getNumElements() != 1)
    return im.fail("the value must hold one element");
  if (llvm::any_of(*dims, [](int64_t size) { return size < 0; }))
    return im.fail("dims must not be negative");
  if (llvm::is_contained(*dims, 0))
    return im.opaque("a FILL of zero elements has no TOSA form");
  Value one = im.reshape(*value, SmallVector<int64_t>(dims->size(), 1));
  if (dims->empty())
    return finish(im, im.output(0), one);
  Value result = tosa::TileOp::create(im.builder(), im.loc(), im.f32Type(*dims),
                                      one, im.constShape(*dims));
  return finish(im, im.output(0), result);
}

OpStatus convertReverse(SubgraphImporter &im) {
  FailureOr<Value> input = firstInput(im);
  if (failed(input))
    return im.afterFailure();
  FailureOr<SmallVector<int64_t>> axes = im.constInts(im.input(1));
  if (failed(axes))
    return im.afterFailure();
  Value value = *input;
  for (int64_t axis : *axes) {
    FailureOr<int64_t> normalized =
        normalizeAxis(im, axis, shapeOf(value).size());
    if (failed(normalized))
      return im.afterFailure();
    value = tosa::ReverseOp::create(im.builder(), im.loc(), value.getType(),
                                    value, static_cast<uint32_t>(*normalized));
  }
  return finish(im, im.output(0), value);
}

/// `value` repeated `count` times along `axis`: one concat.
Value repeatAlong(SubgraphImporter &im, Value value, int32_t axis,
                  int64_t count) {
  SmallVector<int64_t> shape(shapeOf(value));
  shape[axis] *= count;
  SmallVector<Value> copies(count, value);
  return tosa::ConcatOp::create(im.builder(), im.loc(), im.f32Type(shape),
                                copies, axis);
}

/// TOSA 1.0's MAX_TENSOR_LIST_SIZE at level 8K: the most operands a concat
/// may take.
constexpr int64_t kMaxConcatOperands = 64;

/// RESIZE_BILINEAR and RESIZE_NEAREST_NEIGHBOR. TOSA samples input row
/// (y * scale_d + offset) / scale_n. TFLite's three conventions:
///   align_corners:      y * (IH - 1) / (OH - 1)    n = OH - 1, d = IH - 1
///   half_pixel_centers: (y + 0.5) * IH / OH - 0.5   n = 2 OH, d = 2 IH,
///                                                   offset = IH - OH
///   neither:            y * IH / OH                 n = OH, d = IH
/// TOSA's nearest rounds half up where TFLite's floors (except with
/// align_corners, where it rounds): the floor is the rounding of the
/// position half a step lower.
OpStatus convertResize(SubgraphImporter &im, bool nearest) {
  FailureOr<Value> input = firstInput(im);
  if (failed(input))
    return im.afterFailure();
  bool alignCorners = false, halfPixel = false;
  if (nearest) {
    if (const auto *options =
            im.op().builtin_options_as_ResizeNearestNeighborOptions()) {
      alignCorners = options->align_corners();
      halfPixel = options->half_pixel_centers();
    }
  } else if (const auto *options =
                 im.op().builtin_options_as_ResizeBilinearOptions()) {
    alignCorners = options->align_corners();
    halfPixel = options->half_pixel_centers();
  }
  ArrayRef<int64_t> inShape = shapeOf(*input);
  const TensorInfo &out = im.tensor(im.output(0));
  if (inShape.size() != 4 || out.shape.size() != 4 ||
      out.shape[0] != inShape[0] || out.shape[3] != inShape[3])
    return im.fail("input and output must be NHWC with equal N and C");
  if (out.shape[1] <= 0 || out.shape[2] <= 0)
    return im.fail("spatial sizes must be positive");
  // From a single pixel, every sample of every convention is that pixel
  // (a bilinear sample's weights add up to one): a broadcast, which is
  // how Vela's TFLite route rewrites it. A tosa.resize cannot express most
  // such scales, and Vela's TOSA route has no TILE: a concat of copies per
  // axis, data movement that runs on the stored integers (Vela 5.2, 1x1 to
  // 33x33x8: 17622 Ethos-U55 cycles, against 58857 for the broadcasting
  // ADD Vela's TFLite route makes; on Ethos-U85 qtosa-ethosu-legalize
  // turns each concat into a broadcasting MAXIMUM). Nested concats fold
  // into one, so each axis must fit one concat's operand limit.
  if (inShape[1] == 1 && inShape[2] == 1 &&
      out.shape[1] <= kMaxConcatOperands &&
      out.shape[2] <= kMaxConcatOperands) {
    Value row = repeatAlong(im, *input, 2, out.shape[2]);
    return finish(im, im.output(0), repeatAlong(im, row, 1, out.shape[1]));
  }
  // TFLite's INT8 and INT16 kernel (ResizeBilinearInteger) samples at
  // positions in 1/1024 steps, rounded: y * s + (half-pixel) s / 2 - 512
  // with s = round(1024 IH / OH) (align_corners: (IH - 1) / (OH - 1)).
  // Where s is not exact (8 -> 15, say) its samples drift from the
  // rational ones, up to 1 LSB on the factory's conv_relu_to_host_int8; a
  // quantized resize takes TFLite's positions as its scale (n = 1024,
  // d = s), which TOSA's integer resize then weighs exactly as TFLite does.
  // Its float kernel, and the one for UINT8, sample at float positions: a
  // resize of those keeps the rational scale.
  tflite::TensorType inputType = im.tensor(im.input(0)).tfliteType;
  bool tenBitPositions = !nearest && (inputType == tflite::TensorType::INT8 ||
                                      inputType == tflite::TensorType::INT16);
  SmallVector<int64_t> scale, offset, border;
  for (int d = 1; d <= 2; ++d) {
    int64_t in = inShape[d], outSize = out.shape[d];
    if (in <= 0 || outSize <= 0)
      return im.fail("spatial sizes must be positive");
    int64_t n, den, off = 0;
    bool aligned = alignCorners && outSize > 1;
    int64_t tenBitStep =
        aligned ? (1024 * (in - 1) + (outSize - 1) / 2) / (outSize - 1)
                : (1024 * in + outSize / 2) / outSize;
    int64_t tenBitOffset = halfPixel ? tenBitStep / 2 - 512 : 0;
    // TFLite clamps the lower neighbour only at 0: a last sample at or past
    // the input's end would read beyond it there (TOSA clamps).
    bool tenBitInRange = (outSize - 1) * tenBitStep + tenBitOffset < 1024 * in;
    if (tenBitPositions && tenBitStep > 0 && tenBitInRange) {
      n = 1024;
      den = tenBitStep;
      off = tenBitOffset;
    } else if (aligned) {
      n = outSize - 1;
      den = std::max<int64_t>(in - 1, 1);
    } else if (halfPixel) {
      n = 2 * outSize;
      den = 2 * in;
      off = in - outSize;
    } else {
      n = outSize;
      den = in;
    }
    if (nearest && !halfPixel && !(alignCorners && outSize > 1)) {
      // floor(y * IH / OH) rounds (y * 2 IH - OH) / (2 OH) half up. With
      // half-pixel centers the bilinear position is already half a step
      // lower than TFLite's floored (y + 0.5) * IH / OH.
      n = 2 * outSize;
      den = 2 * in;
      off = -outSize;
    }
    if (nearest && !(alignCorners && outSize > 1) && outSize % in == 0) {
      // Each input pixel repeated f times, whichever convention: TFLite's
      // floor(y / f) and floor((y + 0.5) / f) agree. Scale 2f/2, offset
      // 1 - f samples the same and is the one form of it Vela 5.2 compiles
      // for Ethos-U55 (U55.RESIZE.REPEATS).
      int64_t factor = outSize / in;
      n = 2 * factor;
      den = 2;
      off = 1 - factor;
    }
    // In lowest terms: the same sampling, in smaller numbers.
    int64_t common = std::gcd(std::gcd(n, den), std::abs(off));
    n /= common;
    den /= common;
    off /= common;
    int64_t edge = (outSize - 1) * den - (in - 1) * n + off;
    // TOSA 1.0's ranges for offset and border.
    if (off < -n || off >= 16 * n || edge < -n || edge >= n)
      return im.opaque(llvm::formatv("a resize from {0} to {1} has no TOSA "
                                     "form",
                                     in, outSize));
    scale.append({n, den});
    offset.push_back(off);
    border.push_back(edge);
  }
  // One statement each: the order of a call's arguments is the compiler's
  // choice, and the output must not depend on it.
  Value scaleShape = im.constShape(scale);
  Value offsetShape = im.constShape(offset);
  Value borderShape = im.constShape(border);
  Value result =
      tosa::ResizeOp::create(im.builder(), im.loc(), im.f32Type(out.shape),
                             *input, scaleShape, offsetShape, borderShape,
                             nearest ? tosa::ResizeMode::NEAREST_NEIGHBOR
                                     : tosa::ResizeMode::BILINEAR);
  return finish(im, im.output(0), result);
}

} // namespace

std::optional<OpStatus> tflite_import::convertShapeOp(SubgraphImporter &im) {
  const tflite::Operator &op = im.op();
  switch (im.opcode()) {
  case tflite::BuiltinOperator::RESHAPE:
  case tflite::BuiltinOperator::SQUEEZE:
  case tflite::BuiltinOperator::EXPAND_DIMS:
    return convertReshape(im);
  case tflite::BuiltinOperator::TRANSPOSE:
    return convertTranspose(im);
  case tflite::BuiltinOperator::DEPTH_TO_SPACE:
    return convertDepthSpace(im, /*toSpace=*/true);
  case tflite::BuiltinOperator::SPACE_TO_DEPTH:
    return convertDepthSpace(im, /*toSpace=*/false);
  case tflite::BuiltinOperator::PAD:
    return convertPad(im, /*hasValue=*/false);
  case tflite::BuiltinOperator::PADV2:
    return convertPad(im, /*hasValue=*/true);
  case tflite::BuiltinOperator::MIRROR_PAD:
    return convertMirrorPad(im);
  case tflite::BuiltinOperator::SLICE:
    return convertSlice(im);
  case tflite::BuiltinOperator::STRIDED_SLICE:
    return convertStridedSlice(im);
  case tflite::BuiltinOperator::CONCATENATION:
    return convertConcatenation(im);
  case tflite::BuiltinOperator::PACK:
    return convertPack(im);
  case tflite::BuiltinOperator::UNPACK: {
    const auto *options = op.builtin_options_as_UnpackOptions();
    if (im.input(0) < 0)
      return im.fail("needs an input");
    return convertSplitting(im, im.input(0), options ? options->axis() : 0,
                            /*dropAxis=*/true);
  }
  case tflite::BuiltinOperator::SPLIT: {
    // Inputs: axis, value.
    FailureOr<SmallVector<int64_t>> axis = im.constInts(im.input(0));
    if (failed(axis))
      return im.afterFailure();
    if (axis->size() != 1 || im.input(1) < 0)
      return im.fail("needs one axis and an input");
    return convertSplitting(im, im.input(1), axis->front(), false);
  }
  case tflite::BuiltinOperator::SPLIT_V: {
    // Inputs: value, size_splits, axis.
    FailureOr<SmallVector<int64_t>> axis = im.constInts(im.input(2));
    if (failed(axis))
      return im.afterFailure();
    if (axis->size() != 1 || im.input(0) < 0)
      return im.fail("needs one axis and an input");
    return convertSplitting(im, im.input(0), axis->front(), false);
  }
  case tflite::BuiltinOperator::TILE:
    return convertTile(im);
  case tflite::BuiltinOperator::FILL:
    return convertFill(im);
  case tflite::BuiltinOperator::GATHER:
    return convertGather(im);
  case tflite::BuiltinOperator::RESIZE_BILINEAR:
    return convertResize(im, /*nearest=*/false);
  case tflite::BuiltinOperator::RESIZE_NEAREST_NEIGHBOR:
    return convertResize(im, /*nearest=*/true);
  case tflite::BuiltinOperator::REVERSE_V2:
    return convertReverse(im);
  default:
    return std::nullopt;
  }
}
