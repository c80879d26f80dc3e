// Memory errors that happen inside libMLIR, where AddressSanitizer does not
// look: Debian's libMLIR is not instrumented, so when qtosa erases an op and
// MLIR then reads it (isOpTriviallyDead on a constant the lowering had
// already erased, because a convolution read it as both zero points) the
// sanitizer job passes and the release build reads freed memory. Valgrind's
// memcheck sees every read: each pass over the lit inputs that exercise it,
// then both pipelines over generated models (a few seconds each).
//
// REQUIRES: valgrind
// UNSUPPORTED: sanitizers
//
// RUN: valgrind -q --error-exitcode=99 qtosa-opt %S/../Transforms/qtosa-lower-to-tosa-int.mlir --split-input-file --qtosa-lower-to-tosa-int -o /dev/null
// RUN: valgrind -q --error-exitcode=99 qtosa-opt %S/../Transforms/qtosa-share-qspecs.mlir --split-input-file --qtosa-share-qspecs -o /dev/null
// RUN: valgrind -q --error-exitcode=99 qtosa-opt %S/../Transforms/qtosa-canonicalize.mlir --split-input-file --qtosa-canonicalize -o /dev/null
// RUN: valgrind -q --error-exitcode=99 qtosa-opt %S/../Transforms/qtosa-import-qdq.mlir --split-input-file --qtosa-import-qdq -o /dev/null
// RUN: valgrind -q --error-exitcode=99 qtosa-opt %S/../Transforms/qtosa-signed-storage.mlir --split-input-file --qtosa-signed-storage -o /dev/null
// RUN: valgrind -q --error-exitcode=99 qtosa-opt %S/../Transforms/qtosa-expand-qdq.mlir --split-input-file --qtosa-expand-qdq -o /dev/null
// RUN: python3 %qtosa_src/bench/gen_qdq_model.py 200 --model convnext --seed 3 -o %t.convnext.mlir
// RUN: valgrind -q --error-exitcode=99 qtosa-opt %t.convnext.mlir -o /dev/null \
// RUN:   --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u55-128})'
// RUN: python3 %qtosa_src/bench/gen_qdq_model.py 200 --seed 3 -o %t.mixed.mlir
// RUN: valgrind -q --error-exitcode=99 qtosa-opt %t.mixed.mlir -o /dev/null \
// RUN:   --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u85-256})'
// RUN: valgrind -q --error-exitcode=99 qtosa-opt %t.mixed.mlir -o /dev/null \
// RUN:   --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int})'
