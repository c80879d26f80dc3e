// RUN: qtosa-opt %s --split-input-file --qtosa-integer-io | FileCheck %s --enable-var-scope

// The argument's quantize and the returned dequantize leave the function;
// the call quantizes and dequantizes in its place, with the same parameters.
// CHECK-LABEL: func.func @graph(
// CHECK-SAME: %[[X:[^:]*]]: tensor<4xi8> {qtosa.qtype = "!quant.uniform<i8:f32, 5.000000e-01:3>"}) -> (tensor<4xi8> {qtosa.qtype = "!quant.uniform<i8:f32, 2.500000e-01>"})
// CHECK: %[[C:.*]] = tosa.clamp %[[X]]
// CHECK: return %[[C]] : tensor<4xi8>
// CHECK-LABEL: func.func private @caller(
// CHECK-SAME: %[[IN:[^:]*]]: tensor<4xf32>
// CHECK: %[[Q:.*]] = qtosa.quantize %[[IN]] as !quant.uniform<i8:f32, 5.000000e-01:3> : tensor<4xf32> -> tensor<4xi8>
// CHECK: %[[R:.*]] = call @graph(%[[Q]]) {note = "kept"} : (tensor<4xi8>) -> tensor<4xi8>
// CHECK: %[[D:.*]] = qtosa.dequantize %[[R]] as !quant.uniform<i8:f32, 2.500000e-01> : tensor<4xi8> -> tensor<4xf32>
// CHECK: return %[[D]]
func.func @graph(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = qtosa.quantize %x as !quant.uniform<i8:f32, 0.5:3> : tensor<4xf32> -> tensor<4xi8>
  %c = tosa.clamp %q {min_val = 0 : i8, max_val = 100 : i8} : (tensor<4xi8>) -> tensor<4xi8>
  %d = qtosa.dequantize %c as !quant.uniform<i8:f32, 0.25> : tensor<4xi8> -> tensor<4xf32>
  return %d : tensor<4xf32>
}
func.func private @caller(%in: tensor<4xf32>) -> tensor<4xf32> {
  %r = call @graph(%in) {note = "kept"} : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// Private functions, arguments with other users, and returns that do not
// share parameters keep their float boundary.
// CHECK-LABEL: func.func private @internal(
// CHECK-SAME: tensor<4xf32>) -> tensor<4xf32>
// CHECK-LABEL: func.func @mixed(
// CHECK-SAME: %{{.*}}: tensor<4xf32>, %{{.*}}: tensor<4xi8> {qtosa.qtype = "!quant.uniform<i8:f32, 5.000000e-01>"}, %{{.*}}: i1) -> tensor<4xf32>
func.func private @internal(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = qtosa.quantize %x as !quant.uniform<i8:f32, 0.5> : tensor<4xf32> -> tensor<4xi8>
  %d = qtosa.dequantize %q as !quant.uniform<i8:f32, 0.5> : tensor<4xi8> -> tensor<4xf32>
  return %d : tensor<4xf32>
}
func.func @mixed(%x: tensor<4xf32>, %y: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
  %q = qtosa.quantize %x as !quant.uniform<i8:f32, 0.5> : tensor<4xf32> -> tensor<4xi8>
  %a = tosa.abs %x : (tensor<4xf32>) -> tensor<4xf32>
  %p = qtosa.quantize %y as !quant.uniform<i8:f32, 0.5> : tensor<4xf32> -> tensor<4xi8>
  cf.cond_br %c, ^one, ^two
^one:
  %d = qtosa.dequantize %p as !quant.uniform<i8:f32, 0.5> : tensor<4xi8> -> tensor<4xf32>
  return %d : tensor<4xf32>
^two:
  %e = qtosa.dequantize %p as !quant.uniform<i8:f32, 0.25> : tensor<4xi8> -> tensor<4xf32>
  return %e : tensor<4xf32>
}

// -----

// A use other than a direct call keeps the float interface.
// CHECK-LABEL: func.func @taken(
// CHECK-SAME: tensor<4xf32>) -> tensor<4xf32>
// CHECK: constant @taken
func.func @taken(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = qtosa.quantize %x as !quant.uniform<i8:f32, 0.5> : tensor<4xf32> -> tensor<4xi8>
  %d = qtosa.dequantize %q as !quant.uniform<i8:f32, 0.5> : tensor<4xi8> -> tensor<4xf32>
  return %d : tensor<4xf32>
}
func.func private @pointer() -> ((tensor<4xf32>) -> tensor<4xf32>) {
  %f = func.constant @taken : (tensor<4xf32>) -> tensor<4xf32>
  return %f : (tensor<4xf32>) -> tensor<4xf32>
}

// -----

// A public graph calling public graphs (issue #31): @outer's argument only
// reaches a call, so it has no quantize of its own until @middle's call is
// adapted, and @middle's result is a call's until @inner's is. The pass
// runs to a fixpoint, so every graph takes and returns stored integers, and
// each call-site dequantize/quantize pair with the same parameters cancels
// (exact for full-range i8): no float is left between the graphs.
// CHECK-LABEL: func.func @outer(
// CHECK-SAME: %[[X:[^:]*]]: tensor<4xi8> {qtosa.qtype = "!quant.uniform<i8:f32, 5.000000e-01:3>"}) -> (tensor<4xi8> {qtosa.qtype = "!quant.uniform<i8:f32, 2.500000e-01>"})
// CHECK-NEXT: %[[R:.*]] = call @middle(%[[X]]) : (tensor<4xi8>) -> tensor<4xi8>
// CHECK-NEXT: return %[[R]] : tensor<4xi8>
// CHECK-LABEL: func.func @middle(
// CHECK-SAME: %[[X:[^:]*]]: tensor<4xi8> {qtosa.qtype = "!quant.uniform<i8:f32, 5.000000e-01:3>"}) -> (tensor<4xi8> {qtosa.qtype = "!quant.uniform<i8:f32, 2.500000e-01>"})
// CHECK-NEXT: %[[R:.*]] = call @inner(%[[X]]) : (tensor<4xi8>) -> tensor<4xi8>
// CHECK-NEXT: return %[[R]] : tensor<4xi8>
// CHECK-LABEL: func.func @inner(
// CHECK-SAME: %[[X:[^:]*]]: tensor<4xi8> {qtosa.qtype = "!quant.uniform<i8:f32, 5.000000e-01:3>"}) -> (tensor<4xi8> {qtosa.qtype = "!quant.uniform<i8:f32, 2.500000e-01>"})
// CHECK-NOT: qtosa.
// CHECK: return
func.func @outer(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = call @middle(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @middle(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = qtosa.quantize %x as !quant.uniform<i8:f32, 0.5:3> : tensor<4xf32> -> tensor<4xi8>
  %d = qtosa.dequantize %q as !quant.uniform<i8:f32, 0.5:3> : tensor<4xi8> -> tensor<4xf32>
  %r = call @inner(%d) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @inner(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = qtosa.quantize %x as !quant.uniform<i8:f32, 0.5:3> : tensor<4xf32> -> tensor<4xi8>
  %c = tosa.clamp %q {min_val = 0 : i8, max_val = 100 : i8} : (tensor<4xi8>) -> tensor<4xi8>
  %d = qtosa.dequantize %c as !quant.uniform<i8:f32, 0.25> : tensor<4xi8> -> tensor<4xf32>
  return %d : tensor<4xf32>
}

// -----

// A boundary that holds stored integers already keeps its type and gets
// the qtosa.qtype of what reads or gives it, where one set of parameters
// does; an argument also read otherwise, or a result of two parameters,
// gets none.
// CHECK-LABEL: func.func @stored(
// CHECK-SAME: %{{[^:]*}}: tensor<4xi8> {qtosa.qtype = "!quant.uniform<i8:f32, 5.000000e-01:3>"}, %{{[^:]*}}: tensor<4xi8>)
// CHECK-SAME: -> (tensor<4xi8> {qtosa.qtype = "!quant.uniform<i8:f32, 2.500000e-01>"}, tensor<4xi8>)
func.func @stored(%x: tensor<4xi8>, %y: tensor<4xi8>) -> (tensor<4xi8>, tensor<4xi8>) {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.5:3> : tensor<4xi8> -> tensor<4xf32>
  %e = qtosa.dequantize %y as !quant.uniform<i8:f32, 0.5:3> : tensor<4xi8> -> tensor<4xf32>
  %a = tosa.abs %y : (tensor<4xi8>) -> tensor<4xi8>
  %s = tosa.add %d, %e : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %q = qtosa.quantize %s as !quant.uniform<i8:f32, 0.25> : tensor<4xf32> -> tensor<4xi8>
  return %q, %a : tensor<4xi8>, tensor<4xi8>
}
