#!/usr/bin/env python3
"""Imports every .tflite file of a folder and runs qtosa's pipelines on it.

usage: tflite_sweep.py QTOSA_TRANSLATE QTOSA_OPT MLIR_OPT FOLDER WORK_DIR

For each file: `qtosa-translate --import-tflite` (with locations), then
`qtosa-ethosu-pipeline` for Ethos-U55 and Ethos-U85 with a JSON report, and
`qtosa-lower-pipeline{io=int rounding=double}` (TFLite's rounding), each
under qtosa-opt's verifier. A diagnostic with exit code 1 is an answer;
anything else (a crash, invalid IR, a missing report) prints FAIL and fails
the sweep. Prints one summary line per stage; the float ops a pipeline
left are counted by name, and each graph qtosa-lower-pipeline{io=int}
refuses (it cannot make it integer TOSA 1.0) is named with its error.

The validate criterion: every lowered graph that is fully integer (no
float tensor, no host call) passes `mlir-opt --tosa-validate` strict, for
PRO-INT with EXT-INT16 and EXT-DOUBLEROUND at level 8K. One check of MLIR
22's is not applied: it compares the length of every `!tosa.shape` operand
with MAX_RANK, so a rank-4 tosa.pad (padding: 8 values) fails at level 8K,
which TOSA 1.0 does not ask for (PAD's level limit is the rank of its
tensors; LLVM removed the check in llvm-project PR 175020). A graph whose
only 8K errors are that message, on a tosa.pad whose padding has 2 * rank
values and whose tensors have rank <= MAX_RANK (6), is validated again at
level=none and counted as passing, on a line of its own. A graph that is
not fully integer is excluded from the criterion, by name, with the reason
(its host calls, or the ops left in float); it is still validated for
PRO-INT and PRO-FP, not strictly, and the result printed.
"""
import collections
import concurrent.futures
import json
import os
import pathlib
import re
import subprocess
import sys
import time

TARGETS = ["ethos-u55-128", "ethos-u85-256"]
FLOAT_TENSOR = re.compile(r"tensor<[^>]*f32>")
HOST_CALL = re.compile(r"remark: (\S+) is imported as a call of @\S+ "
                       r"that runs on the host")
LOWER = "builtin.module(qtosa-lower-pipeline{io=int rounding=double})"
VALIDATE_TARGET = "profiles=pro_int extensions=int16,doubleround"
MAX_RANK_8K = 6
# MLIR 22's level check of a !tosa.shape's length against MAX_RANK, and the
# note that follows each error with the op's types.
SHAPE_LENGTH_ERROR = re.compile(
    r"error: 'tosa.pad' op failed shape type level check: "
    r"'!tosa.shape<(\d+)>' exceeds MAX_RANK$")
PAD_TYPES = re.compile(
    r"note: see current operation: .*\(tensor<([0-9x]+)x[a-z0-9]+>, "
    r"!tosa.shape<(\d+)>")
FLOAT_OP = re.compile(r"= \"?([a-z_]+\.[a-z_0-9]+)\"?[ (][^\n]*f32>")


def run(args, attempts=30):
    # A tool that cannot be executed is being relinked (a shared build
    # tree): wait for it rather than count it as the model's failure.
    for attempt in range(attempts):
        try:
            return subprocess.run(args, capture_output=True, text=True,
                                  errors="replace")
        except (PermissionError, OSError):
            if attempt + 1 == attempts:
                raise
            time.sleep(2)


def answered(result):
    """'ok', 'diagnosed' (exit 1 with a located error) or 'FAIL'."""
    if result.returncode == 0:
        return "ok"
    if result.returncode == 1 and "error:" in result.stderr \
            and "Stack dump" not in result.stderr:
        return "diagnosed"
    return "FAIL"


def only_shape_length_errors(stderr):
    """True if every error is MLIR 22's shape-length level check on a
    tosa.pad of rank <= MAX_RANK whose padding has 2 * rank values."""
    lines = stderr.splitlines()
    errors = [i for i, text in enumerate(lines) if "error:" in text]
    for i in errors:
        if not SHAPE_LENGTH_ERROR.search(lines[i]):
            return False
        note = next((PAD_TYPES.search(text) for text in lines[i + 1:]
                     if "note: see current operation" in text), None)
        if note is None:
            return False
        rank = len(note.group(1).split("x"))
        if int(note.group(2)) != 2 * rank or rank > MAX_RANK_8K:
            return False
    return bool(errors)


