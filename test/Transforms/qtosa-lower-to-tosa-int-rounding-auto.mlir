// rounding=auto, the default, follows the module's qtosa.rescale_rounding
// (the TFLite importer writes "double", TFLite's requantization): a module
// that names none is lowered with single rounding; an explicit option wins
// over the module's attribute.
//
// RUN: qtosa-opt %s --split-input-file --qtosa-lower-to-tosa-int | FileCheck %s --enable-var-scope --check-prefix=AUTO
// RUN: qtosa-opt %s --split-input-file --qtosa-lower-to-tosa-int=rounding=auto | FileCheck %s --enable-var-scope --check-prefix=AUTO
// RUN: qtosa-opt %s --split-input-file --qtosa-lower-to-tosa-int=rounding=single | FileCheck %s --enable-var-scope --check-prefix=SINGLE
// RUN: qtosa-opt %s --split-input-file --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int})' | FileCheck %s --enable-var-scope --check-prefix=AUTO

// AUTO-LABEL: func.func @from_tflite(
// AUTO: tosa.rescale {{.*}}rounding_mode = DOUBLE_ROUND
// SINGLE-LABEL: func.func @from_tflite(
// SINGLE: tosa.rescale {{.*}}rounding_mode = SINGLE_ROUND
module attributes {qtosa.rescale_rounding = "double"} {
  func.func @from_tflite(%x: tensor<4xi8>) -> tensor<4xi8> {
    %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.5:3> : tensor<4xi8> -> tensor<4xf32>
    %q = qtosa.quantize %d as !quant.uniform<i8:f32, 0.3:-1> : tensor<4xf32> -> tensor<4xi8>
    return %q : tensor<4xi8>
  }
}

// -----

// AUTO-LABEL: func.func @names_single(
// AUTO: tosa.rescale {{.*}}rounding_mode = SINGLE_ROUND
module attributes {qtosa.rescale_rounding = "single"} {
  func.func @names_single(%x: tensor<4xi8>) -> tensor<4xi8> {
    %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.5:3> : tensor<4xi8> -> tensor<4xf32>
    %q = qtosa.quantize %d as !quant.uniform<i8:f32, 0.3:-1> : tensor<4xf32> -> tensor<4xi8>
    return %q : tensor<4xi8>
  }
}

// -----

// AUTO-LABEL: func.func @names_none(
// AUTO: tosa.rescale {{.*}}rounding_mode = SINGLE_ROUND
func.func @names_none(%x: tensor<4xi8>) -> tensor<4xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.5:3> : tensor<4xi8> -> tensor<4xf32>
  %q = qtosa.quantize %d as !quant.uniform<i8:f32, 0.3:-1> : tensor<4xf32> -> tensor<4xi8>
  return %q : tensor<4xi8>
}
