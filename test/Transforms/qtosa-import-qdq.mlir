// RUN: qtosa-opt %s -split-input-file --qtosa-import-qdq | FileCheck %s --enable-var-scope
// Canonicalization afterwards must keep every quantize/dequantize pair
// (upstream --canonicalize erases quant.dcast(quant.qcast(x))).
// RUN: qtosa-opt %s -split-input-file --qtosa-import-qdq --canonicalize | FileCheck %s --check-prefix=CANON --enable-var-scope
// No quant op and no quant-typed tensor is left anywhere:
// RUN: qtosa-opt %s -split-input-file --qtosa-import-qdq | FileCheck %s --check-prefix=GONE
// GONE-NOT: {{quant\.[qds]cast|x!quant}}

!q = !quant.uniform<i8:f32, 0.05:-3>

// QDQ form: the float transpose stays between a dequantize and a quantize.
// CHECK-LABEL: func.func @qdq_transpose
// CHECK-SAME: (%[[X:.+]]: tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK: %[[Q:.+]] = qtosa.quantize %[[X]] as !quant.uniform<i8:f32, 5.000000e-02:-3> : tensor<2x3xf32> -> tensor<2x3xi8>
// CHECK: %[[D:.+]] = qtosa.dequantize %[[Q]] as {{.+}} : tensor<2x3xi8> -> tensor<2x3xf32>
// CHECK: %[[T:.+]] = tosa.transpose %[[D]]
// CHECK: %[[Q2:.+]] = qtosa.quantize %[[T]] {{.+}} -> tensor<3x2xi8>
// CHECK: %[[D2:.+]] = qtosa.dequantize %[[Q2]]
// CHECK: return %[[D2]]
// CANON-LABEL: func.func @qdq_transpose
// CANON: qtosa.quantize
// CANON: qtosa.dequantize
// CANON: tosa.transpose
// CANON: qtosa.quantize
// CANON: qtosa.dequantize
func.func @qdq_transpose(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %q = quant.qcast %x : tensor<2x3xf32> to tensor<2x3x!q>
  %d = quant.dcast %q : tensor<2x3x!q> to tensor<2x3xf32>
  %t = tosa.transpose %d {perms = array<i32: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %q2 = quant.qcast %t : tensor<3x2xf32> to tensor<3x2x!q>
  %d2 = quant.dcast %q2 : tensor<3x2x!q> to tensor<3x2xf32>
  return %d2 : tensor<3x2xf32>
}

// -----

// Constants are integer tensors viewed through quant.scast.
// CHECK-LABEL: func.func @qdq_constant
// CHECK: %[[C:.+]] = "tosa.const"() <{values = dense<[1, -2, 3]> : tensor<3xi8>}> : () -> tensor<3xi8>
// CHECK: %[[D:.+]] = qtosa.dequantize %[[C]] as !quant.uniform<i8<-127:127>:f32:0, {1.000000e-01,2.000000e-01,3.000000e-01}> : tensor<3xi8> -> tensor<3xf32>
// CHECK: return %[[D]]
func.func @qdq_constant() -> tensor<3xf32> {
  %c = "tosa.const"() {values = dense<[1, -2, 3]> : tensor<3xi8>} : () -> tensor<3xi8>
  %s = quant.scast %c : tensor<3xi8> to tensor<3x!quant.uniform<i8<-127:127>:f32:0, {0.1, 0.2, 0.3}>>
  %d = quant.dcast %s : tensor<3x!quant.uniform<i8<-127:127>:f32:0, {0.1, 0.2, 0.3}>> to tensor<3xf32>
  return %d : tensor<3xf32>
}

// -----

!q = !quant.uniform<i8:f32, 0.1:-3>

// Quant-typed TOSA: a data-movement op becomes a float island; quantized
// arguments and results become storage tensors that remember their type.
// CHECK-LABEL: func.func @typed_transpose
// CHECK-SAME: (%[[A:.+]]: tensor<2x3xi8> {qtosa.qtype = "!quant.uniform<i8:f32, 1.000000e-01:-3>"})
// CHECK-SAME: -> (tensor<3x2xi8> {qtosa.qtype = "!quant.uniform<i8:f32, 1.000000e-01:-3>"})
// CHECK: %[[D:.+]] = qtosa.dequantize %[[A]]
// CHECK: %[[T:.+]] = tosa.transpose %[[D]] {perms = array<i32: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK: %[[Q:.+]] = qtosa.quantize %[[T]]
// CHECK: return %[[Q]] : tensor<3x2xi8>
func.func @typed_transpose(%a: tensor<2x3x!q>) -> tensor<3x2x!q> {
  %t = tosa.transpose %a {perms = array<i32: 1, 0>} : (tensor<2x3x!q>) -> tensor<3x2x!q>
  return %t : tensor<3x2x!q>
}

// A table lookup maps stored integers to stored integers: it stays so.
// CHECK-LABEL: func.func @typed_table
// CHECK-NOT: qtosa.{{(de)?quantize}}
// CHECK: tosa.table %{{.+}} : (tensor<4xi8>, tensor<256xi8>) -> tensor<4xi8>
func.func @typed_table(%a: tensor<4x!q>) -> tensor<4x!q> {
  %t = "tosa.const"() {values = dense<7> : tensor<256xi8>} : () -> tensor<256xi8>
  %r = tosa.table %a, %t : (tensor<4x!q>, tensor<256xi8>) -> tensor<4x!q>
  return %r : tensor<4x!q>
}

// tosa.rescale spells its arithmetic in integers: it keeps it.
// CHECK-LABEL: func.func @typed_rescale
// CHECK-NOT: qtosa.{{(de)?quantize}}
// CHECK: tosa.rescale %{{.+}} : (tensor<4xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi32>) -> tensor<4xi32>
func.func @typed_rescale(%a: tensor<4x!q>) -> tensor<4xi32> {
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %sh = "tosa.const"() {values = dense<30> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<-3> : tensor<1xi8>} : () -> tensor<1xi8>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %r = tosa.rescale %a, %m, %sh, %izp, %ozp {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = true} : (tensor<4x!q>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi32>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}

// Clamp bounds given on stored integers become the values they denote:
// (-3 - -3) * 0.1 = 0 and (67 - -3) * 0.1 = 7.
// CHECK-LABEL: func.func @typed_clamp
// CHECK: tosa.clamp %{{.+}} {max_val = 7.000000e+00 : f32, min_val = 0.000000e+00 : f32} : (tensor<4xf32>) -> tensor<4xf32>
func.func @typed_clamp(%a: tensor<4x!q>) -> tensor<4x!q> {
  %c = tosa.clamp %a {min_val = -3 : i8, max_val = 67 : i8} : (tensor<4x!q>) -> tensor<4x!q>
  return %c : tensor<4x!q>
}

// -----

!qa = !quant.uniform<i8:f32, 0.1:-1>
!qw = !quant.uniform<i8<-127:127>:f32:0, {0.1,0.2}>
!qb = !quant.uniform<i32:f32:0, {0.01,0.02}>
!qacc = !quant.uniform<i32:f32:3, {0.01,0.02}>

// A conv whose zero-point operands match its types: float island with zero
// zero points and an f32 accumulator; the i32 result keeps its parameters.
// CHECK-LABEL: func.func @typed_conv
// CHECK-DAG: %[[ZERO:.+]] = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}>
// CHECK-DAG: %[[IN:.+]] = qtosa.dequantize %{{.+}} as !quant.uniform<i8:f32, 1.000000e-01:-1>
// CHECK-DAG: %[[W:.+]] = qtosa.dequantize %{{.+}} as !quant.uniform<i8<-127:127>:f32:0
// CHECK-DAG: %[[B:.+]] = qtosa.dequantize %{{.+}} as !quant.uniform<i32:f32:0
// CHECK: %[[CONV:.+]] = tosa.conv2d %[[IN]], %[[W]], %[[B]], %[[ZERO]], %[[ZERO]] {acc_type = f32
// CHECK-SAME: -> tensor<1x4x4x2xf32>
// CHECK: qtosa.quantize %[[CONV]] as !quant.uniform<i32:f32:3, {{.+}}> : tensor<1x4x4x2xf32> -> tensor<1x4x4x2xi32>
func.func @typed_conv(%arg0: tensor<1x4x4x3x!qa>) -> tensor<1x4x4x2x!qacc> {
  %w = "tosa.const"() {values = dense<1> : tensor<2x1x1x3xi8>} : () -> tensor<2x1x1x3x!qw>
  %b = "tosa.const"() {values = dense<0> : tensor<2xi32>} : () -> tensor<2x!qb>
  %izp = "tosa.const"() {values = dense<-1> : tensor<1xi8>} : () -> tensor<1xi8>
  %wzp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %c = tosa.conv2d %arg0, %w, %b, %izp, %wzp {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x4x3x!qa>, tensor<2x1x1x3x!qw>, tensor<2x!qb>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x4x4x2x!qacc>
  return %c : tensor<1x4x4x2x!qacc>
}

// The same conv with an input zero point that contradicts its type keeps
// its integer arithmetic.
// CHECK-LABEL: func.func @typed_conv_zero_point_mismatch
// CHECK-NOT: qtosa.{{(de)?quantize}}
// CHECK: tosa.conv2d {{.+}} {acc_type = i32
func.func @typed_conv_zero_point_mismatch(%arg0: tensor<1x4x4x3x!qa>) -> tensor<1x4x4x2x!qacc> {
  %w = "tosa.const"() {values = dense<1> : tensor<2x1x1x3xi8>} : () -> tensor<2x1x1x3x!qw>
  %b = "tosa.const"() {values = dense<0> : tensor<2xi32>} : () -> tensor<2x!qb>
  %izp = "tosa.const"() {values = dense<5> : tensor<1xi8>} : () -> tensor<1xi8>
  %wzp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %c = tosa.conv2d %arg0, %w, %b, %izp, %wzp {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x4x3x!qa>, tensor<2x1x1x3x!qw>, tensor<2x!qb>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x4x4x2x!qacc>
  return %c : tensor<1x4x4x2x!qacc>
}

// -----

!q = !quant.uniform<i8:f32, 0.5:2>

// Calls and callee signatures convert together.
// CHECK-LABEL: func.func private @callee(tensor<4xi8> {qtosa.qtype = "!quant.uniform<i8:f32, 5.000000e-01:2>"})
// CHECK-LABEL: func.func @caller
// CHECK: call @callee(%{{.+}}) : (tensor<4xi8>) -> ()
func.func private @callee(tensor<4x!q>)
func.func @caller(%x: tensor<4xf32>) {
  %q = quant.qcast %x : tensor<4xf32> to tensor<4x!q>
  call @callee(%q) : (tensor<4x!q>) -> ()
  return
}

// -----

// The module body is a graph region, where a value may be used above its
// definition; the casts are still imported, each where it stands.
// CHECK-LABEL: module {
// CHECK-NEXT: %[[D:.*]] = qtosa.dequantize %[[Q:.*]] as !quant.uniform<i8:f32, 5.000000e-01> : tensor<2xi8> -> tensor<2xf32>
// CHECK-NEXT: %[[C:.*]] = "tosa.const"()
// CHECK-NEXT: %[[Q]] = qtosa.quantize %[[C]] as !quant.uniform<i8:f32, 5.000000e-01> : tensor<2xf32> -> tensor<2xi8>
%d = quant.dcast %q : tensor<2x!quant.uniform<i8:f32, 0.5>> to tensor<2xf32>
%c = "tosa.const"() {values = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
%q = quant.qcast %c : tensor<2xf32> to tensor<2x!quant.uniform<i8:f32, 0.5>>
