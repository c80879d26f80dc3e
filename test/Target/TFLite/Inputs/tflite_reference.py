#!/usr/bin/env python3
"""Every corpus TFLite model against TFLite Micro's reference outputs, in
process through the qtosa Python package.

usage: tflite_reference.py MODEL_DIR REFERENCE_DIR EXPECTED [--write]

Each model (MODEL_DIR/**/*.tflite) is imported, lowered with
qtosa-lower-pipeline{io=int rounding=double}, compiled once and run on the stored integer
inputs of REFERENCE_DIR/<model>/seed{1,2,3}; its outputs are compared with
the integers TFLite computed. Models with host calls (SVDF, LSTM) have no
TOSA body to run and are listed as skipped.

Prints one line per model and seed (largest difference in LSB, values
exact, and for classifiers, whose output is [1, N], whether the argmax
agrees), then a summary per TFLite operator set and a summary line.
EXPECTED holds the lines recorded when the differences were last looked
at; a model that does worse than its line (a larger difference, fewer
exact values, a lost argmax, a failure) is a REGRESSION and the exit
code is 1. Doing better is reported as IMPROVED: record it with --write,
which rewrites EXPECTED from this run.
"""
import collections
import json
import os
import pathlib
import struct
import sys
import time

import numpy as np

import qtosa

SEEDS = (1, 2, 3)
# TFLite requantizes with MultiplyByQuantizedMultiplier: a rounding doubling
# high multiply, then a rounding right shift, which is tosa.rescale's
# DOUBLE_ROUND (EXT-DOUBLEROUND). SINGLE_ROUND, the pipeline's default,
# differs by 1 LSB on some values (docs/tflite-import.md).
PIPELINE = "qtosa-lower-pipeline{io=int rounding=double}"


def tflite_ops(path, schema):
    """The builtin operator names of subgraph 0, in order (CUSTOM operators
    as CUSTOM:<code>), read straight from the flatbuffer: the few fields
    needed, by their ids in the schema (flatc --json would print every
    buffer's bytes too)."""
    data = open(path, "rb").read()

    def u32(pos):
        return struct.unpack_from("<I", data, pos)[0]

    def field(table, index):
        """The position of a table's field, or None if it is absent."""
        vtable = table - struct.unpack_from("<i", data, table)[0]
        if 4 + 2 * index >= struct.unpack_from("<H", data, vtable)[0]:
            return None
        offset = struct.unpack_from("<H", data, vtable + 4 + 2 * index)[0]
        return table + offset if offset else None

    def tables(table, index):
        pos = field(table, index)
        if pos is None:
            return []
        vector = pos + u32(pos)
        return [vector + 4 + 4 * i + u32(vector + 4 + 4 * i)
                for i in range(u32(vector))]

    names = builtin_operator_names(schema)
    root = u32(0)
    codes = []
    for code in tables(root, 1):  # Model.operator_codes
        deprecated = field(code, 0)
        builtin = field(code, 3)
        # TFLite takes the larger of deprecated_builtin_code (files older
        # than schema 3a have only it) and builtin_code.
        value = max(struct.unpack_from("<b", data, deprecated)[0]
                    if deprecated else 0,
                    struct.unpack_from("<i", data, builtin)[0]
                    if builtin else 0)
        name = names.get(value, "BUILTIN_%d" % value)
        if name == "CUSTOM" and field(code, 1) is not None:
            pos = field(code, 1) + u32(field(code, 1))
            name += ":" + data[pos + 4:pos + 4 + u32(pos)].decode()
        codes.append(name)
    subgraph = tables(root, 2)[0]  # Model.subgraphs
    ops = []
    for op in tables(subgraph, 3):  # SubGraph.operators
        index = field(op, 0)  # Operator.opcode_index
        ops.append(codes[u32(index) if index else 0])
    return ops


