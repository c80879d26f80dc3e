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

// misaligned-zero-point.tflite (a 10-minute run, 2026-12-02): a tensor's
// int64 zero points start 4 bytes past a multiple of 8, which the
// FlatBuffers verifier lets through (it checks a vector's length field for
// 4-byte alignment only); reading them with Vector::Get was an unaligned
// load that UBSan stops at, before the model's real error. The importer
// now reads the bytes; the sanitizer build of this test fails without that.
// RUN: not qtosa-translate --import-tflite %S/Inputs/fuzz/misaligned-zero-point.tflite 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ALIGN --implicit-check-not="runtime error"
// ALIGN: misaligned-zero-point.tflite:0:0: error: CONV_2D: input, filter and output must have rank 4
