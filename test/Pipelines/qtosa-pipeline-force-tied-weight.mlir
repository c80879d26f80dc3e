// A tied weight: one quantized constant read by one matmul as it is and by
// another through a tile. qtosa-fold-quantized-constants' size guard does
// not copy a constant something else still reads into a larger one, so by
// default the tile, and the matmul after it, stay in float on the host;
// force=true on the pipeline (not only on a hand-built one) folds the tile
// into a constant of its own and the whole graph is one delegate (issue 19).
//
// RUN: qtosa-opt %s -o /dev/null --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{remarks=false report-file=-})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=GUARD
// RUN: qtosa-opt %s -o /dev/null --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{force=true remarks=false report-file=-})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FORCE
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int force=true})' | FileCheck %s --check-prefix=LOWER

// GUARD: ethos-u55-128: 1 delegate(s); 7 op(s): 2 on the NPU (28.6%), 5 on the host
// GUARD: 5 float ops {{.*}} U55.TENSOR.FLOAT  tosa.tile in float after dequantize
// FORCE: ethos-u55-128: 1 delegate(s); 4 op(s): 4 on the NPU (100.0%), 0 on the host
// LOWER-LABEL: func.func @tied
// LOWER-NOT: tosa.tile
// LOWER-NOT: xf32>
// LOWER: return

!a = !quant.uniform<i8:f32, 0.05>
!w = !quant.uniform<i8:f32, 0.02>
func.func @tied(%x: tensor<1x4x8xf32>) -> (tensor<1x4x4xf32>, tensor<1x4x8xf32>) {
  %xq = quant.qcast %x : tensor<1x4x8xf32> to tensor<1x4x8x!a>
  %xd = quant.dcast %xq : tensor<1x4x8x!a> to tensor<1x4x8xf32>
  %wc = "tosa.const"() {values = dense<[[[1,2,3,4],[8,7,6,5],[1,1,1,1],[2,2,2,2],[3,3,3,3],[4,4,4,4],[5,5,5,5],[6,6,6,6]]]> : tensor<1x8x4xi8>} : () -> tensor<1x8x4xi8>
  %wd = qtosa.dequantize %wc as !w : tensor<1x8x4xi8> -> tensor<1x8x4xf32>
  %zf = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %m1 = tosa.matmul %xd, %wd, %zf, %zf : (tensor<1x4x8xf32>, tensor<1x8x4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4xf32>
  %m1q = quant.qcast %m1 : tensor<1x4x4xf32> to tensor<1x4x4x!a>
  %m1d = quant.dcast %m1q : tensor<1x4x4x!a> to tensor<1x4x4xf32>
  %mult = tosa.const_shape {values = dense<[1, 1, 2]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %wt = tosa.tile %wd, %mult : (tensor<1x8x4xf32>, !tosa.shape<3>) -> tensor<1x8x8xf32>
  %m2 = tosa.matmul %xd, %wt, %zf, %zf : (tensor<1x4x8xf32>, tensor<1x8x8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x8xf32>
  %m2q = quant.qcast %m2 : tensor<1x4x8xf32> to tensor<1x4x8x!a>
  %m2d = quant.dcast %m2q : tensor<1x4x8x!a> to tensor<1x4x8xf32>
  return %m1d, %m2d : tensor<1x4x4xf32>, tensor<1x4x8xf32>
}
