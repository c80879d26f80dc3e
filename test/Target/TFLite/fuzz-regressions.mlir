// Inputs qtosa-tflite-fuzz found, kept as they were found.
//
// opaque-first-op-empty-block.tflite (a 10-minute run, 2026-11-24): the
// first operator (a PAD on uint16 with an unwritten paddings tensor) gave up
// as an opaque host op while the function's block was still empty; dropping
// what it had built walked from the empty block's front(), no op at all,
// and never ended (a timeout, memory growing). Now it is a located error
// at once.
// RUN: not qtosa-translate --import-tflite %S/Inputs/fuzz/opaque-first-op-empty-block.tflite 2>&1 | FileCheck %s
// CHECK: opaque-first-op-empty-block.tflite:0:0: error: PAD: tensor 1 ('') is read before any operator writes it
