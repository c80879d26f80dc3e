// Every delegate the Ethos-U partition makes of the bundled example and of
// each case of the Ethos-U lit tests, for both targets, is written by
// qtosa-export-delegates, imports, and writes the same bytes again.
// Not run again in the sanitizer build: it only re-runs the other lit
// tests' inputs, which run instrumented in their own tests there, and
// instrumented it took a fifth of CI's time.
// UNSUPPORTED: sanitizers
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/delegates_roundtrip.py --work %t \
// RUN:   %qtosa_src/examples/convnext_block_qdq.mlir %qtosa_src/test/Target/EthosU/*.mlir \
// RUN:   | FileCheck %s --implicit-check-not=IMPORT-FAILED --implicit-check-not=BYTES-DIFFER

// The counts follow the Ethos-U tests; all delegates must pass.
// CHECK: SUMMARY cases={{[0-9]+}} partitioned={{[0-9]+}} delegates=[[N:[1-9][0-9]*]] imported=[[N]] bytes=[[N]] oracle=0
