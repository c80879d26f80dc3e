// int16 LEAKY_RELU as qtosa-translate --import-tflite writes it, max(x,
// alpha * x) with alpha a dequantized constant, lowered by
// qtosa-lower-pipeline: TOSA 1.0 PRO-INT has MAXIMUM (and MINIMUM) on i32
// only, so the maximum runs on i32 between rescales (issue 21: it was an
// i16 maximum that tosa-validate rejects). Executed on all 65536 stored
// inputs against the QDQ graph (expand-qdq): within 1 LSB (the product's
// rescale rounds once, the QDQ form twice), with SINGLE_ROUND and
// DOUBLE_ROUND. The cases: the seanet corpus form (same scale in and out),
// another output scale, and the same graph with minimum, which
// qtosa-share-qspecs moves onto integers alike.
//
// DEFINE: %{names} = leaky_same_scale,leaky_rescaled,minimum
// RUN: qtosa-opt %s --qtosa-import-qdq --qtosa-expand-qdq | mlir-opt %tosa-to-llvm \
// RUN:   | %mlir-runner | grep -v 'Unranked Memref' > %t.reference
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-lower-pipeline)' > %t.single.mlir
// RUN: mlir-opt %t.single.mlir %tosa-to-llvm | %mlir-runner | grep -v 'Unranked Memref' > %t.single
// RUN: python3 %S/Inputs/compare_outputs.py 1 %t.reference %t.single %{names} | FileCheck %s
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-lower-pipeline{rounding=double})' \
// RUN:   | mlir-opt %tosa-to-llvm | %mlir-runner | grep -v 'Unranked Memref' > %t.double
// RUN: python3 %S/Inputs/compare_outputs.py 1 %t.reference %t.double %{names} | FileCheck %s
//
// The graphs with io=int pass upstream validation for PRO-INT with int16:
// RUN: sed '/^func.func @main/,$d' %s \
// RUN:   | qtosa-opt --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int})' \
// RUN:   | tee %t.int.mlir \
// RUN:   | mlir-opt --tosa-attach-target='profiles=pro_int extensions=int16,doubleround' \
// RUN:       --tosa-validate=strict-op-spec-alignment -o /dev/null
// RUN: FileCheck %s --check-prefix=INT --input-file=%t.int.mlir

// CHECK: ok: leaky_same_scale:
// CHECK: ok: leaky_rescaled:
// CHECK: ok: minimum:
// CHECK: compared 3 outputs, max difference {{[01]}} (allowed 1)

// The product with the slope's stored 1 is x rescaled by alpha (no
// multiply, session 32), written to i32 directly; the other operand is
// widened; one rescale by 1 (2^30 >> 30) returns to i16.
// INT-LABEL: func.func @leaky_same_scale
// INT-NOT: tosa.mul
// INT: %[[PRODUCT:.+]] = tosa.rescale %arg0, {{.*}} : (tensor<65536xi16>, {{.*}}) -> tensor<65536xi32>
// INT: %[[X:.+]] = tosa.rescale %arg0, {{.*}} : (tensor<65536xi16>, {{.*}}) -> tensor<65536xi32>
// INT: %[[MAX:.+]] = tosa.maximum %[[X]], %[[PRODUCT]] : (tensor<65536xi32>, tensor<65536xi32>) -> tensor<65536xi32>
// INT: tosa.rescale %[[MAX]], {{.*}} -> tensor<65536xi16>
// INT-LABEL: func.func @minimum
// INT: tosa.minimum {{.*}} -> tensor<65536xi32>
// INT-NOT: tosa.maximum {{.*}}xi16>
// INT-NOT: tosa.minimum {{.*}}xi16>

!x = !quant.uniform<i16:f32, 0.0017488234443590045>
!alpha = !quant.uniform<i8:f32, 0.30000001192092896>
!y2 = !quant.uniform<i16:f32, 0.0011>

func.func private @printMemrefI32(tensor<*xi32>)

