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


def tflite_models():
    """test/Target/TFLite/Inputs/tflite_models.py, the importer tests' model
    builder."""
    import sys
    inputs = str(SOURCE_DIR / "test" / "Target" / "TFLite" / "Inputs")
    if inputs not in sys.path:
        sys.path.insert(0, inputs)
    import tflite_models as module
    return module


def write_tflite(directory, name, model):
    """`model` (a tflite_models.Model) as DIRECTORY/NAME.tflite, by flatc
    with the importer's schema; returns the path."""
    import json
    import subprocess
    (directory / (name + ".json")).write_text(json.dumps(model.json()))
    subprocess.run(["flatc", "-b", "-o", str(directory),
                    str(SOURCE_DIR / "lib" / "Target" / "TFLite" /
                        "tflite.fbs"), str(directory / (name + ".json"))],
                   check=True)
    return directory / (name + ".tflite")
