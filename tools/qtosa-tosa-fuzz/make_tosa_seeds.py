#!/usr/bin/env python3
"""Writes qtosa-tosa-fuzz's seed corpus: TOSA flatbuffers that
qtosa-translate --export-tosa-flatbuffer writes.

Usage: make_tosa_seeds.py OUT_DIR QTOSA_TRANSLATE SRC_ROOT [CORPUS_DIR]

The modules are the lit tests' round-trip inputs
(test/Target/TosaFlatbuffer/ops-*.mlir) and every .mlir under
CORPUS_DIR/tosa that the exporter takes (the others are skipped: a refusal
is not a seed).
"""
import glob
import os
import subprocess
import sys


def main():
    out, translate, src = sys.argv[1:4]
    corpus = sys.argv[4] if len(sys.argv) > 4 else ""
    os.makedirs(out, exist_ok=True)
    inputs = sorted(glob.glob(os.path.join(
        src, "test", "Target", "TosaFlatbuffer", "ops-*.mlir")))
    if corpus and os.path.isdir(os.path.join(corpus, "tosa")):
        inputs += sorted(glob.glob(os.path.join(corpus, "tosa", "*",
                                                "*.mlir")))
    written = 0
    for index, path in enumerate(inputs):
        seed = os.path.join(out, "seed_%03d.tosa" % index)
        result = subprocess.run([translate, "--export-tosa-flatbuffer", path,
                                 "-o", seed], capture_output=True)
        if result.returncode == 0:
            written += 1
        elif os.path.exists(seed):
            os.remove(seed)
    print("%d seeds from %d modules" % (written, len(inputs)))
    if written == 0:
        sys.exit(1)


if __name__ == "__main__":
    main()
