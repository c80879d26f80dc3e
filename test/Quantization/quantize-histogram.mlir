// "observer": "histogram" chooses each observed activation range by the
// least squared quantization error over a histogram of the calibration
// values (PyTorch's HistogramObserver, which ExecuTorch's Arm quantizer
// uses; qtosa.torch's default). On standard-normal calibration values the
// search trims the sparse tails: the input's range is narrower than min/max
// (scale 0.0326 against 0.0331), and so is the convolution's output range.
// One outlier of 60 among 262144 values is kept: clipping it costs more
// squared error than the finer grid saves.
//
// RUN: rm -rf %t && mkdir -p %t/cal %t/outlier
// RUN: %python %S/Inputs/write_samples.py %t/cal 8 1x32x32x4
// RUN: %python %S/Inputs/write_samples.py %t/outlier 8 1x32x32x4 --outlier 60
// RUN: echo '{"observer": "histogram"}' > %t/histogram.json
// RUN: qtosa-opt %s --qtosa-annotate=config=%t/histogram.json | FileCheck %s --check-prefix=MARK
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-quantize-pipeline{samples=%t/cal/samples.json})' | FileCheck %s --check-prefix=MINMAX
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-quantize-pipeline{samples=%t/cal/samples.json config=%t/histogram.json})' | FileCheck %s --check-prefix=HIST
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-quantize-pipeline{samples=%t/outlier/samples.json config=%t/histogram.json})' | FileCheck %s --check-prefix=OUTLIER

// Observed activations carry least_error; weights and biases do not.
// MARK: qtosa.annotate %arg0 group 0 storage i8<-128 : 127> {least_error}
// MARK: qtosa.annotate %{{.*}} storage i8<-127 : 127> {axis = 0 : i32, scales =
// MARK-NOT: least_error
// MARK-SAME: tensor<4x1x1x4xf32>
// MARK: qtosa.annotate %{{.*}} group 1 storage i8<-128 : 127> {least_error}

// MINMAX: qtosa.quantize %arg0 as !quant.uniform<i8:f32, 0.0330{{[0-9]+}}:8>
// MINMAX: qtosa.quantize %{{.+}} as !quant.uniform<i8:f32, 0.0258{{[0-9]+}}:-6>
// HIST: qtosa.quantize %arg0 as !quant.uniform<i8:f32, 0.0326{{[0-9]+}}:10>
// HIST: qtosa.quantize %{{.+}} as !quant.uniform<i8:f32, 0.0244{{[0-9]+}}:1>
// OUTLIER: qtosa.quantize %arg0 as !quant.uniform<i8:f32, 0.2529{{[0-9]+}}:-110>

func.func @main(%x: tensor<1x32x32x4xf32>) -> tensor<1x32x32x4xf32> {
  %zero = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %w = "tosa.const"() {values = dense<[[[[0.5, -0.25, 0.125, 0.3]]], [[[-0.4, 0.2, 0.6, -0.1]]], [[[0.05, 0.7, -0.3, 0.2]]], [[[0.3, 0.3, -0.3, -0.6]]]]> : tensor<4x1x1x4xf32>} : () -> tensor<4x1x1x4xf32>
  %b = "tosa.const"() {values = dense<[0.1, -0.1, 0.05, 0.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %y = tosa.conv2d %x, %w, %b, %zero, %zero {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x32x32x4xf32>, tensor<4x1x1x4xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x32x32x4xf32>
  return %y : tensor<1x32x32x4xf32>
}
