// The softmax lowering (Softmax.cpp) takes exactly the importer's chain
// (reduce_max, sub, [mul beta,] exp, reduce_sum, reciprocal, mul over the
// last axis) and erases it; every other form stays float with its reason at
// the final mul. Numerics: test/Execution/lower-to-tosa-int-softmax.mlir.
// RUN: qtosa-opt %s --split-input-file --qtosa-lower-to-tosa-int -verify-diagnostics | FileCheck %s --enable-var-scope

// CHECK-LABEL: func.func @lowered(
// CHECK-NOT: f32
// CHECK-NOT: qtosa.
// CHECK: tosa.reduce_max %arg0 {axis = 1 : i32} : (tensor<2x5xi8>) -> tensor<2x1xi8>
// CHECK-COUNT-4: tosa.table
// CHECK: tosa.clz
// CHECK-NOT: f32
// CHECK: return {{.*}} : tensor<2x5xi8>
func.func @lowered(%x: tensor<2x5xi8>) -> tensor<2x5xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.1:3> : tensor<2x5xi8> -> tensor<2x5xf32>
  %zero = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %m = tosa.reduce_max %d {axis = 1 : i32} : (tensor<2x5xf32>) -> tensor<2x1xf32>
  %s = tosa.sub %d, %m : (tensor<2x5xf32>, tensor<2x1xf32>) -> tensor<2x5xf32>
  %beta = "tosa.const"() {values = dense<0.5> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %sb = tosa.mul %s, %beta, %zero : (tensor<2x5xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<2x5xf32>
  %e = tosa.exp %sb : (tensor<2x5xf32>) -> tensor<2x5xf32>
  %sum = tosa.reduce_sum %e {axis = 1 : i32} : (tensor<2x5xf32>) -> tensor<2x1xf32>
  %inv = tosa.reciprocal %sum : (tensor<2x1xf32>) -> tensor<2x1xf32>
  %y = tosa.mul %e, %inv, %zero : (tensor<2x5xf32>, tensor<2x1xf32>, tensor<1xi8>) -> tensor<2x5xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.00390625:-128> : tensor<2x5xf32> -> tensor<2x5xi8>
  return %q : tensor<2x5xi8>
}

// -----

// The maximum already on the stored values (qtosa-share-qspecs with
// duplicate-dequantize moves it there): the same softmax; the integer
// reduce_max is replaced too.
// CHECK-LABEL: func.func @integer_max(
// CHECK-NOT: f32
// CHECK-NOT: qtosa.
// CHECK-COUNT-1: tosa.reduce_max
// CHECK-NOT: tosa.reduce_max
// CHECK: return {{.*}} : tensor<2x5xi8>
func.func @integer_max(%x: tensor<2x5xi8>) -> tensor<2x5xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.1:3> : tensor<2x5xi8> -> tensor<2x5xf32>
  %zero = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %mi = tosa.reduce_max %x {axis = 1 : i32} : (tensor<2x5xi8>) -> tensor<2x1xi8>
  %m = qtosa.dequantize %mi as !quant.uniform<i8:f32, 0.1:3> : tensor<2x1xi8> -> tensor<2x1xf32>
  %s = tosa.sub %d, %m : (tensor<2x5xf32>, tensor<2x1xf32>) -> tensor<2x5xf32>
  %e = tosa.exp %s : (tensor<2x5xf32>) -> tensor<2x5xf32>
  %sum = tosa.reduce_sum %e {axis = 1 : i32} : (tensor<2x5xf32>) -> tensor<2x1xf32>
  %inv = tosa.reciprocal %sum : (tensor<2x1xf32>) -> tensor<2x1xf32>
  %y = tosa.mul %e, %inv, %zero : (tensor<2x5xf32>, tensor<2x1xf32>, tensor<1xi8>) -> tensor<2x5xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.00390625:-128> : tensor<2x5xf32> -> tensor<2x5xi8>
  return %q : tensor<2x5xi8>
}

// -----

// CHECK-LABEL: func.func @not_last_axis(
// CHECK: tosa.exp
func.func @not_last_axis(%x: tensor<2x5xi8>) -> tensor<2x5xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.1:3> : tensor<2x5xi8> -> tensor<2x5xf32>
  %zero = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %m = tosa.reduce_max %d {axis = 0 : i32} : (tensor<2x5xf32>) -> tensor<1x5xf32>
  %s = tosa.sub %d, %m : (tensor<2x5xf32>, tensor<1x5xf32>) -> tensor<2x5xf32>
  %e = tosa.exp %s : (tensor<2x5xf32>) -> tensor<2x5xf32>
  %sum = tosa.reduce_sum %e {axis = 0 : i32} : (tensor<2x5xf32>) -> tensor<1x5xf32>
  %inv = tosa.reciprocal %sum : (tensor<1x5xf32>) -> tensor<1x5xf32>
  // expected-remark @below {{'tosa.mul' stays in float between dequantize and quantize: it ends a softmax that stays in float: the softmax sums over axis 0, not the last (1)}}
  %y = tosa.mul %e, %inv, %zero : (tensor<2x5xf32>, tensor<1x5xf32>, tensor<1xi8>) -> tensor<2x5xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.00390625:-128> : tensor<2x5xf32> -> tensor<2x5xi8>
  return %q : tensor<2x5xi8>
}

