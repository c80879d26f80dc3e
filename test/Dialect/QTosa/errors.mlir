// Every verifier rule, each broken once. Rule names are those in
// docs/design.md and in the verifier's comments.
// RUN: qtosa-opt %s -split-input-file -verify-diagnostics

// [QTOSA-STORAGE]
func.func @storage_mismatch(%x: tensor<4xf32>) -> tensor<4xi16> {
  // expected-error @+1 {{storage element type 'i16' does not match storage type 'i8'}}
  %q = qtosa.quantize %x as !quant.uniform<i8:f32, 0.5> : tensor<4xf32> -> tensor<4xi16>
  return %q : tensor<4xi16>
}

// -----

// [QTOSA-EXPRESSED]
func.func @expressed_mismatch(%q: tensor<4xi8>) -> tensor<4xf16> {
  // expected-error @+1 {{float element type 'f16' does not match expressed type 'f32'}}
  %d = qtosa.dequantize %q as !quant.uniform<i8:f32, 0.5> : tensor<4xi8> -> tensor<4xf16>
  return %d : tensor<4xf16>
}

// -----

// [QTOSA-AXIS]
func.func @axis_out_of_range(%q: tensor<4x3xi8>) -> tensor<4x3xf32> {
  // expected-error @+1 {{quantized dimension 2 is out of range for a tensor of rank 2}}
  %d = qtosa.dequantize %q as !quant.uniform<i8:f32:2, {0.5, 0.25}> : tensor<4x3xi8> -> tensor<4x3xf32>
  return %d : tensor<4x3xf32>
}

// -----

// [QTOSA-AXIS-SIZE]
func.func @scale_count(%q: tensor<4x3xi8>) -> tensor<4x3xf32> {
  // expected-error @+1 {{per-axis quantization on dimension 1 has 2 scales, but that dimension has size 3}}
  %d = qtosa.dequantize %q as !quant.uniform<i8:f32:1, {0.5, 0.25}> : tensor<4x3xi8> -> tensor<4x3xf32>
  return %d : tensor<4x3xf32>
}

// -----

// [QTOSA-SUBCHANNEL]
func.func @sub_channel_blocks(%q: tensor<2x6xi8>) -> tensor<2x6xf32> {
  // expected-error @+1 {{sub-channel dimension 1 of size 6 with block size 2 needs 3 parameter rows, but the parameters have 2}}
  %d = qtosa.dequantize %q as !quant.uniform<i8:f32:{0:1, 1:2}, {{1.0, 2.0}, {3.0, 4.0}}> : tensor<2x6xi8> -> tensor<2x6xf32>
  return %d : tensor<2x6xf32>
}

// -----

// [QTOSA-SCALE]
func.func @nan_scale(%q: tensor<4xi8>) -> tensor<4xf32> {
  // expected-error @+1 {{scale #0 is nan; scales must be finite and positive}}
  %d = qtosa.dequantize %q as !quant.uniform<i8:f32, 0x7FF8000000000000> : tensor<4xi8> -> tensor<4xf32>
  return %d : tensor<4xf32>
}

// -----

// [QTOSA-SCALE] The quant parser accepts f32 denormals as scales.
func.func @denormal_scale(%x: tensor<4xf32>) -> tensor<4xi8> {
  // expected-error @+1 {{scale #1 is 1.000000e-44, below 2^-126 (the smallest normal f32): quantize multiplies by its reciprocal in f32, which would overflow}}
  %q = qtosa.quantize %x as !quant.uniform<i8:f32:0, {0.5, 1.0e-44, 0.25, 0.125}> : tensor<4xf32> -> tensor<4xi8>
  return %q : tensor<4xi8>
}

// -----

// [QTOSA-ZP]
func.func @zero_point_range(%x: tensor<4xf32>) -> tensor<4xi8> {
  // expected-error @+1 {{zero point #0 is 300, outside the storage range [-128, 127]}}
  %q = qtosa.quantize %x as !quant.uniform<i8:f32, 0.5:300> : tensor<4xf32> -> tensor<4xi8>
  return %q : tensor<4xi8>
}

// -----

// [QTOSA-UNIFORM]
func.func @not_uniform(%x: tensor<4xf32>) -> tensor<4xi8> {
  // expected-error @+1 {{expected uniform quantization parameters (per-tensor, per-axis or sub-channel), got '!quant.any<i8:f32>'}}
  %q = qtosa.quantize %x as !quant.any<i8:f32> : tensor<4xf32> -> tensor<4xi8>
  return %q : tensor<4xi8>
}

