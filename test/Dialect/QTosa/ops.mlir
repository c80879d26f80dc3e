// Round trip through the custom assembly and through the generic form.
// RUN: qtosa-opt %s | qtosa-opt | FileCheck %s --enable-var-scope
// RUN: qtosa-opt %s --mlir-print-op-generic | qtosa-opt | FileCheck %s --enable-var-scope

// CHECK-LABEL: func.func @per_tensor
// CHECK: %[[Q:.+]] = qtosa.quantize %{{.+}} as !quant.uniform<i8:f32, 5.000000e-01:-3> : tensor<2x3xf32> -> tensor<2x3xi8>
// CHECK: qtosa.dequantize %[[Q]] as !quant.uniform<i8:f32, 5.000000e-01:-3> : tensor<2x3xi8> -> tensor<2x3xf32>
func.func @per_tensor(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %q = qtosa.quantize %x as !quant.uniform<i8:f32, 0.5:-3> : tensor<2x3xf32> -> tensor<2x3xi8>
  %d = qtosa.dequantize %q as !quant.uniform<i8:f32, 0.5:-3> : tensor<2x3xi8> -> tensor<2x3xf32>
  return %d : tensor<2x3xf32>
}

// Per-axis on a middle axis, narrow range, dynamic batch.
// CHECK-LABEL: func.func @per_axis_narrow
// CHECK: qtosa.dequantize %{{.+}} as !quant.uniform<i8<-127:127>:f32:1, {1.000000e-01,2.000000e-01:3}> : tensor<?x2x4xi8> -> tensor<?x2x4xf32>
func.func @per_axis_narrow(%w: tensor<?x2x4xi8>) -> tensor<?x2x4xf32> {
  %d = qtosa.dequantize %w as !quant.uniform<i8<-127:127>:f32:1, {0.1, 0.2:3}> : tensor<?x2x4xi8> -> tensor<?x2x4xf32>
  return %d : tensor<?x2x4xf32>
}

// Storage types other than i8: u8 lives in a signless i8 tensor.
// CHECK-LABEL: func.func @storage_types
// CHECK: qtosa.quantize %{{.+}} as !quant.uniform<u8:f32, 2.500000e-01:128> : tensor<4xf32> -> tensor<4xi8>
// CHECK: qtosa.quantize %{{.+}} as !quant.uniform<i16:f32, 1.000000e-03> : tensor<4xf32> -> tensor<4xi16>
// CHECK: qtosa.quantize %{{.+}} as !quant.uniform<i4:f32, 1.000000e+00> : tensor<4xf32> -> tensor<4xi4>
// CHECK: qtosa.dequantize %{{.+}} as !quant.uniform<i8:bf16, 5.000000e-01> : tensor<4xi8> -> tensor<4xbf16>
func.func @storage_types(%x: tensor<4xf32>, %s: tensor<4xi8>) -> (tensor<4xi8>, tensor<4xi16>, tensor<4xi4>, tensor<4xbf16>) {
  %u8 = qtosa.quantize %x as !quant.uniform<u8:f32, 0.25:128> : tensor<4xf32> -> tensor<4xi8>
  %i16 = qtosa.quantize %x as !quant.uniform<i16:f32, 0.001> : tensor<4xf32> -> tensor<4xi16>
  %i4 = qtosa.quantize %x as !quant.uniform<i4:f32, 1.0> : tensor<4xf32> -> tensor<4xi4>
  %bf = qtosa.dequantize %s as !quant.uniform<i8:bf16, 0.5> : tensor<4xi8> -> tensor<4xbf16>
  return %u8, %i16, %i4, %bf : tensor<4xi8>, tensor<4xi16>, tensor<4xi4>, tensor<4xbf16>
}

// Sub-channel: blocks of one row by two columns.
// CHECK-LABEL: func.func @sub_channel
// CHECK: qtosa.dequantize %{{.+}} as !quant.uniform<i8:f32:{0:1, 1:2}, {{[{][{]}}1.000000e+00, 2.000000e+00}, {3.000000e+00, 4.000000e+00}}> : tensor<2x4xi8> -> tensor<2x4xf32>
func.func @sub_channel(%w: tensor<2x4xi8>) -> tensor<2x4xf32> {
  %d = qtosa.dequantize %w as !quant.uniform<i8:f32:{0:1, 1:2}, {{1.0, 2.0}, {3.0, 4.0}}> : tensor<2x4xi8> -> tensor<2x4xf32>
  return %d : tensor<2x4xf32>
}

// A delegate: operands become the body's arguments, qtosa.yield its results.
// CHECK-LABEL: func.func @delegate
// CHECK-SAME:      (%[[X:.+]]: tensor<2x3xi8>)
// CHECK: %[[R:.+]]:2 = qtosa.delegate "ethos-u55-128"(%[[X]]) : (tensor<2x3xi8>) -> (tensor<3x2xi8>, tensor<2x3xi8>) {
// CHECK-NEXT: ^bb0(%[[IN:.+]]: tensor<2x3xi8>):
// CHECK-NEXT:   %[[T:.+]] = tosa.transpose %[[IN]]
// CHECK-NEXT:   qtosa.yield %[[T]], %[[IN]] : tensor<3x2xi8>, tensor<2x3xi8>
// CHECK-NEXT: }
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @delegate(%x: tensor<2x3xi8>) -> (tensor<3x2xi8>, tensor<2x3xi8>) {
  %r:2 = qtosa.delegate "ethos-u55-128" (%x) : (tensor<2x3xi8>) -> (tensor<3x2xi8>, tensor<2x3xi8>) {
  ^bb0(%in: tensor<2x3xi8>):
    %t = tosa.transpose %in {perms = array<i32: 1, 0>} : (tensor<2x3xi8>) -> tensor<3x2xi8>
    qtosa.yield %t, %in : tensor<3x2xi8>, tensor<2x3xi8>
  }
  return %r#0, %r#1 : tensor<3x2xi8>, tensor<2x3xi8>
}

// -----

// A function boundary's parameters, as qtosa-import-qdq and qtosa-integer-io
// write them, verify and print back unchanged.
// CHECK-LABEL: func.func private @boundary_qtype(tensor<4xi8> {qtosa.qtype = "!quant.uniform<i8:f32, 1.000000e-01:-5>"}) -> (tensor<2xi8> {qtosa.qtype = "!quant.uniform<i8:f32:0, {1.000000e-01,2.000000e-01}>"})
func.func private @boundary_qtype(tensor<4xi8> {qtosa.qtype = "!quant.uniform<i8:f32, 1.000000e-01:-5>"}) -> (tensor<2xi8> {qtosa.qtype = "!quant.uniform<i8:f32:0, {1.000000e-01,2.000000e-01}>"})
