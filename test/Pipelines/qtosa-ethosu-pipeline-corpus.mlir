// Every file of ../shared/corpus/tosa through qtosa-ethosu-pipeline, for
// both targets: each is partitioned with a complete report, or rejected with
// a located diagnostic; none crashes. The summary (files, ops, share on the
// NPU, the commonest rules) is also left in the build folder, and
// scripts/test.sh prints it.
//
// REQUIRES: corpus
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/Inputs/partition_sweep.py qtosa-opt %corpus/tosa ethos-u55-128 %t/u55 > %t/u55.txt
// RUN: python3 %S/Inputs/partition_sweep.py qtosa-opt %corpus/tosa ethos-u85-256 %t/u85 > %t/u85.txt
// RUN: cat %t/u55.txt %t/u85.txt > %qtosa_obj/ethosu-corpus-summary.txt
// RUN: FileCheck %s --check-prefix=U55 --input-file=%t/u55.txt
// RUN: FileCheck %s --check-prefix=U85 --input-file=%t/u85.txt

// U55-NOT: FAIL
// U55: ethos-u55-128: [[FILES:[1-9][0-9]*]] files: {{[0-9]+}} partitioned, {{[0-9]+}} rejected with a diagnostic, 0 failed
// U55-NEXT: ethos-u55-128: {{[1-9][0-9]*}} ops, {{[0-9]+}} on the NPU ({{[0-9.]+}}%), {{[0-9]+}} on the host, in {{[0-9]+}} delegates
// U85-NOT: FAIL
// U85: ethos-u85-256: {{[1-9][0-9]*}} files: {{[0-9]+}} partitioned, {{[0-9]+}} rejected with a diagnostic, 0 failed
// U85-NEXT: ethos-u85-256: {{[1-9][0-9]*}} ops, {{[0-9]+}} on the NPU ({{[0-9.]+}}%), {{[0-9]+}} on the host, in {{[0-9]+}} delegates
