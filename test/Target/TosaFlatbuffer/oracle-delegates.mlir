// REQUIRES: corpus, tools
// The example's delegates (after qtosa-share-qspecs, one per target),
// decoded by flatc with the official schema in ../shared/schemas,
// mean what the imported modules say.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/delegates_roundtrip.py --work %t --schema %tosa_schema \
// RUN:   %qtosa_src/examples/convnext_block_qdq.mlir \
// RUN:   | FileCheck %s --implicit-check-not=IMPORT-FAILED --implicit-check-not=BYTES-DIFFER --implicit-check-not=ORACLE

// CHECK: SUMMARY cases=1 partitioned=2 delegates=[[N:[1-9][0-9]*]] imported=[[N]] bytes=[[N]] oracle=[[N]]

// The same for the benchmark models (as bench-delegates.mlir makes them).
// RUN: %python %qtosa_src/bench/gen_qdq_model.py --model convnext --seed 1 60 -o %t/bench-convnext.mlir
// RUN: %python %qtosa_src/bench/gen_qdq_model.py --model mixed --seed 1 60 -o %t/bench-mixed.mlir
// RUN: %python %S/Inputs/delegates_roundtrip.py --work %t/bench --schema %tosa_schema \
// RUN:   %t/bench-convnext.mlir %t/bench-mixed.mlir \
// RUN:   | FileCheck %s --check-prefix=BENCH --implicit-check-not=IMPORT-FAILED --implicit-check-not=BYTES-DIFFER --implicit-check-not=ORACLE

// BENCH: SUMMARY cases=2 partitioned=4 delegates=[[M:[1-9][0-9]*]] imported=[[M]] bytes=[[M]] oracle=[[M]]