// -----

// [QTOSA-SHAPE]
func.func @shape_mismatch(%x: tensor<4xf32>) -> tensor<5xi8> {
  // expected-error @+1 {{'qtosa.quantize' op float shape 4 and integer shape 5 differ}}
  %q = qtosa.quantize %x as !quant.uniform<i8:f32, 0.5> : tensor<4xf32> -> tensor<5xi8>
  return %q : tensor<5xi8>
}

// -----

// [QTOSA-SHAPE]
func.func @rank_mismatch(%q: tensor<?x4xi8>) -> tensor<4xf32> {
  // expected-error @+1 {{'qtosa.dequantize' op float shape 4 and integer shape ?x4 differ}}
  %x = qtosa.dequantize %q as !quant.uniform<i8:f32, 0.5> : tensor<?x4xi8> -> tensor<4xf32>
  return %x : tensor<4xf32>
}

// -----

// [QTOSA-SHAPE] A dynamic size does not stand for a static one: the shape
// is not refined here (qtosa-expand-qdq, given this, made a float graph
// whose result type differed from the function's).
func.func @dynamic_against_static(%x: tensor<?x4xf32>) -> tensor<2x4xi8> {
  // expected-error @+1 {{'qtosa.quantize' op float shape ?x4 and integer shape 2x4 differ}}
  %q = qtosa.quantize %x as !quant.uniform<i8:f32, 0.5> : tensor<?x4xf32> -> tensor<2x4xi8>
  return %q : tensor<2x4xi8>
}

// -----

