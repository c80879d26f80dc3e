// RUN: qtosa-opt %s --split-input-file --qtosa-lower-to-tosa-int | FileCheck %s --enable-var-scope
// RUN: qtosa-opt %s --split-input-file --qtosa-lower-to-tosa-int --qtosa-integer-io | FileCheck %s --enable-var-scope --check-prefix=IO
// RUN: qtosa-opt %s --split-input-file --qtosa-lower-to-tosa-int=rounding=double | FileCheck %s --check-prefix=DOUBLE

// A requantize is one rescale: 0.5 / 0.25 = 2 is multiplier 2^30, shift 29.
// CHECK-LABEL: func.func @requantize(
// CHECK-SAME: %[[X:.*]]: tensor<4xi8>
// CHECK-DAG: %[[M:.*]] = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}>
// CHECK-DAG: %[[S:.*]] = "tosa.const"() <{values = dense<29> : tensor<1xi8>}>
// CHECK-DAG: %[[IZP:.*]] = "tosa.const"() <{values = dense<3> : tensor<1xi8>}>
// CHECK-DAG: %[[OZP:.*]] = "tosa.const"() <{values = dense<-1> : tensor<1xi8>}>
// CHECK: %[[R:.*]] = tosa.rescale %[[X]], %[[M]], %[[S]], %[[IZP]], %[[OZP]] {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = true}
// CHECK: return %[[R]]
// DOUBLE-LABEL: func.func @requantize(
// DOUBLE: rounding_mode = DOUBLE_ROUND
func.func @requantize(%x: tensor<4xi8>) -> tensor<4xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.5:3> : tensor<4xi8> -> tensor<4xf32>
  %q = qtosa.quantize %d as !quant.uniform<i8:f32, 0.25:-1> : tensor<4xf32> -> tensor<4xi8>
  return %q : tensor<4xi8>
}

// -----

// A narrow output range is enforced by a clamp after the rescale; an
// unsigned input reads through input_unsigned.
// CHECK-LABEL: func.func @requantize_u8_to_narrow(
// CHECK: %[[R:.*]] = tosa.rescale {{.*}}input_unsigned = true, output_unsigned = false
// CHECK: %[[C:.*]] = tosa.clamp %[[R]] {max_val = 127 : i8, min_val = -127 : i8}
// CHECK: return %[[C]]
func.func @requantize_u8_to_narrow(%x: tensor<4xi8>) -> tensor<4xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<u8:f32, 0.5:128> : tensor<4xi8> -> tensor<4xf32>
  %q = qtosa.quantize %d as !quant.uniform<i8<-127:127>:f32, 0.5> : tensor<4xf32> -> tensor<4xi8>
  return %q : tensor<4xi8>
}

// -----

