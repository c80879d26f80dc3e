// Not valid TOSA: the result shape does not follow the permutation.
func.func @bad(%x: tensor<2x3xi8>) -> tensor<2x3xi8> {
  %t = tosa.transpose %x {perms = array<i32: 1, 0>} : (tensor<2x3xi8>) -> tensor<2x3xi8>
  return %t : tensor<2x3xi8>
}
