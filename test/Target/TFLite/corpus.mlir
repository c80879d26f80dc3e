// Every TFLite model of ../shared/corpus/tflite (133 files: 6 whole models
// and 127 single-op int16 seanet models): imported with locations, then
// through qtosa-ethosu-pipeline for Ethos-U55 and Ethos-U85 and through
// qtosa-lower-pipeline{io=int rounding=double}, each under the verifier.
// None may fail to import, crash or leave invalid IR. Ops a pipeline cannot
// lower (SVDF host calls, ...) may stay in float or on the host;
// the summary counts them. It is also left in the build folder.
//
// The validate criterion (Inputs/tflite_sweep.py's docstring): every fully
// integer lowered graph passes mlir-opt --tosa-validate strict for PRO-INT,
// EXT-INT16, EXT-DOUBLEROUND at level 8K, except MLIR 22's check of a
// !tosa.shape's length against MAX_RANK, which every rank-4 tosa.pad fails
// and TOSA 1.0 does not ask for (docs/tflite-import.md, "Validation"): the
// 19 PAD models are named on a line of their own. Graphs with host calls
// (SVDF) are excluded by name, as are graphs left partly in float, each
// with its reason; io=int itself refuses a graph with float arithmetic left
// (qtosa-verify-integer-tosa), named above. The LSTM models
// (UNIDIRECTIONAL_SEQUENCE_LSTM, unrolled) are fully integer and valid.
//
// REQUIRES: corpus
// RUN: rm -rf %t && %python %S/Inputs/tflite_sweep.py qtosa-translate qtosa-opt mlir-opt %corpus/tflite %t > %t.txt
// RUN: cp %t.txt %qtosa_obj/tflite-corpus-summary.txt
// RUN: FileCheck %s --input-file=%t.txt

// CHECK-NOT: FAIL
// CHECK: import: 133 files: 133 imported, 0 rejected with a diagnostic, 0 failed; 7 host calls (SVDF 7)
// CHECK: ethos-u55-128: 133 files: 133 partitioned, 0 rejected with a diagnostic, 0 failed
// CHECK-NEXT: ethos-u55-128: {{[1-9][0-9]*}} ops, {{[1-9][0-9]*}} on the NPU ({{[0-9.]+}}%), {{[0-9]+}} on the host, in {{[0-9]+}} delegates
// CHECK: ethos-u85-256: 133 files: 133 partitioned, 0 rejected with a diagnostic, 0 failed
// CHECK-NEXT: ethos-u85-256: {{[1-9][0-9]*}} ops, {{[1-9][0-9]*}} on the NPU ({{[0-9.]+}}%), {{[0-9]+}} on the host, in {{[0-9]+}} delegates
// CHECK: lower-int: 133 files: 132 lowered, 1 rejected with a diagnostic, 0 failed; 132 fully integer
// io=int refuses the graph whose softmax stays in float (an i16 requantize
// with zero point -32768, which tosa.rescale cannot take) rather than
// write float TOSA (issue #31):
// CHECK-NEXT: lower-int: rejected tflm_keyword_scrambled_8bit: qtosa-lower-pipeline{io=int}: this 'qtosa.dequantize' is left in 'main' and would become float arithmetic, which io=int does not allow
// CHECK: left in float: {{.+}}
// CHECK: tosa-validate: [[INT:[0-9]+]] of [[INT]] fully integer files pass (strict, profiles=pro_int extensions=int16,doubleround, level 8K; 19 of them only without MLIR 22's shape-length level check)
// CHECK-NEXT: tosa-validate: without MLIR 22's check of a !tosa.shape's length against MAX_RANK (tosa.pad): pad__pad0, pad__pad1, pad__pad10, pad__pad11, pad__pad12, pad__pad13, pad__pad14, pad__pad15, pad__pad16, pad__pad17, pad__pad18, pad__pad2, pad__pad3, pad__pad4, pad__pad5, pad__pad6, pad__pad7, pad__pad8, pad__pad9{{$}}
// CHECK-NEXT: tosa-validate: 0 files excluded (not fully integer)
// CHECK-NOT: host call
// CHECK-NOT: not strict: FAIL
