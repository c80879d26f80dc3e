// Input nested deeper than any model (20,000 `builtin.module {`, a chain
// of type aliases each nesting the last) made MLIR's recursive parser,
// verifier or printer overflow the stack: a segfault in qtosa-opt and
// qtosa-run (issue #31). The drivers (qtosa-opt, qtosa-run, qtosa-translate's
// export) now scan the text first and refuse
// nesting beyond 256 levels with a located error; 200 levels still parse.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "print('builtin.module {' * 20000 + '}' * 20000)" > %t/modules.mlir
// RUN: not qtosa-opt %t/modules.mlir 2>&1 | FileCheck %s --check-prefix=MODULES
// RUN: not qtosa-run %t/modules.mlir 2>&1 | FileCheck %s --check-prefix=MODULES
// RUN: not qtosa-translate --export-tosa-flatbuffer %t/modules.mlir 2>&1 | FileCheck %s --check-prefix=MODULES
// MODULES: modules.mlir:1:4112: error: nesting deeper than 256 levels (regions, brackets or aliases of aliases): qtosa refuses it before parsing, since MLIR's parser, verifier and printer recurse once per level and would overflow the stack
//
// Through stdin, as the driver reads it itself:
// RUN: not qtosa-opt < %t/modules.mlir 2>&1 | FileCheck %s --check-prefix=STDIN
// STDIN: <stdin>:1:4112: error: nesting deeper than 256 levels
//
// RUN: %python -c "print('\n'.join(['!t0 = tuple<i8>'] + ['!t%%d = tuple<!t%%d>' %% (i, i - 1) for i in range(1, 20000)] + ['func.func private @f() -> !t19999']))" > %t/aliases.mlir
// RUN: not qtosa-opt %t/aliases.mlir 2>&1 | FileCheck %s --check-prefix=ALIASES
// ALIASES: aliases.mlir:257:15: error: nesting deeper than 256 levels
//
// A string attribute is not scanned (its text is no syntax), but the
// verifier of qtosa.qtype parses its string as a type: 30,000 nested
// tuples crashed every tool at parse time. Refused, as the text is:
// RUN: %python -c "print('func.func @f(%%a: tensor<4xi8> {qtosa.qtype = \"' + 'tuple<' * 30000 + 'i8' + '>' * 30000 + '\"}) { return }')" > %t/qtype.mlir
// RUN: not qtosa-opt %t/qtype.mlir 2>&1 | FileCheck %s --check-prefix=QTYPE
// QTYPE: qtype.mlir:1:1: error: [QTOSA-QTYPE] 'qtosa.qtype' of argument #0 nests deeper than 256 levels
//
// The JSON a quantize config or a samples listing is: llvm::json's parser
// recurses too (200,000 nested arrays crashed qtosa-opt and the Python
// process of qtosa.quantize).
// RUN: %python -c "print('[' * 200000 + ']' * 200000)" > %t/deep.json
// RUN: not qtosa-opt %s --pass-pipeline='builtin.module(qtosa-quantize-pipeline{config=%t/deep.json})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CONFIG
// CONFIG: error: {{.*}}deep.json: $: nested deeper than 256 levels at line 1, column 257
// RUN: not qtosa-opt %s --pass-pipeline='builtin.module(qtosa-quantize-pipeline{samples=%t/deep.json function=add})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SAMPLES
// SAMPLES: error: {{.*}}deep.json:1:257: nested deeper than 256 levels
//
// RUN: %python -c "print('builtin.module {' * 200 + '}' * 200)" | qtosa-opt | FileCheck %s --check-prefix=FINE
// FINE-COUNT-200: module {
//
// The output checked too (a full disk is an error, not LLVM's abort), and
// /dev/full left in place:
// RUN: not qtosa-opt %s -o /dev/full 2>&1 | FileCheck %s --check-prefix=FULL
// FULL: qtosa-opt: cannot write '/dev/full': No space left on device
// FULL-NOT: LLVM ERROR
// RUN: test -c /dev/full

func.func @f() {
  return
}

func.func @add(%a: tensor<4xf32>) -> tensor<4xf32> {
  %s = tosa.add %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}
