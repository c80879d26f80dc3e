//===- QuantizedConstantFoldsTest.cpp - folds keep every element's value --===//
//
// For random shapes, parameters and data-movement ops on a quantized
// constant, the folded constant must dequantize to exactly the values of the
// op applied to the dequantized original, and every element must keep the
// scale and zero point it had. The op is applied here by an independent
// reference on index arithmetic.
//
//===----------------------------------------------------------------------===//

#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"
#include "qtosa/Dialect/QTosa/IR/QuantParams.h"
#include "qtosa/InitQTosa.h"
#include "qtosa/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

#include <gtest/gtest.h>

#include <random>
#include <sstream>

using namespace mlir;
using namespace mlir::qtosa;

namespace {

using Shape = SmallVector<int64_t>;

struct Element {
  float value;
  double scale;
  int64_t zeroPoint;
  bool operator==(const Element &other) const {
    return value == other.value && scale == other.scale &&
           zeroPoint == other.zeroPoint;
  }
};

int64_t product(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

Shape unflatten(int64_t linear, ArrayRef<int64_t> shape) {
  Shape index(shape.size());
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    index[d] = linear % shape[d];
    linear /= shape[d];
  }
  return index;
}

int64_t flatten(ArrayRef<int64_t> index, ArrayRef<int64_t> shape) {
  int64_t linear = 0;
  for (auto [i, size] : llvm::zip(index, shape))
    linear = linear * size + i;
  return linear;
}

/// Value, scale and zero point of every element of dequantize(data, qtype).
std::vector<Element> dequantizeElements(DenseIntElementsAttr data,
                                        quant::QuantizedType qtype) {
  ArrayRef<int64_t> shape = data.getType().getShape();
  FailureOr<QuantParamLayout> layout = getQuantParamLayout(qtype, shape);
  EXPECT_TRUE(succeeded(layout));
  std::vector<Element> elements;
  int64_t linear = 0;
  for (const APInt &stored : data.getValues<APInt>()) {
    Shape index = unflatten(linear++, shape);
    // Into the layout's data shape, splitting partially blocked dims.
    Shape dataIndex;
    size_t d = 0;
    for (int64_t size : shape) {
      if (layout->dataShape.size() > dataIndex.size() &&
          layout->dataShape[dataIndex.size()] == size) {
        dataIndex.push_back(index[d++]);
        continue;
      }
      int64_t block = layout->dataShape[dataIndex.size() + 1];
      dataIndex.append({index[d] / block, index[d] % block});
      ++d;
    }
    int64_t position = 0;
    for (auto [i, size] : llvm::zip(dataIndex, layout->paramShape))
      position = position * size + (size == 1 ? 0 : i);
    double scale = layout->scales[position];
    int64_t zp = layout->zeroPoints[position];
    elements.push_back(
        {dequantizeElement(stored.getSExtValue(), scale, zp), scale, zp});
  }
  return elements;
}

std::string debugString(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

struct Case {
  std::string op; // the op's MLIR text, reading %d, producing %r
  Shape outShape;
  /// Where each output element comes from (linear index into the input).
  std::function<int64_t(ArrayRef<int64_t>)> source;
};

class QuantizedConstantFoldsTest : public ::testing::Test {
protected:
  QuantizedConstantFoldsTest() : context(makeRegistry()) {
    context.loadAllAvailableDialects();
  }
  static DialectRegistry makeRegistry() {
    DialectRegistry registry;
    registerQTosaDialects(registry);
    return registry;
  }

  static std::string shapeText(ArrayRef<int64_t> shape) {
    std::string text;
    for (int64_t d : shape)
      text += std::to_string(d) + "x";
    return text;
  }

  static std::string constShape(const std::string &name, ArrayRef<int64_t> v) {
    std::ostringstream os;
    os << name << " = tosa.const_shape {values = dense<[";
    for (size_t i = 0; i < v.size(); ++i)
      os << (i ? ", " : "") << v[i];
    os << "]> : tensor<" << v.size() << "xindex>} : () -> !tosa.shape<"
       << v.size() << ">\n";
    return os.str();
  }

  Case randomCase(std::mt19937 &rng, ArrayRef<int64_t> shape) {
    int64_t rank = shape.size();
    std::string in = "tensor<" + shapeText(shape) + "f32>";
    auto pick = [&](int64_t n) {
      return std::uniform_int_distribution<int64_t>(0, n - 1)(rng);
    };
    switch (pick(4)) {
    case 0: { // transpose
      SmallVector<int32_t> perms(rank);
      std::iota(perms.begin(), perms.end(), 0);
      std::shuffle(perms.begin(), perms.end(), rng);
      Shape out;
      for (int32_t p : perms)
        out.push_back(shape[p]);
      std::ostringstream os;
      os << "%r = tosa.transpose %d {perms = array<i32: ";
      for (int64_t i = 0; i < rank; ++i)
        os << (i ? ", " : "") << perms[i];
      os << ">} : (" << in << ") -> tensor<" << shapeText(out) << "f32>\n";
      Shape in(shape);
      return {os.str(), out, [perms, in](ArrayRef<int64_t> index) {
                Shape source(index.size());
                for (size_t d = 0; d < index.size(); ++d)
                  source[perms[d]] = index[d];
                return flatten(source, in);
              }};
    }
    case 1: { // reshape to a random factorization
      int64_t n = product(shape);
      Shape out;
      while (n > 1) {
        SmallVector<int64_t> divisors;
        for (int64_t f = 2; f <= n; ++f)
          if (n % f == 0)
            divisors.push_back(f);
        int64_t f = divisors[pick(divisors.size())];
        out.push_back(f);
        n /= f;
      }
      if (out.empty())
        out.push_back(1);
      std::string text = constShape("%s", out) +
                         "%r = tosa.reshape %d, %s : (" + in +
                         ", !tosa.shape<" + std::to_string(out.size()) +
                         ">) -> tensor<" + shapeText(out) + "f32>\n";
      Shape outCopy(out);
      return {text, out, [outCopy](ArrayRef<int64_t> index) {
                return flatten(index, outCopy);
              }};
    }
    case 2: { // slice
      Shape start(rank), size(rank);
      for (int64_t d = 0; d < rank; ++d) {
        size[d] = 1 + pick(shape[d]);
        start[d] = pick(shape[d] - size[d] + 1);
      }
      std::string text = constShape("%a", start) + constShape("%b", size) +
                         "%r = tosa.slice %d, %a, %b : (" + in +
                         ", !tosa.shape<" + std::to_string(rank) +
                         ">, !tosa.shape<" + std::to_string(rank) +
                         ">) -> tensor<" + shapeText(size) + "f32>\n";
      Shape in(shape);
      return {text, size, [start, in](ArrayRef<int64_t> index) {
                Shape source(index);
                for (size_t d = 0; d < index.size(); ++d)
                  source[d] += start[d];
                return flatten(source, in);
              }};
    }
    default: { // reverse
      int64_t axis = pick(rank);
      std::string text =
          "%r = tosa.reverse %d {axis = " + std::to_string(axis) +
          " : i32} : (" + in + ") -> " + in + "\n";
      Shape in(shape);
      return {text, in, [axis, in](ArrayRef<int64_t> index) {
                Shape source(index);
                source[axis] = in[axis] - 1 - index[axis];
                return flatten(source, in);
              }};
    }
    }
  }

  MLIRContext context;
};

TEST_F(QuantizedConstantFoldsTest, FoldedConstantsKeepEveryElement) {
  std::mt19937 rng(4242);
  auto pick = [&](int64_t n) {
    return std::uniform_int_distribution<int64_t>(0, n - 1)(rng);
  };
  int folded = 0, trials = 400;
  for (int trial = 0; trial < trials; ++trial) {
    Shape shape;
    for (int64_t d = 0, rank = 1 + pick(4); d < rank; ++d)
      shape.push_back(1 + pick(4));
    int64_t axis = pick(shape.size());
    bool perAxis = pick(4) != 0;
    std::ostringstream qtype;
    if (perAxis) {
      qtype << "!quant.uniform<i8:f32:" << axis << ", {";
      for (int64_t c = 0; c < shape[axis]; ++c)
        qtype << (c ? ", " : "") << (1 + pick(9)) * 0.0625 << ":"
              << pick(21) - 10;
      qtype << "}>";
    } else {
      qtype << "!quant.uniform<i8:f32, 0.125:3>";
    }
    std::ostringstream data;
    for (int64_t i = 0, n = product(shape); i < n; ++i)
      data << (i ? ", " : "") << pick(256) - 128;
    Case c = randomCase(rng, shape);
    std::string tensorText = "tensor<" + shapeText(shape);
    std::string source =
        "func.func @f() -> tensor<" + shapeText(c.outShape) + "f32> {\n" +
        "%c = \"tosa.const\"() {values = dense<[" + data.str() +
        "]> : tensor<" + std::to_string(product(shape)) +
        "xi8>} : () -> tensor<" + std::to_string(product(shape)) + "xi8>\n" +
        constShape("%shape", shape) +
        "%cs = tosa.reshape %c, %shape : (tensor<" +
        std::to_string(product(shape)) + "xi8>, !tosa.shape<" +
        std::to_string(shape.size()) + ">) -> " + tensorText + "i8>\n" +
        "%d = qtosa.dequantize %cs as " + qtype.str() + " : " + tensorText +
        "i8> -> " + tensorText + "f32>\n" + c.op + "return %r : tensor<" +
        shapeText(c.outShape) + "f32>\n}\n";

    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(source, &context);
    ASSERT_TRUE(module) << source;
    // The integer reshape that builds the constant's shape folds first.
    PassManager pm(&context);
    pm.addPass(createCanonicalizerPass());
    ASSERT_TRUE(succeeded(pm.run(*module))) << source;

    auto func = module->lookupSymbol<func::FuncOp>("f");
    Value result = func.getBody().front().getTerminator()->getOperand(0);
    auto dequantize = result.getDefiningOp<DequantizeOp>();
    if (!dequantize)
      continue; // not expressible: left unfolded, which is allowed
    auto constant = dequantize.getInput().getDefiningOp<tosa::ConstOp>();
    ASSERT_TRUE(constant) << source;
    ++folded;

    // The original, dequantized element by element.
    auto original = parseSourceString<ModuleOp>(source, &context);
    auto originalFunc = original->lookupSymbol<func::FuncOp>("f");
    DequantizeOp originalDequantize;
    originalFunc.walk([&](DequantizeOp op) { originalDequantize = op; });
    auto originalData = DenseIntElementsAttr::get(
        RankedTensorType::get(shape, IntegerType::get(&context, 8)),
        llvm::to_vector(cast<DenseIntElementsAttr>(
                            originalFunc.getBody()
                                .front()
                                .front()
                                .getAttrOfType<DenseElementsAttr>("values"))
                            .getValues<APInt>()));
    std::vector<Element> before =
        dequantizeElements(originalData, originalDequantize.getQtype());
    std::vector<Element> after =
        dequantizeElements(cast<DenseIntElementsAttr>(constant.getValuesAttr()),
                           dequantize.getQtype());
    ASSERT_EQ(after.size(), static_cast<size_t>(product(c.outShape)));
    for (int64_t i = 0, n = after.size(); i < n; ++i)
      ASSERT_EQ(after[i], before[c.source(unflatten(i, c.outShape))])
          << "element " << i << " of\n"
          << source << "folded to " << debugString(dequantize.getQtype());
  }
  // Only reshapes that regroup a per-axis dimension may stay unfolded.
  EXPECT_GT(folded, trials * 3 / 4);
}

} // namespace
