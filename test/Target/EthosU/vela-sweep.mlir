// Every delegate qtosa writes for the bundled example, the Ethos-U lit
// inputs, the probes (Inputs/) and ../shared/corpus (TFLite and TOSA MLIR), for both
// targets, compiled by Vela 5.2: none may be rejected. On both targets each
// delegate's .tosa is also run by the TOSA reference model on its inputs as
// the integer program computes them (the partitioned module on qtosa's
// engine, on one random program input: qtosa-expose-delegate-values),
// and must give the program's outputs bit for bit ("reference"); where the
// program cannot run on the engine (a host call to a TFLite operator), the
// .tosa imported back runs on qtosa's engine on random inputs instead
// ("reimported").
//
// No delegate differs: the bilinear resize probes, which did by hundreds
// of steps while qtosa's engine ran their negative offsets through MLIR
// 22's truncating TOSA -> Linalg lowering, agree since the engine runs
// qtosa-nonnegative-resize-offsets first.
// Not run again in the sanitizer build: it re-runs other tests' inputs.
// UNSUPPORTED: sanitizers
// REQUIRES: tools, qtosa-python, corpus
// RUN: %tools_python %S/Inputs/vela_sweep.py --reference \
// RUN:   %qtosa_src/examples/convnext_block_qdq.mlir %S \
// RUN:   %corpus/tflite %corpus/tosa \
// RUN:   | FileCheck %s --implicit-check-not=VELA-REJECTED --implicit-check-not=REFERENCE-ERROR --implicit-check-not=REFERENCE-DIFFERS

// CHECK: SUMMARY cases={{[0-9]+}} refused={{[0-9]+}} delegates=[[N:[0-9]+]] compiled=[[N]] rejected=0 reference={{[1-9][0-9]+}} reimported={{[0-9]+}} unpredictable={{[0-9]+}} unexecutable={{[0-9]+}} differs=0
