// Every delegate qtosa writes for the 500 random graphs of the pipeline
// tests (250 of data movement, 250 with one rounding step each; seed
// 20261122, Pipelines/Inputs/random_pipeline_graphs.py), for both targets,
// compiled by Vela 5.2: none may be rejected (issue #33). The 10k-op
// benchmark models take Vela minutes per delegate: bench/vela_sweep.sh.
// UNSUPPORTED: sanitizers
// REQUIRES: tools, qtosa-python
// RUN: python3 %S/../../Pipelines/Inputs/random_pipeline_graphs.py 20261122 250 movement > %t.movement.mlir
// RUN: python3 %S/../../Pipelines/Inputs/random_pipeline_graphs.py 20261122 250 arith > %t.arith.mlir
// RUN: %tools_python %S/Inputs/vela_sweep.py %t.movement.mlir %t.arith.mlir \
// RUN:   | FileCheck %s --implicit-check-not=VELA-REJECTED

// CHECK: SUMMARY cases=2 refused=0 delegates=[[N:[0-9]+]] compiled=[[N]] rejected=0
