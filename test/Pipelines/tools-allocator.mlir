// The command-line tools allocate with jemalloc when it was found at
// configure time (QTOSA_USE_JEMALLOC; see the top-level CMakeLists.txt):
// MALLOC_CONF is read by jemalloc alone, and it prints its statistics at
// exit only if it is the process's malloc. MLIR's allocations then go to it
// too, the point of linking it (docs/performance.md).
//
// REQUIRES: jemalloc
// RUN: env MALLOC_CONF=stats_print:true qtosa-opt %s -o /dev/null 2>&1 | FileCheck %s
// RUN: env MALLOC_CONF=stats_print:true qtosa-translate --help 2>&1 | FileCheck %s
// RUN: env MALLOC_CONF=stats_print:true qtosa-run --help 2>&1 | FileCheck %s
// CHECK: Begin jemalloc statistics

func.func @f(%x: tensor<2xi8>) -> tensor<2xi8> {
  return %x : tensor<2xi8>
}
