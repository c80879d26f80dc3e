// Bad .tosa files: each is refused with a diagnostic located in the file
// (FILE:0:OFFSET, the byte offset of the table at fault) and a non-zero
// exit, never a crash (`not` fails on a crash).
// RUN: rm -rf %t && %python %S/Inputs/make_bad_tosa.py %qtosa_src/lib/Target/TosaFlatbuffer/tosa.fbs %t
// RUN: qtosa-translate --import-tosa-flatbuffer %t/good.tosa | FileCheck %s --check-prefix=GOOD
// GOOD: func.func @graph(%arg0: tensor<2xi8>) -> tensor<2xi8>
// GOOD:   %[[C:.*]] = "tosa.const"() <{values = dense<[1, -1]> : tensor<2xi8>}>
// GOOD:   tosa.add %arg0, %[[C]]

// RUN: not qtosa-translate --import-tosa-flatbuffer %t/truncated.tosa 2>&1 | FileCheck %s --check-prefix=TRUNCATED
// TRUNCATED: truncated.tosa:0:0: error: is not a well-formed TOSA flatbuffer (truncated or corrupt): the FlatBuffers verifier rejects it
// RUN: not qtosa-translate --import-tosa-flatbuffer %t/tiny.tosa 2>&1 | FileCheck %s --check-prefix=TINY
// TINY: tiny.tosa:0:0: error: is 6 bytes long, too short for a TOSA flatbuffer
// RUN: not qtosa-translate --import-tosa-flatbuffer %t/identifier.tosa 2>&1 | FileCheck %s --check-prefix=IDENTIFIER
// IDENTIFIER: identifier.tosa:0:0: error: has the file identifier 'TFL3' where a TOSA flatbuffer has 'TOSA'

// RUN: not qtosa-translate --import-tosa-flatbuffer %t/version2.tosa 2>&1 | FileCheck %s --check-prefix=VERSION2
// VERSION2: version2.tosa:0:{{[0-9]+}}: error: is TOSA version 2.0.0; this reader takes TOSA 1.x
// RUN: not qtosa-translate --import-tosa-flatbuffer %t/version-missing.tosa 2>&1 | FileCheck %s --check-prefix=VERSION-MISSING
// VERSION-MISSING: error: is TOSA version -1.-1.-1; this reader takes TOSA 1.x

// RUN: not qtosa-translate --import-tosa-flatbuffer %t/unresolved-input.tosa 2>&1 | FileCheck %s --check-prefix=UNRESOLVED-INPUT
// UNRESOLVED-INPUT: unresolved-input.tosa:0:{{[0-9]+}}: error: operator #1 (ADD) in block 'graph': the input 'nowhere' names no tensor of block 'graph'
// RUN: not qtosa-translate --import-tosa-flatbuffer %t/unresolved-output.tosa 2>&1 | FileCheck %s --check-prefix=UNRESOLVED-OUTPUT
// UNRESOLVED-OUTPUT: error: the block output 'nowhere' is not written in block 'graph'
// RUN: not qtosa-translate --import-tosa-flatbuffer %t/unresolved-block-input.tosa 2>&1 | FileCheck %s --check-prefix=UNRESOLVED-BLOCK-INPUT
// UNRESOLVED-BLOCK-INPUT: error: the block input 'nowhere' names no tensor of block 'graph'
// RUN: not qtosa-translate --import-tosa-flatbuffer %t/duplicate-tensor.tosa 2>&1 | FileCheck %s --check-prefix=DUPLICATE
// DUPLICATE: error: two tensors in block 'graph' are named 'a'
// RUN: not qtosa-translate --import-tosa-flatbuffer %t/missing-region.tosa 2>&1 | FileCheck %s --check-prefix=MISSING-REGION
// MISSING-REGION: error: names the region 'nowhere', which the file does not hold
// RUN: not qtosa-translate --import-tosa-flatbuffer %t/recursive-region.tosa 2>&1 | FileCheck %s --check-prefix=RECURSIVE-REGION
// RECURSIVE-REGION: error: names the region 'main', which another operator (or an enclosing one) already uses
// RUN: not qtosa-translate --import-tosa-flatbuffer %t/no-regions.tosa 2>&1 | FileCheck %s --check-prefix=NO-REGIONS
// NO-REGIONS: error: holds no region