// -----

// CHECK-LABEL: func.func @exp_used_outside(
// CHECK: tosa.exp
func.func @exp_used_outside(%x: tensor<2x5xi8>) -> (tensor<2x5xi8>, tensor<2x5xf32>) {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.1:3> : tensor<2x5xi8> -> tensor<2x5xf32>
  %zero = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %m = tosa.reduce_max %d {axis = 1 : i32} : (tensor<2x5xf32>) -> tensor<2x1xf32>
  %s = tosa.sub %d, %m : (tensor<2x5xf32>, tensor<2x1xf32>) -> tensor<2x5xf32>
  %e = tosa.exp %s : (tensor<2x5xf32>) -> tensor<2x5xf32>
  %sum = tosa.reduce_sum %e {axis = 1 : i32} : (tensor<2x5xf32>) -> tensor<2x1xf32>
  %inv = tosa.reciprocal %sum : (tensor<2x1xf32>) -> tensor<2x1xf32>
  // expected-remark @below {{'tosa.mul' stays in float between dequantize and quantize: it ends a softmax that stays in float: a value inside the softmax has users outside it}}
  %y = tosa.mul %e, %inv, %zero : (tensor<2x5xf32>, tensor<2x1xf32>, tensor<1xi8>) -> tensor<2x5xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.00390625:-128> : tensor<2x5xf32> -> tensor<2x5xi8>
  return %q, %e : tensor<2x5xi8>, tensor<2x5xf32>
}

// -----

// CHECK-LABEL: func.func @variable_beta(
// CHECK: tosa.exp
func.func @variable_beta(%x: tensor<2x5xi8>, %b: tensor<1x1xi8>) -> tensor<2x5xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.1:3> : tensor<2x5xi8> -> tensor<2x5xf32>
  %bd = qtosa.dequantize %b as !quant.uniform<i8:f32, 0.1> : tensor<1x1xi8> -> tensor<1x1xf32>
  %zero = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %m = tosa.reduce_max %d {axis = 1 : i32} : (tensor<2x5xf32>) -> tensor<2x1xf32>
  %s = tosa.sub %d, %m : (tensor<2x5xf32>, tensor<2x1xf32>) -> tensor<2x5xf32>
  %sb = tosa.mul %s, %bd, %zero : (tensor<2x5xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<2x5xf32>
  %e = tosa.exp %sb : (tensor<2x5xf32>) -> tensor<2x5xf32>
  %sum = tosa.reduce_sum %e {axis = 1 : i32} : (tensor<2x5xf32>) -> tensor<2x1xf32>
  %inv = tosa.reciprocal %sum : (tensor<2x1xf32>) -> tensor<2x1xf32>
  // expected-remark @below {{'tosa.mul' stays in float between dequantize and quantize: it ends a softmax that stays in float: the softmax's exp argument is scaled by something other than a constant beta}}
  %y = tosa.mul %e, %inv, %zero : (tensor<2x5xf32>, tensor<2x1xf32>, tensor<1xi8>) -> tensor<2x5xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.00390625:-128> : tensor<2x5xf32> -> tensor<2x5xi8>
  return %q : tensor<2x5xi8>
}

// -----

