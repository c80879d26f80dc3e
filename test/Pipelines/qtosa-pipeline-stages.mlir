// Each pipeline's summary in --help (its Pipelines.td) names the stages the
// pipeline runs, in order: the passes --dump-pass-pipeline lists with every
// optional stage switched on, against the summary's words (parentheses,
// commas, "then" and the "qtosa-" prefix dropped).
//
// DEFINE: %{pipeline} = qtosa-lower-pipeline
// DEFINE: %{options} = {}
// DEFINE: %{summary} = qtosa-opt --help | grep -e "--%{pipeline} " | sed 's/.*: //' \
// DEFINE:   | tr -d '(),' | tr ' ' '\n' | sed 's/^qtosa-//' | grep -v '^then$' | grep .
// DEFINE: %{stages} = qtosa-opt %s --pass-pipeline='builtin.module(%{pipeline}%{options})' \
// DEFINE:   --dump-pass-pipeline -o /dev/null 2>&1 | grep -o '^ *qtosa-[a-z-]*' | sed 's/^ *qtosa-//'
//
// REDEFINE: %{pipeline} = qtosa-lower-pipeline
// REDEFINE: %{options} = {io=int force=true}
// RUN: %{summary} > %t.lower.summary
// RUN: %{stages} > %t.lower.stages
// RUN: diff %t.lower.stages %t.lower.summary
// RUN: FileCheck %s --check-prefix=LOWER --input-file=%t.lower.stages
//
// REDEFINE: %{pipeline} = qtosa-ethosu-pipeline
// REDEFINE: %{options} = {io=int force=true tosa-dir=%t.tosa}
// RUN: %{summary} > %t.ethosu.summary
// RUN: %{stages} > %t.ethosu.stages
// RUN: diff %t.ethosu.stages %t.ethosu.summary
// RUN: FileCheck %s --check-prefix=ETHOSU --input-file=%t.ethosu.stages
//
// qtosa-ethosu-legalize runs for Ethos-U85 too (REDUCE_MAX over channels):
// REDEFINE: %{options} = {target=ethos-u85-256}
// RUN: %{stages} | FileCheck %s --check-prefix=ETHOSU85
//
// REDEFINE: %{pipeline} = qtosa-quantize-pipeline
// REDEFINE: %{options} = {}
// RUN: %{summary} > %t.quantize.summary
// RUN: %{stages} > %t.quantize.stages
// RUN: diff %t.quantize.stages %t.quantize.summary

// The comparison reads something: the full lists.
// LOWER: check-pipeline-input
// LOWER-NEXT: import-qdq
// LOWER-NEXT: inline-private-calls
// LOWER-NEXT: signed-storage
// LOWER-NEXT: share-qspecs
// LOWER-NEXT: integer-io
// LOWER-NEXT: fold-quantized-constants
// LOWER-NEXT: canonicalize
// LOWER-NEXT: lower-to-tosa-int
// LOWER-NEXT: inline-delegates
// LOWER-NEXT: verify-integer-tosa
// LOWER-NEXT: expand-qdq
// LOWER-EMPTY:
// ETHOSU: lower-to-tosa-int
// ETHOSU-NEXT: ethosu-legalize
// ETHOSU-NEXT: ethosu-partition
// ETHOSU-NEXT: export-delegates
// ETHOSU-NEXT: expand-qdq
// ETHOSU85: lower-to-tosa-int
// ETHOSU85-NEXT: ethosu-legalize
// ETHOSU85-NEXT: ethosu-partition

module {}
