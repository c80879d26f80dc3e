#!/usr/bin/env python3
"""Writes qtosa-fuzz's seed corpus: one file per MLIR module.

Usage: make_seed_corpus.py OUT_DIR SRC_ROOT [CORPUS_DIR]

The modules come from the lit tests (each `// -----` case and each
split-file `//--- name` part on its own), the bundled examples, small
models from bench/gen_qdq_model.py and graphs from the random QDQ graph
generators, and every .mlir under CORPUS_DIR/tosa (../shared/corpus; read
in place). Files are named by the hash of their text, so the same module
twice is one seed.
"""
import hashlib
import os
import re
import subprocess
import sys

SPLIT_CASE = re.compile(r"^// -----\s*$", re.M)
SPLIT_FILE = re.compile(r"^//--- .*$", re.M)


def modules_of(text):
    for case in SPLIT_CASE.split(text):
        for part in SPLIT_FILE.split(case):
            if part.strip():
                yield part


def mlir_files(root):
    for folder, _, names in sorted(os.walk(root)):
        for name in sorted(names):
            if name.endswith(".mlir"):
                yield os.path.join(folder, name)


def generated(src_root):
    """Small outputs of the project's generators: QDQ-rich seeds."""
    python = sys.executable
    runs = [
        [os.path.join(src_root, "bench", "gen_qdq_model.py"), "100", "--seed", "1"],
        [os.path.join(src_root, "test", "Execution", "Inputs", "random_qdq_graphs.py"), "7", "6"],
        [os.path.join(src_root, "test", "Execution", "Inputs", "random_qdq_graphs.py"), "8", "6", "--shared"],
    ]
    for args in runs:
        yield subprocess.run([python] + args, check=True, capture_output=True, text=True).stdout


def main():
    out_dir, src_root = sys.argv[1], sys.argv[2]
    corpus_dir = sys.argv[3] if len(sys.argv) > 3 else None
    texts = []
    for root in ("test", "examples"):
        for path in mlir_files(os.path.join(src_root, root)):
            texts.extend(modules_of(open(path, encoding="utf-8").read()))
    texts.extend(generated(src_root))
    if corpus_dir and os.path.isdir(os.path.join(corpus_dir, "tosa")):
        for path in mlir_files(os.path.join(corpus_dir, "tosa")):
            texts.extend(modules_of(open(path, encoding="utf-8").read()))
    os.makedirs(out_dir, exist_ok=True)
    names = set()
    for text in texts:
        data = text.encode("utf-8")
        name = hashlib.sha1(data).hexdigest()
        names.add(name)
        with open(os.path.join(out_dir, name), "wb") as f:
            f.write(data)
    print("make_seed_corpus: %d seeds in %s" % (len(names), out_dir))


if __name__ == "__main__":
    main()
