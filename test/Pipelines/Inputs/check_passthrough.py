#!/usr/bin/env python3
"""Runs a pass pipeline over every .mlir file of a folder and checks that it
leaves each file exactly as qtosa-opt alone prints it.

Usage: check_passthrough.py QTOSA_OPT PIPELINE FOLDER

Files qtosa-opt itself rejects (invalid TOSA) must be rejected by the
pipeline run too, with an error diagnostic and no crash. Prints one line per
file that fails and a summary; exits 1 if any file fails.
"""
import os
import subprocess
import sys


def run(args):
    return subprocess.run(args, capture_output=True, text=True)


def main():
    tool, pipeline, folder = sys.argv[1:4]
    files = sorted(os.path.join(root, name)
                   for root, _, names in os.walk(folder)
                   for name in names if name.endswith(".mlir"))
    unchanged = rejected = 0
    failures = []
    for path in files:
        base = run([tool, "--split-input-file", path])
        piped = run([tool, "--split-input-file", "--pass-pipeline=" + pipeline, path])
        name = os.path.relpath(path, folder)
        if piped.returncode < 0 or base.returncode < 0:
            failures.append("%s: crashed (signal %d)" % (name, -min(piped.returncode, base.returncode)))
        elif base.returncode != 0:
            if piped.returncode != 0 and "error:" in piped.stderr:
                rejected += 1
            else:
                failures.append("%s: invalid input accepted by the pipeline" % name)
        elif piped.returncode != 0:
            failures.append("%s: pipeline failed: %s" % (name, piped.stderr.strip().splitlines()[0]))
        elif piped.stdout != base.stdout:
            failures.append("%s: changed by the pipeline" % name)
        else:
            unchanged += 1
    for line in failures:
        print("FAIL: " + line)
    print("%d files: %d unchanged, %d rejected with a diagnostic, %d failed"
          % (len(files), unchanged, rejected, len(failures)))
    return 1 if failures or not files else 0


if __name__ == "__main__":
    sys.exit(main())
