// A call graph with a cycle: TOSA has no recursion, and a compiled
// recursive call never returns. qtosa-run and qtosa.execute ran out of
// stack (a segfault) or, inlining a private function into itself, of
// memory (23 GB before the kernel killed the process); the executor now
// refuses the cycle before compiling, naming the call that closes it.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/x.npy', np.zeros((2, 4), np.float32))"
// RUN: not qtosa-run %s -e self --input %t/x.npy 2>&1 | FileCheck %s --check-prefix=SELF
// SELF: qtosa-run: error: @self at {{.*}}qtosa-run-recursion.mlir:[[# @LINE + 12]]:1 reaches a recursive call: @self is called again at {{.*}}qtosa-run-recursion.mlir:[[# @LINE + 13]]:8 while it runs, which TOSA cannot express and qtosa does not execute
// RUN: not qtosa-run %s -e through_private --input %t/x.npy 2>&1 | FileCheck %s --check-prefix=PRIVATE
// PRIVATE: error: @through_private at {{.*}}:[[# @LINE + 22]]:1 reaches a recursive call: @loop is called again at {{.*}}:[[# @LINE + 18]]:8
// RUN: not qtosa-run %s -e ping --input %t/x.npy 2>&1 | FileCheck %s --check-prefix=MUTUAL
// MUTUAL: error: @ping at {{.*}}:[[# @LINE + 25]]:1 reaches a recursive call: @ping is called again at {{.*}}:[[# @LINE + 31]]:8
//
// A function called twice, without a cycle, runs:
// RUN: qtosa-run %s -e twice --input %t/x.npy -o %t/twice.npy
// RUN: %python -c "import numpy as np; assert np.array_equal(np.load('%t/twice.npy'), np.zeros((2, 4), np.float32))"

!q = !quant.uniform<i8:f32, 0.1:3>

func.func @self(%a: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %x = call @self(%a) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %x : tensor<2x4xf32>
}

func.func private @loop(%a: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %q = quant.qcast %a : tensor<2x4xf32> to tensor<2x4x!q>
  %d = quant.dcast %q : tensor<2x4x!q> to tensor<2x4xf32>
  %x = call @loop(%d) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %x : tensor<2x4xf32>
}

func.func @through_private(%a: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %x = call @loop(%a) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %x : tensor<2x4xf32>
}

func.func @ping(%a: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %x = call @pong(%a) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %x : tensor<2x4xf32>
}

func.func @pong(%a: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %x = call @ping(%a) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %x : tensor<2x4xf32>
}

func.func private @identity(%a: tensor<2x4xf32>) -> tensor<2x4xf32> {
  return %a : tensor<2x4xf32>
}

func.func @twice(%a: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %x = call @identity(%a) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %y = call @identity(%x) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}
