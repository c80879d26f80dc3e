"""Runs qtosa-ethosu-pipeline over every .mlir file of a folder for one
target and prints what it made of them.

usage: partition_sweep.py TOOL FOLDER TARGET REPORT_DIR

Each file must either be partitioned, with a JSON report holding the
documented keys and consistent counts, or be rejected with a located
diagnostic (exit code 1, "error:" on stderr). Anything else (a crash, a
missing or inconsistent report) is printed as FAIL and fails the sweep.
"""
import collections
import concurrent.futures
import json
import os
import pathlib
import subprocess
import sys

KEYS = {"target", "delegate_count", "partitions", "ops_total", "ops_npu", "ops_host",
        "boundary_qdq", "dead_ops_erased", "functions", "host_ops",
        "float_regions"}
HOST_OP_KEYS = {"function", "op", "loc", "rule", "reason"}
REGION_KEYS = {"function", "rule", "op_count", "cause", "more_causes", "ops"}


def region_problems(data):
    """The float regions must cover exactly the host ops that name one,
    each with its function's ops, a located cause with a reason, and the
    host ops' rule."""
    regions = data["float_regions"]
    members = collections.Counter()
    for index, op in enumerate(data["host_ops"]):
        if "float_region" not in op:
            continue
        region = op["float_region"]
        if not 0 <= region < len(regions):
            return "host op #%d names float region %s of %d" % (
                index, region, len(regions))
        if regions[region]["function"] != op["function"] \
                or regions[region]["rule"] != op["rule"]:
            return "host op #%d is not in its region's function or rule" % index
        members[region] += 1
    for index, region in enumerate(regions):
        if set(region) != REGION_KEYS or region["op_count"] < 1 \
                or region["op_count"] != len(region["ops"]) \
                or members[index] != region["op_count"]:
            return "float region #%d is inconsistent: %s" % (index, region)
        if not region["cause"].get("reason") or not region["cause"]["loc"] \
                or any(not cause.get("reason")
                       for cause in region["more_causes"]):
            return "float region #%d has a cause without a reason" % index
    return None


def run(tool, path, target, report):
    pipeline = ("builtin.module(qtosa-ethosu-pipeline{target=%s report-file=%s})"
                % (target, report))
    result = subprocess.run([tool, str(path), "-o", os.devnull,
                             "--pass-pipeline=" + pipeline],
                            capture_output=True, text=True)
    if result.returncode == 1 and "error:" in result.stderr \
            and "Stack dump" not in result.stderr:
        return "diagnosed", None
    if result.returncode != 0:
        return "FAIL", "exit code %d: %s" % (result.returncode,
                                             result.stderr[-2000:])
    try:
        data = json.load(open(report))
    except (OSError, ValueError) as error:
        return "FAIL", "no readable report: %s" % error
    problems = []
    if set(data) != KEYS:
        problems.append("keys %s" % sorted(data))
    elif data["target"] != target:
        problems.append("target %s" % data["target"])
    elif data["ops_total"] != data["ops_npu"] + data["ops_host"] \
            or len(data["host_ops"]) != data["ops_host"]:
        problems.append("inconsistent counts")
    elif sum(f["delegate_count"] for f in data["functions"]) \
            != data["delegate_count"] or \
            data["partitions"] != data["delegate_count"]:
        problems.append("per-function delegate counts do not add up")
    elif any(set(op) - {"float_region", "name"} != HOST_OP_KEYS
             or not op["rule"]
             or not op["reason"] for op in data["host_ops"]):
        problems.append("a host op without rule and reason")
    elif region_problems(data):
        problems.append(region_problems(data))
    if problems:
        return "FAIL", "; ".join(problems)
    return "partitioned", data


def main():
    tool, folder, target, report_dir = sys.argv[1:5]
    os.makedirs(report_dir, exist_ok=True)
    files = sorted(pathlib.Path(folder).rglob("*.mlir"))
    jobs = {}
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        for index, path in enumerate(files):
            report = os.path.join(report_dir, "%04d.json" % index)
            jobs[path] = pool.submit(run, tool, path, target, report)
    counts = collections.Counter()
    totals = collections.Counter()
    rules = collections.Counter()
    for path, job in jobs.items():
        status, data = job.result()
        counts[status] += 1
        if status == "FAIL":
            print("FAIL %s: %s" % (path, data))
        elif status == "partitioned":
            for key in ("ops_total", "ops_npu", "ops_host", "delegate_count",
                        "boundary_qdq"):
                totals[key] += data[key]
            rules.update(op["rule"] for op in data["host_ops"])
    share = 100.0 * totals["ops_npu"] / max(totals["ops_total"], 1)
    print("%s: %d files: %d partitioned, %d rejected with a diagnostic, "
          "%d failed" % (target, len(files), counts["partitioned"],
                         counts["diagnosed"], counts["FAIL"]))
    print("%s: %d ops, %d on the NPU (%.1f%%), %d on the host, in %d "
          "delegates" % (target, totals["ops_total"], totals["ops_npu"], share,
                         totals["ops_host"], totals["delegate_count"]))
    for rule, count in rules.most_common(8):
        print("%s:   %6d host ops  %s" % (target, count, rule))
    return 1 if counts["FAIL"] else 0


if __name__ == "__main__":
    sys.exit(main())
