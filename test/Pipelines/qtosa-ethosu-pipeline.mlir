// The README's example, partitioned for Ethos-U: with qtosa-share-qspecs the
// ConvNeXt-style block is one delegate; without it, the reshapes of its
// moveaxis chain stay in float on the host and split the graph.
//
// RUN: qtosa-opt %qtosa_src/examples/convnext_block_qdq.mlir -o /dev/null \
// RUN:   --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{report-file=-})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WITH
// RUN: qtosa-opt %qtosa_src/examples/convnext_block_qdq.mlir -o /dev/null \
// RUN:   --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u85-256 report-file=-})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=U85
// RUN: qtosa-opt %qtosa_src/examples/convnext_block_qdq.mlir \
// RUN:   --pass-pipeline='builtin.module(qtosa-ethosu-pipeline)' \
// RUN:   | FileCheck %s --check-prefix=IR
// RUN: qtosa-opt %qtosa_src/examples/convnext_block_qdq.mlir -o /dev/null \
// RUN:   --pass-pipeline='builtin.module(qtosa-import-qdq,func.func(qtosa-canonicalize,qtosa-lower-to-tosa-int),qtosa-ethosu-partition{report-file=- remarks=false},func.func(qtosa-expand-qdq))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WITHOUT

// WITH: ethos-u55-128: 1 delegate(s); 11 op(s): 11 on the NPU (100.0%), 0 on the host; 2 graph-IO quantize/dequantize
// WITH-NOT: remark
// U85: ethos-u85-256: 1 delegate(s); 11 op(s): 11 on the NPU (100.0%), 0 on the host; 2 graph-IO quantize/dequantize

// The host keeps the input quantize and output dequantize, expanded into
// float TOSA arithmetic after the partitioner ran; the delegate is integer.
// IR-LABEL: func.func @convnext_block(
// IR-NOT:     qtosa.quantize
// IR:         tosa.cast {{.*}} -> tensor<1x8x8x4xi8>
// IR-NEXT:    %[[D:.*]] = qtosa.delegate "ethos-u55-128"({{.*}}) : (tensor<1x8x8x4xi8>) -> tensor<1x8x8x4xi8> {
// IR-NOT:       f32
// IR:           tosa.depthwise_conv2d
// IR-NOT:       f32
// IR:           tosa.matmul
// IR-NOT:       f32
// IR:           qtosa.yield
// IR-NEXT:    }
// IR-NOT:     qtosa.delegate
// IR-NOT:     qtosa.dequantize
// IR:         tosa.cast %[[D]]
// IR:         return

// WITHOUT: ethos-u55-128: 2 delegate(s); 12 op(s): 4 on the NPU (33.3%), 8 on the host; 2 graph-IO quantize/dequantize
// The float ops are reported by region, each at its cause with its ops:
// WITHOUT: 3 float ops {{.*}}convnext_block_qdq.mlir:40:11 U55.TENSOR.FLOAT tosa.reshape in float between dequantize and quantize: a data-movement op left in float; qtosa-share-qspecs moves it onto integers, and did not run before the partition
// WITHOUT-NEXT: ops: qtosa.dequantize 34:10, tosa.reshape 40:11, qtosa.quantize 41:10
// WITHOUT-NEXT: 5 float ops {{.*}}convnext_block_qdq.mlir:54:14 U55.TENSOR.FLOAT tosa.reshape in float after dequantize: its float result feeds 'tosa.add', not a quantize
// WITHOUT-NEXT: ops: qtosa.dequantize 25:9, qtosa.dequantize 50:14, tosa.reshape 54:14, tosa.add 55:10, qtosa.quantize 56:9
