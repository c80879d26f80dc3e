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


def validate(mlir_opt, target, text):
    return subprocess.run(
        [mlir_opt, f"--tosa-attach-target={target}",
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
    """Whether every error validating the output is one the input's own
    integer TOSA had already: the same message at the same location, on an
    op with no quantized type. The input goes through qtosa-opt's
    --tosa-validate, which reads qtosa and quant IR and judges only the TOSA
    ops; the output carries the input's locations (--mlir-print-debuginfo).
    An op the pipeline wrote, or one it should have rewritten (quant types),
    is never the input's."""
    output_errors = validation_errors(check.stderr)
    if not output_errors:
        return False
    before = subprocess.run(
        [qtosa_opt, f"--tosa-attach-target={target}",
         "--tosa-validate=strict-op-spec-alignment", "-o", os.devnull],
        input=chunk, capture_output=True, text=True)
    input_errors = {(where, message)
                    for where, message, op in validation_errors(before.stderr)
                    if "quant." not in op}
    return all((where, message) in input_errors
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
            # Inputs that do not parse on their own (error tests, RUN-only
            # files) say so before any pass runs; they are not pipeline input.
            parse = subprocess.run([qtosa_opt, "-o", os.devnull],
                                   input=chunk, capture_output=True,
                                   text=True)
            if parse.returncode != 0:
                skipped += 1
                continue
            run = subprocess.run(
                [qtosa_opt, f"--pass-pipeline={pipeline}",
                 "--mlir-print-debuginfo"], input=chunk,
                capture_output=True, text=True)
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
            elif (not quantized(chunk) and
                  validate(mlir_opt, target, chunk).returncode != 0) or \
                    invalid_before(qtosa_opt, target, chunk, check):
                # Integer TOSA that was already invalid passes through as it
                # was: the pipeline promises nothing about it. Beside qtosa
                # ops, each error must be one the input had.
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