def validate_integer(mlir_opt, lowered, record):
    """Strict validation at level 8K; see the module's docstring for the
    one MLIR 22 check that is retried at level=none."""
    def validate(level):
        return run([mlir_opt, lowered, "-o", os.devnull,
                    "--tosa-attach-target=%s level=%s" % (VALIDATE_TARGET,
                                                          level),
                    "--tosa-validate=strict-op-spec-alignment"])
    result = validate("8k")
    record["valid"] = result.returncode == 0
    record["valid_without_shape_length"] = False
    if result.returncode != 0 and only_shape_length_errors(result.stderr):
        record["valid_without_shape_length"] = \
            validate("none").returncode == 0
    if result.returncode != 0 and not record["valid_without_shape_length"]:
        record["invalid"] = result.stderr.strip().splitlines()[:1]


def sweep_file(tools, path, work):
    translate, opt, mlir_opt = tools
    name = path.stem
    record = {"name": str(path), "fails": []}
    imported = os.path.join(work, name + ".mlir")
    result = run([translate, "--import-tflite",
                  str(path), "--mlir-print-debuginfo", "-o", imported])
    record["import"] = answered(result)
    record["host_calls"] = HOST_CALL.findall(result.stderr)
    if record["import"] != "ok":
        if record["import"] == "FAIL":
            record["fails"].append("import: " + result.stderr[-1500:])
        return record
    for target in TARGETS:
        report = os.path.join(work, "%s.%s.json" % (name, target))
        pipeline = ("builtin.module(qtosa-ethosu-pipeline{target=%s "
                    "report-file=%s})" % (target, report))
        result = run([opt, imported, "-o", os.devnull,
                      "--pass-pipeline=" + pipeline])
        status = answered(result)
        data = None
        if status == "ok":
            try:
                data = json.load(open(report))
            except (OSError, ValueError) as error:
                status = "FAIL"
                result.stderr += "no readable report: %s" % error
        if status == "FAIL":
            record["fails"].append("%s: %s" % (target, result.stderr[-1500:]))
        record[target] = (status, data)
    lowered = os.path.join(work, name + ".int.mlir")
    result = run([opt, imported, "-o", lowered, "--pass-pipeline=" + LOWER])
    status = answered(result)
    record["lower"] = status
    if status == "FAIL":
        record["fails"].append("lower: " + result.stderr[-1500:])
    if status == "diagnosed":
        record["lower_error"] = next(
            line for line in result.stderr.splitlines() if "error:" in line)
    if status == "ok":
        text = open(lowered).read()
        record["float_ops"] = sorted(set(FLOAT_OP.findall(text)))
        integer = not FLOAT_TENSOR.search(text) and "call @tflite." not in text
        record["integer"] = integer
        if integer:
            validate_integer(mlir_opt, lowered, record)
        else:
            result = run([mlir_opt, lowered, "-o", os.devnull,
                          "--tosa-attach-target=profiles=pro_int,pro_fp "
                          "extensions=int16,doubleround",
                          "--tosa-validate"])
            record["mixed_valid"] = result.returncode == 0
    return record


