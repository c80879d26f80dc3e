// The benchmark models (bench/gen_qdq_model.py, both kinds, small and
// seeded) partitioned for both Ethos-U targets: every delegate
// qtosa-export-delegates writes imports and writes the same bytes again.
// oracle-delegates.mlir decodes the same files with flatc.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %qtosa_src/bench/gen_qdq_model.py --model convnext --seed 1 60 -o %t/bench-convnext.mlir
// RUN: %python %qtosa_src/bench/gen_qdq_model.py --model mixed --seed 1 60 -o %t/bench-mixed.mlir
// RUN: %python %S/Inputs/delegates_roundtrip.py --work %t/work %t/bench-convnext.mlir %t/bench-mixed.mlir \
// RUN:   | FileCheck %s --implicit-check-not=IMPORT-FAILED --implicit-check-not=BYTES-DIFFER

// CHECK: SUMMARY cases=2 partitioned=4 delegates=[[N:[1-9][0-9]*]] imported=[[N]] bytes=[[N]] oracle=0
