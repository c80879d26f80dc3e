// Calibration data that is not finite is an error naming the sample and the
// argument (issue #31): a NaN used to be skipped silently (the same
// parameters; all-NaN data gave scale 1.0), and an infinity ended in
// "scale out of expressed type range" with neither named.
//
// RUN: rm -rf %t && split-file %s %t && mkdir -p %t/nan %t/inf %t/log
// RUN: %python %S/Inputs/write_samples.py %t/nan 3 1x4 --outlier nan --outlier-sample 2
// RUN: not qtosa-opt %t/sigmoid.mlir --pass-pipeline='builtin.module(qtosa-quantize-pipeline{samples=%t/nan/samples.json})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NAN
// RUN: %python %S/Inputs/write_samples.py %t/inf 3 1x4 --outlier -inf
// RUN: not qtosa-opt %t/sigmoid.mlir --pass-pipeline='builtin.module(qtosa-quantize-pipeline{samples=%t/inf/samples.json})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INF
// Finite samples whose log is NaN (standard-normal data has negatives):
// RUN: %python %S/Inputs/write_samples.py %t/log 2 1x4
// RUN: not qtosa-opt %t/log.mlir --pass-pipeline='builtin.module(qtosa-quantize-pipeline{samples=%t/log/samples.json})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG

// NAN: sigmoid.mlir:1:20: error: qtosa-calibrate: sample 2 gives argument #0 of @sigmoid the value nan (element 0 of '{{.*}}sample2_arg0.npy', listed in {{.*}}samples.json): calibration samples must be finite
// INF: sigmoid.mlir:1:20: error: qtosa-calibrate: sample 0 gives argument #0 of @sigmoid the value -inf (element 0 of '{{.*}}sample0_arg0.npy', listed in {{.*}}samples.json): calibration samples must be finite
// LOG: log.mlir:2:8: error: qtosa-calibrate: sample 0 gives this value nan (element {{[0-9]+}} of 1x4xf32) from finite inputs: a range with NaN or infinity has no scale

//--- sigmoid.mlir
func.func @sigmoid(%x: tensor<1x4xf32>) -> tensor<1x4xf32> {
  %y = tosa.sigmoid %x : (tensor<1x4xf32>) -> tensor<1x4xf32>
  return %y : tensor<1x4xf32>
}
//--- log.mlir
func.func @log(%x: tensor<1x4xf32>) -> tensor<1x4xf32> {
  %y = tosa.log %x : (tensor<1x4xf32>) -> tensor<1x4xf32>
  return %y : tensor<1x4xf32>
}
