// qtosa-ethosu-legalize, both targets: a value read in two shapes (a
// recurrent state: by the next step's FULLY_CONNECTED as a reshape to rank
// 4, by an elementwise op, by the reshape into the output's concat) is
// read through its rank-4 reshape alone, and a concat of reshapes
// concatenates their inputs in that shape, so that Vela 5.2 copies no
// reshape's input (OneShapeReaders.h; the factory's gru_int8 from 1.19x /
// 1.13x to 1.00x the TFLite route's cycles; vela-one-shape.mlir counts
// Vela's copies). Exact: qtosa's engine gives the same values before and
// after on every i8 input.
//
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u55-128}))' \
// RUN:   | FileCheck %s --enable-var-scope
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u85-256}))' \
// RUN:   | FileCheck %s --enable-var-scope
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u55-128}))' -o %t/after.mlir
// RUN: %python -c "import numpy as np; \
// RUN:   every = np.arange(-128, 128, dtype=np.int64).astype(np.int8).reshape(16, 1, 16); \
// RUN:   [np.save('%t/x%%d.npy' %% i, every[i]) for i in range(16)]"
// RUN: for i in $(seq 0 15); do \
// RUN:   qtosa-run %s -e steps --input %t/x$i.npy -o %t/before_${i}_%d.npy || exit 1; \
// RUN:   qtosa-run %t/after.mlir -e steps --input %t/x$i.npy -o %t/after_${i}_%d.npy || exit 1; done
// RUN: %python -c "import numpy as np; \
// RUN:   pairs = [('%t/before_%%d_%%d.npy' %% (i, k), '%t/after_%%d_%%d.npy' %% (i, k)) \
// RUN:            for i in range(16) for k in range(2)]; \
// RUN:   [np.testing.assert_array_equal(np.load(b), np.load(a)) for b, a in pairs]; \
// RUN:   cat = np.concatenate([np.load('%t/before_%%d_0.npy' %% i) for i in range(16)]); \
// RUN:   assert cat.shape == (32, 1, 16) and len(np.unique(cat)) > 200, (cat.shape, len(np.unique(cat)))"

