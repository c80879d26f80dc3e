#!/usr/bin/python3
"""Runs the README's mlir-runner template as a user would: takes the
```mlir and ```sh blocks after "A template, for a graph", writes the
template beside the graph given on the command line into m.mlir, and runs
the README's shell command on it (its tool paths pointed at this build).
The README says its mlir-opt pipeline is the lit suite's %tosa-to-llvm:
TOSA_TO_LLVM is that substitution (--pass-pipeline=...), and a README
pipeline that differs from it is an error.

Usage: readme_runner_template.py README GRAPH.mlir WORKDIR QTOSA_OPT MLIR_OPT MLIR_RUNNER TOSA_TO_LLVM
"""
import os
import re
import shlex
import subprocess
import sys

readme, graph, work, qtosa_opt, mlir_opt, mlir_runner, tosa_to_llvm = \
    sys.argv[1:8]
text = open(readme).read()
start = text.index("A template, for a graph")
blocks = re.findall(r"```(mlir|sh)\n(.*?)```", text[start:], flags=re.S)
template = next(body for kind, body in blocks if kind == "mlir")
command = next(body for kind, body in blocks if kind == "sh")
readme_pipeline = re.search(r"\| mlir-opt (--pass-pipeline='[^']*')", command)
if not readme_pipeline or shlex.split(readme_pipeline.group(1)) != [tosa_to_llvm]:
    sys.exit("README's mlir-opt pipeline is not lit's %%tosa-to-llvm (%s)"
             % tosa_to_llvm)
os.makedirs(work, exist_ok=True)
with open(os.path.join(work, "m.mlir"), "w") as f:
    f.write(open(graph).read() + "\n" + template)
command = (command.replace("build/bin/qtosa-opt", qtosa_opt)
           .replace("| mlir-opt", "| " + mlir_opt)
           .replace("| mlir-runner", "| " + mlir_runner))
result = subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=work,
                        capture_output=True, text=True)
sys.stdout.write(result.stdout)
sys.stderr.write(result.stderr)
sys.exit(result.returncode)
