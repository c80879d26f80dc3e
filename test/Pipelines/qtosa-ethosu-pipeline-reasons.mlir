// A reason states what happened in this run. share-qspecs runs (without
// qtosa-signed-storage, which the pipelines run first) and cannot move a
// max_pool2d on u8 storage; the report gives its reason instead of saying
// share-qspecs would move it.
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-import-qdq,func.func(qtosa-share-qspecs,qtosa-lower-to-tosa-int),qtosa-ethosu-partition{report-file=- remarks=false})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s
// With qtosa-signed-storage, as in the pipeline, it runs on the NPU:
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{report-file=- remarks=false})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SIGNED
// SIGNED: ethos-u55-128: 1 delegate(s); 1 op(s): 1 on the NPU (100.0%), 0 on the host
// CHECK: 3 float ops {{.*}}:17:8 U55.TENSOR.FLOAT tosa.max_pool2d in float between dequantize and quantize: an order-preserving op left in float; it cannot move onto integers: unsigned storage does not order like its values in TOSA's signed integer comparisons
// CHECK-NOT: qtosa-share-qspecs moves it
!u = !quant.uniform<u8:f32, 0.1:128>
func.func @u8_pool(%x: tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32> {
  %q = quant.qcast %x : tensor<1x4x4x2xf32> to tensor<1x4x4x2x!u>
  %d = quant.dcast %q : tensor<1x4x4x2x!u> to tensor<1x4x4x2xf32>
  %p = tosa.max_pool2d %d {kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32>
  %q2 = quant.qcast %p : tensor<1x2x2x2xf32> to tensor<1x2x2x2x!u>
  %d2 = quant.dcast %q2 : tensor<1x2x2x2x!u> to tensor<1x2x2x2xf32>
  return %d2 : tensor<1x2x2x2xf32>
}
