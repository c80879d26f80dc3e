// REQUIRES: corpus, tools
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/tosa_roundtrip.py --no-validate --work %t --schema %tosa_schema \
// RUN:   %S/ops-tensor.mlir %S/ops-elementwise.mlir %S/ops-data-layout.mlir \
// RUN:   %S/ops-types.mlir %S/ops-control-flow.mlir %S/ops-custom.mlir %S/ops-variables.mlir \
// RUN:   | FileCheck %s --implicit-check-not=ORACLE --implicit-check-not=REFUSED

// Every per-op file, decoded by Debian's flatc with the official TOSA schema
// (in ../shared/schemas, beside the corpus), means what its module says:
// operator sequence and wiring, output shapes and types, constant bytes,
// attribute values, zero points, version 1.0.0.

// CHECK: SUMMARY files=7 valid=7 exported=7 same=7 bytes=7 oracle=7
