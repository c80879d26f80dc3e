// REQUIRES: corpus
// The example's delegates (after qtosa-share-qspecs, one per target),
// decoded by flatc with the official schema in ../shared/schemas,
// mean what the imported modules say.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/delegates_roundtrip.py --work %t --schema %corpus/../schemas/tosa.fbs \
// RUN:   %qtosa_src/examples/convnext_block_qdq.mlir \
// RUN:   | FileCheck %s --implicit-check-not=IMPORT-FAILED --implicit-check-not=BYTES-DIFFER --implicit-check-not=ORACLE

// CHECK: SUMMARY cases=1 partitioned=2 delegates=[[N:[1-9][0-9]*]] imported=[[N]] bytes=[[N]] oracle=[[N]]
