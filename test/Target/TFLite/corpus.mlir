// Every TFLite model of ../shared/corpus/tflite (133 files: 6 whole models
// and 127 single-op int16 seanet models): imported with locations, then
// through qtosa-ethosu-pipeline for Ethos-U55 and Ethos-U85 and through
// qtosa-lower-pipeline{io=int}, each under the verifier; the lowered graphs
// through mlir-opt --tosa-validate. None may fail to import, crash or leave
// invalid IR. Ops a pipeline cannot lower yet (softmax, LSTM and SVDF host
// calls, ...) may stay in float or on the host; the summary counts them.
// It is also left in the build folder.
//
// REQUIRES: corpus
// RUN: rm -rf %t && %python %S/Inputs/tflite_sweep.py qtosa-translate qtosa-opt mlir-opt %corpus/tflite %t > %t.txt
// RUN: cp %t.txt %qtosa_obj/tflite-corpus-summary.txt
// RUN: FileCheck %s --input-file=%t.txt

// CHECK-NOT: FAIL
// CHECK: import: 133 files: 133 imported, 0 rejected with a diagnostic, 0 failed; 10 host calls (SVDF 7, UNIDIRECTIONAL_SEQUENCE_LSTM 3)
// CHECK: ethos-u55-128: 133 files: 133 partitioned, 0 rejected with a diagnostic, 0 failed
// CHECK-NEXT: ethos-u55-128: {{[1-9][0-9]*}} ops, {{[1-9][0-9]*}} on the NPU ({{[0-9.]+}}%), {{[0-9]+}} on the host, in {{[0-9]+}} delegates
// CHECK: ethos-u85-256: 133 files: 133 partitioned, 0 rejected with a diagnostic, 0 failed
// CHECK-NEXT: ethos-u85-256: {{[1-9][0-9]*}} ops, {{[1-9][0-9]*}} on the NPU ({{[0-9.]+}}%), {{[0-9]+}} on the host, in {{[0-9]+}} delegates
// CHECK: lower-int: 133 files: 133 lowered, 0 rejected with a diagnostic, 0 failed; {{[1-9][0-9]*}} fully integer
// CHECK: left in float: {{.+}}
// CHECK: tosa-validate: {{[0-9]+}} of 133 lowered files pass
