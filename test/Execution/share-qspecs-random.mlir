// qtosa-share-qspecs is exact: 150 random QDQ graphs of data-movement and
// order-preserving ops (fixed seed) compute bit-identical stored integers
// before and after it, through qtosa-expand-qdq and MLIR's TOSA -> Linalg ->
// LLVM lowering under mlir-runner.
//
// RUN: python3 %S/Inputs/random_qdq_graphs.py 20261121 150 > %t.mlir
// RUN: qtosa-opt %t.mlir --qtosa-import-qdq --qtosa-expand-qdq | mlir-opt %tosa-to-llvm \
// RUN:   | %mlir-runner | grep -v 'Unranked Memref' > %t.reference
// RUN: qtosa-opt %t.mlir --qtosa-import-qdq --qtosa-share-qspecs --canonicalize \
// RUN:   --qtosa-expand-qdq 2>/dev/null | mlir-opt %tosa-to-llvm \
// RUN:   | %mlir-runner | grep -v 'Unranked Memref' > %t.shared
// RUN: diff %t.reference %t.shared
// RUN: FileCheck %s --check-prefix=RAN --input-file=%t.shared
// The pass did move the graphs' ops onto integers:
// RUN: qtosa-opt %t.mlir --qtosa-import-qdq --qtosa-share-qspecs --canonicalize 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=MOVED

// RAN-COUNT-150: {{^\[.*\]$}}
// RAN-NOT: {{.}}
// MOVED-DAG: tosa.transpose {{.*}}xi8>
// MOVED-DAG: tosa.concat {{.*}}xi8>
// MOVED-DAG: tosa.max_pool2d {{.*}}xi8>
// MOVED-DAG: tosa.clamp {{.*}}xi8>
// MOVED-DAG: tosa.pad {{.*}}xi8>
