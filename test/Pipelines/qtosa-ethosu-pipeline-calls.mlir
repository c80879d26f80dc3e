// Models with several functions. The pipeline inlines the exporter's private
// submodule after import, so the model is one delegate. A call that stays
// (a declaration, an importer's opaque host op) is a host op with its own
// rule naming the callee, not a float-tensor complaint.
//
// RUN: qtosa-opt %s --split-input-file --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{report-file=-})' \
// RUN:   -o /dev/null 2>&1 | FileCheck %s
// A model whose quant casts were erased before the import (upstream inline
// runs canonicalize) holds no quantized tensor: a warning says so instead of
// a silent report of zero delegates.
// RUN: qtosa-opt %s --split-input-file --pass-pipeline='builtin.module(inline,qtosa-ethosu-pipeline{remarks=false})' \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=FLOAT
// A report path that cannot be written is one error line, not the module
// printed as a note.
// RUN: not qtosa-opt %s --split-input-file --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{remarks=false report-file=%t.missing/report.json})' \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADPATH

// CHECK: ethos-u55-128: 1 delegate(s); {{[0-9]+}} op(s): {{[0-9]+}} on the NPU (100.0%), 0 on the host
// FLOAT: warning: 'model' holds no quantized or integer tensor: none of its ops can run on the NPU
// BADPATH: error: cannot write the partition report to '{{.*}}report.json': No such file or directory
// BADPATH-NOT: see current operation
// BADPATH-NOT: func.func
!q = !quant.uniform<i8:f32, 0.25:-3>
!r = !quant.uniform<i8:f32, 0.5:1>
func.func private @block(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = quant.qcast %x : tensor<4xf32> to tensor<4x!q>
  %d = quant.dcast %q : tensor<4x!q> to tensor<4xf32>
  %a = tosa.add %d, %d : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %q2 = quant.qcast %a : tensor<4xf32> to tensor<4x!r>
  %d2 = quant.dcast %q2 : tensor<4x!r> to tensor<4xf32>
  return %d2 : tensor<4xf32>
}
func.func @model(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = call @block(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = call @block(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}

// -----

// CHECK: ethos-u55-128: 2 delegate(s)
// CHECK: func.call {{.*}} U55.CALL.HOST calls 'tflite.SVDF': the operator 'SVDF' has no TOSA form and runs on the host
// CHECK: func.call {{.*}} U55.CALL.HOST calls 'helper', a function without a body here
!q = !quant.uniform<i8:f32, 0.25:-3>
func.func private @tflite.SVDF(tensor<4xi8>) -> tensor<4xi8>
func.func private @helper(tensor<4xi8>) -> tensor<4xi8>
func.func @opaque(%x: tensor<4xi8>) -> tensor<4xi8> {
  %n = tosa.identity %x : (tensor<4xi8>) -> tensor<4xi8>
  %s = call @tflite.SVDF(%n) {qtosa.opaque_host_op = "SVDF"} : (tensor<4xi8>) -> tensor<4xi8>
  %h = call @helper(%s) : (tensor<4xi8>) -> tensor<4xi8>
  %m = tosa.identity %h : (tensor<4xi8>) -> tensor<4xi8>
  return %m : tensor<4xi8>
}

// -----

// The importer's reason for a host call, where it gave one, is the reason:
// a GATHER whose indices are a graph input is kept on the host because of
// them, not for want of a TOSA form.
// CHECK: ethos-u55-128: 1 delegate(s)
// CHECK: func.call {{.*}} U55.CALL.HOST calls 'tflite.GATHER': the importer keeps 'GATHER' on the host: input tensor 1 ('indices') is an integer tensor without quantization parameters
func.func private @tflite.GATHER(tensor<4x3xi8>, tensor<2xi32>) -> tensor<2x3xi8>
func.func @gather(%x: tensor<4x3xi8>, %i: tensor<2xi32>) -> tensor<2x3xi8> {
  %n = tosa.identity %x : (tensor<4x3xi8>) -> tensor<4x3xi8>
  %g = call @tflite.GATHER(%n, %i) {qtosa.opaque_host_op = "GATHER", qtosa.host_reason = "input tensor 1 ('indices') is an integer tensor without quantization parameters"} : (tensor<4x3xi8>, tensor<2xi32>) -> tensor<2x3xi8>
  return %g : tensor<2x3xi8>
}