def builtin_operator_names(schema, cache={}):
    """BuiltinOperator's value -> name, from the schema's enum."""
    if schema not in cache:
        text = open(schema).read()
        body = text[text.index("enum BuiltinOperator"):]
        body = body[body.index("{") + 1:body.index("}")]
        cache[schema] = {int(value): name.strip() for name, value in
                         (item.split("=") for item in body.split(",")
                          if "=" in item)}
    return cache[schema]


def load(directory, prefix):
    files = sorted((f for f in os.listdir(directory) if f.startswith(prefix)),
                   key=lambda f: int(f[len(prefix):-len(".npy")]))
    return [np.load(os.path.join(directory, f)) for f in files]


def compare(got, want):
    """(largest difference in LSB, exact values, values, argmax agrees or
    None), or an error string."""
    if len(got) != len(want):
        return "%d outputs, TFLite's %d" % (len(got), len(want))
    diffs, argmax = [], None
    for k, (g, w) in enumerate(zip(got, want)):
        if g.shape != w.shape or g.dtype != w.dtype:
            return "output %d is %s %s, TFLite's %s %s" % (
                k, g.dtype, g.shape, w.dtype, w.shape)
        diffs.append(np.abs(g.astype(np.int64) - w.astype(np.int64)).ravel())
        if len(got) == 1 and w.ndim == 2 and w.shape[0] == 1 and w.shape[1] > 1:
            argmax = int(np.argmax(g)) == int(np.argmax(w))
    diff = np.concatenate(diffs)
    return int(diff.max()), int((diff == 0).sum()), diff.size, argmax


def run_model(path):
    """{seed: comparison} or a reason the model was skipped or failed."""
    try:
        module = qtosa.import_tflite(path)
    except qtosa.Error as e:
        return "FAIL", "import: %s" % str(e)[-300:]
    text = str(module)
    if "call @tflite." in text:
        calls = sorted({line.split("call @tflite.")[1].split("(")[0]
                        for line in text.splitlines()
                        if "call @tflite." in line})
        return "skipped", "host calls: " + ", ".join(calls)
    try:
        module.run(PIPELINE)
        return "ran", qtosa.Executable(module)
    except qtosa.Error as e:
        return "FAIL", "lower or compile: %s" % str(e)[-300:]


def line(name, seed, result):
    if isinstance(result, str):
        return "%s seed%d FAIL %s" % (name, seed, result)
    worst, exact, total, argmax = result
    text = "%s seed%d max %d LSB, %d/%d exact" % (name, seed, worst, exact,
                                                  total)
    if argmax is not None:
        text += ", argmax %s" % ("agrees" if argmax else "differs")
    return text


def parse(text):
    """An expectation or result line: (key, record)."""
    fields = text.split()
    if fields[1] == "skipped":
        return fields[0], ("skipped",)
    key = (fields[0], fields[1])
    if fields[2] == "FAIL":
        return key, ("FAIL",)
    exact, total = (int(v) for v in fields[5].rstrip(",").split("/"))
    argmax = None
    if "argmax" in fields:
        argmax = fields[fields.index("argmax") + 1] == "agrees"
    return key, (int(fields[3]), exact, total, argmax)


def verdict(got, want):
    """'same', 'better' or 'worse'."""
    if got == want:
        return "same"
    if want[0] in ("FAIL", "skipped") or got[0] in ("FAIL", "skipped"):
        if got[0] == "FAIL" or (got[0] == "skipped" and want[0] != "FAIL"):
            return "worse"
        return "better"
    worse = (got[0] > want[0] or got[1] < want[1] or got[2] != want[2] or
             (want[3] and not got[3]))
    return "worse" if worse else "better"


