// The README's main command on the bundled example: every quantize and
// dequantize of the QDQ model survives import plus canonicalization, no quant
// op is left, and the float island (a reshape) is still between them.
// RUN: qtosa-opt %qtosa_src/examples/convnext_block_qdq.mlir --qtosa-import-qdq --canonicalize | FileCheck %s --enable-var-scope
// RUN: qtosa-opt %qtosa_src/examples/convnext_block_qdq.mlir --qtosa-import-qdq --canonicalize | FileCheck %s --check-prefix=COUNT
// RUN: qtosa-opt %qtosa_src/examples/convnext_block_qdq.mlir --qtosa-import-qdq --canonicalize | FileCheck %s --check-prefix=GONE

// CHECK-LABEL: func.func @convnext_block
// CHECK: %[[DW:.+]] = tosa.depthwise_conv2d
// CHECK: %[[DWQ:.+]] = qtosa.quantize %[[DW]] as !quant.uniform<i8:f32, 4.000000e-02:3>
// CHECK: %[[DWD:.+]] = qtosa.dequantize %[[DWQ]]
// CHECK: %[[ROWS:.+]] = tosa.reshape %[[DWD]]
// CHECK: qtosa.quantize %[[ROWS]] as !quant.uniform<i8:f32, 4.100000e-02:3>

// COUNT-COUNT-5: qtosa.quantize
// COUNT-NOT: qtosa.quantize
// GONE-NOT: {{quant\.[qds]cast|x!quant}}