def main():
    tools = sys.argv[1:4]
    folder, work = sys.argv[4:6]
    os.makedirs(work, exist_ok=True)
    files = sorted(pathlib.Path(folder).rglob("*.tflite"))
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        records = list(pool.map(
            lambda path: sweep_file(tools, path, work), files))
    failed = 0
    for record in records:
        for fail in record["fails"]:
            failed += 1
            print("FAIL %s: %s" % (record["name"], fail))

    imports = collections.Counter(r["import"] for r in records)
    calls = collections.Counter(c for r in records for c in r["host_calls"])
    print("import: %d files: %d imported, %d rejected with a diagnostic, "
          "%d failed; %d host calls (%s)" % (
              len(records), imports["ok"], imports["diagnosed"],
              imports["FAIL"], sum(calls.values()),
              ", ".join("%s %d" % kv for kv in sorted(calls.items()))))
    for target in TARGETS:
        done = [r[target] for r in records if target in r]
        status = collections.Counter(s for s, _ in done)
        totals = collections.Counter()
        rules = collections.Counter()
        for s, data in done:
            if s == "ok":
                for key in ("ops_total", "ops_npu", "ops_host", "delegate_count"):
                    totals[key] += data[key]
                rules.update(op["rule"] for op in data["host_ops"])
        share = 100.0 * totals["ops_npu"] / max(totals["ops_total"], 1)
        print("%s: %d files: %d partitioned, %d rejected with a diagnostic, "
              "%d failed" % (target, len(done), status["ok"],
                             status["diagnosed"], status["FAIL"]))
        print("%s: %d ops, %d on the NPU (%.1f%%), %d on the host, in %d "
              "delegates" % (target, totals["ops_total"], totals["ops_npu"],
                             share, totals["ops_host"], totals["delegate_count"]))
        for rule, count in rules.most_common(6):
            print("%s:   %6d host ops  %s" % (target, count, rule))
    lowered = [r for r in records if "lower" in r]
    status = collections.Counter(r["lower"] for r in lowered)
    ok = [r for r in lowered if r["lower"] == "ok"]
    # What the partitioner left in float, by op (the Ethos-U85 reports).
    floats = collections.Counter(
        op["op"] for r in records if r.get(TARGETS[1], ("", None))[0] == "ok"
        for op in r[TARGETS[1]][1]["host_ops"]
        if op["rule"].endswith("TENSOR.FLOAT"))
    print("lower-int: %d files: %d lowered, %d rejected with a diagnostic, "
          "%d failed; %d fully integer" % (
              len(lowered), status["ok"], status["diagnosed"], status["FAIL"],
              sum(1 for r in ok if r["integer"])))
    # io=int refuses a graph it cannot make integer TOSA 1.0 (a group left
    # in float, a dynamic shape): named, with the first error.
    for r in sorted(lowered, key=lambda r: r["name"]):
        if r["lower"] == "diagnosed":
            print("lower-int: rejected %s: %s" % (
                pathlib.Path(r["name"]).stem,
                re.sub(r"^.*?error: ", "", r["lower_error"])))
    print("left in float: %s" % (
        ", ".join("%s %d" % kv for kv in sorted(floats.items())) or "nothing"))
    integer = [r for r in ok if r["integer"]]
    passed = [r for r in integer if r["valid"]]
    relaxed = [r for r in integer if r["valid_without_shape_length"]]
    print("tosa-validate: %d of %d fully integer files pass (strict, %s, "
          "level 8K%s)" % (
              len(passed) + len(relaxed), len(integer), VALIDATE_TARGET,
              "; %d of them only without MLIR 22's shape-length level check"
              % len(relaxed) if relaxed else ""))
    if relaxed:
        print("tosa-validate: without MLIR 22's check of a !tosa.shape's "
              "length against MAX_RANK (tosa.pad): %s" % ", ".join(
                  sorted(pathlib.Path(r["name"]).stem for r in relaxed)))
    invalid = collections.Counter(
        re.sub(r"^.*?error: ", "", "".join(r.get("invalid", [])))[:100]
        for r in integer if "invalid" in r)
    for message, count in invalid.most_common(5):
        print("tosa-validate: %d files: %s" % (count, message))
    excluded = [r for r in ok if not r["integer"]]
    print("tosa-validate: %d files excluded (not fully integer)" %
          len(excluded))
    # Host calls first: they stay excluded; float ops left are work to do.
    for r in sorted(excluded, key=lambda r: (not r["host_calls"],
                                             r["name"])):
        if r["host_calls"]:
            why = "host call %s" % ", ".join(
                sorted(set(r["host_calls"])))
        else:
            why = "left in float: %s" % ", ".join(r["float_ops"])
        print("tosa-validate: excluded %s (%s); pro_int+pro_fp, not strict: "
              "%s" % (pathlib.Path(r["name"]).stem, why,
                      "pass" if r["mixed_valid"] else "FAIL"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
