// Per-channel conv weights stored in HWIO and moved to OHWI by a transpose,
// as exporters write them: the pipeline stores the moved weights as one
// constant with the axis tracked, so the conv's weights are constant and U55
// takes the whole graph in one delegate.
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{report-file=-})' 2>&1 \
// RUN:   | FileCheck %s --enable-var-scope

// CHECK: ethos-u55-128: 1 delegate(s); {{[0-9]+}} op(s): {{[0-9]+}} on the NPU (100.0%), 0 on the host
// CHECK-NOT: remark
// CHECK-LABEL: func.func @moved_weights_conv(
// CHECK:       qtosa.delegate "ethos-u55-128"
// CHECK-NOT:     tosa.transpose
// CHECK:         %[[W:.*]] = "tosa.const"() <{values = dense<{{.*}}> : tensor<2x1x1x2xi8>}>
// CHECK-NOT:     tosa.transpose
// CHECK:         tosa.conv2d %{{.*}}, %[[W]],
// CHECK:         qtosa.yield
func.func @moved_weights_conv(%x: tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %xq = quant.qcast %x : tensor<1x2x2x2xf32> to tensor<1x2x2x2x!quant.uniform<i8:f32, 0.05:2>>
  %xd = quant.dcast %xq : tensor<1x2x2x2x!quant.uniform<i8:f32, 0.05:2>> to tensor<1x2x2x2xf32>
  %flat = "tosa.const"() {values = dense<[10, -20, 30, -40]> : tensor<4xi8>} : () -> tensor<4xi8>
  %shape = tosa.const_shape {values = dense<[1, 1, 2, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %hwio = tosa.reshape %flat, %shape : (tensor<4xi8>, !tosa.shape<4>) -> tensor<1x1x2x2xi8>
  %wq = quant.scast %hwio : tensor<1x1x2x2xi8> to tensor<1x1x2x2x!quant.uniform<i8<-127:127>:f32:3, {0.01, 0.02}>>
  %wd = quant.dcast %wq : tensor<1x1x2x2x!quant.uniform<i8<-127:127>:f32:3, {0.01, 0.02}>> to tensor<1x1x2x2xf32>
  %ohwi = tosa.transpose %wd {perms = array<i32: 3, 0, 1, 2>} : (tensor<1x1x2x2xf32>) -> tensor<2x1x1x2xf32>
  %b = "tosa.const"() {values = dense<[0.1, -0.1]> : tensor<2xf32>} : () -> tensor<2xf32>
  %z = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %y = tosa.conv2d %xd, %ohwi, %b, %z, %z {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xf32>, tensor<2x1x1x2xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x2x2xf32>
  %yq = quant.qcast %y : tensor<1x2x2x2xf32> to tensor<1x2x2x2x!quant.uniform<i8:f32, 0.1:-1>>
  %yd = quant.dcast %yq : tensor<1x2x2x2x!quant.uniform<i8:f32, 0.1:-1>> to tensor<1x2x2x2xf32>
  return %yd : tensor<1x2x2x2xf32>
}
