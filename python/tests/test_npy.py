"""qtosa-run's .npy reader and writer against numpy's own: versions 1.0 to
3.0 in, every dtype and rank (0-d and 1-d tuples included) out."""
import subprocess

import numpy as np
import pytest

from conftest import BIN_DIR

TYPES = {"bool": "i1", "int8": "i8", "int16": "i16", "int32": "i32",
         "int64": "i64", "float16": "f16", "float32": "f32", "float64": "f64"}


def run(tmp_path, text, inputs, check=True):
    model = tmp_path / "model.mlir"
    model.write_text(text)
    command = [str(BIN_DIR / "qtosa-run"), str(model)]
    for index, array in enumerate(inputs):
        if isinstance(array, np.ndarray):
            np.save(tmp_path / f"in_{index}.npy", array)
        command += ["--input", str(tmp_path / f"in_{index}.npy")]
    command += ["-o", str(tmp_path / "out_%d.npy")]
    return subprocess.run(command, capture_output=True, text=True,
                          check=check)


def identity(shape, element):
    body = "x".join(str(s) for s in shape)
    tensor = f"tensor<{body}x{element}>" if shape else f"tensor<{element}>"
    return (f"func.func @main(%a: {tensor}) -> {tensor} {{\n"
            f"  return %a : {tensor}\n}}\n")


@pytest.mark.parametrize("dtype", list(TYPES))
@pytest.mark.parametrize("shape", [(), (5,), (2, 3), (1, 2, 1, 3, 2)])
def test_every_dtype_and_rank_round_trips(tmp_path, dtype, shape):
    array = (np.arange(int(np.prod(shape))) % 7 - 3).astype(dtype)
    array = array.reshape(shape)
    run(tmp_path, identity(shape, TYPES[dtype]), [array])
    result = np.load(tmp_path / "out_0.npy")
    assert result.dtype == array.dtype and result.shape == shape
    assert np.array_equal(result, array)


@pytest.mark.parametrize("version", [(1, 0), (2, 0), (3, 0)])
def test_format_versions_are_read(tmp_path, version):
    array = np.arange(6, dtype=np.float32).reshape(2, 3)
    with open(tmp_path / "in_0.npy", "wb") as file:
        np.lib.format.write_array(file, array, version=version)
    run(tmp_path, identity((2, 3), "f32"), [None])
    assert np.array_equal(np.load(tmp_path / "out_0.npy"), array)


def test_bf16_is_read_and_written_as_its_bits(tmp_path):
    bits = np.array([0x3F80, 0xC000, 0x0000], np.uint16)  # 1.0, -2.0, 0.0
    run(tmp_path, identity((3,), "bf16"), [bits])
    result = np.load(tmp_path / "out_0.npy")
    assert result.dtype == np.uint16 and result.tolist() == bits.tolist()


@pytest.mark.parametrize("array, message", [
    (np.zeros(3, ">f4"), "unsupported dtype '>f4'"),
    (np.zeros(3, np.uint16), "unsupported dtype '<u2'"),
    (np.zeros(3, np.complex64), "unsupported dtype '<c8'"),
])
def test_unsupported_dtypes_are_refused(tmp_path, array, message):
    result = run(tmp_path, identity((3,), "f32"), [array], check=False)
    assert result.returncode == 1
    assert message in result.stderr


def test_a_long_dtype_string_is_shown_by_its_start(tmp_path):
    # A .npy header can hold a megabyte of 'descr'; the error used to print
    # all of it on its one line.
    descr = "<" + "x" * 100000
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (3,), }" % descr
    header += " " * (-(len(header) + 11) % 64) + "\n"
    data = (b"\x93NUMPY\x02\x00" + len(header).to_bytes(4, "little")
            + header.encode() + bytes(12))
    (tmp_path / "in_0.npy").write_bytes(data)
    result = run(tmp_path, identity((3,), "f32"), [None], check=False)
    assert result.returncode == 1
    assert ("unsupported dtype '<" + "x" * 31 + "... (100001 characters)'"
            in result.stderr)
    assert len(result.stderr) < 1000


def test_truncated_data_is_refused(tmp_path):
    np.save(tmp_path / "in_0.npy", np.zeros((2, 3), np.float32))
    data = (tmp_path / "in_0.npy").read_bytes()
    (tmp_path / "in_0.npy").write_bytes(data[:-4])
    result = run(tmp_path, identity((2, 3), "f32"), [None], check=False)
    assert result.returncode == 1
    assert "the data holds 20 bytes, not what shape and dtype '<f4' need" \
        in result.stderr


def test_an_unknown_version_is_shown_as_numbers(tmp_path):
    # Version 9.0 was shown as the bytes themselves ("version \t." ).
    np.save(tmp_path / "in_0.npy", np.zeros(3, np.float32))
    data = bytearray((tmp_path / "in_0.npy").read_bytes())
    data[6] = 9
    (tmp_path / "in_0.npy").write_bytes(bytes(data))
    result = run(tmp_path, identity((3,), "f32"), [None], check=False)
    assert result.returncode == 1
    assert "unsupported .npy version 9.0" in result.stderr
