// RUN: not qtosa-opt %s --pass-pipeline='builtin.module(qtosa-annotate,qtosa-calibrate)' 2>&1 | FileCheck %s --check-prefix=NOSAMPLES
// RUN: not qtosa-opt %s --pass-pipeline='builtin.module(qtosa-annotate,qtosa-calibrate{samples=%t.missing.json})' 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: echo '[["a.npy", "b.npy"]]' > %t.json
// RUN: not qtosa-opt %s --pass-pipeline='builtin.module(qtosa-annotate,qtosa-calibrate{samples=%t.json})' 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-quantize-pipeline))' 2>&1 | FileCheck %s --check-prefix=NESTED

// NOSAMPLES: error: this marker observes its range, and qtosa-calibrate has no samples: give samples=PATH
// MISSING: error: cannot read the samples
// COUNT: error: {{.*}}.json: sample 0 must be an array of 1 .npy path(s), one per argument of @main
// NESTED: 'qtosa-quantize-pipeline' runs on 'builtin.module', not nested in 'func.func'

func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = tosa.sigmoid %x : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
