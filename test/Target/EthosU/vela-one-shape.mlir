// Vela 5.2 on a recurrent state read in two shapes (the @steps graph of
// qtosa-ethosu-legalize-one-shape.mlir): as written, Vela copies the state
// for each of its reshapes and for the concat's (four memory copies); after
// qtosa-ethosu-legalize reads it in one shape (OneShapeReaders.h), one copy
// is left on either target, the concat's of the graph input, which Vela's
// TFLite route makes too (its PACK).
// REQUIRES: tools
// RUN: rm -rf %t && mkdir -p %t
// RUN: qtosa-translate --export-tosa-flatbuffer %s -o %t/native.tosa
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u55-128 %t/native.tosa | FileCheck %s --check-prefix=NATIVE
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u55-128 tosa-dir=%t/u55})' -o /dev/null
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u55-128 %t/u55/delegate_0.tosa | FileCheck %s
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u85-256 tosa-dir=%t/u85})' -o /dev/null
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u85-256 %t/u85/delegate_0.tosa | FileCheck %s
// NATIVE: NPU operations: 6
// NATIVE-COUNT-2: MemoryCopy
// NATIVE: Rescale
// NATIVE-COUNT-2: MemoryCopy
// CHECK: NPU operations: 3
// CHECK-DAG: Rescale
// CHECK-DAG: MemoryCopy
// CHECK-DAG: Conv2D

func.func @steps(%h0: tensor<1x16xi8>) -> (tensor<2x1x16xi8>, tensor<1x1x1x16xi32>) {
  %s4 = tosa.const_shape {values = dense<[1, 1, 1, 16]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %s3 = tosa.const_shape {values = dense<[1, 1, 16]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %w = "tosa.const"() <{values = dense<3> : tensor<16x1x1x16xi8>}> : () -> tensor<16x1x1x16xi8>
  %b = "tosa.const"() <{values = dense<0> : tensor<16xi32>}> : () -> tensor<16xi32>
  %zp8 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %m = "tosa.const"() <{values = dense<1518500250> : tensor<1xi32>}> : () -> tensor<1xi32>
  %sh = "tosa.const"() <{values = dense<31> : tensor<1xi8>}> : () -> tensor<1xi8>
  %ozp = "tosa.const"() <{values = dense<-5> : tensor<1xi8>}> : () -> tensor<1xi8>
  %h3 = tosa.reshape %h0, %s3 : (tensor<1x16xi8>, !tosa.shape<3>) -> tensor<1x1x16xi8>
  %r = tosa.rescale %h0, %m, %sh, %zp8, %ozp {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = true} : (tensor<1x16xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x16xi8>
  // The reshape to rank 4 comes after the other readers: it moves up.
  %h4 = tosa.reshape %h0, %s4 : (tensor<1x16xi8>, !tosa.shape<4>) -> tensor<1x1x1x16xi8>
  %c = tosa.conv2d %h4, %w, %b, %zp8, %zp8 {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x16xi8>, tensor<16x1x1x16xi8>, tensor<16xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x16xi32>
  // The last state is reshaped for the concat only.
  %r3 = tosa.reshape %r, %s3 : (tensor<1x16xi8>, !tosa.shape<3>) -> tensor<1x1x16xi8>
  %cat = tosa.concat %h3, %r3 {axis = 0 : i32} : (tensor<1x1x16xi8>, tensor<1x1x16xi8>) -> tensor<2x1x16xi8>
  return %cat, %c : tensor<2x1x16xi8>, tensor<1x1x1x16xi32>
}
