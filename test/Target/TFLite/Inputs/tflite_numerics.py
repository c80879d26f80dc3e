#!/usr/bin/env python3
"""Runs imported TFLite models on the reference inputs and compares the
stored integers with what TFLite Micro's reference kernels computed.

usage: tflite_numerics.py QTOSA_TRANSLATE QTOSA_OPT QTOSA_RUN MODEL_DIR
                          REFERENCE_DIR WORK_DIR SEED [MODEL...]

Each model (path relative to MODEL_DIR, without .tflite; all of them if
none is named) is imported, lowered with qtosa-lower-pipeline{io=int} and
run by qtosa-run on REFERENCE_DIR/<model>/seed<SEED>/input_K.npy. Models
with host calls (SVDF) are skipped: they have no TOSA body to run.
Prints one line per model (largest difference in LSB, exact share) and a
summary; a model that fails to import, lower or run prints FAIL.
"""
import os
import pathlib
import subprocess
import sys
import time

import numpy as np


def run(args, **kwargs):
    # A tool that cannot be executed is being relinked (a shared build
    # tree): wait for it rather than count it as the model's failure.
    for attempt in range(30):
        try:
            return subprocess.run(args, capture_output=True, text=True,
                                  errors="replace", **kwargs)
        except (PermissionError, OSError):
            if attempt == 29:
                raise
            time.sleep(2)


def main():
    translate, opt, runner, model_dir, ref_dir, work, seed = sys.argv[1:8]
    names = sys.argv[8:] or sorted(
        str(p.relative_to(model_dir))[:-len(".tflite")]
        for p in pathlib.Path(model_dir).rglob("*.tflite"))
    os.makedirs(work, exist_ok=True)
    failed = skipped = 0
    worst = exact = total = 0
    for name in names:
        tag = name.replace("/", "_")
        imported = run([translate, "--import-tflite",
                        os.path.join(model_dir, name + ".tflite")])
        if imported.returncode != 0:
            print("FAIL %s: import: %s" % (name, imported.stderr[-500:]))
            failed += 1
            continue
        if "call @tflite." in imported.stdout:
            skipped += 1
            continue
        lowered = os.path.join(work, tag + ".int.mlir")
        result = run(
            [opt, "-", "-o", lowered,
             "--pass-pipeline=builtin.module(qtosa-lower-pipeline{io=int})"],
            input=imported.stdout)
        if result.returncode != 0:
            print("FAIL %s: lower: %s" % (name, result.stderr[-500:]))
            failed += 1
            continue
        ref = os.path.join(ref_dir, name, "seed" + seed)
        inputs = sorted(f for f in os.listdir(ref) if f.startswith("input_"))
        args = [runner, lowered, "-e", "main",
                "-o", os.path.join(work, tag + ".out_%d.npy")]
        for f in sorted(inputs, key=lambda f: int(f[6:-4])):
            args += ["--input", os.path.join(ref, f)]
        result = run(args)
        if result.returncode != 0:
            print("FAIL %s: run: %s" % (name, result.stderr[-500:]))
            failed += 1
            continue
        outputs = sorted((f for f in os.listdir(ref) if f.startswith("output_")),
                         key=lambda f: int(f[7:-4]))
        diffs = []
        for k, f in enumerate(outputs):
            want = np.load(os.path.join(ref, f))
            got = np.load(os.path.join(work, "%s.out_%d.npy" % (tag, k)))
            if got.shape != want.shape or got.dtype != want.dtype:
                print("FAIL %s: output %d is %s %s, TFLite's %s %s" % (
                    name, k, got.dtype, got.shape, want.dtype, want.shape))
                failed += 1
                break
            diff = np.abs(got.astype(np.int64) - want.astype(np.int64))
            diffs.append(diff)
        else:
            diff = np.concatenate([d.ravel() for d in diffs])
            worst = max(worst, int(diff.max()))
            exact += int((diff == 0).sum())
            total += diff.size
            print("%s: largest difference %d LSB, %d of %d exact" % (
                name, int(diff.max()), int((diff == 0).sum()), diff.size))
    print("seed %s: %d models run, %d skipped (host calls), %d failed; "
          "largest difference %d LSB, %.2f%% of %d values exact" % (
              seed, len(names) - skipped - failed, skipped, failed, worst,
              100.0 * exact / max(total, 1), total))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
