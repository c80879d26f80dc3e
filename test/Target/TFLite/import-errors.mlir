// Files the importer cannot take: each is a located error (the file, with
// the tensor or operator index in the message, or the operator's location)
// and exit code 1, never a crash.
//
// RUN: rm -rf %t && %python %S/Inputs/tflite_models.py %qtosa_src/lib/Target/TFLite/tflite.fbs %t
// RUN: not qtosa-translate --import-tflite %t/empty.tflite 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not qtosa-translate --import-tflite %t/truncated.tflite 2>&1 | FileCheck %s --check-prefix=TRUNC
// RUN: not qtosa-translate --import-tflite %t/bad_root.tflite 2>&1 | FileCheck %s --check-prefix=TRUNC
// RUN: not qtosa-translate --import-tflite %t/wrong_identifier.tflite 2>&1 | FileCheck %s --check-prefix=IDENT
// RUN: not qtosa-translate --import-tflite %t/bad_version.tflite 2>&1 | FileCheck %s --check-prefix=VERSION
// RUN: not qtosa-translate --import-tflite %t/bad_buffer_index.tflite 2>&1 | FileCheck %s --check-prefix=BUFINDEX
// RUN: not qtosa-translate --import-tflite %t/bad_tensor_index.tflite 2>&1 | FileCheck %s --check-prefix=TENSORINDEX
// RUN: not qtosa-translate --import-tflite %t/bad_opcode_index.tflite 2>&1 | FileCheck %s --check-prefix=OPCODE
// RUN: not qtosa-translate --import-tflite %t/bad_buffer_size.tflite 2>&1 | FileCheck %s --check-prefix=BUFSIZE
// RUN: not qtosa-translate --import-tflite %t/zero_scale.tflite 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not qtosa-translate --import-tflite %t/negative_scale.tflite 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not qtosa-translate --import-tflite %t/nan_scale.tflite 2>&1 | FileCheck %s --check-prefix=NAN
// RUN: not qtosa-translate --import-tflite %t/per_axis_length.tflite 2>&1 | FileCheck %s --check-prefix=AXIS
// RUN: not qtosa-translate --import-tflite %t/zero_point_range.tflite 2>&1 | FileCheck %s --check-prefix=ZP
// RUN: not qtosa-translate --import-tflite %t/dynamic_shape.tflite 2>&1 | FileCheck %s --check-prefix=DYNAMIC
// RUN: not qtosa-translate --import-tflite %t/dynamic_unresolved_shape.tflite 2>&1 | FileCheck %s --check-prefix=DYNAMIC-UNRESOLVED
// RUN: not qtosa-translate --import-tflite %t/while_loop.tflite 2>&1 | FileCheck %s --check-prefix=WHILE
// RUN: not qtosa-translate --import-tflite %t/if_branches.tflite 2>&1 | FileCheck %s --check-prefix=IF
// RUN: not qtosa-translate --import-tflite %t/int64_bias_range.tflite 2>&1 | FileCheck %s --check-prefix=I48
// RUN: not qtosa-translate --import-tflite %t/shape_mismatch.tflite 2>&1 | FileCheck %s --check-prefix=SHAPE
// RUN: not qtosa-translate --import-tflite %t/depth_to_space_shapes.tflite 2>&1 | FileCheck %s --check-prefix=D2S
// RUN: not qtosa-translate --import-tflite %t/read_before_write.tflite 2>&1 | FileCheck %s --check-prefix=UNWRITTEN
// An LSTM over 0 time steps was an error here until session 32; like every
// operator with a tensor of no elements it is now a host call saying why.
// RUN: qtosa-translate --import-tflite %t/lstm_zero_steps.tflite -o /dev/null 2>&1 | FileCheck %s --check-prefix=LSTM-STEPS
// RUN: not qtosa-translate --import-tflite %t/lstm_recurrent_shape.tflite 2>&1 | FileCheck %s --check-prefix=LSTM-SHAPE
// RUN: not qtosa-translate --import-tflite %t/tanh_shape_mismatch.tflite 2>&1 | FileCheck %s --check-prefix=VERIFIER

