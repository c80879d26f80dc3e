// Each group left in float is explained at its op.
// RUN: qtosa-opt %s --split-input-file --qtosa-lower-to-tosa-int -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @per_channel_zero_points(
// CHECK: tosa.matmul {{.*}} -> tensor<1x2x2xf32>
func.func @per_channel_zero_points(%a: tensor<1x2x3xi8>, %b: tensor<1x3x2xi8>) -> tensor<1x2x2xi8> {
  %ad = qtosa.dequantize %a as !quant.uniform<i8:f32, 0.1> : tensor<1x2x3xi8> -> tensor<1x2x3xf32>
  %bd = qtosa.dequantize %b as !quant.uniform<i8:f32:2, {0.01:1, 0.02:2}> : tensor<1x3x2xi8> -> tensor<1x3x2xf32>
  %z = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  // expected-remark @below {{'tosa.matmul' stays in float between dequantize and quantize: the right operand has one zero point per channel; the TOSA operand takes one}}
  %y = tosa.matmul %ad, %bd, %z, %z : (tensor<1x2x3xf32>, tensor<1x3x2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x2xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.05> : tensor<1x2x2xf32> -> tensor<1x2x2xi8>
  return %q : tensor<1x2x2xi8>
}

// -----

func.func @unsigned_input(%x: tensor<4xi8>) -> tensor<4xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<u8:f32, 0.1:128> : tensor<4xi8> -> tensor<4xf32>
  // expected-remark @below {{'tosa.sigmoid' stays in float between dequantize and quantize: the input has unsigned storage; TOSA integer arithmetic is signed (requantize it to signed storage first)}}
  %y = tosa.sigmoid %d : (tensor<4xf32>) -> tensor<4xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.004:-128> : tensor<4xf32> -> tensor<4xi8>
  return %q : tensor<4xi8>
}

// -----

func.func @float_user(%x: tensor<4xi8>) -> (tensor<4xi8>, tensor<4xf32>) {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.1> : tensor<4xi8> -> tensor<4xf32>
  // expected-remark @below {{'tosa.tanh' stays in float between dequantize and quantize: its result has users other than quantizes with these parameters, which need the float value}}
  %y = tosa.tanh %d : (tensor<4xf32>) -> tensor<4xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.01> : tensor<4xf32> -> tensor<4xi8>
  return %q, %y : tensor<4xi8>, tensor<4xf32>
}

// -----

func.func @float_operand(%x: tensor<4xi8>, %f: tensor<4xf32>) -> tensor<4xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.1> : tensor<4xi8> -> tensor<4xf32>
  // expected-remark @below {{'tosa.add' stays in float between dequantize and quantize: its second operand (operand #1) is not a dequantized value}}
  %y = tosa.add %d, %f : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.2> : tensor<4xf32> -> tensor<4xi8>
  return %q : tensor<4xi8>
}

// -----

// (pow of one value by itself is a function of that value: a table.)
func.func @no_lowering(%x: tensor<4xi8>, %z: tensor<4xi8>) -> tensor<4xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.1> : tensor<4xi8> -> tensor<4xf32>
  %e = qtosa.dequantize %z as !quant.uniform<i8:f32, 0.1> : tensor<4xi8> -> tensor<4xf32>
  // expected-remark @below {{'tosa.pow' stays in float between dequantize and quantize: it has no integer lowering}}
  %y = tosa.pow %d, %e : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.2> : tensor<4xf32> -> tensor<4xi8>
  return %q : tensor<4xi8>
}

// -----

func.func @movement_left_in_float(%x: tensor<2x3xi8>) -> tensor<3x2xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.1> : tensor<2x3xi8> -> tensor<2x3xf32>
  // expected-remark @below {{'tosa.transpose' stays in float between dequantize and quantize: it moves or selects values, which qtosa-share-qspecs moves onto integers, and it did not run before this pass}}
  %t = tosa.transpose %d {perms = array<i32: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %q = qtosa.quantize %t as !quant.uniform<i8:f32, 0.2> : tensor<3x2xf32> -> tensor<3x2xi8>
  return %q : tensor<3x2xi8>
}

// -----

func.func @requantize_off_innermost(%x: tensor<2x3xi8>) -> tensor<2x3xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32:0, {0.1, 0.2}> : tensor<2x3xi8> -> tensor<2x3xf32>
  // expected-remark @below {{requantize stays as qtosa ops: the requantized value is quantized along dimension 0, which is not dimension 1}}
  %q = qtosa.quantize %d as !quant.uniform<i8:f32, 0.2> : tensor<2x3xf32> -> tensor<2x3xi8>
  return %q : tensor<2x3xi8>
}

// -----

