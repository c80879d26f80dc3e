// qtosa's Ethos-U verdict against Vela 5.2's on every rule test (a graph just
// inside and just outside each limit) and on the probes of
// Inputs/vela-probes.mlir, for both targets; the table is
// docs/generated/VelaAgreement.md, checked for drift here (regenerate it by
// running the first RUN line with --markdown docs/generated/VelaAgreement.md).
//
// Every probe must agree: Vela's verdict is the one a deployment meets, so
// where Vela 5.2 compiles past its documented limits (the weight sum, the
// int40 bias, more than 65536 output channels on U55) the rules follow Vela.
// REQUIRES: tools, qtosa-python
// RUN: %tools_python %S/Inputs/vela_probe.py --markdown %t.md \
// RUN:   %S/qtosa-ethosu-partition-u55-rules.mlir %S/qtosa-ethosu-partition-u85-rules.mlir \
// RUN:   %S/Inputs/vela-probes.mlir \
// RUN:   | FileCheck %s --implicit-check-not=DISAGREE
// RUN: diff %qtosa_src/docs/generated/VelaAgreement.md %t.md

// CHECK: SUMMARY probes=[[N:[0-9]+]] agree={{[0-9]+}} disagree=0 skipped=2
