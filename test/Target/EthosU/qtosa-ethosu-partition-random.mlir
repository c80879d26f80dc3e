// 300 random graphs of NPU and host ops: each gets exactly the least number
// of delegates any convex partition can have, the output verifies (every
// delegate after what it reads, no path out of a delegate and back), and
// the report counts every op once.
//
// RUN: python3 %S/Inputs/random_partition_graphs.py 20261121 300 > %t.mlir
// RUN: qtosa-opt %t.mlir --pass-pipeline='builtin.module(qtosa-ethosu-partition{remarks=false})' \
// RUN:   | FileCheck %t.mlir --check-prefix=IR
// RUN: qtosa-opt %t.mlir -o /dev/null --pass-pipeline='builtin.module(qtosa-ethosu-partition{remarks=false report-file=-})' 2>&1 \
// RUN:   | FileCheck %t.mlir --check-prefix=TABLE
