// Activations TOSA has no op for, as ExecuTorch and converters write them in
// elementwise float ops (GELU as an erf chain, hard-swish, SiLU, ELU), are
// annotated as one op: a marker on the input and one after the last op,
// none between, so that calibration observes only the region's output and
// qtosa-lower-to-tosa-int makes the region one tosa.table.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/write_samples.py %t 4 1x4x16
// RUN: qtosa-opt %s --split-input-file --qtosa-annotate | FileCheck %s --check-prefix=MARK --enable-var-scope
// Each function calibrated on its own (one per split), then lowered with
// integer inputs and outputs.
// RUN: qtosa-opt %s --split-input-file --pass-pipeline='builtin.module(qtosa-quantize-pipeline{samples=%t/samples.json})' -o %t/qdq.mlir
// RUN: qtosa-opt %t/qdq.mlir --split-input-file --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int})' | FileCheck %s --check-prefix=INT --enable-var-scope
// Off by config: a marker after every op.
// RUN: echo '{"unary_regions": false}' > %t/off.json
// RUN: qtosa-opt %s --split-input-file --qtosa-annotate=config=%t/off.json | FileCheck %s --check-prefix=OFF --enable-var-scope
// Nor where the input or the output is 16-bit: a 513-entry table
// interpolates, and misses GELU's QDQ result by 2.1 steps where the
// output saturates on a symmetric int16 path, which op by op lowers.
// RUN: echo '{"activation": {"dtype": "int16", "symmetric": true}}' > %t/i16.json
// RUN: qtosa-opt %s --split-input-file --qtosa-annotate=config=%t/i16.json | FileCheck %s --check-prefix=OFF --enable-var-scope
// RUN: echo '{"inputs": [{"dtype": "int16", "symmetric": true}]}' > %t/i16_input.json
// RUN: qtosa-opt %s --split-input-file --qtosa-annotate=config=%t/i16_input.json | FileCheck %s --check-prefix=OFF --enable-var-scope

// After the lowering the stored input goes through one table and nothing
// else: no float op is left.
// INT-LABEL: func.func @gelu(
// INT-SAME: tensor<1x4x16xi8>
// INT-NOT: xf32>
// INT: %[[T:.*]] = tosa.table %arg0, %{{.*}} : (tensor<1x4x16xi8>, tensor<256xi8>) -> tensor<1x4x16xi8>
// INT-NEXT: return %[[T]]
// INT-LABEL: func.func @hard_swish(
// INT-NOT: xf32>
// INT: %[[T:.*]] = tosa.table %arg0, %{{.*}} : (tensor<1x4x16xi8>, tensor<256xi8>) -> tensor<1x4x16xi8>
// INT-NEXT: return %[[T]]
// INT-LABEL: func.func @silu_of_transpose(
// INT-NOT: xf32>
// INT: %[[P:.*]] = tosa.transpose %arg0
// INT-NEXT: %[[T:.*]] = tosa.table %[[P]], %{{.*}} : (tensor<1x16x4xi8>, tensor<256xi8>) -> tensor<1x16x4xi8>
// INT-NEXT: return %[[T]]
// INT-LABEL: func.func @elu(
// INT-NOT: xf32>
// INT: %[[T:.*]] = tosa.table %arg0, %{{.*}} : (tensor<1x4x16xi8>, tensor<256xi8>) -> tensor<1x4x16xi8>
// INT-NEXT: return %[[T]]
// Where the erf result is also returned: erf(x / sqrt 2) is one table, the
// rest is lowered op by op.
// INT-LABEL: func.func @gelu_inner_value_used(
// INT-NOT: xf32>
// INT: tosa.table %arg0
// INT-NOT: xf32>

