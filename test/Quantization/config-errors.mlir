// A bad config is an error naming the file and the JSON path of the value.
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo '{"activation": {"dtype": "int8"}, "weights": {}}' > %t/unknown.json
// RUN: not qtosa-opt %s --qtosa-annotate="config=%t/unknown.json" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: echo '{"activation": {"dtype": "int8", "range": [-200, 127]}}' > %t/range.json
// RUN: not qtosa-opt %s --qtosa-annotate="config=%t/range.json" 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: echo '{"inputs": [{"dtype": "int16", "symmetric": true, "scale": 0}]}' > %t/scale.json
// RUN: not qtosa-opt %s --qtosa-annotate="config=%t/scale.json" 2>&1 | FileCheck %s --check-prefix=SCALE
// RUN: echo '{"overrides": [{"name": "no_such_op", "spec": null}]}' > %t/nomatch.json
// RUN: not qtosa-opt %s --qtosa-annotate="config=%t/nomatch.json" 2>&1 | FileCheck %s --check-prefix=NOMATCH
// RUN: echo '{"overrides": [{"op": "tosa.sigmoid", "spec": {"dtype": "int8", "zero_point": 3}}]}' > %t/zp.json
// RUN: not qtosa-opt %s --qtosa-annotate="config=%t/zp.json" 2>&1 | FileCheck %s --check-prefix=ZP
// RUN: echo '{"activation": ' > %t/syntax.json
// RUN: not qtosa-opt %s --qtosa-annotate="config=%t/syntax.json" 2>&1 | FileCheck %s --check-prefix=SYNTAX
// RUN: not qtosa-opt %s --qtosa-annotate="config=%t/absent.json" 2>&1 | FileCheck %s --check-prefix=ABSENT
// RUN: echo '{"observer": "mse"}' > %t/observer.json
// RUN: not qtosa-opt %s --qtosa-annotate="config=%t/observer.json" 2>&1 | FileCheck %s --check-prefix=OBSERVER
// RUN: echo '{"percentile": 99.9}' > %t/nopct.json
// RUN: not qtosa-opt %s --qtosa-annotate="config=%t/nopct.json" 2>&1 | FileCheck %s --check-prefix=NOPCT
// RUN: echo '{"observer": "percentile", "percentile": 40}' > %t/pct.json
// RUN: not qtosa-opt %s --qtosa-annotate="config=%t/pct.json" 2>&1 | FileCheck %s --check-prefix=PCT
// RUN: echo '{"unary_regions": "yes"}' > %t/regions.json
// RUN: not qtosa-opt %s --qtosa-annotate="config=%t/regions.json" 2>&1 | FileCheck %s --check-prefix=REGIONS
// RUN: echo '{"inputs": [{}, null]}' > %t/inputs.json
// RUN: not qtosa-opt %s --qtosa-annotate="config=%t/inputs.json" 2>&1 | FileCheck %s --check-prefix=INPUTS
// RUN: echo '{"outputs": [null, null, {}]}' > %t/outputs.json
// RUN: not qtosa-opt %s --qtosa-annotate="config=%t/outputs.json" 2>&1 | FileCheck %s --check-prefix=OUTPUTS

// UNKNOWN: error: {{.*}}unknown.json: $: unknown key 'weights' (known: activation, weight, inputs, outputs, overrides, observer, percentile, unary_regions)
// RANGE: error: {{.*}}range.json: $.activation.range: [-200, 127] is not a non-empty range inside [-128, 127] of int8
// SCALE: error: {{.*}}scale.json: $.inputs[0].scale: 0.000000e+00 is not a finite scale of at least 2^-126 and at most the largest f32
// NOMATCH: error: {{.*}}nomatch.json: $.overrides[0]: the override of name 'no_such_op' matches no op
// ZP: error: {{.*}}zp.json: $.overrides[0].spec.zero_point: a fixed zero point needs a fixed "scale"
// SYNTAX: error: {{.*}}syntax.json: $: {{.*}}
// ABSENT: error: cannot read the config '{{.*}}absent.json'
// OBSERVER: error: {{.*}}observer.json: $.observer: expected "minmax", "percentile" or "histogram"
// NOPCT: error: {{.*}}nopct.json: $.percentile: needs "observer": "percentile"
// PCT: error: {{.*}}pct.json: $.percentile: expected a number in [50, 100]
// REGIONS: error: {{.*}}regions.json: $.unary_regions: expected true or false
// A spec past the last argument or result names nothing (it was accepted).
// INPUTS: config-errors.mlir:[[@LINE+4]]:1: error: {{.*}}inputs.json: $.inputs: 2 specs, but 'main' has 1 argument(s)
// OUTPUTS: config-errors.mlir:[[@LINE+3]]:1: error: {{.*}}outputs.json: $.outputs: 3 specs, but 'main' has 1 result(s)


func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = tosa.sigmoid %x : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
