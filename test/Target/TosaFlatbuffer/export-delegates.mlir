// qtosa-export-delegates after the Ethos-U partition of the bundled example:
// one .tosa per qtosa.delegate and a manifest with each delegate's tensors
// in call order, their storage type and the quantization read from the
// quantize/dequantize at the boundary. Each file reads back to a TOSA
// function that writes the same bytes again.

// Without qtosa-share-qspecs the example splits into two delegates.
// RUN: rm -rf %t && mkdir -p %t
// RUN: qtosa-opt %qtosa_src/examples/convnext_block_qdq.mlir --pass-pipeline='builtin.module(qtosa-import-qdq,func.func(qtosa-canonicalize,qtosa-lower-to-tosa-int),qtosa-ethosu-partition{remarks=false},qtosa-export-delegates{dir=%t/split})' -o %t/split.mlir
// RUN: FileCheck %s --check-prefix=SPLIT --enable-var-scope < %t/split/delegates.json
// A misspelt target is an error, not an empty manifest with exit 0:
// RUN: not qtosa-opt %t/split.mlir --pass-pipeline='builtin.module(qtosa-export-delegates{dir=%t/typo target=ethos-u99})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TYPO
// RUN: not test -e %t/typo
// TYPO: error: qtosa-export-delegates: no delegate is for target 'ethos-u99'; the module's delegates are for 'ethos-u55-128'
// RUN: qtosa-translate --import-tosa-flatbuffer %t/split/delegate_0.tosa | FileCheck %s --check-prefix=SPLIT0
// RUN: qtosa-translate --import-tosa-flatbuffer %t/split/delegate_0.tosa | qtosa-translate --export-tosa-flatbuffer -o %t/split/again_0.tosa
// RUN: cmp %t/split/delegate_0.tosa %t/split/again_0.tosa
// RUN: qtosa-translate --import-tosa-flatbuffer %t/split/delegate_1.tosa | qtosa-translate --export-tosa-flatbuffer -o %t/split/again_1.tosa
// RUN: cmp %t/split/delegate_1.tosa %t/split/again_1.tosa

// SPLIT:      "delegates": [
// SPLIT:        "name": "delegate_0",
// SPLIT-NEXT:   "file": "delegate_0.tosa",
// SPLIT-NEXT:   "target": "ethos-u55-128",
// SPLIT-NEXT:   "function": "convnext_block",
// SPLIT-NEXT:   "inputs": [
// SPLIT:          "dtype": "INT8",
// SPLIT-NEXT:     "scale": 0.02,
// SPLIT-NEXT:     "zero_point": -5
// SPLIT:        "outputs": [
// SPLIT:          "dtype": "INT8",
// SPLIT-NEXT:     "scale":
// SPLIT:        "name": "delegate_1",
// SPLIT-NEXT:   "file": "delegate_1.tosa",
// SPLIT-NOT:    "name": "delegate_2"

// SPLIT0: func.func @delegate_0(%arg0: tensor<1x8x8x4xi8>)
// SPLIT0:   tosa.depthwise_conv2d
// SPLIT0:   tosa.rescale

// With it, one delegate from graph input to graph output.
// RUN: qtosa-opt %qtosa_src/examples/convnext_block_qdq.mlir --pass-pipeline='builtin.module(qtosa-import-qdq,func.func(qtosa-share-qspecs,qtosa-canonicalize,qtosa-lower-to-tosa-int),qtosa-ethosu-partition{remarks=false},qtosa-export-delegates{dir=%t/one})' -o %t/one.mlir
// RUN: %python -c "import json,sys; m=json.load(open(sys.argv[1])); print(json.dumps(m, sort_keys=True))" %t/one/delegates.json | FileCheck %s --check-prefix=ONE
// ONE: {"delegates": [{"file": "delegate_0.tosa", "function": "convnext_block", "inputs": [{"dtype": "INT8", "scale": 0.02, "shape": [1, 8, 8, 4], "zero_point": -5}], "name": "delegate_0", "outputs": [{"dtype": "INT8", "scale": 0.06, "shape": [1, 8, 8, 4], "zero_point": -2}], "target": "ethos-u55-128"}], "format": "TOSA 1.0 flatbuffer"}
// RUN: qtosa-translate --import-tosa-flatbuffer %t/one/delegate_0.tosa | qtosa-translate --export-tosa-flatbuffer -o %t/one/again.tosa
// RUN: cmp %t/one/delegate_0.tosa %t/one/again.tosa
// The pass leaves the IR as it was.
// RUN: qtosa-opt %qtosa_src/examples/convnext_block_qdq.mlir --pass-pipeline='builtin.module(qtosa-import-qdq,func.func(qtosa-share-qspecs,qtosa-canonicalize,qtosa-lower-to-tosa-int),qtosa-ethosu-partition{remarks=false})' -o %t/one-without.mlir
// RUN: diff %t/one.mlir %t/one-without.mlir