func.func @leaky_same_scale(%s: tensor<65536xi16>) -> tensor<65536xi16> {
  %q = quant.scast %s : tensor<65536xi16> to tensor<65536x!x>
  %x = quant.dcast %q : tensor<65536x!x> to tensor<65536xf32>
  %a = "tosa.const"() {values = dense<1> : tensor<1xi8>} : () -> tensor<1xi8>
  %aq = quant.scast %a : tensor<1xi8> to tensor<1x!alpha>
  %ad = quant.dcast %aq : tensor<1x!alpha> to tensor<1xf32>
  %shift = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %ax = tosa.mul %x, %ad, %shift : (tensor<65536xf32>, tensor<1xf32>, tensor<1xi8>) -> tensor<65536xf32>
  %m = tosa.maximum %x, %ax : (tensor<65536xf32>, tensor<65536xf32>) -> tensor<65536xf32>
  %r = quant.qcast %m : tensor<65536xf32> to tensor<65536x!x>
  %o = quant.scast %r : tensor<65536x!x> to tensor<65536xi16>
  return %o : tensor<65536xi16>
}

func.func @leaky_rescaled(%s: tensor<65536xi16>) -> tensor<65536xi16> {
  %q = quant.scast %s : tensor<65536xi16> to tensor<65536x!x>
  %x = quant.dcast %q : tensor<65536x!x> to tensor<65536xf32>
  %a = "tosa.const"() {values = dense<1> : tensor<1xi8>} : () -> tensor<1xi8>
  %aq = quant.scast %a : tensor<1xi8> to tensor<1x!alpha>
  %ad = quant.dcast %aq : tensor<1x!alpha> to tensor<1xf32>
  %shift = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %ax = tosa.mul %x, %ad, %shift : (tensor<65536xf32>, tensor<1xf32>, tensor<1xi8>) -> tensor<65536xf32>
  %m = tosa.maximum %x, %ax : (tensor<65536xf32>, tensor<65536xf32>) -> tensor<65536xf32>
  %r = quant.qcast %m : tensor<65536xf32> to tensor<65536x!y2>
  %o = quant.scast %r : tensor<65536x!y2> to tensor<65536xi16>
  return %o : tensor<65536xi16>
}

func.func @minimum(%s: tensor<65536xi16>) -> tensor<65536xi16> {
  %q = quant.scast %s : tensor<65536xi16> to tensor<65536x!x>
  %x = quant.dcast %q : tensor<65536x!x> to tensor<65536xf32>
  %a = "tosa.const"() {values = dense<1> : tensor<1xi8>} : () -> tensor<1xi8>
  %aq = quant.scast %a : tensor<1xi8> to tensor<1x!alpha>
  %ad = quant.dcast %aq : tensor<1x!alpha> to tensor<1xf32>
  %shift = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %ax = tosa.mul %x, %ad, %shift : (tensor<65536xf32>, tensor<1xf32>, tensor<1xi8>) -> tensor<65536xf32>
  %m = tosa.minimum %x, %ax : (tensor<65536xf32>, tensor<65536xf32>) -> tensor<65536xf32>
  %r = quant.qcast %m : tensor<65536xf32> to tensor<65536x!x>
  %o = quant.scast %r : tensor<65536x!x> to tensor<65536xi16>
  return %o : tensor<65536xi16>
}

func.func @main() {
  %all = tensor.generate {
  ^bb0(%i: index):
    %c = arith.index_cast %i : index to i32
    %o = arith.constant 32768 : i32
    %v = arith.subi %c, %o : i32
    %t = arith.trunci %v : i32 to i16
    tensor.yield %t : i16
  } : tensor<65536xi16>
  %r0 = call @leaky_same_scale(%all) : (tensor<65536xi16>) -> tensor<65536xi16>
  %w0 = tosa.cast %r0 : (tensor<65536xi16>) -> tensor<65536xi32>
  %u0 = tensor.cast %w0 : tensor<65536xi32> to tensor<*xi32>
  call @printMemrefI32(%u0) : (tensor<*xi32>) -> ()
  %r1 = call @leaky_rescaled(%all) : (tensor<65536xi16>) -> tensor<65536xi16>
  %w1 = tosa.cast %r1 : (tensor<65536xi16>) -> tensor<65536xi32>
  %u1 = tensor.cast %w1 : tensor<65536xi32> to tensor<*xi32>
  call @printMemrefI32(%u1) : (tensor<*xi32>) -> ()
  %r2 = call @minimum(%all) : (tensor<65536xi16>) -> tensor<65536xi16>
  %w2 = tosa.cast %r2 : (tensor<65536xi16>) -> tensor<65536xi32>
  %u2 = tensor.cast %w2 : tensor<65536xi32> to tensor<*xi32>
  call @printMemrefI32(%u2) : (tensor<*xi32>) -> ()
  return
}
