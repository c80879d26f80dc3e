// qtosa-ethosu-legalize's convolution form of a 2x bilinear resize equals
// the resize bit for bit: at the i32 (i48) accumulator against TOSA 1.0's
// definition of the resize computed in numpy, on qtosa's engine and on the
// TOSA reference model (.tosa of both forms), for half-pixel (offset -1,
// and the lowering's repeated first row and column with offset 3), TF1's
// legacy sampling and align_corners (n to 2n - 1), by 2, 4, 8 and 4 x 2,
// inputs from 1x1 to 5x3 over the whole i8 and i16 range
// (negative values and the borders included); and after the rescale for
// QDQ resizes lowered by qtosa-lower-to-tosa-int (nonzero zero points).
// The script fails if the pass leaves a bilinear resize.
// REQUIRES: tools, qtosa-python
// RUN: %tools_python %S/Inputs/bilinear_as_convolution.py \
// RUN:   | FileCheck %s --implicit-check-not=DIFFERS

// CHECK: accumulators i8 -> i32: 35 cases x 4 inputs
// CHECK: accumulators i16 -> i48: 35 cases x 4 inputs
// CHECK: lowered i8 -> i8: 4 cases x 4 inputs
// CHECK: SUMMARY compared 296 outputs: all equal
