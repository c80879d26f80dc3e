// RUN: qtosa-translate --export-tosa-flatbuffer --split-input-file --verify-diagnostics %s -o /dev/null

// What the format cannot hold is an error at the op at fault.

func.func @other_dialect(%x: tensor<2xi32>) -> tensor<2xi32> {
  // expected-error @below {{cannot write 'arith.constant' to a TOSA 1.0 flatbuffer: it holds TOSA operators only}}
  %c = arith.constant dense<1> : tensor<2xi32>
  %0 = tosa.add %x, %c : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// expected-error @below {{cannot write argument #0 of type 'tensor<?x2xi32>' as TOSA 1.0: the flatbuffer holds static shapes only}}
func.func @dynamic(%x: tensor<?x2xi32>) -> tensor<?x2xi32> {
  %0 = tosa.add %x, %x : (tensor<?x2xi32>, tensor<?x2xi32>) -> tensor<?x2xi32>
  return %0 : tensor<?x2xi32>
}

// -----

func.func @no_dtype(%x: tensor<2xi32>) -> tensor<2xi64> {
  // expected-error @below {{cannot write result #0 of 'tosa.cast' of type 'tensor<2xi64>': TOSA 1.0 has no element type 'i64'}}
  %0 = tosa.cast %x : (tensor<2xi32>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

func.func @dynamic_result(%x: tensor<2xi32>) -> tensor<?xi32> {
  %s = tosa.const_shape {values = dense<2> : tensor<1xindex>} : () -> !tosa.shape<1>
  // expected-error @below {{cannot write result #0 of 'tosa.reshape' of type 'tensor<?xi32>' as TOSA 1.0: the flatbuffer holds static shapes only}}
  %0 = tosa.reshape %x, %s : (tensor<2xi32>, !tosa.shape<1>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}

// -----

func.func @shape_arithmetic() -> !tosa.shape<2> {
  %a = tosa.const_shape {values = dense<[1, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-error @below {{'tosa.add_shape' has no TOSA 1.0 flatbuffer operator}}
  %0 = tosa.add_shape %a, %a : (!tosa.shape<2>, !tosa.shape<2>) -> !tosa.shape<2>
  return %0 : !tosa.shape<2>
}

// -----

func.func @outer_value(%cond: tensor<i1>, %x: tensor<2xi32>, %y: tensor<2xi32>) -> tensor<2xi32> {
  %0 = tosa.cond_if %cond (%a = %x) : tensor<i1> (tensor<2xi32>) -> tensor<2xi32> {
  ^bb0(%a: tensor<2xi32>):
    // expected-error @below {{cannot write 'tosa.add' to a TOSA 1.0 flatbuffer: operand #1 is defined outside its block, and a TOSA block reads only its own inputs}}
    %1 = tosa.add %a, %y : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
    tosa.yield %1 : tensor<2xi32>
  } else {
  ^bb0(%a: tensor<2xi32>):
    tosa.yield %a : tensor<2xi32>
  }
  return %0 : tensor<2xi32>
}

// -----

// expected-error @below {{a TOSA 1.0 flatbuffer holds one function; this 'builtin.module' holds 2 with a body}}
module {
  // expected-note @below {{function 'one'}}
  func.func @one(%x: tensor<2xi32>) -> tensor<2xi32> {
    return %x : tensor<2xi32>
  }
  // expected-note @below {{function 'two'}}
  func.func @two(%x: tensor<2xi32>) -> tensor<2xi32> {
    return %x : tensor<2xi32>
  }
}

// -----

// A declaration is no graph (issue #31: "holds one function; this holds 2"
// for a model with one host call): the call is what TOSA cannot hold.
module {
  func.func private @tflite.SVDF(tensor<2xi32>) -> tensor<2xi32>
  func.func @host_call(%x: tensor<2xi32>) -> tensor<2xi32> {
    // expected-error @below {{cannot write 'func.call' to a TOSA 1.0 flatbuffer: it holds TOSA operators only}}
    %0 = func.call @tflite.SVDF(%x) : (tensor<2xi32>) -> tensor<2xi32>
    return %0 : tensor<2xi32>
  }
}

// -----

module {
  // expected-error @below {{cannot write variable @state of type 'tensor<?x2xi32>' as TOSA 1.0: the flatbuffer holds static shapes only}}
  tosa.variable @state : tensor<?x2xi32>
  func.func @reads(%x: tensor<2xi32>) -> tensor<2xi32> {
    return %x : tensor<2xi32>
  }
}

// -----

module {
  tosa.variable @state = dense<0> : tensor<2xi32>
  func.func @write_in_region(%c: tensor<i1>, %x: tensor<2xi32>) -> tensor<2xi32> {
    %0 = tosa.cond_if %c (%a = %x) : tensor<i1> (tensor<2xi32>) -> tensor<2xi32> {
    ^bb0(%a: tensor<2xi32>):
      // expected-error @below {{cannot write 'tosa.variable_write' to a TOSA 1.0 flatbuffer: operand #0 is defined outside its block, and a TOSA block reads only its own inputs}}
      tosa.variable_write @state, %x : tensor<2xi32>
      tosa.yield %a : tensor<2xi32>
    } else {
    ^bb0(%a: tensor<2xi32>):
      tosa.yield %a : tensor<2xi32>
    }
    return %0 : tensor<2xi32>
  }
}

// -----

module {
  // expected-error @below {{cannot write 'tosa.const' to a TOSA 1.0 flatbuffer: the module may hold one function and tosa.variable ops only}}
  %c = "tosa.const"() <{values = dense<0> : tensor<2xi32>}> : () -> tensor<2xi32>
  tosa.variable @state = dense<0> : tensor<2xi32>
  func.func @reads(%x: tensor<2xi32>) -> tensor<2xi32> {
    return %x : tensor<2xi32>
  }
}

// -----

func.func @two_delegates(%x: tensor<2xi8>) -> tensor<2xi8> attributes {} {
  %0 = qtosa.delegate "ethos-u55-128"(%x) : (tensor<2xi8>) -> tensor<2xi8> {
  ^bb0(%a: tensor<2xi8>):
    qtosa.yield %a : tensor<2xi8>
  }
  %1 = qtosa.delegate "ethos-u55-128"(%0) : (tensor<2xi8>) -> tensor<2xi8> {
  ^bb0(%a: tensor<2xi8>):
    qtosa.yield %a : tensor<2xi8>
  }
  return %1 : tensor<2xi8>
}
// expected-error @-11 {{'two_delegates' holds 2 qtosa.delegate regions; qtosa-export-delegates writes one file per delegate}}
