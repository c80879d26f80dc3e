// qtosa's Ethos-U verdict against Vela 5.2's on every rule test (a graph just
// inside and just outside each limit) and on the probes of
// Inputs/vela-probes.mlir, for both targets; the table is
// docs/generated/VelaAgreement.md, checked for drift here (regenerate it by
// running the first RUN line with --markdown docs/generated/VelaAgreement.md).
//
// The disagreements left are deliberate: a convolution of more than 65536
// input channels compiles on U55 only from a 1x1 image (U85 and larger images
// refuse it), and the weight-sum and int40 bias limits bound what the
// accumulator holds; Vela compiles past them, but nothing here executes its
// command stream to show the numbers stay right. No other may appear.
// REQUIRES: tools, qtosa-python
// RUN: %tools_python %S/Inputs/vela_probe.py --markdown %t.md \
// RUN:   %S/qtosa-ethosu-partition-u55-rules.mlir %S/qtosa-ethosu-partition-u85-rules.mlir \
// RUN:   %S/Inputs/vela-probes.mlir \
// RUN:   | FileCheck %s --implicit-check-not=DISAGREE
// RUN: diff %qtosa_src/docs/generated/VelaAgreement.md %t.md

// CHECK-DAG: DISAGREE ethos-u55-128 U55.CONV2D.CHANNELS @conv2d_channels_65537: qtosa host U55.CONV2D.CHANNELS, Vela NPU
// CHECK-DAG: DISAGREE ethos-u55-128 U55.CONV2D.WEIGHT_SUM @conv2d_weight_sum_past_limit: qtosa host U55.CONV2D.WEIGHT_SUM, Vela NPU
// CHECK-DAG: DISAGREE ethos-u55-128 U55.CONV2D.BIAS @conv2d_bias_past_int40: qtosa host U55.CONV2D.BIAS, Vela NPU
// CHECK-DAG: DISAGREE ethos-u55-128 U55.DEPTHWISE_CONV2D.BIAS @depthwise_conv2d_bias_past_int40: qtosa host U55.DEPTHWISE_CONV2D.BIAS, Vela NPU
// CHECK-DAG: DISAGREE ethos-u55-128 U55.CONV3D.CHANNELS @conv3d_channels_65537: qtosa host U55.CONV3D.CHANNELS, Vela NPU
// CHECK-DAG: DISAGREE ethos-u55-128 U55.CONV3D.WEIGHT_SUM @conv3d_weight_sum_past_limit: qtosa host U55.CONV3D.WEIGHT_SUM, Vela NPU
// CHECK-DAG: DISAGREE ethos-u55-128 U55.CONV3D.BIAS @conv3d_bias_past_int40: qtosa host U55.CONV3D.BIAS, Vela NPU
// CHECK: SUMMARY probes=[[N:[0-9]+]] agree={{[0-9]+}} disagree=7 skipped=2