func.func @float_storage(%x: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{result #0 must be ranked tensor of signless integer values}}
  %q = qtosa.quantize %x as !quant.uniform<i8:f32, 0.5> : tensor<4xf32> -> tensor<4xf16>
  return %q : tensor<4xf16>
}

// -----

func.func @not_a_quant_type(%x: tensor<4xf32>) -> tensor<4xi8> {
  // expected-error @+1 {{attribute 'qtype' failed to satisfy constraint: quantization parameters as a !quant type}}
  %q = qtosa.quantize %x as i8 : tensor<4xf32> -> tensor<4xi8>
  return %q : tensor<4xi8>
}

// -----

// [QTOSA-DELEGATE-ARGS]
func.func @delegate_argument_mismatch(%x: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error @+1 {{body arguments 'tensor<4xi16>' do not match operands 'tensor<4xi8>'}}
  %r = qtosa.delegate "ethos-u55-128" (%x) : (tensor<4xi8>) -> tensor<4xi8> {
  ^bb0(%in: tensor<4xi16>):
    %c = tosa.cast %in : (tensor<4xi16>) -> tensor<4xi8>
    qtosa.yield %c : tensor<4xi8>
  }
  return %r : tensor<4xi8>
}

// -----

// [QTOSA-DELEGATE-YIELD]
func.func @delegate_yield_mismatch(%x: tensor<4xi8>) -> tensor<4xi16> {
  // expected-error @+1 {{yields 'tensor<4xi8>' but results are 'tensor<4xi16>'}}
  %r = qtosa.delegate "ethos-u55-128" (%x) : (tensor<4xi8>) -> tensor<4xi16> {
  ^bb0(%in: tensor<4xi8>):
    qtosa.yield %in : tensor<4xi8>
  }
  return %r : tensor<4xi16>
}

// -----

// [QTOSA-DELEGATE-YIELD]
func.func @delegate_without_yield(%x: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error @+1 {{body must end in qtosa.yield}}
  %r = qtosa.delegate "ethos-u55-128" (%x) : (tensor<4xi8>) -> tensor<4xi8> {
  ^bb0(%in: tensor<4xi8>):
    %c = tosa.identity %in : (tensor<4xi8>) -> tensor<4xi8>
  }
  return %r : tensor<4xi8>
}

// -----

// Isolated from above: the body cannot read the enclosing function's values.
func.func @delegate_captures(%x: tensor<4xi8>) -> tensor<4xi8> {
  // expected-note @+1 {{required by region isolation constraints}}
  %r = qtosa.delegate "ethos-u55-128" () : () -> tensor<4xi8> {
    // expected-error @+1 {{using value defined outside the region}}
    %c = tosa.identity %x : (tensor<4xi8>) -> tensor<4xi8>
    qtosa.yield %c : tensor<4xi8>
  }
  return %r : tensor<4xi8>
}

// -----

// [QTOSA-QTYPE] The parameters of a function boundary are a string naming a
// quantized type (so that tools without the quant dialect read it).
// expected-error @+1 {{[QTOSA-QTYPE] 'qtosa.qtype' of argument #0 must be a string naming a quantized type, such as "!quant.uniform<i8:f32, 0.1:-5>"; found !quant.uniform<i8:f32, 1.000000e-01>}}
func.func private @qtype_as_type(tensor<4xi8> {qtosa.qtype = !quant.uniform<i8:f32, 0.1>})

// -----

// expected-error @+1 {{[QTOSA-QTYPE] 'qtosa.qtype' of result #0 must be a string naming a quantized type, such as "!quant.uniform<i8:f32, 0.1:-5>"; found "i8"}}
func.func private @qtype_not_quantized() -> (tensor<4xi8> {qtosa.qtype = "i8"})

// -----

// expected-error @+1 {{[QTOSA-QTYPE] 'qtosa.qtype' of argument #0 must be a string naming a quantized type, such as "!quant.uniform<i8:f32, 0.1:-5>"; found "!quant.uniform<i8:f32, 0.1> trailing"}}
func.func private @qtype_trailing(tensor<4xi8> {qtosa.qtype = "!quant.uniform<i8:f32, 0.1> trailing"})

// -----

// expected-error @+1 {{[QTOSA-QTYPE] unknown attribute 'qtosa.scale' on argument #0}}
func.func private @unknown_boundary_attr(tensor<4xi8> {qtosa.scale = 0.1 : f32})

// -----

// [QTOSA-ATTR]: the marks the importers set, where they are meaningful, and
// anything else under the dialect's prefix refused.
func.func private @svdf(tensor<4xi8>) -> tensor<4xi8> attributes {qtosa.opaque_host_op}
func.func @marks_accepted(%x: tensor<4xi8>, %f: tensor<4xf32>) -> (tensor<4xi8>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %s = call @svdf(%x) {qtosa.opaque_host_op = "SVDF", qtosa.host_reason = "no TOSA conversion for this operator"} : (tensor<4xi8>) -> tensor<4xi8>
  %g = tosa.sigmoid %f {qtosa.tflite_kernel} : (tensor<4xf32>) -> tensor<4xf32>
  %t = tosa.tanh %f {qtosa.tflite_kernel} : (tensor<4xf32>) -> tensor<4xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %h = tosa.mul %f, %f, %shift {qtosa.tflite_kernel = "HARD_SWISH"} : (tensor<4xf32>, tensor<4xf32>, tensor<1xi8>) -> tensor<4xf32>
  return %s, %g, %t, %h : tensor<4xi8>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

func.func @tflite_kernel_on_exp(%f: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'tosa.exp' op [QTOSA-ATTR] 'qtosa.tflite_kernel' marks a 'tosa.sigmoid' or 'tosa.tanh' that stands for TFLite's int16 kernel, or the 'tosa.mul' that ends TFLite's HARD_SWISH; it is not meaningful on 'tosa.exp'}}
  %e = tosa.exp %f {qtosa.tflite_kernel} : (tensor<4xf32>) -> tensor<4xf32>
  return %e : tensor<4xf32>
}

// -----

func.func @tflite_kernel_not_unit(%f: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{[QTOSA-ATTR] 'qtosa.tflite_kernel' must be a unit attribute; found true}}
  %g = tosa.sigmoid %f {qtosa.tflite_kernel = true} : (tensor<4xf32>) -> tensor<4xf32>
  return %g : tensor<4xf32>
}

// -----

func.func @tflite_kernel_on_mul_not_hard_swish(%f: tensor<4xf32>) -> tensor<4xf32> {
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  // expected-error @+1 {{'tosa.mul' op [QTOSA-ATTR] 'qtosa.tflite_kernel' on a 'tosa.mul' must be "HARD_SWISH" (the last op of TFLite's HARD_SWISH); found unit}}
  %h = tosa.mul %f, %f, %shift {qtosa.tflite_kernel} : (tensor<4xf32>, tensor<4xf32>, tensor<1xi8>) -> tensor<4xf32>
  return %h : tensor<4xf32>
}

// -----

