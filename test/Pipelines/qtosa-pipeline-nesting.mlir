// The pipelines change function signatures and run on builtin.module. Nested
// in func.func they are refused with an error at the pipeline, not an abort
// of the pass manager (which used to print "Can't add pass ... restricted to
// 'builtin.module'" and a stack dump, exit 134).
//
// RUN: not qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-lower-pipeline))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOWER
// RUN: not qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-pipeline{target=ethos-u85-256}))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ETHOSU
// LOWER: error: 'qtosa-lower-pipeline' runs on 'builtin.module', not nested in 'func.func': it changes function signatures; write 'builtin.module(qtosa-lower-pipeline)'
// LOWER-NOT: LLVM ERROR
// LOWER-NOT: Stack dump
// ETHOSU: error: 'qtosa-ethosu-pipeline' runs on 'builtin.module', not nested in 'func.func': it changes function signatures; write 'builtin.module(qtosa-ethosu-pipeline)'
// ETHOSU-NOT: LLVM ERROR
// RUN: not qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-quantize-pipeline))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUANTIZE
// QUANTIZE: error: 'qtosa-quantize-pipeline' runs on 'builtin.module', not nested in 'func.func': it changes function signatures; write 'builtin.module(qtosa-quantize-pipeline)'
//
// Every option of the stages is an option of both pipelines, with its
// pass's default. Here each is set away from its default; the output is
// still valid integer TOSA for the requested profile.
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int rounding=double max-rank=4 mismatch-policy=adopt duplicate-dequantize=true force=true})' \
// RUN:   | mlir-opt --tosa-attach-target='profiles=pro_int extensions=doubleround' --tosa-validate=strict-op-spec-alignment \
// RUN:   | FileCheck %s --check-prefix=OPTS
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u85-256 io=int rounding=double max-rank=4 mismatch-policy=adopt duplicate-dequantize=true force=true remarks=false report-file=-})' \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=ETHOSU-OPTS
// max-rank reaches the import: a rank-5 tensor is then over the limit.
// RUN: not qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{max-rank=3})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RANK
// The options are listed with their defaults, each described as the pass
// it belongs to describes it: pipelines and passes share one declaration.
// RUN: qtosa-opt --help | FileCheck %s --check-prefix=HELP --enable-var-scope

!q = !quant.uniform<i8:f32, 0.25:-3>

// OPTS-LABEL: func.func @block(
// OPTS-SAME: qtosa.qtype = "!quant.uniform<i8:f32, 2.500000e-01:-3>"
// OPTS: tosa.transpose {{.*}} -> tensor<1x2x4x3xi8>
// OPTS: tosa.rescale {{.*}}rounding_mode = DOUBLE_ROUND
// ETHOSU-OPTS: ethos-u85-256: 1 delegate(s)
// ETHOSU-OPTS-NOT: remark
// RANK: error: 'func.func' op argument #0 has rank 4, more than the 3 TOSA 1.0 allows
func.func @block(%x: tensor<1x4x3x2xf32>) -> tensor<1x2x4x3xf32> {
  %q = quant.qcast %x : tensor<1x4x3x2xf32> to tensor<1x4x3x2x!q>
  %d = quant.dcast %q : tensor<1x4x3x2x!q> to tensor<1x4x3x2xf32>
  %t = tosa.transpose %d {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x3x2xf32>) -> tensor<1x2x4x3xf32>
  %s = tosa.add %t, %t : (tensor<1x2x4x3xf32>, tensor<1x2x4x3xf32>) -> tensor<1x2x4x3xf32>
  %q2 = quant.qcast %s : tensor<1x2x4x3xf32> to tensor<1x2x4x3x!quant.uniform<i8:f32, 0.3:1>>
  %d2 = quant.dcast %q2 : tensor<1x2x4x3x!quant.uniform<i8:f32, 0.3:1>> to tensor<1x2x4x3xf32>
  return %d2 : tensor<1x2x4x3xf32>
}

// HELP: --qtosa-annotate
// HELP-NEXT: --config=<string> {{ *}}- [[CONFIG:.+]]{{$}}
// HELP-NEXT: --sharing=<value> {{ *}}- [[SHARING:.+]]{{$}}
// HELP: --qtosa-calibrate
// HELP-NEXT: --function=<string> {{ *}}- [[FUNCTION:.+]]{{$}}
// HELP-NEXT: --samples=<string> {{ *}}- [[SAMPLES:.+]]{{$}}
// HELP: --qtosa-ethosu-partition
// HELP: --remarks {{ *}}- [[REMARKS:[^(]+]]{{$}}
// HELP: --target=<value> {{ *}}- [[TARGET:[^(]+]]{{$}}
// HELP: --qtosa-fold-quantized-constants
// HELP-NEXT: --force {{ *}}- [[FORCE:[^(]+]]{{$}}
// HELP: --qtosa-import-qdq
// HELP-NEXT: --max-rank=<uint> {{ *}}- [[MAXRANK:.+]]{{$}}
// HELP: --qtosa-share-qspecs
// HELP-NEXT: --duplicate-dequantize {{ *}}- [[DUPLICATE:[^(]+]]{{$}}
// HELP-NEXT: --mismatch-policy=<value> {{ *}}- [[POLICY:[^(]+]]{{$}}
// HELP: Pass Pipelines:
// HELP: --qtosa-ethosu-pipeline
// HELP: --duplicate-dequantize {{ *}}- [[DUPLICATE]] (default: false)
// HELP: --force {{ *}}- [[FORCE]] (default: false)
// HELP: --io=<value>
// HELP-SAME: (default: host)
// HELP: --max-rank=<uint> {{ *}}- [[MAXRANK]] (default: 6)
// HELP: --mismatch-policy=<value> {{ *}}- [[POLICY]] (default: rescale)
// HELP: --remarks {{ *}}- [[REMARKS]] (default: true)
// HELP: --report-file=<string>
// HELP-SAME: (default: none)
// HELP: --rounding=<value>
// HELP-SAME: (default: auto)
// HELP: --target=<value> {{ *}}- [[TARGET]] (default: ethos-u55-128)
// HELP: --tosa-dir=<string>
// HELP-SAME: (default: none)
// HELP: --qtosa-lower-pipeline
// HELP: --max-rank=<uint> {{ *}}- [[MAXRANK]] (default: 6)
// HELP: --qtosa-quantize-pipeline
// HELP-NEXT: --config=<string> {{ *}}- [[CONFIG]] (default: none)
// HELP-NEXT: --function=<string> {{ *}}- [[FUNCTION]] (default: none)
// HELP-NEXT: --samples=<string> {{ *}}- [[SAMPLES]] (default: none)
// HELP-NEXT: --sharing=<value> {{ *}}- [[SHARING]] (default: op-semantics)