// Found by qtosa-fuzz: tosa.rescale takes a nonzero zero point only on 8-bit
// values, and reads 8, 16, 32 or 48 bits; these were emitted anyway, and
// the rescale's verifier rejected the pass's output.
func.func @requantize_6_bit_input(%x: tensor<4xi6>) -> tensor<4xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i6:f32, 0.04:3> : tensor<4xi6> -> tensor<4xf32>
  // expected-remark @below {{requantize stays as qtosa ops: the input has 6-bit storage; tosa.rescale reads 8, 16, 32 or 48 bits}}
  %q = qtosa.quantize %d as !quant.uniform<i8:f32, 0.041:3> : tensor<4xf32> -> tensor<4xi8>
  return %q : tensor<4xi8>
}

// -----

func.func @requantize_16_bit_input_zero_point(%x: tensor<4xi16>) -> tensor<4xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i16:f32, 0.001:5> : tensor<4xi16> -> tensor<4xf32>
  // expected-remark @below {{requantize stays as qtosa ops: the input has 16-bit storage with zero point 5; tosa.rescale takes a nonzero zero point only on 8-bit values}}
  %q = qtosa.quantize %d as !quant.uniform<i8:f32, 0.04:3> : tensor<4xf32> -> tensor<4xi8>
  return %q : tensor<4xi8>
}

// -----

func.func @requantize_16_bit_output_zero_point(%x: tensor<4xi8>) -> tensor<4xi16> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.04:3> : tensor<4xi8> -> tensor<4xf32>
  // expected-remark @below {{requantize stays as qtosa ops: the output has 16-bit storage with zero point 5; tosa.rescale takes a nonzero zero point only on 8-bit values}}
  %q = qtosa.quantize %d as !quant.uniform<i16:f32, 0.001:5> : tensor<4xf32> -> tensor<4xi16>
  return %q : tensor<4xi16>
}

// -----

func.func @bias_overflow(%x: tensor<1x1x1x1xi8>) -> tensor<1x1x1x1xi8> {
  %xd = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.001> : tensor<1x1x1x1xi8> -> tensor<1x1x1x1xf32>
  %w = "tosa.const"() {values = dense<1> : tensor<1x1x1x1xi8>} : () -> tensor<1x1x1x1xi8>
  %wd = qtosa.dequantize %w as !quant.uniform<i8:f32, 0.001> : tensor<1x1x1x1xi8> -> tensor<1x1x1x1xf32>
  %b = "tosa.const"() {values = dense<1.0e4> : tensor<1xf32>} : () -> tensor<1xf32>
  %z = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  // expected-remark @below {{'tosa.conv2d' stays in float between dequantize and quantize: bias 10000 of output channel 0 does not fit the 32-bit accumulator at scale 1e-06}}
  %y = tosa.conv2d %xd, %wd, %b, %z, %z {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x1x1x1xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 100.0> : tensor<1x1x1x1xf32> -> tensor<1x1x1x1xi8>
  return %q : tensor<1x1x1x1xi8>
}

// -----

// Tables map one width to the same width.
func.func @table_widths_differ(%x: tensor<4xi8>) -> tensor<4xi16> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.01> : tensor<4xi8> -> tensor<4xf32>
  // expected-remark @below {{'tosa.tanh' stays in float between dequantize and quantize: a tosa.table needs signed input and output storage of one width, 8 bits (256 entries) or 16 bits (513 entries)}}
  %y = tosa.tanh %d : (tensor<4xf32>) -> tensor<4xf32>
  %q = qtosa.quantize %y as !quant.uniform<i16:f32, 0.0001> : tensor<4xf32> -> tensor<4xi16>
  return %q : tensor<4xi16>
}

// -----

// A 16-bit table interpolates between samples 128 inputs apart: exp over
// [-32.8, 32.8] at an output scale of 1e-4 bends too much between samples
// (the table is checked at all 65536 inputs before it is emitted).
func.func @table16_too_curved(%x: tensor<4xi16>) -> tensor<4xi16> {
  %d = qtosa.dequantize %x as !quant.uniform<i16:f32, 0.001> : tensor<4xi16> -> tensor<4xf32>
  // expected-remark @below {{'tosa.exp' stays in float between dequantize and quantize: a 513-entry interpolated tosa.table would be 1.45306 LSB off the QDQ result at stored input -2692: a line between samples 128 inputs apart cannot follow the function there at this input scale, nor can two tables with the input magnified up to 16 times}}
  %y = tosa.exp %d : (tensor<4xf32>) -> tensor<4xf32>
  %q = qtosa.quantize %y as !quant.uniform<i16:f32, 0.0001> : tensor<4xf32> -> tensor<4xi16>
  return %q : tensor<4xi16>
}

// -----

