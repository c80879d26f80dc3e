// The runner's --instructions mode on two small sizes: every pass gets an
// instruction count at both and a ratio, and instructions.csv holds them
// (it asserts nothing about the ratios' values).
//
// REQUIRES: valgrind
// UNSUPPORTED: sanitizers
// RUN: rm -rf %t && python3 %qtosa_src/bench/run_benchmarks.py --build-dir %qtosa_obj \
// RUN:   --sizes 30,300 --runs 1 --out %t --instructions > %t.log
// RUN: FileCheck %s --input-file=%t.log
// RUN: FileCheck %s --input-file=%t/instructions.csv --check-prefix=CSV

// CHECK: instructions per pass (callgrind, --mlir-disable-threading):
// CHECK-NEXT: {{PASS|MISS}}  import-qdq {{ *}}instructions(300)/instructions(30) = {{[0-9.]+}} ({{[1-9][0-9]*}} / {{[1-9][0-9]*}}; goal <= 11)
// CHECK-NEXT: {{PASS|MISS}}  inline-private-calls {{.*}}
// CHECK-NEXT: {{PASS|MISS}}  signed-storage {{.*}}
// CHECK-NEXT: {{PASS|MISS}}  share-qspecs {{.*}}
// CHECK-NEXT: {{PASS|MISS}}  canonicalize {{.*}}
// CHECK-NEXT: {{PASS|MISS}}  lower-to-tosa-int {{.*}}
// CHECK-NEXT: {{PASS|MISS}}  ethosu-partition {{.*}}
// CHECK-NEXT: {{PASS|MISS}}  expand-qdq {{.*}}
// CHECK-NEXT: wrote {{.*}}instructions.csv

// CSV: command,instructions_small,instructions_large,ratio
// CSV-COUNT-8: {{^[a-z-]+,[1-9][0-9]*,[1-9][0-9]*,[0-9.]+$}}
