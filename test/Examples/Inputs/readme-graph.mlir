// The graph the README's mlir-runner template calls (readme-runner-template.mlir).
!q = !quant.uniform<i8:f32, 0.25:-3>

func.func @graph(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %q = quant.qcast %x : tensor<2x3xf32> to tensor<2x3x!q>
  %d = quant.dcast %q : tensor<2x3x!q> to tensor<2x3xf32>
  %t = tosa.transpose %d {perms = array<i32: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %q2 = quant.qcast %t : tensor<3x2xf32> to tensor<3x2x!q>
  %d2 = quant.dcast %q2 : tensor<3x2x!q> to tensor<3x2xf32>
  return %d2 : tensor<3x2xf32>
}
