// Every model of ../shared/corpus/tflite against TFLite Micro's reference
// kernels (../shared/corpus/tflite-reference): imported, lowered by
// qtosa-lower-pipeline{io=int rounding=double} (TFLite's rounding),
// compiled once in process by the Python package and run on the stored
// integer inputs of all three seeds; the stored integer outputs compared
// with TFLite's. Per model and seed: the
// largest difference in LSB, the exact share, and for classifiers ([1, N]
// output) whether the argmax agrees. Inputs/tflite-reference-expected.txt
// records each line as reviewed (docs/tflite-import.md, "Numerics against
// TFLite", explains the differences): doing worse than a recorded line
// fails the test; doing better asks for the file to be rewritten with
// `tflite_reference.py ... --write`.
//
// Carries the ctest label 'corpus' (it reads %corpus), so it is not run
// again in the sanitizer build, which has no Python package anyway.
//
// REQUIRES: corpus, qtosa-python
// RUN: %qtosa_python %S/Inputs/tflite_reference.py %corpus/tflite %corpus/tflite-reference %S/Inputs/tflite-reference-expected.txt > %t.txt
// RUN: FileCheck %s --input-file=%t.txt

// CHECK-NOT: REGRESSION
// CHECK-NOT: MISSING
// Convolutions, fully-connected layers, pooling, data movement, int16
// padding and quantize are exact on every seed.
// CHECK-DAG: {{^}}  CONV_2D: 22 model(s), 22 bit-exact, max 0 LSB
// CHECK-DAG: {{^}}  TRANSPOSE_CONV: 5 model(s), 5 bit-exact, max 0 LSB
// CHECK-DAG: {{^}}  STRIDED_SLICE: 34 model(s), 34 bit-exact, max 0 LSB
// CHECK-DAG: {{^}}  PAD: 19 model(s), 19 bit-exact, max 0 LSB
// CHECK-DAG: {{^}}  QUANTIZE: 2 model(s), 2 bit-exact, max 0 LSB
// CHECK-DAG: {{^}}  DEPTHWISE_CONV_2D FULLY_CONNECTED RESHAPE SOFTMAX: 1 model(s), 1 bit-exact, max 0 LSB
// TFLite's rounding (rounding=double) makes 17 of the 23 int16 LEAKY_RELU
// models exact (2 with SINGLE_ROUND), 14 of 17 ADD and 4 of 5 SUB (12, 4)
// until session 24; with the larger input widened by 2^14 as TFLite does,
// 17 of 17 ADD and 3 of 5 SUB (docs/tflite-import.md).
// CHECK-DAG: {{^}}  LEAKY_RELU: 23 model(s), 17 bit-exact, max 1 LSB
// CHECK-DAG: {{^}}  ADD: 17 model(s), 17 bit-exact, max 0 LSB
// CHECK-DAG: {{^}}  SUB: 5 model(s), 3 bit-exact, max 1 LSB
// The unrolled LSTMs: MNIST's (28 steps) exact; DTLN's two one-step LSTMs
// 2 LSB on seed 1 (TFLite's own int16 sigmoid/tanh tables; docs/tflite-import.md).
// CHECK-DAG: {{^}}  FULLY_CONNECTED RESHAPE SOFTMAX UNIDIRECTIONAL_SEQUENCE_LSTM: 1 model(s), 1 bit-exact, max 0 LSB
// CHECK-DAG: {{^}}  FULLY_CONNECTED LOGISTIC UNIDIRECTIONAL_SEQUENCE_LSTM: 1 model(s), 0 bit-exact, max 2 LSB
// CHECK: tflite-reference: 133 models: 132 run on seeds 1,2,3, 1 skipped (host calls), 0 failed; {{[0-9]+}} bit-exact on every seed; largest difference {{[0-9]+}} LSB; {{.+}}; classifier argmax agrees 9 of 9