// CHECK-LABEL: func.func @negative_beta(
// CHECK: tosa.exp
func.func @negative_beta(%x: tensor<2x5xi8>) -> tensor<2x5xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.1:3> : tensor<2x5xi8> -> tensor<2x5xf32>
  %zero = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %m = tosa.reduce_max %d {axis = 1 : i32} : (tensor<2x5xf32>) -> tensor<2x1xf32>
  %s = tosa.sub %d, %m : (tensor<2x5xf32>, tensor<2x1xf32>) -> tensor<2x5xf32>
  %beta = "tosa.const"() {values = dense<-1.0> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %sb = tosa.mul %s, %beta, %zero : (tensor<2x5xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<2x5xf32>
  %e = tosa.exp %sb : (tensor<2x5xf32>) -> tensor<2x5xf32>
  %sum = tosa.reduce_sum %e {axis = 1 : i32} : (tensor<2x5xf32>) -> tensor<2x1xf32>
  %inv = tosa.reciprocal %sum : (tensor<2x1xf32>) -> tensor<2x1xf32>
  // expected-remark @below {{'tosa.mul' stays in float between dequantize and quantize: it ends a softmax that stays in float: the softmax's beta -1 is not a positive number}}
  %y = tosa.mul %e, %inv, %zero : (tensor<2x5xf32>, tensor<2x1xf32>, tensor<1xi8>) -> tensor<2x5xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.00390625:-128> : tensor<2x5xf32> -> tensor<2x5xi8>
  return %q : tensor<2x5xi8>
}

// -----

// CHECK-LABEL: func.func @not_x_minus_max(
// CHECK: tosa.exp
func.func @not_x_minus_max(%x: tensor<2x5xi8>) -> tensor<2x5xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.1:3> : tensor<2x5xi8> -> tensor<2x5xf32>
  %zero = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %m = tosa.reduce_min %d {axis = 1 : i32} : (tensor<2x5xf32>) -> tensor<2x1xf32>
  %s = tosa.sub %d, %m : (tensor<2x5xf32>, tensor<2x1xf32>) -> tensor<2x5xf32>
  %e = tosa.exp %s : (tensor<2x5xf32>) -> tensor<2x5xf32>
  %sum = tosa.reduce_sum %e {axis = 1 : i32} : (tensor<2x5xf32>) -> tensor<2x1xf32>
  %inv = tosa.reciprocal %sum : (tensor<2x1xf32>) -> tensor<2x1xf32>
  // expected-remark @below {{'tosa.mul' stays in float between dequantize and quantize: it ends a softmax that stays in float: the softmax's exp does not read x - max(x)}}
  %y = tosa.mul %e, %inv, %zero : (tensor<2x5xf32>, tensor<2x1xf32>, tensor<1xi8>) -> tensor<2x5xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.00390625:-128> : tensor<2x5xf32> -> tensor<2x5xi8>
  return %q : tensor<2x5xi8>
}

// -----

// CHECK-LABEL: func.func @int16_output_zero_point(
// CHECK: tosa.exp
func.func @int16_output_zero_point(%x: tensor<2x5xi16>) -> tensor<2x5xi16> {
  %d = qtosa.dequantize %x as !quant.uniform<i16:f32, 0.001> : tensor<2x5xi16> -> tensor<2x5xf32>
  %zero = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %m = tosa.reduce_max %d {axis = 1 : i32} : (tensor<2x5xf32>) -> tensor<2x1xf32>
  %s = tosa.sub %d, %m : (tensor<2x5xf32>, tensor<2x1xf32>) -> tensor<2x5xf32>
  %e = tosa.exp %s : (tensor<2x5xf32>) -> tensor<2x5xf32>
  %sum = tosa.reduce_sum %e {axis = 1 : i32} : (tensor<2x5xf32>) -> tensor<2x1xf32>
  %inv = tosa.reciprocal %sum : (tensor<2x1xf32>) -> tensor<2x1xf32>
  // expected-remark @below {{'tosa.mul' stays in float between dequantize and quantize: it ends a softmax that stays in float: the output has 16-bit storage with zero point 100; tosa.rescale takes a nonzero zero point only on 8-bit values}}
  %y = tosa.mul %e, %inv, %zero : (tensor<2x5xf32>, tensor<2x1xf32>, tensor<1xi8>) -> tensor<2x5xf32>
  %q = qtosa.quantize %y as !quant.uniform<i16:f32, 3.0517578125e-05:100> : tensor<2x5xf32> -> tensor<2x5xi16>
  return %q : tensor<2x5xi16>
}

// -----

// CHECK-LABEL: func.func @row_too_long(
// CHECK: tosa.exp
func.func @row_too_long(%x: tensor<1x70000xi8>) -> tensor<1x70000xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.1> : tensor<1x70000xi8> -> tensor<1x70000xf32>
  %zero = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %m = tosa.reduce_max %d {axis = 1 : i32} : (tensor<1x70000xf32>) -> tensor<1x1xf32>
  %s = tosa.sub %d, %m : (tensor<1x70000xf32>, tensor<1x1xf32>) -> tensor<1x70000xf32>
  %e = tosa.exp %s : (tensor<1x70000xf32>) -> tensor<1x70000xf32>
  %sum = tosa.reduce_sum %e {axis = 1 : i32} : (tensor<1x70000xf32>) -> tensor<1x1xf32>
  %inv = tosa.reciprocal %sum : (tensor<1x1xf32>) -> tensor<1x1xf32>
  // expected-remark @below {{'tosa.mul' stays in float between dequantize and quantize: it ends a softmax that stays in float: a softmax over 70000 values overflows its i32 sum}}
  %y = tosa.mul %e, %inv, %zero : (tensor<1x70000xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<1x70000xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.00390625:-128> : tensor<1x70000xf32> -> tensor<1x70000xi8>
  return %q : tensor<1x70000xi8>
}

