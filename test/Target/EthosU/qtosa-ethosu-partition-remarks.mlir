// Why a host op stays on the host: float ops joined by float values are one
// float region, with one remark at its cause (the op traced to what left it
// in float) and a note at each other op of the region, the quantize and
// dequantize around it included. Graph-IO quantize/dequantize get no remark.

// RUN: qtosa-opt %s -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(qtosa-ethosu-partition)' \
// RUN:   | FileCheck %s -enable-var-scope

!q = !quant.uniform<i8:f32, 0.5>
!q16 = !quant.uniform<i16:f32, 0.001>

// A data-movement op between dequantize and quantize: share-qspecs' job.
// CHECK-LABEL: func.func @movement_left_in_float(
// CHECK-NOT:     qtosa.delegate
func.func @movement_left_in_float(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %q = qtosa.quantize %x as !q : tensor<2x3xf32> -> tensor<2x3xi8>
  // expected-note @below {{in the same float region: qtosa.dequantize}}
  %d = qtosa.dequantize %q as !q : tensor<2x3xi8> -> tensor<2x3xf32>
  // expected-remark @below {{stays on the host: U55.TENSOR.FLOAT: tosa.transpose in float between dequantize and quantize: a data-movement op left in float; qtosa-share-qspecs moves it onto integers, and did not run before the partition; 2 more op(s) stay in float with it}}
  %t = tosa.transpose %d {perms = array<i32: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  // expected-note @below {{in the same float region: qtosa.quantize}}
  %q2 = qtosa.quantize %t as !q : tensor<3x2xf32> -> tensor<3x2xi8>
  %y = qtosa.dequantize %q2 as !q : tensor<3x2xi8> -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}

// An order-preserving op: also share-qspecs' job.
// CHECK-LABEL: func.func @order_preserving_left_in_float(
// CHECK-NOT:     qtosa.delegate
func.func @order_preserving_left_in_float(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = qtosa.quantize %x as !q : tensor<4xf32> -> tensor<4xi8>
  // expected-note @below {{in the same float region: qtosa.dequantize}}
  %d = qtosa.dequantize %q as !q : tensor<4xi8> -> tensor<4xf32>
  // expected-remark @below {{stays on the host: U55.TENSOR.FLOAT: tosa.maximum in float between dequantize and quantize: an order-preserving op left in float; qtosa-share-qspecs moves it onto integers, and did not run before the partition; 2 more op(s) stay in float with it}}
  %m = tosa.maximum %d, %d : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // expected-note @below {{in the same float region: qtosa.quantize}}
  %q2 = qtosa.quantize %m as !q : tensor<4xf32> -> tensor<4xi8>
  %y = qtosa.dequantize %q2 as !q : tensor<4xi8> -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// Arithmetic the lowering refused: its reason is quoted.
// CHECK-LABEL: func.func @int16_floor(
// CHECK-NOT:     qtosa.delegate
func.func @int16_floor(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = qtosa.quantize %x as !q16 : tensor<4xf32> -> tensor<4xi16>
  // expected-note @below {{in the same float region: qtosa.dequantize}}
  %d = qtosa.dequantize %q as !q16 : tensor<4xi16> -> tensor<4xf32>
  // expected-remark @below {{stays on the host: U55.TENSOR.FLOAT: tosa.floor in float between dequantize and quantize: qtosa-lower-to-tosa-int keeps it in float: a 513-entry interpolated tosa.table would be 5 LSB off the QDQ result at stored input -32127: a line between samples 128 inputs apart cannot follow the function there at this input scale, nor can two tables with the input magnified up to 16 times; 2 more op(s) stay in float with it}}
  %s = tosa.floor %d : (tensor<4xf32>) -> tensor<4xf32>
  // expected-note @below {{in the same float region: qtosa.quantize}}
  %q2 = qtosa.quantize %s as !q16 : tensor<4xf32> -> tensor<4xi16>
  %y = qtosa.dequantize %q2 as !q16 : tensor<4xi16> -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// A float op whose result leaves the graph in float.
// CHECK-LABEL: func.func @float_output(
// CHECK-NOT:     qtosa.delegate
func.func @float_output(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = qtosa.quantize %x as !q : tensor<4xf32> -> tensor<4xi8>
  // expected-note @below {{in the same float region: qtosa.dequantize}}
  %d = qtosa.dequantize %q as !q : tensor<4xi8> -> tensor<4xf32>
  // expected-remark @below {{stays on the host: U55.TENSOR.FLOAT: tosa.exp in float after dequantize: its float result feeds 'func.return', not a quantize; 1 more op(s) stay in float with it}}
  %e = tosa.exp %d : (tensor<4xf32>) -> tensor<4xf32>
  return %e : tensor<4xf32>
}

// A float op on a float argument, quantized after.
// CHECK-LABEL: func.func @float_input(
// CHECK-NOT:     qtosa.delegate
func.func @float_input(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-remark @below {{stays on the host: U55.TENSOR.FLOAT: tosa.exp in float before quantize: its float input comes from graph input #0, not a dequantize; 1 more op(s) stay in float with it}}
  %e = tosa.exp %x : (tensor<4xf32>) -> tensor<4xf32>
  // expected-note @below {{in the same float region: qtosa.quantize}}
  %q = qtosa.quantize %e as !q : tensor<4xf32> -> tensor<4xi8>
  %y = qtosa.dequantize %q as !q : tensor<4xi8> -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// Plain float: no quantization near it, and none anywhere in the function,
// which is worth a warning of its own.
// CHECK-LABEL: func.func @all_float(
// CHECK-NOT:     qtosa.delegate
// expected-warning @below {{'all_float' holds no quantized or integer tensor: none of its ops can run on the NPU (quantize it first; run qtosa-import-qdq before inline or canonicalize, which erase quant.qcast/quant.dcast pairs)}}
func.func @all_float(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-remark @below {{stays on the host: U55.TENSOR.FLOAT: tosa.exp in float: it reads graph input #0, a float tensor nothing quantizes; the model holds no quantized tensor: quantize it first (a TFLite model: full-integer post-training quantization, with a representative_dataset; a float TOSA graph: qtosa-annotate and qtosa-calibrate)}}
  %e = tosa.exp %x : (tensor<4xf32>) -> tensor<4xf32>
  return %e : tensor<4xf32>
}

// A dequantize nothing reads is erased, with no remark
// (qtosa-ethosu-partition-dead-ops.mlir).
// CHECK-LABEL: func.func @dead_dequantize(
// CHECK-NEXT:    return %arg0
func.func @dead_dequantize(%x: tensor<4xi8>) -> tensor<4xi8> {
  %d = qtosa.dequantize %x as !q : tensor<4xi8> -> tensor<4xf32>
  return %x : tensor<4xi8>
}

// A float chain of several ops is one float region: one remark at its cause,
// the first op whose float-ness is its own, and a note at each other op.
// CHECK-LABEL: func.func @float_chain(
// CHECK-NOT:     qtosa.delegate
func.func @float_chain(%x: tensor<4xi16>) -> tensor<4xi8> {
  // expected-note @below {{in the same float region: qtosa.dequantize}}
  %d = qtosa.dequantize %x as !q16 : tensor<4xi16> -> tensor<4xf32>
  // expected-remark @below {{stays on the host: U55.TENSOR.FLOAT: tosa.floor in float after dequantize: its float result feeds 'tosa.exp', not a quantize; 4 more op(s) stay in float with it}}
  %f = tosa.floor %d : (tensor<4xf32>) -> tensor<4xf32>
  // expected-note @below {{in the same float region: tosa.exp}}
  %e = tosa.exp %f : (tensor<4xf32>) -> tensor<4xf32>
  // expected-note @below {{in the same float region: tosa.sigmoid}}
  %s = tosa.sigmoid %e : (tensor<4xf32>) -> tensor<4xf32>
  // expected-note @below {{in the same float region: qtosa.quantize}}
  %q = qtosa.quantize %s as !q : tensor<4xf32> -> tensor<4xi8>
  return %q : tensor<4xi8>
}

// Two causes meet in one region: the first is the region's cause, the
// second a note of its own. An op on the host for an Ethos-U operator limit
// keeps its own remark, though float values surround it.
// CHECK-LABEL: func.func @two_causes(
func.func @two_causes(%x: tensor<4xf32>, %y: tensor<4xi8>) -> (tensor<4xi8>, tensor<4xf32>) {
  // expected-remark @below {{stays on the host: U55.TENSOR.FLOAT: tosa.exp in float: it reads graph input #0, a float tensor nothing quantizes; 3 more op(s) stay in float with it}}
  %e = tosa.exp %x : (tensor<4xf32>) -> tensor<4xf32>
  // expected-note @below {{in the same float region: qtosa.dequantize}}
  %d = qtosa.dequantize %y as !q : tensor<4xi8> -> tensor<4xf32>
  // expected-note @below {{in the same float region, float of its own: tosa.floor in float after dequantize: its float result feeds 'tosa.add', not a quantize}}
  %f = tosa.floor %d : (tensor<4xf32>) -> tensor<4xf32>
  // expected-note @below {{in the same float region: tosa.add}}
  %a = tosa.add %e, %f : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // expected-remark @below {{stays on the host: U55.OP.NOT_SUPPORTED: 'tosa.bitwise_and' is not supported on Ethos-U55/U65}}
  %b = tosa.bitwise_and %y, %y : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  return %b, %a : tensor<4xi8>, tensor<4xf32>
}
