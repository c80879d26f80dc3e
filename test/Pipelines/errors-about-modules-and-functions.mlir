// An error about a module or a function is at its location and names it,
// and never prints the whole op beside it (MLIR's "see current operation"
// note on a module or a function is the whole module or function): issue
// #31 found it for tosa-dir= paths and for exporting a module of several
// functions.
//
// RUN: rm -rf %t && split-file %s %t
// RUN: not qtosa-opt %qtosa_src/examples/convnext_block_qdq.mlir \
// RUN:   --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{tosa-dir=/proc/nope remarks=false})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TOSADIR
// TOSADIR: convnext_block_qdq.mlir:0:0: error: cannot create '/proc/nope': {{.+}}
// TOSADIR-NOT: see current operation
//
// RUN: not qtosa-translate --export-tosa-flatbuffer %t/two.mlir -o %t/two.tosa 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: two.mlir:0:0: error: a TOSA 1.0 flatbuffer holds one function; this 'builtin.module' holds 2 with a body
// TWO-NEXT: two.mlir:1:1: note: function 'one'
// TWO-NOT: see current operation
// TWO: two.mlir:4:1: note: function 'two'
// TWO-NOT: see current operation
//
// A declaration beside the graph is not counted:
// RUN: qtosa-translate --export-tosa-flatbuffer %t/declaration.mlir -o %t/declaration.tosa
// RUN: qtosa-translate --import-tosa-flatbuffer %t/declaration.tosa | FileCheck %s --check-prefix=DECL
// DECL: func.func @graph(
//
// RUN: not qtosa-opt %t/rank7.mlir --pass-pipeline='builtin.module(qtosa-lower-pipeline)' 2>&1 | FileCheck %s --check-prefix=RANK7
// RANK7: rank7.mlir:1:1: error: 'func.func' op argument #0 has rank 7, more than the 6 TOSA 1.0 allows
// RANK7-NOT: see current operation
//
// RUN: not qtosa-opt %t/blocks.mlir --qtosa-annotate 2>&1 | FileCheck %s --check-prefix=BLOCKS
// BLOCKS: blocks.mlir:1:1: error: qtosa-annotate takes a function with one block; 'two_blocks' has 2
// BLOCKS-NOT: see current operation

//--- two.mlir
func.func @one(%x: tensor<2xi32>) -> tensor<2xi32> {
  return %x : tensor<2xi32>
}
func.func @two(%x: tensor<2xi32>) -> tensor<2xi32> {
  return %x : tensor<2xi32>
}
//--- declaration.mlir
func.func private @helper(tensor<2xi32>) -> tensor<2xi32>
func.func @graph(%x: tensor<2xi32>) -> tensor<2xi32> {
  %0 = tosa.add %x, %x : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}
//--- rank7.mlir
func.func @f(%x: tensor<1x2x1x2x1x2x2xf32>) -> tensor<1x2x1x2x1x2x2xf32> {
  %q = quant.qcast %x : tensor<1x2x1x2x1x2x2xf32> to tensor<1x2x1x2x1x2x2x!quant.uniform<i8:f32, 0.5>>
  %d = quant.dcast %q : tensor<1x2x1x2x1x2x2x!quant.uniform<i8:f32, 0.5>> to tensor<1x2x1x2x1x2x2xf32>
  return %d : tensor<1x2x1x2x1x2x2xf32>
}
//--- blocks.mlir
func.func @two_blocks(%x: tensor<2xf32>) -> tensor<2xf32> {
  cf.br ^next
^next:
  return %x : tensor<2xf32>
}
