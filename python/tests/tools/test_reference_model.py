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