// The same function at a finer input scale bends less between samples.
// CHECK-LABEL: func.func @table16_fine_enough(
// CHECK: tosa.table {{.*}} -> tensor<4xi32>
func.func @table16_fine_enough(%x: tensor<4xi16>) -> tensor<4xi16> {
  %d = qtosa.dequantize %x as !quant.uniform<i16:f32, 0.0001> : tensor<4xi16> -> tensor<4xf32>
  %y = tosa.exp %d : (tensor<4xf32>) -> tensor<4xf32>
  %q = qtosa.quantize %y as !quant.uniform<i16:f32, 0.001> : tensor<4xf32> -> tensor<4xi16>
  return %q : tensor<4xi16>
}

// -----

// A sample at a pole: 1/x at stored input 0.
func.func @table16_pole(%x: tensor<4xi16>) -> tensor<4xi16> {
  %d = qtosa.dequantize %x as !quant.uniform<i16:f32, 0.0001> : tensor<4xi16> -> tensor<4xf32>
  // expected-remark @below {{'tosa.reciprocal' stays in float between dequantize and quantize: the function is unbounded or undefined near stored input 0, where the table samples it}}
  %y = tosa.reciprocal %d : (tensor<4xf32>) -> tensor<4xf32>
  %q = qtosa.quantize %y as !quant.uniform<i16:f32, 0.01> : tensor<4xf32> -> tensor<4xi16>
  return %q : tensor<4xi16>
}

// -----

// Samples where the function has no real value: rsqrt of negative inputs.
func.func @table16_undefined(%x: tensor<4xi16>) -> tensor<4xi16> {
  %d = qtosa.dequantize %x as !quant.uniform<i16:f32, 0.0001> : tensor<4xi16> -> tensor<4xf32>
  // expected-remark @below {{'tosa.rsqrt' stays in float between dequantize and quantize: the function is unbounded or undefined near stored input -32768, where the table samples it}}
  %y = tosa.rsqrt %d : (tensor<4xf32>) -> tensor<4xf32>
  %q = qtosa.quantize %y as !quant.uniform<i16:f32, 0.001> : tensor<4xf32> -> tensor<4xi16>
  return %q : tensor<4xi16>
}

// -----

// Hard-swish on 16-bit values: the four ops compute a function of one
// input, but a 513-entry interpolated table cannot follow its kink at -3
// within 1 LSB at an input step of 1e-3 (it can at 1.2e-4), so it stays in
// float and the region's reason is given.
!i16 = !quant.uniform<i16:f32, 1.0e-03>
func.func @region_not_a_table(%x: tensor<4xi16>) -> tensor<4xi16> {
  %d = qtosa.dequantize %x as !i16 : tensor<4xi16> -> tensor<4xf32>
  %three = "tosa.const"() <{values = dense<3.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %sixth = "tosa.const"() <{values = dense<0.166666672> : tensor<1xf32>}> : () -> tensor<1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %p = tosa.add %d, %three : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
  %r = tosa.clamp %p {max_val = 6.0 : f32, min_val = 0.0 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  %m = tosa.mul %d, %r, %shift : (tensor<4xf32>, tensor<4xf32>, tensor<1xi8>) -> tensor<4xf32>
  // expected-remark @below {{'tosa.mul' stays in float between dequantize and quantize: the 4 elementwise ops ending in it compute a function of one input, but not as a table: a 513-entry interpolated tosa.table would be}}
  %y = tosa.mul %m, %sixth, %shift : (tensor<4xf32>, tensor<1xf32>, tensor<1xi8>) -> tensor<4xf32>
  %q = qtosa.quantize %y as !i16 : tensor<4xf32> -> tensor<4xi16>
  return %q : tensor<4xi16>
}

// -----

// A select between two values is not a PReLU's.
func.func @select_not_prelu(%x: tensor<2x3xi8>, %b: tensor<2x3xi8>) -> tensor<2x3xi8> {
  %xd = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.1:5> : tensor<2x3xi8> -> tensor<2x3xf32>
  %bd = qtosa.dequantize %b as !quant.uniform<i8:f32, 0.1:5> : tensor<2x3xi8> -> tensor<2x3xf32>
  %zero = "tosa.const"() <{values = dense<0.0> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %c = tosa.greater_equal %xd, %zero : (tensor<2x3xf32>, tensor<1x1xf32>) -> tensor<2x3xi1>
  // expected-remark @below {{'tosa.select' stays in float between dequantize and quantize: its second value is not its first times a slope (the select of a PReLU)}}
  %y = tosa.select %c, %xd, %bd : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.2:-3> : tensor<2x3xf32> -> tensor<2x3xi8>
  return %q : tensor<2x3xi8>
}
