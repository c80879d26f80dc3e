#!/usr/bin/env python3
"""Runs every .mlir file of a folder through qtosa-opt pipelines and prints,
per file and pipeline, the exit code and the first diagnostic.

Usage: diagnose_each.py QTOSA_OPT DIR PIPELINE...

One line each: `<file> <pipeline>: exit <code>: <first error, else first
remark, else "no diagnostic">`, with the file's path cut from the message.
A crash (a signal, an exit code other than 0 or 1, LLVM's crash banner or a
sanitizer report) prints CRASH instead and makes the script exit 1.
"""
import os
import subprocess
import sys

CRASH_MARKS = ("Stack dump", "LLVM ERROR", "PLEASE submit", "Sanitizer", "runtime error")


def first_diagnostic(stderr, path):
    lines = stderr.splitlines()
    for kind in ("error:", "remark:"):
        for line in lines:
            if kind in line:
                return line.replace(path, os.path.basename(path))
    return "no diagnostic"


def main():
    qtosa_opt, folder, pipelines = sys.argv[1], sys.argv[2], sys.argv[3:]
    crashed = False
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".mlir"):
            continue
        path = os.path.join(folder, name)
        for pipeline in pipelines:
            run = subprocess.run(
                [qtosa_opt, path, "--pass-pipeline=builtin.module(%s)" % pipeline, "-o", os.devnull],
                capture_output=True, text=True, timeout=300)
            label = "%s %s" % (name, pipeline)
            if run.returncode not in (0, 1) or any(m in run.stderr for m in CRASH_MARKS):
                crashed = True
                print("%s: CRASH (exit %d)\n%s" % (label, run.returncode, run.stderr[-2000:]))
                continue
            print("%s: exit %d: %s" % (label, run.returncode, first_diagnostic(run.stderr, path)))
    return 1 if crashed else 0


if __name__ == "__main__":
    sys.exit(main())