// Per-channel weights: the bias is stored at 0.5 * weight scale per output
// channel (0.25 / 0.05 = 5, -0.5 / 0.1 = -5) and the rescale is per channel.
// CHECK-LABEL: func.func @conv2d_per_channel(
// CHECK-SAME: %[[X:.*]]: tensor<1x2x2x3xi8>
// CHECK-DAG: %[[W:.*]] = "tosa.const"() <{values = dense<1> : tensor<2x1x1x3xi8>}>
// CHECK-DAG: %[[B:.*]] = "tosa.const"() <{values = dense<[5, -5]> : tensor<2xi32>}>
// CHECK-DAG: %[[XZP:.*]] = "tosa.const"() <{values = dense<-4> : tensor<1xi8>}>
// CHECK-DAG: %[[WZP:.*]] = "tosa.const"() <{values = dense<0> : tensor<1xi8>}>
// CHECK: %[[ACC:.*]] = tosa.conv2d %[[X]], %[[W]], %[[B]], %[[XZP]], %[[WZP]] {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : {{.*}} -> tensor<1x2x2x2xi32>
// CHECK: tosa.rescale %[[ACC]], {{.*}}per_channel = true{{.*}} : (tensor<1x2x2x2xi32>, tensor<2xi32>, tensor<2xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<1x2x2x2xi8>
// CHECK-NOT: qtosa.
// CHECK-NOT: f32
func.func @conv2d_per_channel(%x: tensor<1x2x2x3xi8>) -> tensor<1x2x2x2xi8> {
  %xd = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.5:-4> : tensor<1x2x2x3xi8> -> tensor<1x2x2x3xf32>
  %w = "tosa.const"() {values = dense<1> : tensor<2x1x1x3xi8>} : () -> tensor<2x1x1x3xi8>
  %wd = qtosa.dequantize %w as !quant.uniform<i8<-127:127>:f32:0, {0.1, 0.2}> : tensor<2x1x1x3xi8> -> tensor<2x1x1x3xf32>
  %b = "tosa.const"() {values = dense<[0.25, -0.5]> : tensor<2xf32>} : () -> tensor<2xf32>
  %z = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %y = tosa.conv2d %xd, %wd, %b, %z, %z {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x3xf32>, tensor<2x1x1x3xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x2x2xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.2:1> : tensor<1x2x2x2xf32> -> tensor<1x2x2x2xi8>
  return %q : tensor<1x2x2x2xi8>
}

// -----

// 16-bit activations accumulate in i48, with an i48 bias and a rescale with a
// 16-bit multiplier (a 48-bit input cannot take a 32-bit one).
// CHECK-LABEL: func.func @conv2d_i16(
// CHECK: tosa.conv2d {{.*}}acc_type = i48{{.*}} : (tensor<1x2x2x3xi16>, tensor<2x1x1x3xi8>, tensor<2xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x2x2x2xi48>
// CHECK: tosa.rescale {{.*}}scale32 = false{{.*}} : (tensor<1x2x2x2xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi16>) -> tensor<1x2x2x2xi16>
// DOUBLE-LABEL: func.func @conv2d_i16(
// DOUBLE: rounding_mode = SINGLE_ROUND, scale32 = false
func.func @conv2d_i16(%x: tensor<1x2x2x3xi16>) -> tensor<1x2x2x2xi16> {
  %xd = qtosa.dequantize %x as !quant.uniform<i16:f32, 0.001> : tensor<1x2x2x3xi16> -> tensor<1x2x2x3xf32>
  %w = "tosa.const"() {values = dense<3> : tensor<2x1x1x3xi8>} : () -> tensor<2x1x1x3xi8>
  %wd = qtosa.dequantize %w as !quant.uniform<i8:f32, 0.01> : tensor<2x1x1x3xi8> -> tensor<2x1x1x3xf32>
  %b = "tosa.const"() {values = dense<0.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %z = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %y = tosa.conv2d %xd, %wd, %b, %z, %z {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x3xf32>, tensor<2x1x1x3xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x2x2xf32>
  %q = qtosa.quantize %y as !quant.uniform<i16:f32, 0.002> : tensor<1x2x2x2xf32> -> tensor<1x2x2x2xi16>
  return %q : tensor<1x2x2x2xi16>
}

// -----

// CHECK-LABEL: func.func @matmul(
// CHECK-SAME: %[[A:.*]]: tensor<1x2x3xi8>, %[[B:.*]]: tensor<1x3x4xi8>
// CHECK-DAG: %[[AZP:.*]] = "tosa.const"() <{values = dense<5> : tensor<1xi8>}>
// CHECK-DAG: %[[BZP:.*]] = "tosa.const"() <{values = dense<0> : tensor<1xi8>}>
// CHECK: %[[P:.*]] = tosa.matmul %[[A]], %[[B]], %[[AZP]], %[[BZP]] : {{.*}} -> tensor<1x2x4xi32>
// CHECK: tosa.rescale %[[P]], {{.*}}per_channel = true
func.func @matmul(%a: tensor<1x2x3xi8>, %b: tensor<1x3x4xi8>) -> tensor<1x2x4xi8> {
  %ad = qtosa.dequantize %a as !quant.uniform<i8:f32, 0.1:5> : tensor<1x2x3xi8> -> tensor<1x2x3xf32>
  %bd = qtosa.dequantize %b as !quant.uniform<i8:f32:2, {0.01, 0.02, 0.03, 0.04}> : tensor<1x3x4xi8> -> tensor<1x3x4xf32>
  %z = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %y = tosa.matmul %ad, %bd, %z, %z : (tensor<1x2x3xf32>, tensor<1x3x4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x4xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.05> : tensor<1x2x4xf32> -> tensor<1x2x4xi8>
  return %q : tensor<1x2x4xi8>
}

// -----

// Both inputs go to i32 at max(0.5, 0.25) / 2^19 (the form Vela fuses on
// Ethos-U55; vela-add-fusion.mlir); the sum is rescaled out.
// 0.5 / 2^-20 = 2^19: multiplier 2^30, shift 11; 0.25 -> shift 12.
// CHECK-LABEL: func.func @add(
// CHECK-SAME: %[[A:.*]]: tensor<2x3xi8>, %[[B:.*]]: tensor<2x3xi8>
// CHECK-DAG: %[[S11:.*]] = "tosa.const"() <{values = dense<11> : tensor<1xi8>}>
// CHECK-DAG: %[[S12:.*]] = "tosa.const"() <{values = dense<12> : tensor<1xi8>}>
// CHECK-DAG: %[[WA:.*]] = tosa.rescale %[[A]], %{{.*}}, %[[S11]], {{.*}} -> tensor<2x3xi32>
// CHECK-DAG: %[[WB:.*]] = tosa.rescale %[[B]], %{{.*}}, %[[S12]], {{.*}} -> tensor<2x3xi32>
// CHECK: %[[SUM:.*]] = tosa.add %[[WA]], %[[WB]] : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
// CHECK: tosa.rescale %[[SUM]]
func.func @add(%a: tensor<2x3xi8>, %b: tensor<2x3xi8>) -> tensor<2x3xi8> {
  %ad = qtosa.dequantize %a as !quant.uniform<i8:f32, 0.5:1> : tensor<2x3xi8> -> tensor<2x3xf32>
  %bd = qtosa.dequantize %b as !quant.uniform<i8:f32, 0.25:-2> : tensor<2x3xi8> -> tensor<2x3xf32>
  %y = tosa.add %ad, %bd : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.75:0> : tensor<2x3xf32> -> tensor<2x3xi8>
  return %q : tensor<2x3xi8>
}

// -----

// 16-bit inputs go to i32 at max(scale) / 2^14 (TFLite's int16 ADD, and
// the form Vela fuses): 0.5 -> multiplier 2^30, shift 16; 0.25 -> 17.
// CHECK-LABEL: func.func @add_16_bit(
// CHECK-SAME: %[[A:.*]]: tensor<2x3xi16>, %[[B:.*]]: tensor<2x3xi16>
// CHECK-DAG: %[[S16:.*]] = "tosa.const"() <{values = dense<16> : tensor<1xi8>}>
// CHECK-DAG: %[[S17:.*]] = "tosa.const"() <{values = dense<17> : tensor<1xi8>}>
// CHECK-DAG: %[[WA:.*]] = tosa.rescale %[[A]], %{{.*}}, %[[S16]], {{.*}} -> tensor<2x3xi32>
// CHECK-DAG: %[[WB:.*]] = tosa.rescale %[[B]], %{{.*}}, %[[S17]], {{.*}} -> tensor<2x3xi32>
// CHECK: tosa.add %[[WA]], %[[WB]]
func.func @add_16_bit(%a: tensor<2x3xi16>, %b: tensor<2x3xi16>) -> tensor<2x3xi16> {
  %ad = qtosa.dequantize %a as !quant.uniform<i16:f32, 0.5> : tensor<2x3xi16> -> tensor<2x3xf32>
  %bd = qtosa.dequantize %b as !quant.uniform<i16:f32, 0.25> : tensor<2x3xi16> -> tensor<2x3xf32>
  %y = tosa.add %ad, %bd : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %q = qtosa.quantize %y as !quant.uniform<i16:f32, 0.75> : tensor<2x3xf32> -> tensor<2x3xi16>
  return %q : tensor<2x3xi16>
}

// -----

// Inputs of one scale: both are widened by 2^19, the second as
// (2^30 - 1) >> 11, which is still exactly 2^19 on any i8 value (and which
// Vela fuses into the ADD, where it does not fuse two equal RESCALEs).
// CHECK-LABEL: func.func @add_equal_scales(
// CHECK-SAME: %[[A:.*]]: tensor<2x3xi8>, %[[B:.*]]: tensor<2x3xi8>
// CHECK-DAG: %[[M:.*]] = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}>
// CHECK-DAG: %[[MB:.*]] = "tosa.const"() <{values = dense<1073741823> : tensor<1xi32>}>
// CHECK-DAG: %[[S11:.*]] = "tosa.const"() <{values = dense<11> : tensor<1xi8>}>
// CHECK-DAG: %[[WA:.*]] = tosa.rescale %[[A]], %[[M]], %[[S11]], {{.*}} -> tensor<2x3xi32>
// CHECK-DAG: %[[WB:.*]] = tosa.rescale %[[B]], %[[MB]], %[[S11]], {{.*}} -> tensor<2x3xi32>
// CHECK: %[[SUM:.*]] = tosa.add %[[WA]], %[[WB]] : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
// CHECK: tosa.rescale %[[SUM]]
func.func @add_equal_scales(%a: tensor<2x3xi8>, %b: tensor<2x3xi8>) -> tensor<2x3xi8> {
  %ad = qtosa.dequantize %a as !quant.uniform<i8:f32, 0.5:1> : tensor<2x3xi8> -> tensor<2x3xf32>
  %bd = qtosa.dequantize %b as !quant.uniform<i8:f32, 0.5:-2> : tensor<2x3xi8> -> tensor<2x3xf32>
  %y = tosa.add %ad, %bd : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.75:0> : tensor<2x3xf32> -> tensor<2x3xi8>
  return %q : tensor<2x3xi8>
}

// -----

// With scales 0.5 and 0.3 the second input's multiplier 0.3 / 1.0 is no
// power of two: TFLite shifts left by 7 before it multiplies, so that is an
// exact rescale of its own (2^30 >> 23) before the one by 0.3.
// CHECK-LABEL: func.func @squared_difference_shift_first(
// CHECK-SAME: %[[A:.*]]: tensor<4xi8>, %[[B:.*]]: tensor<4xi8>
// CHECK-DAG: %[[S23:.*]] = "tosa.const"() <{values = dense<23> : tensor<1xi8>}>
// CHECK-DAG: %[[WA:.*]] = tosa.rescale %[[A]], {{.*}} -> tensor<4xi32>
// CHECK-DAG: %[[SB:.*]] = tosa.rescale %[[B]], %{{.*}}, %[[S23]], {{.*}} : (tensor<4xi8>, {{.*}}) -> tensor<4xi32>
// CHECK-DAG: %[[WB:.*]] = tosa.rescale %[[SB]], {{.*}} : (tensor<4xi32>, {{.*}}) -> tensor<4xi32>
// CHECK: tosa.sub %[[WA]], %[[WB]]
func.func @squared_difference_shift_first(%a: tensor<4xi8>, %b: tensor<4xi8>) -> tensor<4xi8> {
  %ad = qtosa.dequantize %a as !quant.uniform<i8:f32, 0.5> : tensor<4xi8> -> tensor<4xf32>
  %bd = qtosa.dequantize %b as !quant.uniform<i8:f32, 0.3> : tensor<4xi8> -> tensor<4xf32>
  %d = tosa.sub %ad, %bd : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %y = tosa.mul %d, %d, %shift : (tensor<4xf32>, tensor<4xf32>, tensor<1xi8>) -> tensor<4xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.5> : tensor<4xf32> -> tensor<4xi8>
  return %q : tensor<4xi8>
}

// -----

// A sub squared (TFLite's SQUARED_DIFFERENCE) is TFLite's kernel: both
// inputs to i32 at 2 max(0.5, 0.25) / 2^7 = 2^-7 (factors 64 and 32:
// multiplier 2^30, shifts 24 and 25), the difference squared on i32 with the
// mul's own zero shift, one rescale from 2^-14 to the output. The float sub
// goes with the group.
// CHECK-LABEL: func.func @squared_difference(
// CHECK-SAME: %[[A:.*]]: tensor<2x3xi8>, %[[B:.*]]: tensor<1x3xi8>
// CHECK-DAG: %[[S24:.*]] = "tosa.const"() <{values = dense<24> : tensor<1xi8>}>
// CHECK-DAG: %[[S25:.*]] = "tosa.const"() <{values = dense<25> : tensor<1xi8>}>
// CHECK-DAG: %[[WA:.*]] = tosa.rescale %[[A]], %{{.*}}, %[[S24]], {{.*}} -> tensor<2x3xi32>
// CHECK-DAG: %[[WB:.*]] = tosa.rescale %[[B]], %{{.*}}, %[[S25]], {{.*}} -> tensor<1x3xi32>
// CHECK: %[[D:.*]] = tosa.sub %[[WA]], %[[WB]] : (tensor<2x3xi32>, tensor<1x3xi32>) -> tensor<2x3xi32>
// CHECK: %[[SQ:.*]] = tosa.mul %[[D]], %[[D]], %{{.*}} : (tensor<2x3xi32>, tensor<2x3xi32>, tensor<1xi8>) -> tensor<2x3xi32>
// CHECK: %[[R:.*]] = tosa.rescale %[[SQ]], {{.*}} -> tensor<2x3xi8>
// CHECK-NOT: f32
// CHECK: return %[[R]]
func.func @squared_difference(%a: tensor<2x3xi8>, %b: tensor<1x3xi8>) -> tensor<2x3xi8> {
  %ad = qtosa.dequantize %a as !quant.uniform<i8:f32, 0.5:1> : tensor<2x3xi8> -> tensor<2x3xf32>
  %bd = qtosa.dequantize %b as !quant.uniform<i8:f32, 0.25:-2> : tensor<1x3xi8> -> tensor<1x3xf32>
  %d = tosa.sub %ad, %bd : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %y = tosa.mul %d, %d, %shift : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<1xi8>) -> tensor<2x3xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.75:0> : tensor<2x3xf32> -> tensor<2x3xi8>
  return %q : tensor<2x3xi8>
}

// -----

// PReLU (TFLite's kernel, without a select, which Ethos-U lacks): x clamped
// to each side of its zero point 5; the upper side to i32 at the output's
// scale (0.1 / 0.2 = 2^30 >> 31), the lower side times alpha - (-2) (both
// widened by 2^30 >> 30) and rescaled by 0.1 * 0.01 / 0.2 (1374389535 >>
// 38); their sum takes the output's zero point -3 in an exact rescale. The
// compare and the mul go with the group.
// CHECK-LABEL: func.func @prelu(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xi8>, %[[A:.*]]: tensor<1x3xi8>
// CHECK-DAG: %[[M1:.*]] = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}>
// CHECK-DAG: %[[S31:.*]] = "tosa.const"() <{values = dense<31> : tensor<1xi8>}>
// CHECK-DAG: %[[S30:.*]] = "tosa.const"() <{values = dense<30> : tensor<1xi8>}>
// CHECK-DAG: %[[MP:.*]] = "tosa.const"() <{values = dense<1374389535> : tensor<1xi32>}>
// CHECK-DAG: %[[S38:.*]] = "tosa.const"() <{values = dense<38> : tensor<1xi8>}>
// CHECK-DAG: %[[OZP:.*]] = "tosa.const"() <{values = dense<-3> : tensor<1xi8>}>
// CHECK: %[[UP:.*]] = tosa.clamp %[[X]] {max_val = 127 : i8, min_val = 5 : i8}
// CHECK: %[[POS:.*]] = tosa.rescale %[[UP]], %[[M1]], %[[S31]], {{.*}} -> tensor<2x3xi32>
// CHECK: %[[DOWN:.*]] = tosa.clamp %[[X]] {max_val = 5 : i8, min_val = -128 : i8}
// CHECK: %[[NEG:.*]] = tosa.rescale %[[DOWN]], %[[M1]], %[[S30]], {{.*}} -> tensor<2x3xi32>
// CHECK: %[[SLOPE:.*]] = tosa.rescale %[[A]], %[[M1]], %[[S30]], {{.*}} -> tensor<1x3xi32>
// CHECK: %[[PROD:.*]] = tosa.mul %[[NEG]], %[[SLOPE]], %{{.*}} -> tensor<2x3xi32>
// CHECK: %[[NEGOUT:.*]] = tosa.rescale %[[PROD]], %[[MP]], %[[S38]], {{.*}} -> tensor<2x3xi32>
// CHECK: %[[SUM:.*]] = tosa.add %[[POS]], %[[NEGOUT]]
// CHECK: %[[R:.*]] = tosa.rescale %[[SUM]], %[[M1]], %[[S30]], %{{.*}}, %[[OZP]] {{.*}} -> tensor<2x3xi8>
// CHECK-NOT: tosa.select
// CHECK: return %[[R]]
func.func @prelu(%x: tensor<2x3xi8>, %a: tensor<1x3xi8>) -> tensor<2x3xi8> {
  %xd = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.1:5> : tensor<2x3xi8> -> tensor<2x3xf32>
  %ad = qtosa.dequantize %a as !quant.uniform<i8:f32, 0.01:-2> : tensor<1x3xi8> -> tensor<1x3xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %s = tosa.mul %xd, %ad, %shift : (tensor<2x3xf32>, tensor<1x3xf32>, tensor<1xi8>) -> tensor<2x3xf32>
  %zero = "tosa.const"() <{values = dense<0.0> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %c = tosa.greater_equal %xd, %zero : (tensor<2x3xf32>, tensor<1x1xf32>) -> tensor<2x3xi1>
  %y = tosa.select %c, %xd, %s : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.2:-3> : tensor<2x3xf32> -> tensor<2x3xi8>
  return %q : tensor<2x3xi8>
}

// -----

// A unary function becomes a 256-entry table: abs at scale 1 and zero point
// 0 maps -128..127 to 127 (saturated), 127, ..., 1, 0, 1, ..., 127 (printed
// as hex bytes).
// CHECK-LABEL: func.func @abs_table(
// CHECK: %[[T:.*]] = "tosa.const"() <{values = dense<"0x7F7F7E7D{{.*}}0201000102{{.*}}7E7F"> : tensor<256xi8>}>
// CHECK: tosa.table %{{.*}}, %[[T]] : (tensor<8xi8>, tensor<256xi8>) -> tensor<8xi8>
func.func @abs_table(%x: tensor<8xi8>) -> tensor<8xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 1.0> : tensor<8xi8> -> tensor<8xf32>
  %y = tosa.abs %d : (tensor<8xf32>) -> tensor<8xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 1.0> : tensor<8xf32> -> tensor<8xi8>
  return %q : tensor<8xi8>
}

// -----

// A 16-bit unary function becomes a 513-entry table sampling every 128th
// input (entry k at -32768 + 128k); tosa.table interpolates with 7 fraction
// bits, which the rescale by 2^30 / 2^37 = 1/128 drops. Abs at scale 1:
// entries 32767 (saturated), 32640, ..., 128, 0 at entry 256, 128, ...,
// 32767 (printed as little-endian hex), in output units with the zero point
// included, so the rescale's zero points are 0.
// CHECK-LABEL: func.func @abs_table_i16(
// CHECK-SAME: %[[X:.*]]: tensor<8xi16>
// CHECK-DAG: %[[T:.*]] = "tosa.const"() <{values = dense<"0xFF7F807F007F{{[0-9A-F]*}}800000008000{{[0-9A-F]*}}007F807FFF7F"> : tensor<513xi16>}>
// CHECK-DAG: %[[M:.*]] = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}>
// CHECK-DAG: %[[S:.*]] = "tosa.const"() <{values = dense<37> : tensor<1xi8>}>
// CHECK-DAG: %[[IZP:.*]] = "tosa.const"() <{values = dense<0> : tensor<1xi32>}>
// CHECK-DAG: %[[OZP:.*]] = "tosa.const"() <{values = dense<0> : tensor<1xi16>}>
// CHECK: %[[I:.*]] = tosa.table %[[X]], %[[T]] : (tensor<8xi16>, tensor<513xi16>) -> tensor<8xi32>
// CHECK: %[[R:.*]] = tosa.rescale %[[I]], %[[M]], %[[S]], %[[IZP]], %[[OZP]] {{{.*}}rounding_mode = SINGLE_ROUND, scale32 = true} : (tensor<8xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi16>) -> tensor<8xi16>
// CHECK: return %[[R]]
// DOUBLE-LABEL: func.func @abs_table_i16(
// DOUBLE: tosa.rescale {{.*}}rounding_mode = DOUBLE_ROUND
func.func @abs_table_i16(%x: tensor<8xi16>) -> tensor<8xi16> {
  %d = qtosa.dequantize %x as !quant.uniform<i16:f32, 1.0> : tensor<8xi16> -> tensor<8xf32>
  %y = tosa.abs %d : (tensor<8xf32>) -> tensor<8xf32>
  %q = qtosa.quantize %y as !quant.uniform<i16:f32, 1.0> : tensor<8xf32> -> tensor<8xi16>
  return %q : tensor<8xi16>
}

// -----

// A quantized float constant is stored now, per channel.
// CHECK-LABEL: func.func @constant(
// CHECK: %[[C:.*]] = "tosa.const"() <{values = dense<{{\[}}[10, -4], [2, 127]]> : tensor<2x2xi8>}>
// CHECK: return %[[C]]
func.func @constant() -> tensor<2x2xi8> {
  %c = "tosa.const"() {values = dense<[[1.0, -0.4], [0.4, 100.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %q = qtosa.quantize %c as !quant.uniform<i8:f32:0, {0.1, 0.2}> : tensor<2x2xf32> -> tensor<2x2xi8>
  return %q : tensor<2x2xi8>
}

// Stored with the quantize's rounding of ties: [0.25, -0.75, 1.25] / 0.5
// away from zero is [1, -2, 3] (to even [0, -2, 2]).
// CHECK-LABEL: func.func @constant_ties_away_from_zero(
// CHECK: %[[C:.*]] = "tosa.const"() <{values = dense<[1, -2, 3]> : tensor<3xi8>}>
// CHECK: return %[[C]]
func.func @constant_ties_away_from_zero() -> tensor<3xi8> {
  %c = "tosa.const"() {values = dense<[0.25, -0.75, 1.25]> : tensor<3xf32>} : () -> tensor<3xf32>
  %q = qtosa.quantize %c as !quant.uniform<i8:f32, 0.5> ties_away_from_zero : tensor<3xf32> -> tensor<3xi8>
  return %q : tensor<3xi8>
}

// -----

// By default the graph's input quantize and output dequantize stay for the
// host; io=int moves them out of public functions, recording the parameters.
// CHECK-LABEL: func.func @boundary(
// CHECK-SAME: %{{.*}}: tensor<4xf32>) -> tensor<4xf32>
// CHECK: qtosa.quantize
// CHECK: tosa.rescale
// CHECK: qtosa.dequantize
// IO-LABEL: func.func @boundary(
// IO-SAME: %[[X:.*]]: tensor<4xi8> {qtosa.qtype = "!quant.uniform<i8:f32, 5.000000e-01:3>"}) -> (tensor<4xi8> {qtosa.qtype = "!quant.uniform<i8:f32, 2.500000e-01:-1>"})
// IO: %[[R:.*]] = tosa.rescale %[[X]]
// IO: return %[[R]] : tensor<4xi8>
// IO-LABEL: func.func private @internal(
// IO-SAME: tensor<4xf32>) -> tensor<4xf32>
func.func @boundary(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = qtosa.quantize %x as !quant.uniform<i8:f32, 0.5:3> : tensor<4xf32> -> tensor<4xi8>
  %d = qtosa.dequantize %q as !quant.uniform<i8:f32, 0.5:3> : tensor<4xi8> -> tensor<4xf32>
  %q2 = qtosa.quantize %d as !quant.uniform<i8:f32, 0.25:-1> : tensor<4xf32> -> tensor<4xi8>
  %d2 = qtosa.dequantize %q2 as !quant.uniform<i8:f32, 0.25:-1> : tensor<4xi8> -> tensor<4xf32>
  return %d2 : tensor<4xf32>
}
func.func private @internal(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = qtosa.quantize %x as !quant.uniform<i8:f32, 0.5:3> : tensor<4xf32> -> tensor<4xi8>
  %d = qtosa.dequantize %q as !quant.uniform<i8:f32, 0.5:3> : tensor<4xi8> -> tensor<4xf32>
  return %d : tensor<4xf32>
}

// -----

// The constants the lowering creates are shared: one op per value and type,
// at the top of the function in the order they were made, so two requantizes
// with the same parameters read the same four. The function's own constant
// stays where it is and is not merged with an equal one the lowering made.
// CHECK-LABEL: func.func @shared_constants(
// CHECK-SAME: %[[X:[^:]*]]: tensor<4xi8>, %[[Y:[^:]*]]: tensor<4xi8>
// CHECK-NEXT: %[[M:.*]] = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}>
// CHECK-NEXT: %[[S:.*]] = "tosa.const"() <{values = dense<29> : tensor<1xi8>}>
// CHECK-NEXT: %[[IZP:.*]] = "tosa.const"() <{values = dense<3> : tensor<1xi8>}>
// CHECK-NEXT: %[[OZP:.*]] = "tosa.const"() <{values = dense<-1> : tensor<1xi8>}>
// CHECK-NEXT: %[[OWN:.*]] = "tosa.const"() <{values = dense<3> : tensor<1xi8>}>
// CHECK-NEXT: %[[R1:.*]] = tosa.rescale %[[X]], %[[M]], %[[S]], %[[IZP]], %[[OZP]]
// CHECK-NEXT: %[[R2:.*]] = tosa.rescale %[[Y]], %[[M]], %[[S]], %[[IZP]], %[[OZP]]
// CHECK-NEXT: return %[[R1]], %[[R2]], %[[OWN]]
func.func @shared_constants(%x: tensor<4xi8>, %y: tensor<4xi8>) -> (tensor<4xi8>, tensor<4xi8>, tensor<1xi8>) {
  %own = "tosa.const"() {values = dense<3> : tensor<1xi8>} : () -> tensor<1xi8>
  %dx = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.5:3> : tensor<4xi8> -> tensor<4xf32>
  %qx = qtosa.quantize %dx as !quant.uniform<i8:f32, 0.25:-1> : tensor<4xf32> -> tensor<4xi8>
  %dy = qtosa.dequantize %y as !quant.uniform<i8:f32, 0.5:3> : tensor<4xi8> -> tensor<4xf32>
  %qy = qtosa.quantize %dy as !quant.uniform<i8:f32, 0.25:-1> : tensor<4xf32> -> tensor<4xi8>
  return %qx, %qy, %own : tensor<4xi8>, tensor<4xi8>, tensor<1xi8>
}

// -----

// Sharing stays inside a block: each branch of a cond_if gets its own
// constants, since TOSA requires its regions isolated from above (what
// `tosa-validate{strict-op-spec-alignment}` checks).
// CHECK-LABEL: func.func @shared_constants_per_branch(
// CHECK-NEXT: tosa.cond_if
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<4xi8>):
// CHECK-NEXT: %[[M:.*]] = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}>
// CHECK-NEXT: %[[S:.*]] = "tosa.const"() <{values = dense<29> : tensor<1xi8>}>
// CHECK-NEXT: %[[IZP:.*]] = "tosa.const"() <{values = dense<3> : tensor<1xi8>}>
// CHECK-NEXT: %[[OZP:.*]] = "tosa.const"() <{values = dense<-1> : tensor<1xi8>}>
// CHECK-NEXT: tosa.rescale %[[A]], %[[M]], %[[S]], %[[IZP]], %[[OZP]]
// CHECK: } else {
// CHECK-NEXT: ^bb0(%[[B:.*]]: tensor<4xi8>):
// CHECK-NEXT: %[[M2:.*]] = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}>
// CHECK-NEXT: %[[S2:.*]] = "tosa.const"() <{values = dense<29> : tensor<1xi8>}>
// CHECK-NEXT: %[[IZP2:.*]] = "tosa.const"() <{values = dense<3> : tensor<1xi8>}>
// CHECK-NEXT: %[[OZP2:.*]] = "tosa.const"() <{values = dense<-1> : tensor<1xi8>}>
// CHECK-NEXT: tosa.rescale %[[B]], %[[M2]], %[[S2]], %[[IZP2]], %[[OZP2]]
func.func @shared_constants_per_branch(%c: tensor<i1>, %x: tensor<4xi8>) -> tensor<4xi8> {
  %r = tosa.cond_if %c (%a = %x) : tensor<i1> (tensor<4xi8>) -> tensor<4xi8> {
  ^bb0(%a0: tensor<4xi8>):
    %d = qtosa.dequantize %a0 as !quant.uniform<i8:f32, 0.5:3> : tensor<4xi8> -> tensor<4xf32>
    %q = qtosa.quantize %d as !quant.uniform<i8:f32, 0.25:-1> : tensor<4xf32> -> tensor<4xi8>
    tosa.yield %q : tensor<4xi8>
  } else {
  ^bb0(%a1: tensor<4xi8>):
    %d = qtosa.dequantize %a1 as !quant.uniform<i8:f32, 0.5:3> : tensor<4xi8> -> tensor<4xf32>
    %q = qtosa.quantize %d as !quant.uniform<i8:f32, 0.25:-1> : tensor<4xf32> -> tensor<4xi8>
    tosa.yield %q : tensor<4xi8>
  }
  return %r : tensor<4xi8>
}
