// What qtosa-run says about bad inputs and functions it cannot run: an
// error naming the function and its location, and a non-zero exit.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/f2x3.npy', np.zeros((2, 3), np.float32)); np.save('%t/f3x2.npy', np.zeros((3, 2), np.float32)); np.save('%t/i2x3.npy', np.zeros((2, 3), np.int8)); np.save('%t/u2x3.npy', np.zeros((2, 3), np.uint8)); np.save('%t/fortran.npy', np.asfortranarray(np.zeros((2, 3), np.float32)))"
// RUN: printf 'not numpy' > %t/text.npy
//
// RUN: not qtosa-run %s --input %t/f2x3.npy 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: error: @main at {{.*}}qtosa-run-errors.mlir:[[# @LINE + 35]]:1 takes 2 input(s), got 1
//
// RUN: not qtosa-run %s --input %t/f2x3.npy --input %t/f3x2.npy 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: error: @main at {{.*}}qtosa-run-errors.mlir:[[# @LINE + 32]]:1: input #1 has shape 3x2xf32, expected 2x3xf32
//
// RUN: not qtosa-run %s --input %t/f2x3.npy --input %t/i2x3.npy 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: error: @main at {{.*}}:[[# @LINE + 29]]:1: input #1 has element type i8, expected f32 (2x3xf32)
//
// RUN: not qtosa-run %s --input %t/f2x3.npy --input %t/u2x3.npy 2>&1 | FileCheck %s --check-prefix=UNSIGNED
// UNSIGNED: error: {{.*}}u2x3.npy: unsupported dtype '|u1'
//
// RUN: not qtosa-run %s --input %t/f2x3.npy --input %t/fortran.npy 2>&1 | FileCheck %s --check-prefix=FORTRAN
// FORTRAN: error: {{.*}}fortran.npy: Fortran-order arrays are not supported
//
// RUN: not qtosa-run %s --input %t/f2x3.npy --input %t/text.npy 2>&1 | FileCheck %s --check-prefix=MAGIC
// MAGIC: error: {{.*}}text.npy: not a .npy file
//
// RUN: not qtosa-run %s --input %t/f2x3.npy --input %t/missing.npy 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: {{.*}}missing.npy: cannot read
//
// RUN: not qtosa-run %s -e nothere 2>&1 | FileCheck %s --check-prefix=NOFUNC
// NOFUNC: error: no function @nothere in the module (functions: @main, @dynamic, @scalar, @pair)
//
// RUN: not qtosa-run %s -e dynamic 2>&1 | FileCheck %s --check-prefix=DYNAMIC
// DYNAMIC: error: @dynamic at {{.*}}: argument #0 has type tensor<?x3xf32>; arguments must have static shapes
//
// RUN: not qtosa-run %s -e scalar 2>&1 | FileCheck %s --check-prefix=SCALAR
// SCALAR: error: @scalar at {{.*}}: argument #0 has type tensor<4xi4>; supported element types are
//
// RUN: not qtosa-run %s -e decl 2>&1 | FileCheck %s --check-prefix=DECL
// DECL: error: @decl at {{.*}} is a declaration without a body
//
// RUN: not qtosa-run %s --output-dir %t/a -o %t/b 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: error: give --output-dir or -o, not both

func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %s = tosa.add %a, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %s : tensor<2x3xf32>
}

func.func @dynamic(%a: tensor<?x3xf32>) -> tensor<?x3xf32> {
  return %a : tensor<?x3xf32>
}

func.func @scalar(%a: tensor<4xi4>) -> tensor<4xi4> {
  return %a : tensor<4xi4>
}

func.func private @decl(tensor<2xf32>) -> tensor<2xf32>

// A result file that cannot be written to the end (a full disk) is an
// error naming it, not LLVM's "IO failure on output stream" abort (issue
// #31):
// RUN: not qtosa-run %s --input %t/f2x3.npy --input %t/f2x3.npy -o /dev/full 2>&1 | FileCheck %s --check-prefix=FULL
// FULL: qtosa-run: error: /dev/full: cannot write: No space left on device
// FULL-NOT: LLVM ERROR

// Result paths that clash (each used to be written, exit 0): several
// results in one -o file without %d, and a result over an input file:
// RUN: not qtosa-run %s -e pair --input %t/f2x3.npy -o %t/one.npy 2>&1 | FileCheck %s --check-prefix=ONEFILE
// ONEFILE: qtosa-run: error: -o {{.*}}one.npy names one file for the 2 results; put %d in it (out_%d.npy) or use --output-dir
// RUN: not ls %t/one.npy
// RUN: cp %t/f2x3.npy %t/in.npy
// RUN: not qtosa-run %s --input %t/f2x3.npy --input %t/in.npy -o %t/./in.npy 2>&1 | FileCheck %s --check-prefix=OVERINPUT
// OVERINPUT: qtosa-run: error: result #0 would be written to '{{.*}}/./in.npy', the input file '{{.*}}/in.npy'; give the results other paths
// RUN: cmp %t/f2x3.npy %t/in.npy
// RUN: qtosa-run %s -e pair --input %t/f2x3.npy -o %t/pair_%d.npy
// RUN: ls %t/pair_0.npy %t/pair_1.npy

func.func @pair(%a: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  return %a, %a : tensor<2x3xf32>, tensor<2x3xf32>
}
