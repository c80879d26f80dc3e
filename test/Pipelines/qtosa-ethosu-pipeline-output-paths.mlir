// Where the Ethos-U pipeline writes beside the IR (report-file, dot-file,
// tosa-dir): a write that fails is a located error like any path that
// cannot be opened, never LLVM's unlocated "IO failure on output stream"
// abort; paths that would clash are refused before anything is written; a
// set of delegate files is written whole or not at all (issue #31).
//
// A full disk (/dev/full), and a file of /proc that takes no write (EIO as
// root, EACCES otherwise); /dev/full itself stays (a failed write removes
// only a regular file it made):
// RUN: not qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{dot-file=/dev/full remarks=false})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DOTFULL
// DOTFULL: qtosa-ethosu-pipeline-output-paths.mlir:0:0: error: cannot write the partition graph to '/dev/full': No space left on device
// DOTFULL-NOT: LLVM ERROR
// RUN: not qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{report-file=/dev/full remarks=false})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REPORTFULL
// REPORTFULL: error: cannot write the partition report to '/dev/full': No space left on device
// REPORTFULL-NOT: LLVM ERROR
// RUN: test -c /dev/full
// RUN: not qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{report-file=/proc/version remarks=false})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PROC
// PROC: error: cannot write the partition report to '/proc/version': {{.+}}
// PROC-NOT: LLVM ERROR
//
// Clashing paths, refused before the partition writes anything:
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{report-file=out dot-file=./out remarks=false})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SAME
// SAME: error: report-file and dot-file both name './out': one would overwrite the other; give them different paths
// RUN: not ls %t/out
// RUN: not qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{dot-file=- remarks=false})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DOTSTDOUT
// DOTSTDOUT: error: dot-file=- is not supported: stdout carries the module; give the graph a path
// DOTSTDOUT-NOT: digraph
// Stdout by another name (the graph or report landed in the module, exit
// 0), and the file the module was read from (replaced by the report, exit 0):
// RUN: not qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{dot-file=/dev/stdout remarks=false})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEVSTDOUT
// DEVSTDOUT: error: dot-file=/dev/stdout is stdout, which carries the module; give the graph a file of its own
// DEVSTDOUT-NOT: digraph
// RUN: not qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{report-file=/proc/self/fd/1 remarks=false})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FDSTDOUT
// FDSTDOUT: error: report-file=/proc/self/fd/1 is stdout, which carries the module; give the report a file of its own
// RUN: cp %s %t/in.mlir
// RUN: not qtosa-opt %t/in.mlir --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{report-file=%t/./in.mlir remarks=false})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INPUT
// INPUT: error: report-file={{.*}}/./in.mlir is the file the module was read from, which writing it would replace; give it another path
// RUN: qtosa-opt %t/in.mlir -o /dev/null
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{report-file=/dev/null dot-file=%t/graph.dot remarks=false})' > /dev/null
// RUN: not qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{tosa-dir=- remarks=false})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DIRSTDOUT
// DIRSTDOUT: error: '-' is no directory to write the delegates to (tosa-dir=- or dir=-): they are files, not a stream; give a path
// RUN: not ls -d %t/-
//
// Two delegates (no share-qspecs), the first file's path taken by a
// directory: an error, and neither delegate_1.tosa nor delegates.json:
// RUN: mkdir -p %t/taken/delegate_0.tosa
// RUN: not qtosa-opt %qtosa_src/examples/convnext_block_qdq.mlir \
// RUN:   --pass-pipeline='builtin.module(qtosa-import-qdq,func.func(qtosa-canonicalize,qtosa-lower-to-tosa-int),qtosa-ethosu-partition{remarks=false},qtosa-export-delegates{dir=%t/taken})' \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=TAKEN
// TAKEN: error: cannot write '{{.*}}taken/delegate_0.tosa': Is a directory; no delegate file was written
// RUN: ls %t/taken | FileCheck %s --check-prefix=NOTHING --implicit-check-not=delegate_1 --implicit-check-not=delegates.json
// NOTHING: delegate_0.tosa

!q = !quant.uniform<i8:f32, 0.25:-3>
func.func @graph(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %q = quant.qcast %x : tensor<2x3xf32> to tensor<2x3x!q>
  %d = quant.dcast %q : tensor<2x3x!q> to tensor<2x3xf32>
  %t = tosa.transpose %d {perms = array<i32: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %q2 = quant.qcast %t : tensor<3x2xf32> to tensor<3x2x!q>
  %d2 = quant.dcast %q2 : tensor<3x2x!q> to tensor<3x2xf32>
  return %d2 : tensor<3x2xf32>
}
