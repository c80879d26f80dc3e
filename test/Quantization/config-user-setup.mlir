// The setup users hand-write around quantizers, as one config: an int16
// symmetric input with fixed scale 1/32767 (+-32767), an int8 symmetric path
// with fixed scale 1/127 (+-127), per-channel int8 weights (+-127), one
// subgraph kept in float (matched by a location-name prefix), and one
// output left float. Every parameter is fixed, so calibration needs no
// samples. Checked op by op.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo '{"inputs": [{"dtype": "int16", "symmetric": true, "range": [-32767, 32767], "scale": 3.0518509475997192e-05}], "weight": {"dtype": "int8", "symmetric": true, "range": [-127, 127], "per_channel": true}, "overrides": [{"name": "path8", "spec": {"dtype": "int8", "symmetric": true, "range": [-127, 127], "scale": 0.007874015748031496}}, {"name": "float_head/*", "spec": null}], "outputs": [{"dtype": "int8", "symmetric": true, "range": [-127, 127], "scale": 0.007874015748031496}, null]}' > %t/setup.json
// RUN: qtosa-opt %s --qtosa-annotate="config=%t/setup.json" | FileCheck %s --check-prefix=MARK --enable-var-scope
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-quantize-pipeline{config=%t/setup.json})' | FileCheck %s --check-prefix=QDQ --enable-var-scope

// MARK-LABEL: func.func @setup
// MARK: %[[X:.*]] = qtosa.annotate %arg0 group 0 storage i16<-32767 : 32767> {scales = array<f64: 3.0518509475997192E-5>, symmetric, zero_points = array<i64: 0>}
// MARK: %[[W:.*]] = qtosa.annotate %{{.*}} group [[WG:[0-9]+]] storage i8<-127 : 127> {axis = 0 : i32, scales = array<f64: {{.*}}>, symmetric, zero_points = array<i64: 0, 0, 0>} : tensor<3x1x1x2xf32>
// The conv's input is int16: its bias is added to an i48 accumulator.
// MARK: %[[B:.*]] = qtosa.annotate %{{.*}} storage i48<-140737488355328 : 140737488355327> {axis = 0 : i32, derived_from = array<i64: 0, [[WG]]>, symmetric} : tensor<3xf32>
// MARK: %[[C:.*]] = tosa.conv2d %[[X]], %[[W]], %[[B]]
// MARK-NEXT: %[[CM:.*]] = qtosa.annotate %[[C]] group 1 storage i8<-127 : 127> {scales = array<f64: 0.00787401574803149{{[0-9]*}}>, symmetric, zero_points = array<i64: 0>}
// The float head reads the marked int8 path and stays unmarked.
// MARK-NEXT: %[[S:.*]] = tosa.sigmoid %[[CM]]
// MARK-NEXT: %[[M:.*]] = tosa.mul %[[S]], %[[CM]]
// MARK-NOT: qtosa.annotate
// MARK: return %[[CM]], %[[M]]

// QDQ-LABEL: func.func @setup
// QDQ: qtosa.quantize %arg0 as !quant.uniform<i16<-32767:32767>:f32, 3.0518509475997192E-5>
// QDQ: qtosa.dequantize %{{.*}} as !quant.uniform<i8<-127:127>:f32:0, {
// Its values fit i32 (a !quant type holds at most 32 bits).
// QDQ: qtosa.dequantize %{{.*}} as !quant.uniform<i32:f32:0, {
// QDQ: tosa.conv2d
// QDQ-NEXT: qtosa.quantize %{{.*}} as !quant.uniform<i8<-127:127>:f32, 0.00787401574803149{{[0-9]*}}>
// QDQ: %[[S:.*]] = tosa.sigmoid
// QDQ-NEXT: %[[M:.*]] = tosa.mul %[[S]]
// QDQ-NEXT: return %{{.*}}, %[[M]] : tensor<1x4x4x3xf32>, tensor<1x4x4x3xf32>

func.func @setup(%x: tensor<1x4x4x2xf32>) -> (tensor<1x4x4x3xf32>, tensor<1x4x4x3xf32>) {
  %zero = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %shift = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %w = "tosa.const"() {values = dense<[[[[0.5, -0.25]]], [[[1.0, 0.1]]], [[[-0.3, 0.2]]]]> : tensor<3x1x1x2xf32>} : () -> tensor<3x1x1x2xf32>
  %b = "tosa.const"() {values = dense<[0.1, -0.2, 0.3]> : tensor<3xf32>} : () -> tensor<3xf32>
  %c = tosa.conv2d %x, %w, %b, %zero, %zero {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x1x1x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32> loc("path8")
  %s = tosa.sigmoid %c : (tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32> loc("float_head/sigmoid")
  %m = tosa.mul %s, %c, %shift : (tensor<1x4x4x3xf32>, tensor<1x4x4x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32> loc("float_head/mul")
  return %c, %m : tensor<1x4x4x3xf32>, tensor<1x4x4x3xf32>
}
