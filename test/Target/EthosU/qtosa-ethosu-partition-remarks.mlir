// Why a host op stays on the host: a float op next to quantize/dequantize is
// traced to what left it in float, and the quantize/dequantize around it are
// explained by it. Graph-IO quantize/dequantize get no remark.

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
  // expected-remark @below {{stays on the host: U55.TENSOR.FLOAT: converts to f32 for 'tosa.transpose' on the host}}
  %d = qtosa.dequantize %q as !q : tensor<2x3xi8> -> tensor<2x3xf32>
  // expected-remark @below {{stays on the host: U55.TENSOR.FLOAT: tosa.transpose in float between dequantize and quantize: a data-movement op left in float; qtosa-share-qspecs moves it onto integers, and did not run before the partition}}
  %t = tosa.transpose %d {perms = array<i32: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  // expected-remark @below {{stays on the host: U55.TENSOR.FLOAT: quantizes the float result of 'tosa.transpose' on the host}}
  %q2 = qtosa.quantize %t as !q : tensor<3x2xf32> -> tensor<3x2xi8>
  %y = qtosa.dequantize %q2 as !q : tensor<3x2xi8> -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}

// An order-preserving op: also share-qspecs' job.
// CHECK-LABEL: func.func @order_preserving_left_in_float(
// CHECK-NOT:     qtosa.delegate
func.func @order_preserving_left_in_float(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = qtosa.quantize %x as !q : tensor<4xf32> -> tensor<4xi8>
  // expected-remark @below {{stays on the host: U55.TENSOR.FLOAT: converts to f32 for 'tosa.maximum' on the host}}
  %d = qtosa.dequantize %q as !q : tensor<4xi8> -> tensor<4xf32>
  // expected-remark @below {{stays on the host: U55.TENSOR.FLOAT: tosa.maximum in float between dequantize and quantize: an order-preserving op left in float; qtosa-share-qspecs moves it onto integers, and did not run before the partition}}
  %m = tosa.maximum %d, %d : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // expected-remark @below {{stays on the host: U55.TENSOR.FLOAT: quantizes the float result of 'tosa.maximum' on the host}}
  %q2 = qtosa.quantize %m as !q : tensor<4xf32> -> tensor<4xi8>
  %y = qtosa.dequantize %q2 as !q : tensor<4xi8> -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// Arithmetic the lowering refused: its reason is quoted.
// CHECK-LABEL: func.func @int16_floor(
// CHECK-NOT:     qtosa.delegate
func.func @int16_floor(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = qtosa.quantize %x as !q16 : tensor<4xf32> -> tensor<4xi16>
  // expected-remark @below {{stays on the host: U55.TENSOR.FLOAT: converts to f32 for 'tosa.floor' on the host}}
  %d = qtosa.dequantize %q as !q16 : tensor<4xi16> -> tensor<4xf32>
  // expected-remark @below {{stays on the host: U55.TENSOR.FLOAT: tosa.floor in float between dequantize and quantize: qtosa-lower-to-tosa-int keeps it in float: a 513-entry interpolated tosa.table would be 5 LSB off the QDQ result at stored input -32127: a line between samples 128 inputs apart cannot follow the function there at this input scale}}
  %s = tosa.floor %d : (tensor<4xf32>) -> tensor<4xf32>
  // expected-remark @below {{stays on the host: U55.TENSOR.FLOAT: quantizes the float result of 'tosa.floor' on the host}}
  %q2 = qtosa.quantize %s as !q16 : tensor<4xf32> -> tensor<4xi16>
  %y = qtosa.dequantize %q2 as !q16 : tensor<4xi16> -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// A float op whose result leaves the graph in float.
// CHECK-LABEL: func.func @float_output(
// CHECK-NOT:     qtosa.delegate
func.func @float_output(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = qtosa.quantize %x as !q : tensor<4xf32> -> tensor<4xi8>
  // expected-remark @below {{stays on the host: U55.TENSOR.FLOAT: converts to f32 for 'tosa.exp' on the host}}
  %d = qtosa.dequantize %q as !q : tensor<4xi8> -> tensor<4xf32>
  // expected-remark @below {{stays on the host: U55.TENSOR.FLOAT: tosa.exp in float after dequantize: its float result feeds 'func.return', not a quantize}}
  %e = tosa.exp %d : (tensor<4xf32>) -> tensor<4xf32>
  return %e : tensor<4xf32>
}

// A float op on a float argument, quantized after.
// CHECK-LABEL: func.func @float_input(
// CHECK-NOT:     qtosa.delegate
func.func @float_input(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-remark @below {{stays on the host: U55.TENSOR.FLOAT: tosa.exp in float before quantize: its float input comes from an argument, not a dequantize}}
  %e = tosa.exp %x : (tensor<4xf32>) -> tensor<4xf32>
  // expected-remark @below {{stays on the host: U55.TENSOR.FLOAT: quantizes the float result of 'tosa.exp' on the host}}
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
  // expected-remark @below {{stays on the host: U55.TENSOR.FLOAT: operand #0 is a f32 tensor: float tensors never run on the NPU}}
  %e = tosa.exp %x : (tensor<4xf32>) -> tensor<4xf32>
  return %e : tensor<4xf32>
}

// A dequantize nothing reads.
// CHECK-LABEL: func.func @dead_dequantize(
// CHECK-NOT:     qtosa.delegate
func.func @dead_dequantize(%x: tensor<4xi8>) -> tensor<4xi8> {
  // expected-remark @below {{stays on the host: U55.TENSOR.FLOAT: converts to float a value nothing reads}}
  %d = qtosa.dequantize %x as !q : tensor<4xi8> -> tensor<4xf32>
  return %x : tensor<4xi8>
}
