// qtosa-ethosu-legalize, Ethos-U85: a channel shuffle of i8 values (a
// reshape splitting the innermost axis into [G, B], a transpose of those two
// axes, a reshape merging them back: torch's ChannelShuffle as ExecuTorch's
// TOSA backend writes it) becomes a 1x1 convolution whose weights pick each
// output channel's input channel, with a rescale by 1. Vela 5.2 runs the
// transpose of [8, 8, 2, 4] in 2488 Ethos-U85 cycles and the convolution in
// 360 (vela-channel-shuffle.mlir); on Ethos-U55, where the transpose takes
// 512 and the convolution 576, nothing changes. Exact: each accumulator is
// one stored value times 1; qtosa's engine gives numpy's shuffle before and
// after.
//
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u85-256}))' \
// RUN:   | FileCheck %s --enable-var-scope
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u55-128}))' \
// RUN:   | FileCheck %s --check-prefix=U55
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(11); \
// RUN:   np.save('%t/x.npy', r.integers(-128, 128, (1, 8, 8, 12), dtype=np.int8))"
// RUN: qtosa-run %s -e shuffle --input %t/x.npy -o %t/before.npy
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u85-256}))' \
// RUN:   | qtosa-run - -e shuffle --input %t/x.npy -o %t/after.npy
// RUN: %python -c "import numpy as np; x = np.load('%t/x.npy'); \
// RUN:   want = x.reshape(64, 3, 4).swapaxes(1, 2).reshape(1, 8, 8, 12); \
// RUN:   assert (np.load('%t/before.npy') == want).all(); \
// RUN:   assert (np.load('%t/after.npy') == want).all(); print('EXACT')" \
// RUN:   | FileCheck %s --check-prefix=EXACT
// EXACT: EXACT

// Channel a * 4 + b goes to b * 3 + a: output channel 0 reads input
// channel 0, output channel 1 (b 0, a 1) input channel 4 (the weights'
// first 24 bytes, printed in hex).
// CHECK-LABEL: func.func @shuffle(
// CHECK-SAME:    %[[X:.*]]: tensor<1x8x8x12xi8>
// CHECK:         %[[ROWS:.*]] = tosa.reshape %[[X]], {{.*}} -> tensor<1x1x64x12xi8>
// CHECK:         %[[W:.*]] = "tosa.const"() <{values = dense<"0x010000000000000000000000000000000100000000000000{{.*}}"> : tensor<12x1x1x12xi8>}>
// CHECK:         %[[ACC:.*]] = tosa.conv2d %[[ROWS]], %[[W]], {{.*}} -> tensor<1x1x64x12xi32>
// CHECK:         %[[Y:.*]] = tosa.rescale %[[ACC]], {{.*}} -> tensor<1x1x64x12xi8>
// CHECK:         %[[OUT:.*]] = tosa.reshape %[[Y]], {{.*}} -> tensor<1x8x8x12xi8>
// CHECK-NOT:     tosa.transpose
// CHECK:         return %[[OUT]]
// U55-LABEL: func.func @shuffle(
// U55:         tosa.transpose
// U55-NOT:     tosa.conv2d
func.func @shuffle(%x: tensor<1x8x8x12xi8>) -> tensor<1x8x8x12xi8> {
  %s1 = tosa.const_shape {values = dense<[64, 3, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %s2 = tosa.const_shape {values = dense<[1, 8, 8, 12]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %a = tosa.reshape %x, %s1 : (tensor<1x8x8x12xi8>, !tosa.shape<3>) -> tensor<64x3x4xi8>
  %t = tosa.transpose %a {perms = array<i32: 0, 2, 1>} : (tensor<64x3x4xi8>) -> tensor<64x4x3xi8>
  %b = tosa.reshape %t, %s2 : (tensor<64x4x3xi8>, !tosa.shape<4>) -> tensor<1x8x8x12xi8>
  return %b : tensor<1x8x8x12xi8>
}

// A transpose read twice, and i16 values, stay.
// CHECK-LABEL: func.func @left_alone(
// CHECK-COUNT-2: tosa.transpose
// CHECK-NOT:     tosa.conv2d
func.func @left_alone(%x: tensor<1x8xi8>, %y: tensor<1x8xi16>) -> (tensor<1x8xi8>, tensor<1x4x2xi8>, tensor<1x8xi16>) {
  %s1 = tosa.const_shape {values = dense<[1, 2, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %s2 = tosa.const_shape {values = dense<[1, 8]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %a = tosa.reshape %x, %s1 : (tensor<1x8xi8>, !tosa.shape<3>) -> tensor<1x2x4xi8>
  %t = tosa.transpose %a {perms = array<i32: 0, 2, 1>} : (tensor<1x2x4xi8>) -> tensor<1x4x2xi8>
  %b = tosa.reshape %t, %s2 : (tensor<1x4x2xi8>, !tosa.shape<2>) -> tensor<1x8xi8>
  %c = tosa.reshape %y, %s1 : (tensor<1x8xi16>, !tosa.shape<3>) -> tensor<1x2x4xi16>
  %u = tosa.transpose %c {perms = array<i32: 0, 2, 1>} : (tensor<1x2x4xi16>) -> tensor<1x4x2xi16>
  %d = tosa.reshape %u, %s2 : (tensor<1x4x2xi16>, !tosa.shape<2>) -> tensor<1x8xi16>
  return %b, %t, %d : tensor<1x8xi8>, tensor<1x4x2xi8>, tensor<1x8xi16>
}