// EMPTY: empty.tflite:0:0: error: not a TFLite model: 0 bytes is too short for a flatbuffer
// TRUNC: .tflite:0:0: error: not a valid TFLite flatbuffer: the FlatBuffers verifier rejects it (truncated or corrupt)
// IDENT: wrong_identifier.tflite:0:0: error: not a TFLite model: the file identifier is not 'TFL3'
// VERSION: bad_version.tflite:0:0: error: unsupported TFLite schema version 2 (expected 3)
// BUFINDEX: bad_buffer_index.tflite:0:0: error: tensor 0 ('input') of subgraph 0: buffer index 42 is out of range (the model has 1 buffers)
// TENSORINDEX: bad_tensor_index.tflite:0:0: error: operator 0's input names tensor 99, but subgraph 0 has 2 tensors
// OPCODE: bad_opcode_index.tflite:0:0: error: operator 0 has opcode index 5, but the model has 1 operator codes
// BUFSIZE: bad_buffer_size.tflite:0:0: error: tensor 2 ('w') of subgraph 0: buffer 1 holds 5 bytes, but shape and type need 6
// ZERO: error: tensor 1 ('output') of subgraph 0: scale 0 is 0.000000e+00; scales must be finite and at least 2^-126
// NEG: error: tensor 1 ('output') of subgraph 0: scale 0 is -5.000000e-01; scales must be finite and at least 2^-126
// NAN: error: tensor 1 ('output') of subgraph 0: scale 0 is nan; scales must be finite and at least 2^-126
// AXIS: error: tensor 1 ('w') of subgraph 0: 2 per-axis scales for dimension 0 of size 3
// ZP: error: tensor 1 ('output') of subgraph 0: zero point 300 is outside the storage range [-128, 127]
// DYNAMIC: error: tensor 0 ('input') of subgraph 0: dynamic shape: shape_signature dimension 1 is -1; only the batch dimension may be dynamic (give the input a fixed size when converting)
// DYNAMIC-UNRESOLVED: error: tensor 1 ('output') of subgraph 0: dynamic shape: shape_signature dimension 1 is -1, a size TensorFlow's converter left to run time, and its operator's size is not computed here; convert with a fixed batch, e.g. keras.Input(shape, batch_size=1)
// WHILE: while_loop.tflite:1:0: error: WHILE: control flow between subgraphs is not supported; the importer takes subgraphs that run on their own
// IF: if_branches.tflite:1:0: error: IF: control flow between subgraphs is not supported; the importer takes subgraphs that run on their own
// I48: error: tensor 2 ('b') of subgraph 0: INT64 value 1125899906842624 at element 0 does not fit the 48-bit accumulator
// SHAPE: shape_mismatch.tflite:0:0: error: RELU: output tensor 1 ('output') is declared tensor<1x5xf32>, but the operator computes tensor<1x4xf32>
// D2S: depth_to_space_shapes.tflite:0:0: error: DEPTH_TO_SPACE: shapes [1, 2, 3, 8] and [1, 4, 6, 4] are not related by one block size
// UNWRITTEN: read_before_write.tflite:1:0: error: RELU: tensor 2 ('never_written') is read before any operator writes it
// LSTM-STEPS: lstm_zero_steps.tflite:0:0: remark: UNIDIRECTIONAL_SEQUENCE_LSTM is imported as a call of @tflite.UNIDIRECTIONAL_SEQUENCE_LSTM that runs on the host: input tensor 0 ('input') has no elements: TOSA has no empty tensors
// A TOSA verifier's error gets a note naming the TFLite operator the line
// and column stand for.
// VERIFIER: tanh_shape_mismatch.tflite:0:0: error: 'tosa.tanh' op requires the same shape for all operands and results
// VERIFIER: tanh_shape_mismatch.tflite:0:0: note: imported from operator #0 (TANH) of subgraph 0, whose tensors' shapes or types are not what the operator computes: the model is invalid
// LSTM-SHAPE: lstm_recurrent_shape.tflite:0:0: error: UNIDIRECTIONAL_SEQUENCE_LSTM: gate 0: weights must be [2, 4], recurrent weights [2, 2] and the bias 2 values