// MARK-LABEL: func.func @gelu(
// MARK: %[[X:.*]] = qtosa.annotate %arg0 group 0
// MARK-NOT: qtosa.annotate
// MARK: %[[S:.*]] = tosa.mul %[[X]], %{{.*}}
// MARK-NEXT: %[[E:.*]] = tosa.erf %[[S]]
// MARK-NEXT: %[[P:.*]] = tosa.add %[[E]], %{{.*}}
// MARK-NEXT: %[[XP:.*]] = tosa.mul %[[X]], %[[P]]
// MARK-NEXT: %[[Y:.*]] = tosa.mul %[[XP]], %{{.*}}
// MARK-NEXT: %[[YM:.*]] = qtosa.annotate %[[Y]] group 1
// MARK-NEXT: return %[[YM]]
// OFF-LABEL: func.func @gelu(
// OFF: tosa.mul
// OFF-NEXT: qtosa.annotate
// OFF-NEXT: tosa.erf
// OFF-NEXT: qtosa.annotate
// OFF-NEXT: tosa.add
// OFF-NEXT: qtosa.annotate
// OFF-NEXT: tosa.mul
// OFF-NEXT: qtosa.annotate
// OFF-NEXT: tosa.mul
// OFF-NEXT: qtosa.annotate
func.func @gelu(%x: tensor<1x4x16xf32>) -> tensor<1x4x16xf32> {
  %shift = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %rsqrt2 = "tosa.const"() {values = dense<0.707106769> : tensor<1x1x1xf32>} : () -> tensor<1x1x1xf32>
  %one = "tosa.const"() {values = dense<1.0> : tensor<1x1x1xf32>} : () -> tensor<1x1x1xf32>
  %half = "tosa.const"() {values = dense<0.5> : tensor<1x1x1xf32>} : () -> tensor<1x1x1xf32>
  %s = tosa.mul %x, %rsqrt2, %shift : (tensor<1x4x16xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x4x16xf32>
  %e = tosa.erf %s : (tensor<1x4x16xf32>) -> tensor<1x4x16xf32>
  %p = tosa.add %e, %one : (tensor<1x4x16xf32>, tensor<1x1x1xf32>) -> tensor<1x4x16xf32>
  %xp = tosa.mul %x, %p, %shift : (tensor<1x4x16xf32>, tensor<1x4x16xf32>, tensor<1xi8>) -> tensor<1x4x16xf32>
  %y = tosa.mul %xp, %half, %shift : (tensor<1x4x16xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x4x16xf32>
  return %y : tensor<1x4x16xf32>
}

// -----

// MARK-LABEL: func.func @hard_swish(
// MARK: %[[X:.*]] = qtosa.annotate %arg0 group 0
// MARK-NOT: qtosa.annotate
// MARK: %[[A:.*]] = tosa.add %[[X]], %{{.*}}
// MARK-NEXT: %[[C:.*]] = tosa.clamp %[[A]]
// MARK-NEXT: %[[M:.*]] = tosa.mul %[[X]], %[[C]]
// MARK-NEXT: %[[Y:.*]] = tosa.mul %[[M]], %{{.*}}
// MARK-NEXT: %[[YM:.*]] = qtosa.annotate %[[Y]] group 1
// MARK-NEXT: return %[[YM]]
func.func @hard_swish(%x: tensor<1x4x16xf32>) -> tensor<1x4x16xf32> {
  %shift = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %three = "tosa.const"() {values = dense<3.0> : tensor<1x1x1xf32>} : () -> tensor<1x1x1xf32>
  %sixth = "tosa.const"() {values = dense<0.166666672> : tensor<1x1x1xf32>} : () -> tensor<1x1x1xf32>
  %a = tosa.add %x, %three : (tensor<1x4x16xf32>, tensor<1x1x1xf32>) -> tensor<1x4x16xf32>
  %c = tosa.clamp %a {min_val = 0.0 : f32, max_val = 6.0 : f32} : (tensor<1x4x16xf32>) -> tensor<1x4x16xf32>
  %m = tosa.mul %x, %c, %shift : (tensor<1x4x16xf32>, tensor<1x4x16xf32>, tensor<1xi8>) -> tensor<1x4x16xf32>
  %y = tosa.mul %m, %sixth, %shift : (tensor<1x4x16xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x4x16xf32>
  return %y : tensor<1x4x16xf32>
}

// -----

// SiLU of a transposed input: the region reads the transpose, which shares
// the graph input's marker and gets none of its own.
// MARK-LABEL: func.func @silu_of_transpose(
// MARK: %[[X:.*]] = qtosa.annotate %arg0 group 0
// MARK: %[[P:.*]] = tosa.transpose %[[X]]
// MARK-NEXT: %[[G:.*]] = tosa.sigmoid %[[P]]
// MARK-NEXT: %[[Y:.*]] = tosa.mul %[[P]], %[[G]]
// MARK-NEXT: qtosa.annotate %[[Y]] group 1
func.func @silu_of_transpose(%x: tensor<1x4x16xf32>) -> tensor<1x16x4xf32> {
  %shift = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %p = tosa.transpose %x {perms = array<i32: 0, 2, 1>} : (tensor<1x4x16xf32>) -> tensor<1x16x4xf32>
  %g = tosa.sigmoid %p : (tensor<1x16x4xf32>) -> tensor<1x16x4xf32>
  %y = tosa.mul %p, %g, %shift : (tensor<1x16x4xf32>, tensor<1x16x4xf32>, tensor<1xi8>) -> tensor<1x16x4xf32>
  return %y : tensor<1x16x4xf32>
}

// -----

// ELU ends in a select (data movement on its own): as the region's last op
// it starts a group.
// MARK-LABEL: func.func @elu(
// MARK: %[[X:.*]] = qtosa.annotate %arg0 group 0
// MARK-NOT: qtosa.annotate
// MARK: %[[Y:.*]] = tosa.select
// MARK-NEXT: qtosa.annotate %[[Y]] group 1
func.func @elu(%x: tensor<1x4x16xf32>) -> tensor<1x4x16xf32> {
  %zero = "tosa.const"() {values = dense<0.0> : tensor<1x1x1xf32>} : () -> tensor<1x1x1xf32>
  %one = "tosa.const"() {values = dense<1.0> : tensor<1x1x1xf32>} : () -> tensor<1x1x1xf32>
  %positive = tosa.greater %x, %zero : (tensor<1x4x16xf32>, tensor<1x1x1xf32>) -> tensor<1x4x16xi1>
  %e = tosa.exp %x : (tensor<1x4x16xf32>) -> tensor<1x4x16xf32>
  %em1 = tosa.sub %e, %one : (tensor<1x4x16xf32>, tensor<1x1x1xf32>) -> tensor<1x4x16xf32>
  %y = tosa.select %positive, %x, %em1 : (tensor<1x4x16xi1>, tensor<1x4x16xf32>, tensor<1x4x16xf32>) -> tensor<1x4x16xf32>
  return %y : tensor<1x4x16xf32>
}

// -----

// A value inside that something outside reads needs its own quantize: the
// erf result is also returned, so the region ends there (erf(x / sqrt 2),
// one table), and the ops after it, which read both x and the erf, are
// marked one by one.
// MARK-LABEL: func.func @gelu_inner_value_used(
// MARK: %[[X:.*]] = qtosa.annotate %arg0 group 0
// MARK: %[[S:.*]] = tosa.mul %[[X]]
// MARK-NEXT: %[[E:.*]] = tosa.erf %[[S]]
// MARK-NEXT: %[[EM:.*]] = qtosa.annotate %[[E]]
// MARK-NEXT: %[[P:.*]] = tosa.add %[[EM]]
// MARK-NEXT: qtosa.annotate %[[P]]
// MARK-NEXT: %[[XP:.*]] = tosa.mul
// MARK-NEXT: qtosa.annotate %[[XP]]
// MARK-NEXT: %[[Y:.*]] = tosa.mul
// MARK-NEXT: qtosa.annotate %[[Y]]
func.func @gelu_inner_value_used(%x: tensor<1x4x16xf32>) -> (tensor<1x4x16xf32>, tensor<1x4x16xf32>) {
  %shift = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %rsqrt2 = "tosa.const"() {values = dense<0.707106769> : tensor<1x1x1xf32>} : () -> tensor<1x1x1xf32>
  %one = "tosa.const"() {values = dense<1.0> : tensor<1x1x1xf32>} : () -> tensor<1x1x1xf32>
  %half = "tosa.const"() {values = dense<0.5> : tensor<1x1x1xf32>} : () -> tensor<1x1x1xf32>
  %s = tosa.mul %x, %rsqrt2, %shift : (tensor<1x4x16xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x4x16xf32>
  %e = tosa.erf %s : (tensor<1x4x16xf32>) -> tensor<1x4x16xf32>
  %p = tosa.add %e, %one : (tensor<1x4x16xf32>, tensor<1x1x1xf32>) -> tensor<1x4x16xf32>
  %xp = tosa.mul %x, %p, %shift : (tensor<1x4x16xf32>, tensor<1x4x16xf32>, tensor<1xi8>) -> tensor<1x4x16xf32>
  %y = tosa.mul %xp, %half, %shift : (tensor<1x4x16xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x4x16xf32>
  return %y, %e : tensor<1x4x16xf32>, tensor<1x4x16xf32>
}
