"""A missing or wrong-version tool is one line naming the tool and the
install command, never a traceback; the pins equal requirements.txt."""
import importlib.metadata
import os
import pathlib
import re
import subprocess
import sys

import pytest

import qtosa
import qtosa.tools
import qtosa.vela

from conftest import SOURCE_DIR

PACKAGES = pathlib.Path(qtosa.__file__).resolve().parents[1]


def test_missing_tools_in_debians_python_are_one_line_each():
    # Debian's /usr/bin/python3 has numpy but none of the tools.
    result = subprocess.run(
        ["/usr/bin/python3", "-m", "qtosa.tools"], capture_output=True,
        text=True, env=dict(os.environ, PYTHONPATH=str(PACKAGES)))
    assert result.returncode == 1
    assert "Traceback" not in result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines == [
        "qtosa: %s %s (%s) is not installed for /usr/bin/python3: run "
        "`bash scripts/install-deps.sh`, then use .venv/bin/python3 (in a "
        "qtosa checkout), or `/usr/bin/python3 -m pip install %s==%s`"
        % (tool.distribution, tool.version, tool.purpose, tool.distribution,
           tool.version)
        for tool in qtosa.tools.TOOLS.values() if not tool.optional]


def test_compile_without_vela_raises_qtosa_error():
    result = subprocess.run(
        ["/usr/bin/python3", "-c",
         "import qtosa, qtosa.vela\n"
         "try:\n qtosa.vela.compile(b'', 'ethos-u55-128')\n"
         "except qtosa.Error as e: print('Error:', e)"],
        capture_output=True, text=True,
        env=dict(os.environ, PYTHONPATH=str(PACKAGES)))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(
        "Error: ethos-u-vela 5.2.0 (Arm's Ethos-U compiler) is not installed")


def test_wrong_version_names_both(monkeypatch):
    real = importlib.metadata.version
    monkeypatch.setattr(importlib.metadata, "version",
                        lambda name: "5.1.0" if name == "ethos-u-vela"
                        else real(name))
    with pytest.raises(qtosa.Error) as error:
        qtosa.vela.compile(b"", "ethos-u55-128")
    assert str(error.value) == (
        "ethos-u-vela is 5.1.0, qtosa is checked against 5.2.0 (Arm's "
        "Ethos-U compiler): run `bash scripts/install-deps.sh` (in a qtosa "
        "checkout) or `%s -m pip install ethos-u-vela==5.2.0`"
        % sys.executable)


def test_this_environment_has_every_pinned_tool():
    assert qtosa.tools.problems() == {}


def test_pins_equal_requirements():
    pins = {}
    for name in ("requirements.txt", "requirements-torch.txt"):
        path = SOURCE_DIR / "python" / name
        for line in path.read_text().splitlines():
            match = re.match(r"([A-Za-z0-9_.-]+)==(\S+)", line)
            if match:
                pins[match.group(1).replace("_", "-").lower()] = match.group(2)
    for tool in qtosa.tools.TOOLS.values():
        assert pins[tool.distribution.replace("_", "-").lower()] == \
            tool.version, tool
