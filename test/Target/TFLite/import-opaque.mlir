// Operators TOSA cannot express become calls of private declarations that
// run on the host: operands and results are the stored integer tensors,
// the options are attributes, absent optional inputs are left out (their
// positions in tflite.inputs), each stored tensor's element type with its
// quantization is kept (tflite.input_types, tflite.output_types: what a
// host kernel needs once the integer lowering has removed the scales from
// the values around the call), and a remark says so at the operator.
//
// RUN: rm -rf %t && %python %S/Inputs/tflite_models.py %qtosa_src/lib/Target/TFLite/tflite.fbs %t
// RUN: qtosa-translate --import-tflite %t/opaque_ops.tflite 2>%t/remarks.txt | FileCheck %s --enable-var-scope
// RUN: FileCheck %s --check-prefix=REMARK --input-file=%t/remarks.txt
// Both pipelines take the calls (each stays on the host):
// RUN: qtosa-translate --import-tflite %t/opaque_ops.tflite 2>/dev/null | qtosa-opt --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u55-128 report-file=-})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=U55
// RUN: qtosa-translate --import-tflite %t/opaque_ops.tflite 2>/dev/null | qtosa-opt --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int})' | FileCheck %s --check-prefix=LOWER
//
// An operator with a tensor of no elements is a host call with that reason
// (the importer used to build a TOSA op its verifier refused).
// RUN: qtosa-translate --import-tflite %t/zero_elements.tflite -o /dev/null 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: remark: REDUCE_MAX is imported as a call of @tflite.REDUCE_MAX that runs on the host: input tensor 0 ('input') has no elements: TOSA has no empty tensors

// REMARK: opaque_ops.tflite:0:0: remark: SVDF is imported as a call of @tflite.SVDF that runs on the host: no TOSA conversion for this operator
// REMARK: opaque_ops.tflite:1:0: remark: custom.ethos-u is imported as a call of @tflite.custom.ethos-u that runs on the host: custom operators run on the host

// CHECK-DAG: func.func private @"tflite.custom.ethos-u"(tensor<1x4xi8>) -> tensor<1x4xi8> attributes {qtosa.opaque_host_op}
// CHECK-DAG: func.func private @tflite.SVDF(tensor<1x8xi8>, tensor<4x8xi8>, tensor<4x10xi8>, tensor<1x40xi16>) -> tensor<1x4xi8> attributes {qtosa.opaque_host_op}
// CHECK-LABEL: func.func @main(
// CHECK: %[[X:.+]] = qtosa.quantize
// CHECK: %[[F:.+]] = "tosa.const"() {{.+}} -> tensor<4x8xi8>
// CHECK: %[[T:.+]] = "tosa.const"() {{.+}} -> tensor<4x10xi8>
// The variable state tensor starts at zero.
// CHECK: %[[S:.+]] = "tosa.const"() <{values = dense<0> : tensor<1x40xi16>}>
// CHECK: %[[SVDF:.+]] = call @tflite.SVDF(%[[X]], %[[F]], %[[T]], %[[S]]) {asymmetric_quantize_inputs = false, fused_activation_function = "RELU", qtosa.host_reason = "no TOSA conversion for this operator", qtosa.opaque_host_op = "SVDF", rank = 1 : i32, tflite.input_types = [{{.+}}], tflite.inputs = array<i32: 0, 1, 2, -1, 3>, tflite.output_types = [{{.+}}]}
// CHECK: %[[C:.+]] = call @"tflite.custom.ethos-u"(%[[SVDF]]) {custom_options = dense<[1, 2, 3]> : tensor<3xui8>, qtosa.host_reason = "custom operators run on the host", qtosa.opaque_host_op = "custom.ethos-u", tflite.input_types = [!quant.uniform<i8:f32, {{.+}}>], tflite.inputs = array<i32: 4>, tflite.output_types = [!quant.uniform<i8:f32, {{.+}}>]}
// CHECK: %[[OUT:.+]] = qtosa.dequantize %[[C]]
// CHECK: return %[[OUT]]

// U55: ethos-u55-128: {{.*}} 2 on the host
// U55: func.call {{.+}} U55.CALL.HOST  calls 'tflite.SVDF': the importer keeps 'SVDF' on the host: no TOSA conversion for this operator
// U55: func.call {{.+}} U55.CALL.HOST  calls 'tflite.custom.ethos-u'
// LOWER: call @tflite.SVDF
// LOWER: call @"tflite.custom.ethos-u"
