"""The field's own tools, which qtosa's results are checked against.

qtosa does not need them to transform a graph; it needs them to say what a
graph does on the device: Vela compiles each delegate (``qtosa.vela``), the
TOSA reference model executes each ``.tosa`` as the specification defines
(``qtosa.reference``), TFLite Micro executes a ``.tflite`` as TFLite does
(``qtosa.tflite``), and TensorFlow's converter makes quantized models for the
tests. ``scripts/install-deps.sh`` installs the pinned versions into the
project's tools environment (``.venv``, made from Debian's /usr/bin/python3);
run Python from there (``.venv/bin/python3``) with the qtosa package on
PYTHONPATH.

``python -m qtosa.tools`` lists what this Python has, and exits 1 when a
pinned tool is missing or of another version.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import sys
from typing import Any, Dict, NamedTuple, Optional

from ._qtosa import Error

__all__ = ["Tool", "TOOLS", "INSTALL", "require", "installed_version",
           "problems"]

#: What installs the tools, for error messages.
INSTALL = "bash scripts/install-deps.sh"


class Tool(NamedTuple):
    distribution: str   # the PyPI name
    version: str        # the pinned version (python/requirements*.txt)
    module: str         # what qtosa imports
    purpose: str        # what qtosa uses it for
    optional: bool = False   # installed only with --with-torch


#: The pinned tools, by the name qtosa uses for them. The versions equal
#: those in python/requirements.txt (a test checks).
TOOLS: Dict[str, Tool] = {
    "vela": Tool("ethos-u-vela", "5.2.0", "ethosu.vela.vela",
                 "Arm's Ethos-U compiler"),
    "tosa-reference-model": Tool("tosa-tools", "2026.8.0",
                                 "tosa_reference_model",
                                 "the TOSA reference model"),
    "tflite-micro": Tool("tflite_micro", "0.dev20261023182759",
                         "tflite_micro.python.tflite_micro.runtime",
                         "TFLite Micro's reference kernels"),
    "tensorflow": Tool("tensorflow_cpu", "2.20.0", "tensorflow",
                       "TensorFlow's TFLite converter"),
    "torch": Tool("torch", "2.14.1", "torch", "PyTorch", optional=True),
    "executorch": Tool("executorch", "1.5.1", "executorch",
                       "ExecuTorch's Arm backend", optional=True),
}


def installed_version(distribution: str) -> Optional[str]:
    """The installed version of a PyPI distribution, or None."""
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return None


def _problem(name: str) -> Optional[str]:
    """Why `name` cannot be used, in one line, or None."""
    tool = TOOLS[name]
    found = installed_version(tool.distribution)
    install = INSTALL + (" --with-torch" if tool.optional else "")
    # An installed qtosa has no scripts/: the pip command works anywhere.
    pip = "%s -m pip install %s==%s" % (sys.executable, tool.distribution,
                                        tool.version)
    if found is None:
        return ("%s %s (%s) is not installed for %s: run `%s`, then use "
                ".venv/bin/python3 (in a qtosa checkout), or `%s`"
                % (tool.distribution, tool.version, tool.purpose,
                   sys.executable, install, pip))
    if found != tool.version:
        return ("%s is %s, qtosa is checked against %s (%s): run `%s` (in a "
                "qtosa checkout) or `%s`"
                % (tool.distribution, found, tool.version, tool.purpose,
                   install, pip))
    return None


def require(name: str) -> Any:
    """Imports tool `name` (a key of TOOLS) and returns its module; raises
    qtosa.Error with one line naming the tool and the install command when
    it is missing or of another version than the pinned one."""
    if name not in TOOLS:
        raise Error("no tool named '%s'; qtosa knows %s"
                    % (name, ", ".join(sorted(TOOLS))))
    problem = _problem(name)
    if problem:
        raise Error(problem)
    try:
        return importlib.import_module(TOOLS[name].module)
    except Exception as error:  # an install broken in another way
        raise Error("%s %s is installed but does not import (%s: %s): run "
                    "`%s`" % (TOOLS[name].distribution, TOOLS[name].version,
                              type(error).__name__, error, INSTALL)) from None


def problems(include_optional: bool = False) -> Dict[str, str]:
    """The tools that cannot be used, with the reason, by name."""
    return {name: problem for name, tool in TOOLS.items()
            if include_optional or not tool.optional
            for problem in [_problem(name)] if problem}


def main(argv: Optional[list] = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    include_optional = "--with-torch" in args
    found = problems(include_optional)
    for name, tool in TOOLS.items():
        if tool.optional and not include_optional:
            continue
        status = found.get(name, "ok")
        if status == "ok":
            print("%-22s %-12s ok" % (tool.distribution, tool.version))
    for problem in found.values():
        print("qtosa: " + problem)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
