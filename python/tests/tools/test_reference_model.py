"""The TOSA reference model runs the example's delegate as qtosa's engine
runs the integer graph: bit-identical outputs."""
import numpy as np
import pytest

import qtosa
import qtosa.reference


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_delegate_equals_qtosa_run_on_the_integer_graph(convnext_module,
                                                        seed):
    integer = convnext_module.clone()
    integer.run("qtosa-lower-pipeline{io=int}")
    partitioned = convnext_module.clone()
    qtosa.partition(partitioned, "ethos-u55-128")
    (delegate,) = partitioned.delegates()
    x = np.random.default_rng(seed).integers(-128, 128, (1, 8, 8, 4),
                                             dtype=np.int8)
    (ours,) = qtosa.execute(integer, [x], function="convnext_block")
    (spec,) = qtosa.reference.run(delegate["flatbuffer"], [x])
    assert spec.dtype == np.int8 and spec.shape == (1, 8, 8, 4)
    np.testing.assert_array_equal(ours, spec)
    assert len(np.unique(spec)) > 10  # not a saturated constant


def test_wrong_input_is_an_error(convnext_module):
    partitioned = convnext_module.clone()
    qtosa.partition(partitioned, "ethos-u55-128")
    (delegate,) = partitioned.delegates()
    with pytest.raises(qtosa.Error, match=r"refuses the inputs "
                                          r"\(int16\[1, 8, 8, 4\]\)"):
        qtosa.reference.run(delegate["flatbuffer"],
                            [np.zeros((1, 8, 8, 4), np.int16)])


def test_unreadable_path_is_an_error(tmp_path):
    # FileNotFoundError and IsADirectoryError before.
    with pytest.raises(qtosa.Error, match="cannot read .*nope.tosa: No such"):
        qtosa.reference.run(tmp_path / "nope.tosa", [])
    with pytest.raises(qtosa.Error, match="Is a directory"):
        qtosa.reference.run(tmp_path, [])


@pytest.mark.parametrize("value", [None, np.array([object()])])
def test_non_numeric_input_is_an_error(convnext_module, value):
    # The worker's traceback was the error message before.
    partitioned = convnext_module.clone()
    qtosa.partition(partitioned, "ethos-u55-128")
    (delegate,) = partitioned.delegates()
    with pytest.raises(qtosa.Error, match="input #0 is a .*, not a numeric "
                                          "numpy array") as raised:
        qtosa.reference.run(delegate["flatbuffer"], [value])
    assert "Traceback" not in str(raised.value)


def test_each_delegate_equals_the_program_on_its_inputs():
    # Two Ethos-U55 delegates around a host op (U55 has no BITWISE_AND):
    # qtosa-expose-delegate-values returns each delegate's inputs and
    # outputs as the whole program computes them, and the reference model
    # on each exported .tosa, given those inputs, gives those outputs.
    module = qtosa.parse("""
func.func @main(%a: tensor<1x16xi32>) -> tensor<1x16xi32> {
  %0 = tosa.add %a, %a : (tensor<1x16xi32>, tensor<1x16xi32>) -> tensor<1x16xi32>
  %1 = tosa.bitwise_and %0, %a : (tensor<1x16xi32>, tensor<1x16xi32>) -> tensor<1x16xi32>
  %2 = tosa.sub %1, %a : (tensor<1x16xi32>, tensor<1x16xi32>) -> tensor<1x16xi32>
  return %2 : tensor<1x16xi32>
}""")
    report = qtosa.partition(module, "ethos-u55-128")
    assert report["ops_host"] == 1
    first, second = module.delegates()
    exposed = module.clone()
    exposed.run("qtosa-expose-delegate-values")
    a = np.random.default_rng(0).integers(-1000, 1000, (1, 16),
                                          dtype=np.int32)
    result, in_0, out_0, in_1a, in_1b, out_1 = qtosa.execute(exposed, [a])
    np.testing.assert_array_equal(in_0, a)
    np.testing.assert_array_equal(out_0, a + a)
    # The second delegate's inputs are the host's BITWISE_AND and a.
    assert {in_1a.tobytes(), in_1b.tobytes()} == {((a + a) & a).tobytes(),
                                                  a.tobytes()}
    np.testing.assert_array_equal(out_1, result)
    np.testing.assert_array_equal(result, ((a + a) & a) - a)
    (spec_0,) = qtosa.reference.run(first["flatbuffer"], [in_0])
    np.testing.assert_array_equal(spec_0, out_0)
    (spec_1,) = qtosa.reference.run(second["flatbuffer"], [in_1a, in_1b])
    np.testing.assert_array_equal(spec_1, out_1)