// RUN: not qtosa-translate --import-tosa-flatbuffer %t/unknown-op.tosa 2>&1 | FileCheck %s --check-prefix=UNKNOWN-OP
// UNKNOWN-OP: error: operator #1 (250) in block 'graph' is not a TOSA 1.0 operator
// RUN: not qtosa-translate --import-tosa-flatbuffer %t/shape-output.tosa 2>&1 | FileCheck %s --check-prefix=SHAPE-OUTPUT
// SHAPE-OUTPUT: error: operator #1 (ADD) in block 'graph' writes a shape; only CONST_SHAPE does in TOSA 1.0
// RUN: not qtosa-translate --import-tosa-flatbuffer %t/shape-collision.tosa 2>&1 | FileCheck %s --check-prefix=SHAPE-COLLISION
// SHAPE-COLLISION: error: two tensors or shapes in block 'graph' are named 'c'
// RUN: not qtosa-translate --import-tosa-flatbuffer %t/shape-data.tosa 2>&1 | FileCheck %s --check-prefix=SHAPE-DATA
// SHAPE-DATA: error: the data of shape 's' in block 'graph' {{.*}}
// RUN: not qtosa-translate --import-tosa-flatbuffer %t/arity.tosa 2>&1 | FileCheck %s --check-prefix=ARITY
// ARITY: error: operator #1 (ADD) in block 'graph' has 1 input(s) and 1 output(s); ADD takes 2 and gives 1
// RUN: not qtosa-translate --import-tosa-flatbuffer %t/wrong-attribute.tosa 2>&1 | FileCheck %s --check-prefix=WRONG-ATTRIBUTE
// WRONG-ATTRIBUTE: error: operator #1 (ADD) in block 'graph' carries a ConcatAttribute table where AddAttribute belongs
// RUN: not qtosa-translate --import-tosa-flatbuffer %t/unknown-attribute.tosa 2>&1 | FileCheck %s --check-prefix=UNKNOWN-ATTRIBUTE
// UNKNOWN-ATTRIBUTE: error: operator #1 (ADD) in block 'graph' carries a 200 table where AddAttribute belongs
// RUN: not qtosa-translate --import-tosa-flatbuffer %t/missing-attribute.tosa 2>&1 | FileCheck %s --check-prefix=MISSING-ATTRIBUTE
// MISSING-ATTRIBUTE: error: operator #1 (CONCAT) in block 'graph' has no ConcatAttribute table

// RUN: not qtosa-translate --import-tosa-flatbuffer %t/data-size.tosa 2>&1 | FileCheck %s --check-prefix=DATA-SIZE
// DATA-SIZE: error: the data of tensor 'c' in block 'graph' holds 3 data bytes where 2 elements take 2
// RUN: qtosa-translate --import-tosa-flatbuffer %t/data-repeated.tosa | FileCheck %s --check-prefix=DATA-REPEATED
// DATA-REPEATED: "tosa.const"() <{values = dense<[1, -1]> : tensor<2xi8>}>
// RUN: not qtosa-translate --import-tosa-flatbuffer %t/data-repeated-differs.tosa 2>&1 | FileCheck %s --check-prefix=DATA-REPEATED-DIFFERS
// DATA-REPEATED-DIFFERS: error: the data of tensor 'c' in block 'graph' holds 4 data bytes where 2 elements take 2 (a multiple, read only when it repeats them)
// A shape whose byte count overflows 64 bits (and no data).
// RUN: not qtosa-translate --import-tosa-flatbuffer %t/huge-data.tosa 2>&1 | FileCheck %s --check-prefix=HUGE-DATA
// HUGE-DATA: error: the data of tensor 'c' in block 'graph' has more data bytes than 64 bits count
// RUN: not qtosa-translate --import-tosa-flatbuffer %t/data-bool.tosa 2>&1 | FileCheck %s --check-prefix=DATA-BOOL
// DATA-BOOL: error: the data of tensor 'c' in block 'graph' holds the byte 2 in BOOL data (only 0 and 1 are booleans)
// RUN: not qtosa-translate --import-tosa-flatbuffer %t/unknown-dtype.tosa 2>&1 | FileCheck %s --check-prefix=UNKNOWN-DTYPE
// UNKNOWN-DTYPE: error: tensor 'a' in block 'graph' has the unknown type 99
// RUN: not qtosa-translate --import-tosa-flatbuffer %t/negative-dim.tosa 2>&1 | FileCheck %s --check-prefix=NEGATIVE-DIM
// NEGATIVE-DIM: error: tensor 'a' in block 'graph' has the dimension -2

// The MLIR verifier's verdict on an op the file describes is reported at
// the operator's table, and the module is dropped.
// RUN: not qtosa-translate --import-tosa-flatbuffer %t/verifier.tosa 2>&1 | FileCheck %s --check-prefix=VERIFIER
// VERIFIER: verifier.tosa:0:{{[0-9]+}}: error: 'tosa.add' op requires the same element type for all operands and results