// -----

// Rows of two: each output is a table of t = a - b (PairTable). A 1x1
// convolution gives (a - b, b - a) at zero points 0 (the weights sum to 0),
// and logits 0.1 * 255 apart at most saturate beyond -128..127: a rescale
// by 1 to i8 clamps t, one 8-bit table.
// CHECK-LABEL: func.func @pair_far(
// CHECK-DAG: %[[W:.+]] = "tosa.const"() <{values = dense<{{\[\[\[\[}}1, -1]]], {{\[\[\[}}-1, 1]]]]> : tensor<2x1x1x2xi8>}>
// CHECK-DAG: %[[ROWS:.+]] = tosa.reshape %arg0, %{{.+}} : (tensor<3x2xi8>, !tosa.shape<4>) -> tensor<1x1x3x2xi8>
// CHECK: %[[T:.+]] = tosa.conv2d %[[ROWS]], %[[W]], {{.+}} -> tensor<1x1x3x2xi32>
// CHECK: %[[I:.+]] = tosa.rescale %[[T]], {{.+}} -> tensor<1x1x3x2xi8>
// CHECK: %[[P:.+]] = tosa.table %[[I]], %{{.+}} : (tensor<1x1x3x2xi8>, tensor<256xi8>) -> tensor<1x1x3x2xi8>
// CHECK: %[[R:.+]] = tosa.reshape %[[P]], %{{.+}} -> tensor<3x2xi8>
// CHECK-NOT: tosa.reduce_sum
// CHECK: return %[[R]]
func.func @pair_far(%x: tensor<3x2xi8>) -> tensor<3x2xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.1:3> : tensor<3x2xi8> -> tensor<3x2xf32>
  %zero = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %m = tosa.reduce_max %d {axis = 1 : i32} : (tensor<3x2xf32>) -> tensor<3x1xf32>
  %s = tosa.sub %d, %m : (tensor<3x2xf32>, tensor<3x1xf32>) -> tensor<3x2xf32>
  %e = tosa.exp %s : (tensor<3x2xf32>) -> tensor<3x2xf32>
  %sum = tosa.reduce_sum %e {axis = 1 : i32} : (tensor<3x2xf32>) -> tensor<3x1xf32>
  %inv = tosa.reciprocal %sum : (tensor<3x1xf32>) -> tensor<3x1xf32>
  %y = tosa.mul %e, %inv, %zero : (tensor<3x2xf32>, tensor<3x1xf32>, tensor<1xi8>) -> tensor<3x2xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.00390625:-128> : tensor<3x2xf32> -> tensor<3x2xi8>
  return %q : tensor<3x2xi8>
}

// -----

// Logits at most 0.0066 * 255 apart: t needs all of -255..255. A rescale by
// 128 to i16 makes t * 128, which indexes entry t + 256 of a 16-bit table
// with no fraction; a rescale by 1/128 takes the entry back. Rank 4 needs no
// reshape.
// CHECK-LABEL: func.func @pair_close(
// CHECK: %[[T:.+]] = tosa.conv2d %arg0, {{.+}} -> tensor<1x4x4x2xi32>
// CHECK: %[[I:.+]] = tosa.rescale %[[T]], {{.+}} -> tensor<1x4x4x2xi16>
// CHECK: %[[E:.+]] = tosa.table %[[I]], %{{.+}} : (tensor<1x4x4x2xi16>, tensor<513xi16>) -> tensor<1x4x4x2xi32>
// CHECK: %[[P:.+]] = tosa.rescale %[[E]], {{.+}} -> tensor<1x4x4x2xi8>
// CHECK-NOT: tosa.reshape
// CHECK: return %[[P]]
func.func @pair_close(%x: tensor<1x4x4x2xi8>) -> tensor<1x4x4x2xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.0066:-14> : tensor<1x4x4x2xi8> -> tensor<1x4x4x2xf32>
  %zero = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %m = tosa.reduce_max %d {axis = 3 : i32} : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x1xf32>
  %s = tosa.sub %d, %m : (tensor<1x4x4x2xf32>, tensor<1x4x4x1xf32>) -> tensor<1x4x4x2xf32>
  %e = tosa.exp %s : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  %sum = tosa.reduce_sum %e {axis = 3 : i32} : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x1xf32>
  %inv = tosa.reciprocal %sum : (tensor<1x4x4x1xf32>) -> tensor<1x4x4x1xf32>
  %y = tosa.mul %e, %inv, %zero : (tensor<1x4x4x2xf32>, tensor<1x4x4x1xf32>, tensor<1xi8>) -> tensor<1x4x4x2xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.00390625:-128> : tensor<1x4x4x2xf32> -> tensor<1x4x4x2xi8>
  return %q : tensor<1x4x4x2xi8>
}
