// Accuracy of the op-semantics annotation against the way quantizers do it
// today, on the two test models: sharing=none observes every tensor on its
// own (each transpose, reshape and concat result gets an observer of its
// own) and the integer lowering repairs concats with rescales. Both are
// calibrated on the same 8 random samples and executed (qtosa-run) on 4
// others, lowered to integer TOSA; the SQNR of each against the float
// output over the 4 samples may differ by at most 1 dB in the baseline's
// favour. Measured when written (docs/quantization.md): ConvNeXt block
// 36.9 dB both; three-branch concat 29.5 dB shared against 28.6 dB.
//
// RUN: rm -rf %t && mkdir -p %t/cn-cal %t/cn-test %t/cat-cal %t/cat-test
// RUN: %python %S/Inputs/write_samples.py %t/cn-cal 8 1x8x8x4
// RUN: %python %S/Inputs/write_samples.py %t/cn-test 4 1x8x8x4 --seed 99
// RUN: %python %S/Inputs/write_samples.py %t/cat-cal 8 1x4x4x4
// RUN: %python %S/Inputs/write_samples.py %t/cat-test 4 1x4x4x4 --seed 99

// The baseline gives every data-movement result an observer of its own.
// RUN: qtosa-opt %S/quantize-convnext.mlir --qtosa-annotate=sharing=none | FileCheck %s --check-prefix=NONE-MARK --enable-var-scope
// NONE-MARK: %[[T1:.*]] = tosa.transpose
// NONE-MARK-NEXT: qtosa.annotate %[[T1]] group
// NONE-MARK: %[[T2:.*]] = tosa.transpose
// NONE-MARK-NEXT: qtosa.annotate %[[T2]] group
// NONE-MARK: %[[R:.*]] = tosa.reshape
// NONE-MARK-NEXT: qtosa.annotate %[[R]] group

// ConvNeXt block.
// RUN: qtosa-opt %S/quantize-convnext.mlir --pass-pipeline='builtin.module(qtosa-quantize-pipeline{samples=%t/cn-cal/samples.json},qtosa-lower-pipeline)' -o %t/cn-shared.mlir
// RUN: qtosa-opt %S/quantize-convnext.mlir --pass-pipeline='builtin.module(qtosa-quantize-pipeline{samples=%t/cn-cal/samples.json sharing=none},qtosa-lower-pipeline)' -o %t/cn-none.mlir
// RUN: %python %S/Inputs/compare_sharing.py convnext_block %t/cn-test/samples.json %S/quantize-convnext.mlir %t/cn-shared.mlir %t/cn-none.mlir 1 | FileCheck %s --check-prefix=SQNR

// Three-branch concat: with op-semantics sharing the branches' accumulators
// are rescaled once, straight into the concat; the baseline needs an
// i8-to-i8 rescale before it for each branch whose scale is not the
// concat's.
// RUN: qtosa-opt %S/quantize-concat.mlir --pass-pipeline='builtin.module(qtosa-quantize-pipeline{samples=%t/cat-cal/samples.json},qtosa-lower-pipeline)' -o %t/cat-shared.mlir
// RUN: qtosa-opt %S/quantize-concat.mlir --pass-pipeline='builtin.module(qtosa-quantize-pipeline{samples=%t/cat-cal/samples.json sharing=none},qtosa-lower-pipeline)' -o %t/cat-none.mlir
// RUN: FileCheck %s --check-prefix=SHARED --enable-var-scope < %t/cat-shared.mlir
// RUN: FileCheck %s --check-prefix=NONE --enable-var-scope < %t/cat-none.mlir
// RUN: %python %S/Inputs/compare_sharing.py three_branches %t/cat-test/samples.json %S/quantize-concat.mlir %t/cat-shared.mlir %t/cat-none.mlir 1 | FileCheck %s --check-prefix=SQNR

// SHARED-LABEL: func.func @three_branches
// SHARED-NOT: tosa.rescale {{.*}} : (tensor<1x4x4x2xi8>,
// SHARED: tosa.concat

// NONE-LABEL: func.func @three_branches
// NONE: tosa.rescale {{.*}} : (tensor<1x4x4x2xi8>,
// NONE: tosa.concat

// SQNR: SQNR over 4 samples: op-semantics sharing {{[0-9.]+}} dB, sharing=none {{[0-9.]+}} dB, loss {{-?[0-9.]+}} dB
