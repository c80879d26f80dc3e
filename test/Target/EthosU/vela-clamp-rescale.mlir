// Vela 5.2 on a RELU with a new output scale whose input is read twice (a
// NASNet branch): as written (a CLAMP, then a RESCALE) the CLAMP runs as an
// operation of its own; after qtosa-ethosu-legalize moves it past the
// RESCALE (qtosa-ethosu-legalize-clamp-rescale.mlir) Vela fuses it into
// the RESCALE, on both targets.
// REQUIRES: tools
// RUN: rm -rf %t && mkdir -p %t
// RUN: qtosa-translate --export-tosa-flatbuffer %s -o %t/native.tosa
// RUN: %tools_python %S/Inputs/vela_operations.py --fused ethos-u55-128 %t/native.tosa | FileCheck %s --check-prefix=NATIVE
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u55-128 tosa-dir=%t/u55})' -o /dev/null
// RUN: %tools_python %S/Inputs/vela_operations.py --fused ethos-u55-128 %t/u55/delegate_0.tosa | FileCheck %s
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u85-256 tosa-dir=%t/u85})' -o /dev/null
// RUN: %tools_python %S/Inputs/vela_operations.py --fused ethos-u85-256 %t/u85/delegate_0.tosa | FileCheck %s
// NATIVE: NPU operations: 4
// NATIVE: {{^}}Clamp
// NATIVE-NEXT: {{^}}Rescale
// CHECK: NPU operations: 4
// CHECK-NOT: {{^}}Clamp
// CHECK: {{^}}Rescale
// CHECK-NEXT: fused Clamp
// CHECK-NOT: {{^}}Clamp

func.func @main(%in: tensor<1x8x8x8xi8>) -> (tensor<1x8x8x8xi8>, tensor<1x8x8x8xi32>) {
  %w = "tosa.const"() <{values = dense<3> : tensor<1x1x8x1xi8>}> : () -> tensor<1x1x8x1xi8>
  %b = "tosa.const"() <{values = dense<0> : tensor<8xi32>}> : () -> tensor<8xi32>
  %zp8 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %zp32 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %izp = "tosa.const"() <{values = dense<3> : tensor<1xi8>}> : () -> tensor<1xi8>
  %ozp = "tosa.const"() <{values = dense<-5> : tensor<1xi8>}> : () -> tensor<1xi8>
  %m = "tosa.const"() <{values = dense<1518500250> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s = "tosa.const"() <{values = dense<31> : tensor<1xi8>}> : () -> tensor<1xi8>
  %one = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s30 = "tosa.const"() <{values = dense<30> : tensor<1xi8>}> : () -> tensor<1xi8>
  %acc = tosa.depthwise_conv2d %in, %w, %b, %zp8, %zp8 {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x8x8x8xi8>, tensor<1x1x8x1xi8>, tensor<8xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x8x8x8xi32>
  %x = tosa.rescale %acc, %m, %s, %zp32, %izp {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = true} : (tensor<1x8x8x8xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<1x8x8x8xi8>
  %c = tosa.clamp %x {min_val = 3 : i8, max_val = 127 : i8} : (tensor<1x8x8x8xi8>) -> tensor<1x8x8x8xi8>
  %y = tosa.rescale %c, %m, %s, %izp, %ozp {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = true} : (tensor<1x8x8x8xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x8x8x8xi8>
  %wide = tosa.rescale %x, %one, %s30, %izp, %zp32 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = true} : (tensor<1x8x8x8xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi32>) -> tensor<1x8x8x8xi32>
  %sum = tosa.add %wide, %wide : (tensor<1x8x8x8xi32>, tensor<1x8x8x8xi32>) -> tensor<1x8x8x8xi32>
  return %y, %sum : tensor<1x8x8x8xi8>, tensor<1x8x8x8xi32>
}
