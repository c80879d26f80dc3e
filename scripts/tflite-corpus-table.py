#!/usr/bin/env python3
"""Writes docs/tflite-corpus.md: for every model of ../shared/corpus/tflite,
its TFLite operators, the TOSA ops qtosa-ethosu-pipeline partitions, and
for ethos-u55-128 and ethos-u85-256 the delegates, the share on the NPU and
each op left on the host with its rule, and how its integer lowering
compares with TFLite Micro (the numerics test's recorded expectations,
test/Target/TFLite/Inputs/tflite-reference-expected.txt).

usage: /usr/bin/python3 scripts/tflite-corpus-table.py [--build DIR]
           [--corpus DIR] [-o FILE]

Runs in process through the qtosa Python package of the build (default
build/python_packages); -o - prints the table instead of writing it.
"""
import argparse
import collections
import importlib.util
import os
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
TARGETS = ("ethos-u55-128", "ethos-u85-256")


def counted(counter):
    """'A x2, B' in order of first appearance."""
    return ", ".join(name if n == 1 else "%s x%d" % (name, n)
                     for name, n in counter.items())


def against_tflite(reference, expected_path):
    """model -> its cell: 'exact', the largest difference and the values
    that differ over the three seeds, or why it was not run. The lines are
    read by the numerics test's own parser (reference.parse)."""
    per_model = {}
    for text in open(expected_path):
        if not text.strip() or text.startswith("#"):
            continue
        key, record = reference.parse(text)
        if record[0] == "skipped":
            per_model[key] = "not run: " + text.split("(", 1)[1] \
                .rstrip().rstrip(")")
            continue
        model = key[0]
        if record[0] == "FAIL":
            per_model[model] = "FAIL"
            continue
        worst, exact, total, _ = record
        max_lsb, differ, values = per_model.get(model, (0, 0, 0))
        per_model[model] = (max(max_lsb, worst), differ + total - exact,
                            values + total)
    return {name: cell if isinstance(cell, str) else
            "exact" if cell[0] == 0 else
            "%d LSB, %d of %d values" % cell
            for name, cell in per_model.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=str(ROOT / "build"))
    parser.add_argument("--corpus",
                        default=str(ROOT.parent / "shared" / "corpus"))
    parser.add_argument("-o", "--output",
                        default=str(ROOT / "docs" / "tflite-corpus.md"))
    args = parser.parse_args()
    sys.path.insert(0, os.path.join(args.build, "python_packages"))
    import qtosa  # noqa: E402  (the build's package)

    # The numerics test: its flatbuffer reader (operator names) and its
    # parser of the expectation lines.
    spec = importlib.util.spec_from_file_location(
        "tflite_reference",
        ROOT / "test" / "Target" / "TFLite" / "Inputs" / "tflite_reference.py")
    reference = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(reference)
    schema = str(ROOT / "lib" / "Target" / "TFLite" / "tflite.fbs")
    numerics = against_tflite(
        reference, ROOT / "test" / "Target" / "TFLite" / "Inputs" /
        "tflite-reference-expected.txt")

    model_dir = pathlib.Path(args.corpus) / "tflite"
    names = sorted(str(p.relative_to(model_dir))[:-len(".tflite")]
                   for p in model_dir.rglob("*.tflite"))
    rows = []
    totals = {t: collections.Counter() for t in TARGETS}
    for name in names:
        path = str(model_dir / (name + ".tflite"))
        tflite = collections.Counter(reference.tflite_ops(path, schema))
        imported = qtosa.import_tflite(path)
        cells = [name, counted(tflite)]
        tosa_ops = None
        for target in TARGETS:
            report = qtosa.partition(imported.clone(), target)
            ops = collections.Counter()
            for function in report["functions"]:
                for delegate in function["delegates"]:
                    ops.update(delegate["ops"])
            host = collections.Counter(
                "%s (%s)" % (op["op"], op["rule"]) for op in report["host_ops"])
            if tosa_ops is None:
                ops.update(op["op"] for op in report["host_ops"])
                tosa_ops = collections.Counter(
                    {k[len("tosa."):] if k.startswith("tosa.") else k: ops[k]
                     for k in sorted(ops)})
                cells.append("%d: %s" % (sum(tosa_ops.values()),
                                         counted(tosa_ops)))
            share = 100.0 * report["ops_npu"] / max(report["ops_total"], 1)
            cells.append("%d, %.0f%%" % (report["delegate_count"], share))
            cells.append(counted(host) or "-")
            totals[target].update(
                files=1, ops=report["ops_total"], npu=report["ops_npu"],
                host=report["ops_host"], delegates=report["delegate_count"],
                one_delegate=int(report["delegate_count"] == 1 and
                                 report["ops_host"] == 0))
        cells.append(numerics.get(name, "-"))
        rows.append(cells)

    out = ["# The TFLite corpus through qtosa-ethosu-pipeline", "",
           "Generated by `scripts/tflite-corpus-table.py` (rerun it after "
           "a change to the importer, the lowering or the Ethos-U rules) "
           "from the %d models of `../shared/corpus/tflite`, imported by "
           "`qtosa-translate --import-tflite` and partitioned by "
           "`qtosa-ethosu-pipeline` for each target. TOSA ops: what the "
           "ethos-u55-128 partitioner saw, quantized and lowered "
           "(`tosa.` left out; `qtosa.quantize`/`dequantize` are float "
           "islands' boundaries); delegates: `qtosa.delegate` regions and "
           "the share of ops on the NPU; host ops: each op left on the "
           "host with the rule that refuses it "
           "([docs/generated/EthosURules.md](generated/EthosURules.md)). "
           "vs TFLite: `qtosa-lower-pipeline{io=int rounding=double}` run "
           "on the three input sets of `../shared/corpus/tflite-reference` "
           "against TFLite Micro's reference kernels, as recorded by "
           "`test/Target/TFLite/reference-corpus.mlir`: bit-exact, or the "
           "largest difference and how many output values differ "
           "([tflite-import.md](tflite-import.md#numerics-against-tflite) "
           "explains each)." % len(names), ""]
    for target in TARGETS:
        t = totals[target]
        out.append("- %s: %d files, %d ops, %d on the NPU (%.1f%%), %d on "
                   "the host, %d delegates; %d files entirely in one "
                   "delegate" % (target, t["files"], t["ops"], t["npu"],
                                 100.0 * t["npu"] / max(t["ops"], 1),
                                 t["host"], t["delegates"],
                                 t["one_delegate"]))
    out += ["", "| model | TFLite ops | TOSA ops | U55-128 delegates, NPU "
            "| U55-128 host ops (rule) | U85-256 delegates, NPU "
            "| U85-256 host ops (rule) | vs TFLite |",
            "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    out += ["| " + " | ".join(cells) + " |" for cells in rows]
    text = "\n".join(out) + "\n"
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w") as f:
            f.write(text)
        print("wrote %s (%d models)" % (args.output, len(rows)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
