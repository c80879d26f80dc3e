// RUN: qtosa-translate --export-tosa-flatbuffer %s -o %t.tosa
// RUN: qtosa-translate --import-tosa-flatbuffer %t.tosa | FileCheck %s --enable-var-scope

// TOSA 1.0 integers are signless: ui8 data is written as INT8 with the same
// bytes (255 reads back as -1), and the RESCALE's input_unsigned says how to
// read it. The rescale's three rounding modes round-trip.

func.func @unsigned(%x: tensor<2xi8>) -> (tensor<2xui8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>) {
  %u8 = "tosa.const"() <{values = dense<[0, 255]> : tensor<2xui8>}> : () -> tensor<2xui8>
  %m = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s = "tosa.const"() <{values = dense<30> : tensor<1xi8>}> : () -> tensor<1xi8>
  %zp = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %a = tosa.rescale %x, %m, %s, %zp, %zp {per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = true, input_unsigned = false, output_unsigned = false} : (tensor<2xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<2xi8>
  %b = tosa.rescale %x, %m, %s, %zp, %zp {per_channel = false, rounding_mode = INEXACT_ROUND, scale32 = true, input_unsigned = false, output_unsigned = false} : (tensor<2xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<2xi8>
  %c = tosa.rescale %x, %m, %s, %zp, %zp {per_channel = false, rounding_mode = DOUBLE_ROUND, scale32 = true, input_unsigned = true, output_unsigned = false} : (tensor<2xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<2xi8>
  return %u8, %a, %b, %c : tensor<2xui8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>
}

// CHECK-LABEL: func.func @unsigned(
// CHECK-SAME:  -> (tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>)
// CHECK:       dense<[0, -1]> : tensor<2xi8>
// CHECK:       tosa.rescale {{.*}}rounding_mode = SINGLE_ROUND
// CHECK:       tosa.rescale {{.*}}rounding_mode = INEXACT_ROUND
// CHECK:       tosa.rescale {{.*}}input_unsigned = true{{.*}}rounding_mode = DOUBLE_ROUND
