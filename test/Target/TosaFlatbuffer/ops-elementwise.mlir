// RUN: qtosa-translate --export-tosa-flatbuffer %s -o %t.tosa
// RUN: qtosa-opt %s > %t.want.mlir
// RUN: qtosa-translate --import-tosa-flatbuffer %t.tosa | qtosa-opt > %t.got.mlir
// RUN: diff %t.want.mlir %t.got.mlir
// RUN: qtosa-translate --import-tosa-flatbuffer %t.tosa | qtosa-translate --export-tosa-flatbuffer -o %t.again.tosa
// RUN: cmp %t.tosa %t.again.tosa
// RUN: FileCheck %s --enable-var-scope < %t.got.mlir

// Round trip: MLIR -> .tosa -> MLIR prints the same module (diff), and
// writing the imported module again gives the same bytes (cmp).
// Activation, elementwise, comparison and reduction operators, clamp bounds, mul's shift input and negate's zero points.

func.func @elementwise(%a: tensor<2x3xi32>, %b: tensor<2x3xi32>, %f: tensor<2x3xf32>, %g: tensor<2x3xf32>, %p: tensor<2x3xi1>, %q: tensor<2x3xi1>, %i8: tensor<2x3xi8>, %i16: tensor<2x3xi16>, %tbl: tensor<513xi16>, %tbl8: tensor<256xi8>) -> (tensor<2x3xi32>, tensor<2x3xf32>, tensor<2x3xi1>, tensor<2x3xi8>, tensor<2x3xi32>, tensor<2x3xf32>, tensor<2x3xi1>, tensor<1x3xi32>) {
  %shift = "tosa.const"() <{values = dense<3> : tensor<1xi8>}> : () -> tensor<1xi8>
  %zp8 = "tosa.const"() <{values = dense<5> : tensor<1xi8>}> : () -> tensor<1xi8>
  %zp8o = "tosa.const"() <{values = dense<-7> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c0 = tosa.clamp %i8 {max_val = 100 : i8, min_val = -100 : i8} : (tensor<2x3xi8>) -> tensor<2x3xi8>
  %c1 = tosa.clamp %f {max_val = 6.0 : f32, min_val = 0.0 : f32, nan_mode = IGNORE} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %e0 = tosa.erf %c1 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %e1 = tosa.sigmoid %e0 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %e2 = tosa.tanh %e1 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %0 = tosa.add %a, %b : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %1 = tosa.arithmetic_right_shift %0, %b {round = true} : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %2 = tosa.bitwise_and %1, %b : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %3 = tosa.bitwise_or %2, %b : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %4 = tosa.bitwise_xor %3, %b : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %5 = tosa.intdiv %4, %b : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %6 = tosa.logical_and %p, %q : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  %7 = tosa.logical_left_shift %5, %b : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %8 = tosa.logical_right_shift %7, %b : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %9 = tosa.logical_or %6, %q : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  %10 = tosa.logical_xor %9, %q : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  %11 = tosa.maximum %8, %b {nan_mode = IGNORE} : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %12 = tosa.minimum %11, %b : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %13 = tosa.mul %12, %b, %shift : (tensor<2x3xi32>, tensor<2x3xi32>, tensor<1xi8>) -> tensor<2x3xi32>
  %14 = tosa.pow %e2, %g : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %15 = tosa.sub %13, %b : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %16 = tosa.table %i16, %tbl : (tensor<2x3xi16>, tensor<513xi16>) -> tensor<2x3xi32>
  %17 = tosa.abs %15 : (tensor<2x3xi32>) -> tensor<2x3xi32>
  %18 = tosa.bitwise_not %17 : (tensor<2x3xi32>) -> tensor<2x3xi32>
  %19 = tosa.ceil %14 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %20 = tosa.clz %18 : (tensor<2x3xi32>) -> tensor<2x3xi32>
  %21 = tosa.cos %19 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %22 = tosa.exp %21 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %23 = tosa.floor %22 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %24 = tosa.log %23 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %25 = tosa.logical_not %10 : (tensor<2x3xi1>) -> tensor<2x3xi1>
  %26 = tosa.negate %c0, %zp8, %zp8o : (tensor<2x3xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<2x3xi8>
  %27 = tosa.reciprocal %24 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %28 = tosa.rsqrt %27 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %29 = tosa.sin %28 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %30 = tosa.select %25, %20, %16 : (tensor<2x3xi1>, tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %31 = tosa.equal %30, %b : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi1>
  %32 = tosa.greater %30, %b : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi1>
  %33 = tosa.greater_equal %29, %g : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %34 = tosa.logical_and %31, %32 : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  %35 = tosa.logical_or %34, %33 : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  %36 = tosa.table %26, %tbl8 : (tensor<2x3xi8>, tensor<256xi8>) -> tensor<2x3xi8>
  %r0 = tosa.reduce_all %35 {axis = 0 : i32} : (tensor<2x3xi1>) -> tensor<1x3xi1>
  %r1 = tosa.reduce_any %35 {axis = 1 : i32} : (tensor<2x3xi1>) -> tensor<2x1xi1>
  %r2 = tosa.reduce_max %30 {axis = 0 : i32, nan_mode = IGNORE} : (tensor<2x3xi32>) -> tensor<1x3xi32>
  %r3 = tosa.reduce_min %r2 {axis = 1 : i32} : (tensor<1x3xi32>) -> tensor<1x1xi32>
  %r4 = tosa.reduce_product %29 {axis = 0 : i32} : (tensor<2x3xf32>) -> tensor<1x3xf32>
  %r5 = tosa.reduce_sum %30 {axis = 0 : i32} : (tensor<2x3xi32>) -> tensor<1x3xi32>
  return %30, %29, %35, %36, %0, %c1, %35, %r5 : tensor<2x3xi32>, tensor<2x3xf32>, tensor<2x3xi1>, tensor<2x3xi8>, tensor<2x3xi32>, tensor<2x3xf32>, tensor<2x3xi1>, tensor<1x3xi32>
}

// CHECK-LABEL: func.func @elementwise(
// CHECK:       tosa.clamp %arg6 {max_val = 100 : i8, min_val = -100 : i8}
// CHECK:       tosa.clamp %arg2 {max_val = 6.000000e+00 : f32, min_val = 0.000000e+00 : f32, nan_mode = IGNORE}
// CHECK:       tosa.arithmetic_right_shift {{.*}} {round = true}
// CHECK:       tosa.mul {{.*}} : (tensor<2x3xi32>, tensor<2x3xi32>, tensor<1xi8>) -> tensor<2x3xi32>
// CHECK:       tosa.table %arg7, %arg8 : (tensor<2x3xi16>, tensor<513xi16>) -> tensor<2x3xi32>
// CHECK:       tosa.negate
// CHECK:       tosa.reduce_max {{.*}} {axis = 0 : i32, nan_mode = IGNORE}
// CHECK:       return