def main():
    model_dir, ref_dir, expected_path = sys.argv[1:4]
    write = "--write" in sys.argv[4:]
    schema = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                          "..", "..", "..", "..", "lib", "Target", "TFLite",
                          "tflite.fbs")
    names = sorted(str(p.relative_to(model_dir))[:-len(".tflite")]
                   for p in pathlib.Path(model_dir).rglob("*.tflite"))
    start = time.time()
    lines = []
    # Per TFLite operator set: models, models exact on every seed, largest
    # difference, exact values, values.
    by_ops = collections.OrderedDict()
    counts = collections.Counter()
    classifier = [0, 0]
    worst_all = exact_all = total_all = 0
    for name in names:
        path = os.path.join(model_dir, name + ".tflite")
        ops = " ".join(sorted(set(tflite_ops(path, schema))))
        status, detail = run_model(path)
        if status == "skipped":
            lines.append("%s skipped (%s)" % (name, detail))
            counts["skipped"] += 1
            continue
        if status == "FAIL":
            lines += [line(name, s, detail) for s in SEEDS]
            counts["failed"] += 1
            continue
        entry = by_ops.setdefault(ops, [0, 0, 0, 0, 0])
        entry[0] += 1
        model_exact = True
        model_failed = False
        for seed in SEEDS:
            ref = os.path.join(ref_dir, name, "seed%d" % seed)
            try:
                got = detail.run(load(ref, "input_"))
                result = compare(got, load(ref, "output_"))
            except qtosa.Error as e:
                result = "run: %s" % str(e)[-300:]
            lines.append(line(name, seed, result))
            if isinstance(result, str):
                model_failed = True
                continue
            worst, exact, total, argmax = result
            model_exact &= worst == 0
            entry[2] = max(entry[2], worst)
            entry[3] += exact
            entry[4] += total
            worst_all = max(worst_all, worst)
            exact_all += exact
            total_all += total
            if argmax is not None:
                classifier[0] += argmax
                classifier[1] += 1
        if model_failed:
            counts["failed"] += 1
            continue
        counts["ran"] += 1
        counts["exact"] += model_exact
        entry[1] += model_exact

    for text in lines:
        print(text)
    print()
    print("by TFLite operators (models, bit-exact on all seeds, largest "
          "difference, values exact):")
    for ops, (models, exact_models, worst, exact, total) in by_ops.items():
        print("  %s: %d model(s), %d bit-exact, max %d LSB, %.2f%% of %d "
              "values exact" % (ops, models, exact_models, worst,
                                100.0 * exact / max(total, 1), total))
    summary = ("tflite-reference: %d models: %d run on seeds %s, %d skipped "
               "(host calls), %d failed; %d bit-exact on every seed; largest "
               "difference %d LSB; %.2f%% of %d values exact; classifier "
               "argmax agrees %d of %d" % (
                   len(names), counts["ran"],
                   ",".join(str(s) for s in SEEDS), counts["skipped"],
                   counts["failed"], counts["exact"], worst_all,
                   100.0 * exact_all / max(total_all, 1), total_all,
                   classifier[0], classifier[1]))

    if write:
        with open(expected_path, "w") as f:
            f.write("# Written by tflite_reference.py --write: what each "
                    "corpus model computed against\n# TFLite Micro's "
                    "reference outputs when the differences were last "
                    "reviewed\n# (docs/tflite-import.md explains them).\n")
            for text in lines:
                f.write(text + "\n")
    status = 0
    expected = {}
    with open(expected_path) as f:
        for text in f:
            if text.strip() and not text.startswith("#"):
                key, record = parse(text)
                expected[key] = (record, text.strip())
    seen = set()
    for text in lines:
        key, record = parse(text)
        seen.add(key)
        want = expected.get(key)
        if want is None:
            print("NEW (not in %s): %s" % (os.path.basename(expected_path),
                                           text))
            continue
        judged = verdict(record, want[0])
        if judged == "worse":
            print("REGRESSION: %s (expected: %s)" % (text, want[1]))
            status = 1
        elif judged == "better":
            print("IMPROVED: %s (record it with --write)" % text)
    for key in sorted(set(expected) - seen, key=str):
        print("MISSING: %s is expected but was not run" % (key,))
        status = 1
    print(summary)
    print("time: %.1fs" % (time.time() - start), file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
