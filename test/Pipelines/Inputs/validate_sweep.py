#!/usr/bin/env python3
"""Runs a qtosa pipeline on every input of the given folders (each
`// -----` chunk of a .mlir file separately) and checks what it promises:
either the pipeline fails with a diagnostic, or its output passes upstream
`--tosa-validate` for the given profiles. Exit 0 with output that does not
validate is a failure, unless every error is one the input's own integer
TOSA already had (same message, same location, an op without quant types):
the pipeline passes such ops through as they were. Prints one FAIL line per failure and a summary.

usage: validate_sweep.py QTOSA_OPT MLIR_OPT PIPELINE TARGET [--known F#N]... DIR...
  TARGET is the --tosa-attach-target option string. --known names a chunk
  (path relative to the directory given, as printed) known to fail, each
  with its reason beside it in the test; a known failure that passes is
  reported, so that the list stays true.
"""
import os
import subprocess
import sys


def chunks(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    return [c for c in text.split("\n// -----\n") if c.strip()]


def quantized(chunk):
    """Whether the IR (comments aside) holds quant or qtosa ops or types."""
    code = "\n".join(l.split("//")[0] for l in chunk.splitlines())
    return "quant." in code or "qtosa." in code


def validate(tool, target, text):
    """--tosa-validate by mlir-opt (the output) or qtosa-opt (the input)."""
    return subprocess.run(
        [tool, f"--tosa-attach-target={target}",
         "--tosa-validate=strict-op-spec-alignment", "-o", os.devnull],
        input=text, capture_output=True, text=True)


def validation_errors(stderr):
    """The errors of a --tosa-validate run, each as (location, message,
    the op it names in generic form). Both runs read stdin, so a location is
    `<stdin>:line:col` of the input in each."""
    errors = []
    lines = stderr.splitlines()
    for i, line in enumerate(lines):
        if ": error: " not in line:
            continue
        where, message = line.split(": error: ", 1)
        op = next((l.split("see current operation: ", 1)[1]
                   for l in lines[i + 1:i + 4]
                   if "see current operation: " in l), "")
        errors.append((where, message, op))
    return errors


def invalid_before(qtosa_opt, target, chunk, check):
    """Whether the output's invalid TOSA is the input's own. The input is
    validated once, by qtosa-opt's --tosa-validate, which reads qtosa and
    quant IR and judges only the TOSA ops. Integer TOSA alone passes
    through as it was when it is invalid at all. Beside quant or qtosa ops,
    every error validating the output must be one the input had: the same
    message at the same location (the output carries the input's locations,
    --mlir-print-debuginfo), on an op with no quantized type. An op the
    pipeline wrote, or one it should have rewritten (quant types), is never
    the input's."""
    before = validate(qtosa_opt, target, chunk)
    if not quantized(chunk):
        return before.returncode != 0
    output_errors = validation_errors(check.stderr)
    input_errors = {(where, message)
                    for where, message, op in validation_errors(before.stderr)
                    if "quant." not in op}
    return bool(output_errors) and all((where, message) in input_errors
                                       for where, message, _ in output_errors)


def main():
    qtosa_opt, mlir_opt, pipeline, target = sys.argv[1:5]
    args = sys.argv[5:]
    known = set()
    while args and args[0] == "--known":
        known.add(args[1])
        args = args[2:]
    files = []
    for root in args:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = sorted(d for d in dirnames if d != "Inputs")
            files += [os.path.join(dirpath, f) for f in sorted(filenames)
                      if f.endswith(".mlir")]
    validated = rejected = failed = skipped = passed_through = 0
    known_seen = []
    for path in files:
        for index, chunk in enumerate(chunks(path)):
            run = subprocess.run(
                [qtosa_opt, f"--pass-pipeline={pipeline}",
                 "--mlir-print-debuginfo"], input=chunk,
                capture_output=True, text=True)
            # Inputs that do not parse on their own (error tests, RUN-only
            # files) are not pipeline input; only a failed run can be one.
            if run.returncode != 0 and subprocess.run(
                    [qtosa_opt, "-o", os.devnull], input=chunk,
                    capture_output=True, text=True).returncode != 0:
                skipped += 1
                continue
            where = f"{path}#{index}"
            if any(where.endswith(k) for k in known):
                known_seen.append(where)
                ok = run.returncode == 0 and validate(
                    mlir_opt, target, run.stdout).returncode == 0
                if ok:
                    failed += 1
                    print(f"FAIL {where}: listed as known to fail, but "
                          f"passes: take it off the list")
                continue
            if run.returncode != 0:
                if "error:" in run.stderr:
                    rejected += 1
                else:
                    failed += 1
                    print(f"FAIL {where}: exit {run.returncode} without an "
                          f"error: {run.stderr.strip()[-300:]}")
                continue
            check = validate(mlir_opt, target, run.stdout)
            if check.returncode == 0:
                validated += 1
            elif invalid_before(qtosa_opt, target, chunk, check):
                # Integer TOSA that was already invalid passes through as it
                # was: the pipeline promises nothing about it.
                passed_through += 1
            else:
                failed += 1
                first = next((l for l in check.stderr.splitlines()
                              if "error:" in l), check.stderr.strip())
                print(f"FAIL {where}: exit 0 but not valid TOSA: {first}")
    print(f"{pipeline}: {validated} valid, {rejected} rejected with a "
          f"diagnostic, {passed_through} invalid inputs passed through, "
          f"{failed} failed, {len(known_seen)} known failures ({skipped} "
          f"inputs that do not parse alone skipped)")


if __name__ == "__main__":
    main()