// Variables. The TOSA MLIR translator's layout (IDENTITY from and into a
// tensor with `variable` set) and the format's own VARIABLE operators read
// alike; a variable tensor without variable_name is named after itself.
// RUN: qtosa-translate --import-tosa-flatbuffer %t/var-good.tosa | FileCheck %s --check-prefix=VAR-GOOD
// RUN: qtosa-translate --import-tosa-flatbuffer %t/var-opcodes.tosa | FileCheck %s --check-prefix=VAR-GOOD
// VAR-GOOD:      tosa.variable @acc = dense<[1, 2]> : tensor<2xi8>
// VAR-GOOD-NEXT: func.func @graph(%arg0: tensor<2xi8>) -> tensor<2xi8>
// VAR-GOOD-NEXT:   %[[READ:.*]] = tosa.variable_read @acc : tensor<2xi8>
// VAR-GOOD-NEXT:   %[[SUM:.*]] = tosa.add %arg0, %[[READ]]
// VAR-GOOD-NEXT:   tosa.variable_write @acc, %[[SUM]] : tensor<2xi8>
// VAR-GOOD-NEXT:   return %[[SUM]]
// RUN: qtosa-translate --import-tosa-flatbuffer %t/var-no-name.tosa | FileCheck %s --check-prefix=VAR-NO-NAME
// VAR-NO-NAME: tosa.variable @v = dense<[1, 2]> : tensor<2xi8>

// RUN: not qtosa-translate --import-tosa-flatbuffer %t/var-read-undeclared.tosa 2>&1 | FileCheck %s --check-prefix=VAR-READ-UNDECLARED
// VAR-READ-UNDECLARED: var-read-undeclared.tosa:0:{{[0-9]+}}: error: operator #1 (VARIABLE_READ) in block 'graph' reads 'a', which declares no variable (not a tensor with `variable` set)
// RUN: not qtosa-translate --import-tosa-flatbuffer %t/var-duplicate.tosa 2>&1 | FileCheck %s --check-prefix=VAR-DUPLICATE
// VAR-DUPLICATE: var-duplicate.tosa:0:{{[0-9]+}}: error: two tensors in block 'graph' declare the variable 'acc'
// RUN: not qtosa-translate --import-tosa-flatbuffer %t/var-function-name.tosa 2>&1 | FileCheck %s --check-prefix=VAR-FUNCTION-NAME
// VAR-FUNCTION-NAME: error: the variable 'graph' in block 'graph' has the name of the graph's function
// RUN: not qtosa-translate --import-tosa-flatbuffer %t/var-region-type.tosa 2>&1 | FileCheck %s --check-prefix=VAR-REGION-TYPE
// VAR-REGION-TYPE: var-region-type.tosa:0:{{[0-9]+}}: error: tensor 'v' in block 'then' declares the variable 'acc' again with another type or shape than the declaration at byte {{[0-9]+}}
// RUN: not qtosa-translate --import-tosa-flatbuffer %t/var-read-type.tosa 2>&1 | FileCheck %s --check-prefix=VAR-READ-TYPE
// VAR-READ-TYPE: error: operator #0 (IDENTITY) in block 'graph' reads the variable 'acc' of type 'tensor<2xi8>' into a tensor of type 'tensor<2xi16>'
// RUN: not qtosa-translate --import-tosa-flatbuffer %t/var-write-type.tosa 2>&1 | FileCheck %s --check-prefix=VAR-WRITE-TYPE
// VAR-WRITE-TYPE: error: operator #2 (IDENTITY) in block 'graph' writes a tensor of type 'tensor<3xi8>' into the variable 'acc' of type 'tensor<2xi8>'
// RUN: not qtosa-translate --import-tosa-flatbuffer %t/var-initial-size.tosa 2>&1 | FileCheck %s --check-prefix=VAR-INITIAL-SIZE
// VAR-INITIAL-SIZE: error: the initial value of the variable 'acc' in block 'graph' holds 3 data bytes where 2 elements take 2
// RUN: not qtosa-translate --import-tosa-flatbuffer %t/var-as-operand.tosa 2>&1 | FileCheck %s --check-prefix=VAR-AS-OPERAND
// VAR-AS-OPERAND: error: tensor 'v' in block 'graph' is the variable 'acc': only IDENTITY, VARIABLE_READ and VARIABLE_WRITE may read or write it
// RUN: not qtosa-translate --import-tosa-flatbuffer %t/var-copy.tosa 2>&1 | FileCheck %s --check-prefix=VAR-COPY
// VAR-COPY: error: operator #2 (IDENTITY) in block 'graph' copies a variable into a variable
// RUN: not qtosa-translate --import-tosa-flatbuffer %t/var-wrong-attribute.tosa 2>&1 | FileCheck %s --check-prefix=VAR-WRONG-ATTRIBUTE
// VAR-WRONG-ATTRIBUTE: error: operator #0 (IDENTITY) in block 'graph' carries a ConcatAttribute table where IdentityAttribute belongs
