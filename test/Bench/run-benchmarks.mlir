// The benchmark runner end to end on one small size and one run, so that it
// keeps working as passes change (it asserts nothing about time): a row per
// command in the table and the CSV, the timing breakdown, and the goals.
//
// RUN: rm -rf %t && python3 %qtosa_src/bench/run_benchmarks.py --build-dir %qtosa_obj \
// RUN:   --sizes 300 --runs 1 --out %t > %t.log
// RUN: FileCheck %s --input-file=%t.log
// RUN: FileCheck %s --input-file=%t/results.csv --check-prefix=CSV
// RUN: FileCheck %s --input-file=%t/timing-300.txt --check-prefix=TIMING
// RUN: rm -rf %t.two && python3 %qtosa_src/bench/run_benchmarks.py --build-dir %qtosa_obj \
// RUN:   --sizes 30,300 --runs 1 --out %t.two > %t.two.log
// RUN: FileCheck %s --input-file=%t.two.log --check-prefix=SCALING

// CHECK: size tosa ops command
// CHECK-NEXT: 300 {{[0-9]+}} floor
// CHECK-NEXT: 300 {{[0-9]+}} parse
// CHECK-NEXT: 300 {{[0-9]+}} import-qdq
// CHECK-NEXT: 300 {{[0-9]+}} fold-quantized-constants
// CHECK-NEXT: 300 {{[0-9]+}} share-qspecs
// CHECK-NEXT: 300 {{[0-9]+}} canonicalize
// CHECK-NEXT: 300 {{[0-9]+}} lower-to-tosa-int
// CHECK-NEXT: 300 {{[0-9]+}} ethosu-partition
// CHECK-NEXT: 300 {{[0-9]+}} expand-qdq
// CHECK-NEXT: 300 {{[0-9]+}} pipeline
// CHECK-NEXT: 300 {{[0-9]+}} upstream-cse
// CHECK-NEXT: 300 {{[0-9]+}} upstream-canonicalize
// CHECK-NEXT: 300 {{[0-9]+}} upstream-op-walk
// CHECK-NEXT: 300 {{[0-9]+}} import-qdq-unverified
// CHECK-NEXT: 300 {{[0-9]+}} fold-quantized-constants-unverified
// CHECK-NEXT: 300 {{[0-9]+}} share-qspecs-unverified
// CHECK-NEXT: 300 {{[0-9]+}} canonicalize-unverified
// CHECK-NEXT: 300 {{[0-9]+}} lower-to-tosa-int-unverified
// CHECK-NEXT: 300 {{[0-9]+}} ethosu-partition-unverified
// CHECK-NEXT: 300 {{[0-9]+}} expand-qdq-unverified
// CHECK: goals at 300 requested ops:
// CHECK: {{PASS|MISS}} pipeline {{.*}}x the mlir-opt floor
// CHECK: {{PASS|MISS}} pipeline peak RSS
// CHECK: note: no size 30, so time(300)/time(30) is not checked

// CSV: size,tosa_ops,command,runs,median_s,min_s,max_s,pass_s,peak_rss_mib,ops_per_s,over_floor
// CSV-NEXT: 300,{{[0-9]+}},floor,1,
// CSV-COUNT-19: 300,{{[0-9]+}},{{[a-z-]+}},1,
// CSV-NOT: 300

// TIMING: Parser
// TIMING: ImportQDQPass
// TIMING: EthosUPartitionPass
// TIMING: ExpandQDQPass
// TIMING: Output

// With a size and a tenth of it, each pass's time ratio is checked, and
// printed beside them: each pass's ratio without the verifier after it, the
// upstream reference passes' ratios (one of them only walks the IR) and the
// floor's own.
// SCALING: goals at 300 requested ops:
// SCALING: {{PASS|MISS}} import-qdq {{ *}}time(300)/time(30) = {{[0-9.]+}}
// SCALING: {{PASS|MISS}} expand-qdq {{ *}}time(300)/time(30) = {{[0-9.]+}}
// SCALING-NEXT: ref import-qdq-unverified {{ *}}time(300)/time(30) = {{[0-9.]+}} ({{.*}}; without MLIR's verifier after the pass)
// SCALING-COUNT-5: ref {{[a-z-]+}}-unverified {{ *}}time(300)/time(30)
// SCALING-NEXT: ref expand-qdq-unverified {{ *}}time(300)/time(30) = {{[0-9.]+}}
// SCALING-NEXT: ref upstream-cse {{ *}}time(300)/time(30) = {{[0-9.]+}} ({{.*}}; linear, for comparison)
// SCALING-NEXT: ref upstream-canonicalize {{ *}}time(300)/time(30) = {{[0-9.]+}}
// SCALING-NEXT: ref upstream-op-walk {{ *}}time(300)/time(30) = {{[0-9.]+}} ({{.*}}; one read of every op, for comparison)
// SCALING-NEXT: ref floor {{ *}}time(300)/time(30) = {{[0-9.]+}} ({{.*}}; mlir-opt parse+print, the whole process)
