// A function in a nested module is out of the pipelines' reach: it used to
// come out unchanged with exit 0 (float TOSA from qtosa-lower-pipeline{io=int},
// no delegate from qtosa-ethosu-pipeline). It is an error at the nested
// module that says how to run the pipeline on it, and that way works.
//
// RUN: not qtosa-opt %s --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOWER --implicit-check-not=error
// LOWER: nested-modules.mlir:{{[0-9]+}}:3: error: 'qtosa-lower-pipeline' runs on the functions of the module it is given, and would leave the nested module 'inner' as it is (it holds function 'f'): run it on that module, as in 'builtin.module(builtin.module(qtosa-lower-pipeline))'
// LOWER-NOT: see current operation
//
// RUN: not qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline)' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ETHOSU --implicit-check-not=error
// ETHOSU: error: 'qtosa-ethosu-pipeline' runs on the functions of the module it is given, and would leave the nested module 'inner' as it is
//
// RUN: not qtosa-opt %s --pass-pipeline='builtin.module(qtosa-quantize-pipeline)' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUANTIZE --implicit-check-not=error
// QUANTIZE: error: 'qtosa-quantize-pipeline' runs on the functions of the module it is given, and would leave the nested module 'inner' as it is
//
// An op of another kind holding regions (here an unregistered one, which
// crashed qtosa-lower-pipeline{io=int}) is refused the same way.
// RUN: echo '"foo.bar"() ({ }) : () -> ()' > %t.region.mlir
// RUN: not qtosa-opt %t.region.mlir --allow-unregistered-dialect --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REGION --implicit-check-not=error
// REGION: error: 'qtosa-lower-pipeline' takes a module of functions; this 'foo.bar' holds regions it would not reach
//
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(builtin.module(qtosa-lower-pipeline{io=int}))' \
// RUN:   | FileCheck %s --check-prefix=NESTED
// NESTED: module @inner
// NESTED: func.func @f(%{{.*}}: tensor<4xi8> {{{.*}}}) -> (tensor<4xi8> {{{.*}}})
// NESTED-NOT: xf32>

module {
  module @inner {
    func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
      %q = quant.qcast %x : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32, 0.5>>
      %d = quant.dcast %q : tensor<4x!quant.uniform<i8:f32, 0.5>> to tensor<4xf32>
      return %d : tensor<4xf32>
    }
  }
}