// `target` keeps only that target's delegates. A target none of them has
// is an error (it wrote an empty manifest with exit 0, which hid a typo as
// well as a module partitioned for another target):
// RUN: qtosa-opt %t/one.mlir --pass-pipeline='builtin.module(qtosa-export-delegates{dir=%t/u55 target=ethos-u55-128})' -o /dev/null
// RUN: ls %t/u55/delegate_0.tosa
// RUN: not qtosa-opt %t/one.mlir --pass-pipeline='builtin.module(qtosa-export-delegates{dir=%t/u85 target=ethos-u85-256})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=U85
// RUN: not ls %t/u85
// U85: error: qtosa-export-delegates: no delegate is for target 'ethos-u85-256'; the module's delegates are for 'ethos-u55-128'

// Without dir the pass fails.
// RUN: not qtosa-opt %t/one.mlir --pass-pipeline='builtin.module(qtosa-export-delegates)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NODIR
// NODIR: error: qtosa-export-delegates needs dir=PATH

// Boundaries that are function arguments with qtosa.qtype (integer IO),
// per-axis parameters, none at all; and (second split) a delegate that
// cannot be written.
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-export-delegates{dir=%t/local})' -o /dev/null --verify-diagnostics --split-input-file
// RUN: FileCheck %s --check-prefix=LOCAL < %t/local/delegates.json

// LOCAL:      "name": "delegate_0",
// LOCAL:      "inputs": [
// LOCAL:          "dtype": "INT8",
// LOCAL-NEXT:     "scale": 0.5,
// LOCAL-NEXT:     "zero_point": 3
// LOCAL:          "dtype": "INT8",
// LOCAL-NEXT:     "axis": 1,
// LOCAL-NEXT:     "scale": [
// LOCAL-NEXT:       0.25,
// LOCAL-NEXT:       0.125
// LOCAL-NEXT:     ],
// LOCAL-NEXT:     "zero_point": [
// LOCAL-NEXT:       0,
// LOCAL-NEXT:       0
// LOCAL:      "outputs": [
// LOCAL:          "dtype": "INT32",
// LOCAL-NEXT:     "scale": null,
// LOCAL-NEXT:     "zero_point": null

func.func @local(%x: tensor<1x2xi8> {qtosa.qtype = "!quant.uniform<i8:f32, 5.000000e-01:3>"}, %w: tensor<1x2xf32>) -> tensor<1x2xi32> {
  %q = qtosa.quantize %w as !quant.uniform<i8:f32:1, {2.500000e-01, 1.250000e-01}> : tensor<1x2xf32> -> tensor<1x2xi8>
  %0 = qtosa.delegate "ethos-u55-128"(%x, %q) : (tensor<1x2xi8>, tensor<1x2xi8>) -> tensor<1x2xi32> {
  ^bb0(%a: tensor<1x2xi8>, %b: tensor<1x2xi8>):
    %1 = tosa.cast %a : (tensor<1x2xi8>) -> tensor<1x2xi32>
    qtosa.yield %1 : tensor<1x2xi32>
  }
  return %0 : tensor<1x2xi32>
}

// -----

// A delegate the format cannot hold fails the pass, at the op at fault.
func.func @unwritable(%x: tensor<2xi32>) -> tensor<2xi64> {
  // expected-error @below {{cannot write this delegate as delegate_0.tosa (see the error above)}}
  %0 = qtosa.delegate "ethos-u55-128"(%x) : (tensor<2xi32>) -> tensor<2xi64> {
  ^bb0(%a: tensor<2xi32>):
    // expected-error @below {{cannot write result #0 of 'tosa.cast' of type 'tensor<2xi64>': TOSA 1.0 has no element type 'i64'}}
    %1 = tosa.cast %a : (tensor<2xi32>) -> tensor<2xi64>
    qtosa.yield %1 : tensor<2xi64>
  }
  return %0 : tensor<2xi64>
}
