// The runner's --instructions mode on two small sizes, for the first and
// the last pass (each pass is two callgrind runs of several seconds, even on
// these graphs): each gets an instruction count at both sizes and a ratio,
// and instructions.csv holds them (it asserts nothing about the ratios'
// values). An unknown pass name is an error.
//
// REQUIRES: valgrind
// UNSUPPORTED: sanitizers
// RUN: rm -rf %t && python3 %qtosa_src/bench/run_benchmarks.py --build-dir %qtosa_obj \
// RUN:   --sizes 30,300 --runs 1 --out %t --instructions \
// RUN:   --instruction-passes import-qdq,expand-qdq > %t.log
// RUN: FileCheck %s --input-file=%t.log
// RUN: FileCheck %s --input-file=%t/instructions.csv --check-prefix=CSV
// RUN: not python3 %qtosa_src/bench/run_benchmarks.py --build-dir %qtosa_obj \
// RUN:   --sizes 30,300 --runs 1 --out %t.bad --instructions --instruction-passes lower 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN

// CHECK: instructions per pass (callgrind, --mlir-disable-threading):
// CHECK-NEXT: {{PASS|MISS}}  import-qdq {{ *}}instructions(300)/instructions(30) = {{[0-9.]+}} ({{[1-9][0-9]*}} / {{[1-9][0-9]*}}; goal <= 11)
// CHECK-NEXT: {{PASS|MISS}}  expand-qdq {{.*}}
// CHECK-NEXT: wrote {{.*}}instructions.csv

// CSV: command,instructions_small,instructions_large,ratio
// CSV-COUNT-2: {{^[a-z-]+,[1-9][0-9]*,[1-9][0-9]*,[0-9.]+$}}
// CSV-NOT: {{.}}

// UNKNOWN: error: --instruction-passes: no pass named lower
