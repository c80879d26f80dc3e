// u8 graphs (ONNX's QuantizeLinear default) lower and delegate: u8 storage
// becomes i8 with the zero point moved by -128 (qtosa-signed-storage), and
// a u8 input the graph takes as it is is requantized by a tosa.rescale that
// reads unsigned input. Executed: the lowered graph prints exactly what the
// QDQ definition prints.
//
// RUN: qtosa-opt %s --qtosa-import-qdq --qtosa-expand-qdq | mlir-opt %tosa-to-llvm \
// RUN:   | %mlir-runner | grep -v 'Unranked Memref' > %t.reference
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-lower-pipeline)' | mlir-opt %tosa-to-llvm \
// RUN:   | %mlir-runner | grep -v 'Unranked Memref' > %t.int
// RUN: diff %t.reference %t.int
// RUN: FileCheck %s --input-file=%t.int
// The whole u8 block is one Ethos-U55 delegate with nothing on the host:
// RUN: sed '/^func.func @main/,$d' %s > %t.graphs.mlir
// RUN: qtosa-opt %t.graphs.mlir --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{report-file=- remarks=false})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=U55
// U55: ethos-u55-128: 2 delegate(s); {{[0-9]+}} op(s): {{[0-9]+}} on the NPU (100.0%), 0 on the host
// And the u8 input's rescale reads unsigned input:
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int})' | FileCheck %s --check-prefix=INT
// INT-LABEL: func.func @u8_input(
// INT-SAME: tensor<2x3xi8> {qtosa.qtype = "!quant.uniform<u8:f32, 5.000000e-02:128>"}
// INT: tosa.rescale {{.*}}input_unsigned = true, output_unsigned = false

!u = !quant.uniform<u8:f32, 0.05:128>
!w = !quant.uniform<i8<-127:127>:f32:0, {0.02, 0.03}>
!o = !quant.uniform<u8:f32, 0.1:120>

func.func private @printMemrefF32(tensor<*xf32>)

// A u8 input taken as stored: bits [0, 1, 127, -128, -1, 100] are the u8
// values [0, 1, 127, 128, 255, 100], i.e. (u - 128) * 0.05.
// CHECK: [-6.4,  0,  -6.35,  6.35,  -0.05,  -1.4]
func.func @u8_input(%x: tensor<2x3x!u>) -> tensor<3x2xf32> {
  %d = quant.dcast %x : tensor<2x3x!u> to tensor<2x3xf32>
  %t = tosa.transpose %d {perms = array<i32: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %q = quant.qcast %t : tensor<3x2xf32> to tensor<3x2x!u>
  %d2 = quant.dcast %q : tensor<3x2x!u> to tensor<3x2xf32>
  return %d2 : tensor<3x2xf32>
}

// u8 activations through transpose, max_pool2d and a per-channel conv.
// CHECK: [{{.*}}]
func.func @u8_graph(%x: tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32> {
  %q = quant.qcast %x : tensor<1x4x4x2xf32> to tensor<1x4x4x2x!u>
  %d = quant.dcast %q : tensor<1x4x4x2x!u> to tensor<1x4x4x2xf32>
  %t = tosa.transpose %d {perms = array<i32: 0, 2, 1, 3>} : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  %p = tosa.max_pool2d %t {kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32>
  %wq = "tosa.const"() {values = dense<[[[[10, -20]]], [[[30, 40]]]]> : tensor<2x1x1x2xi8>} : () -> tensor<2x1x1x2x!w>
  %wd = quant.dcast %wq : tensor<2x1x1x2x!w> to tensor<2x1x1x2xf32>
  %b = "tosa.const"() {values = dense<0.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %z = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %c = tosa.conv2d %p, %wd, %b, %z, %z {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xf32>, tensor<2x1x1x2xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x2x2xf32>
  %q2 = quant.qcast %c : tensor<1x2x2x2xf32> to tensor<1x2x2x2x!o>
  %d2 = quant.dcast %q2 : tensor<1x2x2x2x!o> to tensor<1x2x2x2xf32>
  return %d2 : tensor<1x2x2x2xf32>
}

func.func @main() {
  %bits = "tosa.const"() {values = dense<[[0, 1, 127], [-128, -1, 100]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %u = quant.scast %bits : tensor<2x3xi8> to tensor<2x3x!u>
  %y = call @u8_input(%u) : (tensor<2x3x!u>) -> tensor<3x2xf32>
  %s6 = tosa.const_shape {values = dense<6> : tensor<1xindex>} : () -> !tosa.shape<1>
  %yf = tosa.reshape %y, %s6 : (tensor<3x2xf32>, !tosa.shape<1>) -> tensor<6xf32>
  %yu = tensor.cast %yf : tensor<6xf32> to tensor<*xf32>
  call @printMemrefF32(%yu) : (tensor<*xf32>) -> ()

  %x = "tosa.const"() {values = dense<[[[[0.1, -3.0], [2.5, 6.3], [-6.4, 1.0], [0.0, 0.7]], [[3.3, -0.2], [5.0, -5.0], [1.2, 2.2], [-1.1, 4.4]], [[0.9, 1.9], [-2.9, 3.9], [4.9, -4.9], [5.9, 0.35]], [[-0.45, 2.05], [1.15, -6.3], [6.0, 0.5], [-0.5, 2.75]]]]> : tensor<1x4x4x2xf32>} : () -> tensor<1x4x4x2xf32>
  %r = call @u8_graph(%x) : (tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32>
  %s8 = tosa.const_shape {values = dense<8> : tensor<1xindex>} : () -> !tosa.shape<1>
  %rf = tosa.reshape %r, %s8 : (tensor<1x2x2x2xf32>, !tosa.shape<1>) -> tensor<8xf32>
  %ru = tensor.cast %rf : tensor<8xf32> to tensor<*xf32>
  call @printMemrefF32(%ru) : (tensor<*xf32>) -> ()
  return
}
