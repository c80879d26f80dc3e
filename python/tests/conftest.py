"""Paths the tests share; ctest sets them (see python/CMakeLists.txt)."""
import os
import pathlib

import pytest

SOURCE_DIR = pathlib.Path(
    os.environ.get("QTOSA_SOURCE_DIR",
                   pathlib.Path(__file__).resolve().parents[2]))
BIN_DIR = pathlib.Path(os.environ.get("QTOSA_BIN_DIR",
                                      SOURCE_DIR / "build" / "bin"))
CORPUS_DIR = pathlib.Path(os.environ.get("QTOSA_CORPUS_DIR",
                                         SOURCE_DIR.parent / "shared" /
                                         "corpus"))


@pytest.fixture
def convnext_text():
    return (SOURCE_DIR / "examples" / "convnext_block_qdq.mlir").read_text()


@pytest.fixture(scope="module")
def convnext_module():
    import qtosa
    path = SOURCE_DIR / "examples" / "convnext_block_qdq.mlir"
    return qtosa.parse(path.read_text(), "examples/convnext_block_qdq.mlir")
