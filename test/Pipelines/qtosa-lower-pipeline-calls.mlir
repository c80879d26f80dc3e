// qtosa-lower-pipeline{io=int} on a module whose public graph is also
// called from another function (found by qtosa-fuzz on the seed from
// Execution/import-expand-qdq.mlir: the callee took i8 while the call still
// passed f32, invalid IR). The call site now quantizes the arguments and
// dequantizes the results the callee no longer does, so @main prints what
// the QDQ graph computes.
//
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int})' | FileCheck %s --enable-var-scope
// RUN: qtosa-opt %s --qtosa-import-qdq --qtosa-expand-qdq | mlir-opt %tosa-to-llvm \
// RUN:   | %mlir-runner | grep -v 'Unranked Memref' > %t.reference
// The qtosa.qtype attributes are strings, so mlir-runner, which does not
// load the quant dialect, runs the output as it is:
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int})' \
// RUN:   | mlir-opt %tosa-to-llvm | %mlir-runner | grep -v 'Unranked Memref' > %t.int
// RUN: diff %t.reference %t.int
// RUN: FileCheck %s --check-prefix=RAN --input-file=%t.int

// CHECK-LABEL: func.func @transpose_block(
// CHECK-SAME: tensor<2x3xi8> {qtosa.qtype = "!quant.uniform<i8:f32, 2.500000e-01:-3>"}) -> (tensor<3x2xi8> {qtosa.qtype = "!quant.uniform<i8:f32, 2.500000e-01:-3>"})
// CHECK: tosa.transpose {{.*}} -> tensor<3x2xi8>
// CHECK-LABEL: func.func @main(
// The call's quantize of a float constant is folded into the stored
// constant (qtosa-integer-io runs before the lowering):
// CHECK: %[[Q:.*]] = "tosa.const"() <{values = dense<{{\[\[}}-2, -4, -1], [17, -123, -3]]> : tensor<2x3xi8>}>
// CHECK: %[[R:.*]] = call @transpose_block(%[[Q]]) : (tensor<2x3xi8>) -> tensor<3x2xi8>
// CHECK: tosa.cast %[[R]] : (tensor<3x2xi8>) -> tensor<3x2xi32>
// RAN: [0.25,  5,  -0.25,  -30,  0.5,  0]

!q = !quant.uniform<i8:f32, 0.25:-3>

func.func private @printMemrefF32(tensor<*xf32>)

func.func @transpose_block(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %q = quant.qcast %x : tensor<2x3xf32> to tensor<2x3x!q>
  %d = quant.dcast %q : tensor<2x3x!q> to tensor<2x3xf32>
  %t = tosa.transpose %d {perms = array<i32: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %q2 = quant.qcast %t : tensor<3x2xf32> to tensor<3x2x!q>
  %d2 = quant.dcast %q2 : tensor<3x2x!q> to tensor<3x2xf32>
  return %d2 : tensor<3x2xf32>
}

func.func @main() {
  %x = "tosa.const"() {values = dense<[[0.2, -0.3, 0.55], [5.0, -30.0, 0.125]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %y = call @transpose_block(%x) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %shape = tosa.const_shape {values = dense<6> : tensor<1xindex>} : () -> !tosa.shape<1>
  %flat = tosa.reshape %y, %shape : (tensor<3x2xf32>, !tosa.shape<1>) -> tensor<6xf32>
  %u = tensor.cast %flat : tensor<6xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