func.func @opaque_host_op_on_tosa(%x: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error @+1 {{'tosa.identity' op [QTOSA-ATTR] 'qtosa.opaque_host_op' marks a call (or the function it calls) that stands for an operator with no TOSA form; it is not meaningful on 'tosa.identity'}}
  %y = tosa.identity %x {qtosa.opaque_host_op} : (tensor<4xi8>) -> tensor<4xi8>
  return %y : tensor<4xi8>
}

// -----

func.func private @svdf(tensor<4xi8>) -> tensor<4xi8>
func.func @opaque_host_op_empty_name(%x: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error @+1 {{[QTOSA-ATTR] 'qtosa.opaque_host_op' must be a unit attribute or the operator's name as a non-empty string; found ""}}
  %s = call @svdf(%x) {qtosa.opaque_host_op = ""} : (tensor<4xi8>) -> tensor<4xi8>
  return %s : tensor<4xi8>
}

// -----

func.func @qtype_on_an_op(%x: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error @+1 {{'tosa.identity' op [QTOSA-ATTR] 'qtosa.qtype' belongs on function arguments and results (in the signature), not on an operation}}
  %y = tosa.identity %x {qtosa.qtype = "!quant.uniform<i8:f32, 0.1>"} : (tensor<4xi8>) -> tensor<4xi8>
  return %y : tensor<4xi8>
}

// -----

// expected-error @+1 {{'func.func' op [QTOSA-ATTR] unknown attribute 'qtosa.tflite_kernels': the qtosa dialect defines 'qtosa.qtype', 'qtosa.opaque_host_op', 'qtosa.host_reason', 'qtosa.tflite_kernel' and 'qtosa.rescale_rounding'}}
func.func @misspelt(%f: tensor<4xf32>) -> tensor<4xf32> attributes {qtosa.tflite_kernels} {
  return %f : tensor<4xf32>
}

// -----

// [QTOSA-ATTR]: the rounding a module's source defines, on the module.
module attributes {qtosa.rescale_rounding = "double"} {
  func.func @rounding_accepted(%f: tensor<4xf32>) -> tensor<4xf32> {
    return %f : tensor<4xf32>
  }
}

// -----

// expected-error @+1 {{'func.func' op [QTOSA-ATTR] 'qtosa.rescale_rounding' names the rounding a whole module's source defines; it belongs on a 'builtin.module', not on 'func.func'}}
func.func @rounding_on_function(%f: tensor<4xf32>) -> tensor<4xf32> attributes {qtosa.rescale_rounding = "double"} {
  return %f : tensor<4xf32>
}

// -----

// expected-error @+1 {{'builtin.module' op [QTOSA-ATTR] 'qtosa.rescale_rounding' must be "single" or "double"; found "DOUBLE_ROUND"}}
module attributes {qtosa.rescale_rounding = "DOUBLE_ROUND"} {
}

// -----

func.func private @svdf(tensor<4xi8>) -> tensor<4xi8>
func.func @host_reason_without_mark(%x: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error @+1 {{'func.call' op [QTOSA-ATTR] 'qtosa.host_reason' says why a call marked 'qtosa.opaque_host_op' runs on the host; it is not meaningful on 'func.call' without that mark}}
  %s = call @svdf(%x) {qtosa.host_reason = "no TOSA conversion for this operator"} : (tensor<4xi8>) -> tensor<4xi8>
  return %s : tensor<4xi8>
}

// -----

// Marked, but not a call: the message names that (it said "without that
// mark" until session 32).
func.func @host_reason_not_on_call(%x: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error @+1 {{'tosa.identity' op [QTOSA-ATTR] 'qtosa.host_reason' says why a call marked 'qtosa.opaque_host_op' runs on the host; it is not meaningful on 'tosa.identity', which is not a call}}
  %n = tosa.identity %x {qtosa.opaque_host_op = "X", qtosa.host_reason = "r"} : (tensor<4xi8>) -> tensor<4xi8>
  return %n : tensor<4xi8>
}

// -----

func.func private @svdf(tensor<4xi8>) -> tensor<4xi8>
func.func @host_reason_empty(%x: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error @+1 {{[QTOSA-ATTR] 'qtosa.host_reason' must be a non-empty string; found ""}}
  %s = call @svdf(%x) {qtosa.opaque_host_op = "SVDF", qtosa.host_reason = ""} : (tensor<4xi8>) -> tensor<4xi8>
  return %s : tensor<4xi8>
}
