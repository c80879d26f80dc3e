// An op whose operands share parameters only once mismatch-policy=adopt
// replaced a requantize (after the moves) stays in float, and its remark
// says why instead of giving an empty reason; a second run moves it.
// RUN: qtosa-opt %s -verify-diagnostics --qtosa-share-qspecs=mismatch-policy=adopt | FileCheck %s --enable-var-scope
// RUN: qtosa-opt %s --qtosa-share-qspecs=mismatch-policy=adopt 2>/dev/null | qtosa-opt --qtosa-share-qspecs | FileCheck %s --check-prefix=AGAIN --enable-var-scope

!p = !quant.uniform<i8:f32, 0.5:-3>
!q = !quant.uniform<i8:f32, 0.25:1>

// CHECK-LABEL: func.func @shared_only_after_adopt
// CHECK: tosa.maximum {{.+}} -> tensor<4xf32>
// AGAIN-LABEL: func.func @shared_only_after_adopt
// AGAIN: %[[M:.+]] = tosa.maximum %arg0, %arg1 : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
// AGAIN: qtosa.dequantize %[[M]] as !quant.uniform<i8:f32, 5.000000e-01:-3>
func.func @shared_only_after_adopt(%x: tensor<4xi8>, %y: tensor<4xi8>) -> tensor<4xf32> {
  %a = qtosa.dequantize %x as !p : tensor<4xi8> -> tensor<4xf32>
  %r = qtosa.quantize %a as !q : tensor<4xf32> -> tensor<4xi8>
  // expected-remark @+1 {{adopted '!quant.uniform<i8:f32, 5.000000e-01:-3>' in place of '!quant.uniform<i8:f32, 2.500000e-01:1>' (mismatch-policy=adopt)}}
  %b = qtosa.dequantize %r as !q : tensor<4xi8> -> tensor<4xf32>
  %c = qtosa.dequantize %y as !p : tensor<4xi8> -> tensor<4xf32>
  // expected-remark @+1 {{'tosa.maximum' stays in float: mismatch-policy=adopt gave its operands shared parameters after the moves; running qtosa-share-qspecs again moves it}}
  %m = tosa.maximum %b, %c : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %m : tensor<4xf32>
}