// Before: %h0 has four readers. After: only its rank-4 reshape; the
// rescale runs in rank 4, and the concat joins the rank-4 tensors along W
// (the axis with one element before it, like the concat's axis 0) and is
// reshaped to the concat's shape.
// CHECK-LABEL: func.func @steps(
// CHECK-SAME: %[[H0:[^:]*]]: tensor<1x16xi8>
// CHECK: %[[H4:.*]] = tosa.reshape %[[H0]], %{{.*}} -> tensor<1x1x1x16xi8>
// CHECK-NOT: %[[H0]]
// CHECK-DAG: %[[CONV:.*]] = tosa.conv2d %[[H4]],
// CHECK-DAG: %[[R:.*]] = tosa.rescale %[[H4]], {{.*}} -> tensor<1x1x1x16xi8>
// CHECK: %[[CAT:.*]] = tosa.concat %[[H4]], %[[R]] {axis = 2 : i32} : (tensor<1x1x1x16xi8>, tensor<1x1x1x16xi8>) -> tensor<1x1x2x16xi8>
// CHECK: %[[OUT:.*]] = tosa.reshape %[[CAT]], %{{.*}} -> tensor<2x1x16xi8>
// CHECK: return %[[OUT]], %[[CONV]]
func.func @steps(%h0: tensor<1x16xi8>) -> (tensor<2x1x16xi8>, tensor<1x1x1x16xi32>) {
  %s4 = tosa.const_shape {values = dense<[1, 1, 1, 16]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %s3 = tosa.const_shape {values = dense<[1, 1, 16]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %w = "tosa.const"() <{values = dense<3> : tensor<16x1x1x16xi8>}> : () -> tensor<16x1x1x16xi8>
  %b = "tosa.const"() <{values = dense<0> : tensor<16xi32>}> : () -> tensor<16xi32>
  %zp8 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %m = "tosa.const"() <{values = dense<1518500250> : tensor<1xi32>}> : () -> tensor<1xi32>
  %sh = "tosa.const"() <{values = dense<31> : tensor<1xi8>}> : () -> tensor<1xi8>
  %ozp = "tosa.const"() <{values = dense<-5> : tensor<1xi8>}> : () -> tensor<1xi8>
  %h3 = tosa.reshape %h0, %s3 : (tensor<1x16xi8>, !tosa.shape<3>) -> tensor<1x1x16xi8>
  %r = tosa.rescale %h0, %m, %sh, %zp8, %ozp {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = true} : (tensor<1x16xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x16xi8>
  // The reshape to rank 4 comes after the other readers: it moves up.
  %h4 = tosa.reshape %h0, %s4 : (tensor<1x16xi8>, !tosa.shape<4>) -> tensor<1x1x1x16xi8>
  %c = tosa.conv2d %h4, %w, %b, %zp8, %zp8 {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x16xi8>, tensor<16x1x1x16xi8>, tensor<16xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x16xi32>
  // The last state is reshaped for the concat only.
  %r3 = tosa.reshape %r, %s3 : (tensor<1x16xi8>, !tosa.shape<3>) -> tensor<1x1x16xi8>
  %cat = tosa.concat %h3, %r3 {axis = 0 : i32} : (tensor<1x1x16xi8>, tensor<1x1x16xi8>) -> tensor<2x1x16xi8>
  return %cat, %c : tensor<2x1x16xi8>, tensor<1x1x1x16xi32>
}

// Every concat operand a reshape of a reshape that only it reads: the
// inner reshape goes too, and its input (rank 2) is reshaped to the shape
// the axis was chosen in (rank 4), not concatenated in its own rank.
// CHECK-LABEL: func.func @reshapes_of_reshapes(
// CHECK-SAME: %[[A:[^:]*]]: tensor<1x16xi8>, %[[B:[^:]*]]: tensor<1x16xi8>
// CHECK-DAG: %[[A4:.*]] = tosa.reshape %[[A]], %{{.*}} -> tensor<1x1x1x16xi8>
// CHECK-DAG: %[[B4:.*]] = tosa.reshape %[[B]], %{{.*}} -> tensor<1x1x1x16xi8>
// CHECK: %[[CAT:.*]] = tosa.concat %[[A4]], %[[B4]] {axis = 2 : i32} : (tensor<1x1x1x16xi8>, tensor<1x1x1x16xi8>) -> tensor<1x1x2x16xi8>
// CHECK: %[[OUT:.*]] = tosa.reshape %[[CAT]], %{{.*}} -> tensor<2x1x16xi8>
// CHECK: return %[[OUT]]
func.func @reshapes_of_reshapes(%a: tensor<1x16xi8>, %b: tensor<1x16xi8>) -> tensor<2x1x16xi8> {
  %s4 = tosa.const_shape {values = dense<[1, 1, 1, 16]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %s3 = tosa.const_shape {values = dense<[1, 1, 16]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %a4 = tosa.reshape %a, %s4 : (tensor<1x16xi8>, !tosa.shape<4>) -> tensor<1x1x1x16xi8>
  %a3 = tosa.reshape %a4, %s3 : (tensor<1x1x1x16xi8>, !tosa.shape<3>) -> tensor<1x1x16xi8>
  %b4 = tosa.reshape %b, %s4 : (tensor<1x16xi8>, !tosa.shape<4>) -> tensor<1x1x1x16xi8>
  %b3 = tosa.reshape %b4, %s3 : (tensor<1x1x1x16xi8>, !tosa.shape<3>) -> tensor<1x1x16xi8>
  %cat = tosa.concat %a3, %b3 {axis = 0 : i32} : (tensor<1x1x16xi8>, tensor<1x1x16xi8>) -> tensor<2x1x16xi8>
  return %cat : tensor<2x1x16xi8>
}

// A reader that takes another tensor (an ADD) would need it reshaped too:
// nothing changes.
// CHECK-LABEL: func.func @read_by_an_add(
// CHECK-SAME: %[[X:[^:]*]]: tensor<1x16xi32>
// CHECK: %[[X4:.*]] = tosa.reshape %[[X]], %{{.*}} -> tensor<1x1x1x16xi32>
// CHECK: %[[SUM:.*]] = tosa.add %[[X]], %[[X]] : (tensor<1x16xi32>, tensor<1x16xi32>) -> tensor<1x16xi32>
// CHECK: return %[[X4]], %[[SUM]]
func.func @read_by_an_add(%x: tensor<1x16xi32>) -> (tensor<1x1x1x16xi32>, tensor<1x16xi32>) {
  %s4 = tosa.const_shape {values = dense<[1, 1, 1, 16]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %x4 = tosa.reshape %x, %s4 : (tensor<1x16xi32>, !tosa.shape<4>) -> tensor<1x1x1x16xi32>
  %sum = tosa.add %x, %x : (tensor<1x16xi32>, tensor<1x16xi32>) -> tensor<1x16xi32>
  return %x4, %sum : tensor<1x1x1x16xi32>, tensor<1x16xi32>
}
