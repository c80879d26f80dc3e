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

// The README's main command also shares quantization specs: the float
// island (the flatten between the depthwise conv and the matmul) runs on
// integers, with one requantize for the consumer's slightly different scale.
// RUN: qtosa-opt %qtosa_src/examples/convnext_block_qdq.mlir \
// RUN:   --pass-pipeline='builtin.module(qtosa-import-qdq,func.func(qtosa-share-qspecs),canonicalize)' \
// RUN:   | FileCheck %s --check-prefix=SHARED --enable-var-scope
// SHARED: %[[DWQ:.+]] = qtosa.quantize %{{.+}} as !quant.uniform<i8:f32, 4.000000e-02:3>
// SHARED: %[[ROWS:.+]] = tosa.reshape %[[DWQ]], %{{.+}} : (tensor<1x8x8x4xi8>, !tosa.shape<3>) -> tensor<1x64x4xi8>
// SHARED: %[[D:.+]] = qtosa.dequantize %[[ROWS]] as !quant.uniform<i8:f32, 4.000000e-02:3>
// SHARED: qtosa.quantize %[[D]] as !quant.uniform<i8:f32, 4.100000e-02:3>
// SHARED-NOT: {{tosa\.(transpose|reshape).*xf32>}}
