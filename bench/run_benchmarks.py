#!/usr/bin/env python3
"""Measures qtosa against the mlir-opt parse+print floor from 1k to 100k ops.

Usage: run_benchmarks.py --build-dir BUILD [--sizes 1000,10000,...]
                         [--model mixed|convnext] [--split-functions]
                         [--runs 5] [--out DIR] [--baseline OLD.csv]
                         [--check-goals] [--instructions]
                         [--instruction-passes import-qdq,...]

For each size it generates a QDQ model (gen_qdq_model.py; --model and
--split-functions go to it: one function of mixed blocks by default) and
times, as separate processes:
  floor      mlir-opt parse + print (what no MLIR tool can beat)
  floor-same-allocator
             the same with qtosa-opt's malloc library preloaded when
             qtosa-opt links one (jemalloc): the floor for the same allocator
  parse      qtosa-opt parse + print
  <pass>     qtosa-opt running one qtosa pass on the IR that precedes it in
             qtosa-ethosu-pipeline; the pass's own time comes from
             -mlir-timing, beside the process's; that time includes the
             verifier MLIR runs after a pass that changed the IR
  <pass>-unverified
             the same with --verify-each=false: the pass alone
  pipeline   qtosa-opt running the full qtosa-ethosu-pipeline
  pipeline-unverified
             the same with --verify-each=false (issue #32's goal: at most
             1.3x floor-same-allocator on the ConvNeXt model at 100k ops)
  upstream-* mlir-opt running an upstream pass that is linear by
             construction (cse, canonicalize) or only reads every op once
             (print-op-stats) on the input: its time ratio between sizes is
             what the machine's caches alone make of a larger graph
Each is run --runs times, the commands of a size taking turns: the median
wall time, the peak resident set size (the largest of the runs) and TOSA
ops per second are reported. Writes
results.csv, time-vs-ops.png (log-log; needs matplotlib) and, per size,
timing-N.txt (the pipeline's -mlir-timing tree) into --out, and prints the
goals of docs/performance.md as PASS or MISS (with --check-goals, a MISS
makes the exit status 1). With --baseline, each figure is printed beside
the one in an earlier results.csv. With --instructions, each pass also runs
once under valgrind's callgrind at the largest size and a tenth of it, and
the instructions inside its runOnOperation give a scaling ratio that does
not move between runs (instructions.csv; about 200 s of CPU per pass at
100k ops); --instruction-passes limits that to the passes it names.
"""
import argparse
import concurrent.futures
import csv
import glob
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))

# (name in the CSV, pass pipeline as qtosa-ethosu-pipeline runs it, -mlir-timing
# name, stage it reads), in the pipeline's order.
PASSES = [
    ("import-qdq", "builtin.module(qtosa-import-qdq)", "ImportQDQPass", "input"),
    ("inline-private-calls", "builtin.module(qtosa-inline-private-calls)",
     "InlinePrivateCallsPass", "imported"),
    ("signed-storage", "builtin.module(func.func(qtosa-signed-storage))", "SignedStoragePass",
     "inlined"),
    ("share-qspecs", "builtin.module(func.func(qtosa-share-qspecs))", "ShareQSpecsPass", "signed"),
    ("canonicalize", "builtin.module(func.func(qtosa-canonicalize{region-simplify=disabled}))", "QuantizedCanonicalizePass", "shared"),
    ("lower-to-tosa-int", "builtin.module(func.func(qtosa-lower-to-tosa-int))", "LowerToTosaIntPass",
     "canonicalized"),
    ("ethosu-partition", "builtin.module(qtosa-ethosu-partition)", "EthosUPartitionPass", "lowered"),
    ("expand-qdq", "builtin.module(func.func(qtosa-expand-qdq))", "ExpandQDQPass", "partitioned"),
]

# Each stage's input is the previous stage run through this (not timed).
STAGES = [
    ("imported", "input", "builtin.module(qtosa-import-qdq)"),
    ("inlined", "imported", "builtin.module(qtosa-inline-private-calls)"),
    ("signed", "inlined", "builtin.module(func.func(qtosa-signed-storage))"),
    ("shared", "signed", "builtin.module(func.func(qtosa-share-qspecs))"),
    ("canonicalized", "shared", "builtin.module(func.func(qtosa-canonicalize{region-simplify=disabled}))"),
    ("lowered", "canonicalized", "builtin.module(func.func(qtosa-lower-to-tosa-int))"),
    ("partitioned", "lowered", "builtin.module(qtosa-ethosu-partition)"),
]

PIPELINE = "builtin.module(qtosa-ethosu-pipeline)"

# Upstream passes that are linear by construction, run by mlir-opt on the
# input: their time(largest)/time(largest / 10) is what this machine's
# caches alone make of a tenfold larger graph, beside which the qtosa
# passes' ratios are read. (name in the CSV, pass pipeline, -mlir-timing name,
# what it shows)
REFERENCES = [
    ("upstream-cse", "builtin.module(func.func(cse))", "CSE", "linear"),
    ("upstream-canonicalize", "builtin.module(func.func(canonicalize))", "Canonicalizer",
     "linear"),
    # Changes nothing, so no verifier runs after it; its counts go to
    # stderr. The least a pass that looks at the whole graph can do: its
    # ratio is what the memory hierarchy alone makes of a graph ten times
    # larger.
    ("upstream-op-walk", "builtin.module(print-op-stats)", "PrintOpStats",
     "one read of every op"),
]

# Each pass is also timed with --verify-each=false: -mlir-timing counts the
# verifier MLIR runs after a pass (a walk over every op, unless the pass
# changed nothing) as the pass's own time. Rows of these runs are named
# with this suffix.
UNVERIFIED = "-unverified"

# mlir-opt parse + print with qtosa-opt's allocator preloaded when qtosa-opt
# has one of its own (tool_allocator), else the floor run again.
FLOOR_SAME_ALLOCATOR = "floor-same-allocator"

GOAL_PIPELINE_OVER_FLOOR = 1.5
# Issue #32's decision: the pipeline without MLIR's verifier after each pass
# (the output is still verified once, before printing, as the floor's is)
# against the floor run with the same allocator as qtosa-opt.
GOAL_UNVERIFIED_OVER_FLOOR = 1.3
GOAL_SCALING = 11.0
GOAL_RSS_OVER_FLOOR = 2.0


def tool_allocator(binary):
    """The malloc library `binary` links in place of the C library's (qtosa's
    tools link jemalloc when it is installed), or None."""
    try:
        linked = subprocess.run(["ldd", binary], capture_output=True, text=True).stdout
    except OSError:
        return None
    for line in linked.splitlines():
        m = re.search(r"(lib(?:jemalloc|tcmalloc\w*|mimalloc)\.so\S*) => (\S+)", line)
        if m:
            return m.group(2)
    return None


def run_once(argv):
    """Wall seconds, peak RSS in MiB and stderr of one run of argv."""
    # os.wait4 gives this child's own peak RSS; a pipe could fill while
    # nothing reads it, so stderr goes to a file.
    with tempfile.TemporaryFile(mode="w+") as err:
        start = time.perf_counter()
        proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        err.seek(0)
        stderr = err.read()
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit("error: %s exited %d:\n%s" % (" ".join(argv), code, stderr[-2000:]))
    return wall, usage.ru_maxrss / 1024.0, stderr


def pass_seconds(timing, name):
    """The wall time of `name` in an -mlir-timing list report."""
    # Lines are "[user (pct%)] wall (pct%)  name"; the user column is there
    # only when something ran in parallel.
    for line in timing.splitlines():
        m = re.search(r"([\d.]+) \(\s*[\d.]+%\)\s+(\S+)\s*$", line)
        if m and m.group(2) == name:
            return float(m.group(1))
    return None


def measure(commands, runs):
    """Runs every command `runs` times, round-robin: a slow spell of the
    machine then hits all commands of a size alike, so their ratios hold even
    where absolute times drift. Returns one result per command name."""
    samples = {name: ([], [], []) for name, _, _ in commands}
    for _ in range(runs):
        for name, argv, timing_name in commands:
            extra = ["-mlir-timing", "-mlir-timing-display=list"] if timing_name else []
            wall, peak, stderr = run_once(argv + extra)
            walls, rss, own = samples[name]
            walls.append(wall)
            rss.append(peak)
            if timing_name:
                seconds = pass_seconds(stderr, timing_name)
                if seconds is None:
                    sys.exit("error: no %s in the timing report of %s" % (timing_name, " ".join(argv)))
                own.append(seconds)
    results = {}
    for name, (walls, rss, own) in samples.items():
        results[name] = {
            "median_s": statistics.median(walls),
            "min_s": min(walls),
            "max_s": max(walls),
            "peak_rss_mib": max(rss),
            "pass_s": statistics.median(own) if own else "",
        }
    return results


def count_tosa_ops(path):
    first = open(path).readline()
    m = re.search(r": (\d+) TOSA ops", first)
    return int(m.group(1))


def prepare(qtosa_opt, work, size, model_args):
    """Generates the model and the input of every stage; returns the paths."""
    paths = {"input": os.path.join(work, "model-%d.mlir" % size)}
    subprocess.run([sys.executable, os.path.join(HERE, "gen_qdq_model.py"), str(size),
                    "-o", paths["input"]] + model_args, check=True)
    for stage, source, pipeline in STAGES:
        paths[stage] = os.path.join(work, "model-%d.%s.mlir" % (size, stage))
        subprocess.run([qtosa_opt, paths[source], "--pass-pipeline=" + pipeline,
                        "-o", paths[stage]], check=True, stderr=subprocess.DEVNULL)
    return paths


def fmt_s(seconds):
    return "%.3f" % seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build-dir", required=True)
    parser.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    parser.add_argument("--sizes", default="1000,3000,10000,30000,100000")
    parser.add_argument("--model", choices=["mixed", "convnext"], default="mixed",
                        help="the generator's model (see gen_qdq_model.py)")
    parser.add_argument("--split-functions", action="store_true",
                        help="the generator's older layout: one function per kind of block")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--out", default=None)
    parser.add_argument("--baseline", default=None)
    parser.add_argument("--check-goals", action="store_true")
    parser.add_argument("--corpus", default=os.path.join(HERE, "..", "..", "shared", "corpus"),
                        help="where ../shared/corpus is: the import of its largest TFLite "
                             "model is timed too")
    parser.add_argument("--instructions", action="store_true",
                        help="also count each pass's instructions under callgrind at the "
                             "largest size and a tenth of it (deterministic; slow)")
    parser.add_argument("--instruction-passes", default=None,
                        help="comma-separated pass names (as in the table) to count "
                             "instructions for; default: every pass (each is two "
                             "callgrind runs of a few seconds even on a tiny graph)")
    args = parser.parse_args()
    if args.runs < 1:
        sys.exit("error: --runs must be at least 1")
    instruction_passes = PASSES
    if args.instruction_passes:
        wanted = args.instruction_passes.split(",")
        unknown = set(wanted) - {name for name, _, _, _ in PASSES}
        if unknown:
            sys.exit("error: --instruction-passes: no pass named %s" % ", ".join(sorted(unknown)))
        instruction_passes = [entry for entry in PASSES if entry[0] in wanted]
    qtosa_opt = os.path.join(args.build_dir, "bin", "qtosa-opt")
    allocator = tool_allocator(qtosa_opt)
    print("qtosa-opt allocates with %s" % (allocator or "the C library's malloc"))
    out = args.out or os.path.join(args.build_dir, "bench")
    os.makedirs(out, exist_ok=True)
    sizes = [int(s) for s in args.sizes.split(",")]
    baseline = {}
    if args.baseline:
        for row in csv.DictReader(open(args.baseline)):
            baseline[(int(row["size"]), row["command"])] = row

    model_args = ["--model", args.model] + (["--split-functions"] if args.split_functions else [])
    rows = []
    prepared = {}
    print("%-8s %-9s %-35s %9s %9s %9s %11s %7s" % (
        "size", "tosa ops", "command", "median s", "pass s", "RSS MiB", "ops/s", "/floor"))
    for size in sizes:
        paths = prepared[size] = prepare(qtosa_opt, out, size, model_args)
        ops = count_tosa_ops(paths["input"])
        commands = [("floor", [args.mlir_opt, paths["input"], "-o", "/dev/null"], None),
                    ("parse", [qtosa_opt, paths["input"], "-o", "/dev/null"], None)]
        # The floor with qtosa-opt's allocator: the same malloc on both sides
        # (the C library's when qtosa-opt has none of its own).
        preload = ["env", "LD_PRELOAD=" + allocator] if allocator else []
        commands.append((FLOOR_SAME_ALLOCATOR,
                         preload + [args.mlir_opt, paths["input"], "-o", "/dev/null"], None))
        pass_runs = [(name, [qtosa_opt, paths[stage], "--pass-pipeline=" + pipeline,
                             "-o", "/dev/null"], timing_name)
                     for name, pipeline, timing_name, stage in PASSES]
        commands += pass_runs
        commands.append(("pipeline", [qtosa_opt, paths["input"], "--pass-pipeline=" + PIPELINE,
                                      "-o", "/dev/null"], None))
        commands.append(("pipeline" + UNVERIFIED,
                         [qtosa_opt, paths["input"], "--pass-pipeline=" + PIPELINE,
                          "-o", "/dev/null", "--verify-each=false"], None))
        for name, pipeline, timing_name, _ in REFERENCES:
            commands.append((name, [args.mlir_opt, paths["input"], "--pass-pipeline=" + pipeline,
                                    "-o", "/dev/null"], timing_name))
        commands += [(name + UNVERIFIED, argv + ["--verify-each=false"], timing_name)
                     for name, argv, timing_name in pass_runs]
        results = measure(commands, args.runs)
        floor = results["floor"]
        for name, _, _ in commands:
            result = results[name]
            row = {"size": size, "tosa_ops": ops, "command": name, "runs": args.runs}
            row.update(result)
            row["ops_per_s"] = ops / result["median_s"]
            row["over_floor"] = result["median_s"] / floor["median_s"]
            rows.append(row)
            line = "%-8d %-9d %-35s %9s %9s %9.1f %11.0f %7.2f" % (
                size, ops, name, fmt_s(result["median_s"]),
                fmt_s(result["pass_s"]) if result["pass_s"] != "" else "-",
                result["peak_rss_mib"], row["ops_per_s"], row["over_floor"])
            old = baseline.get((size, name))
            if old:
                before = float(old["pass_s"] or old["median_s"])
                after = float(result["pass_s"] or result["median_s"])
                line += "   before %s -> after %s (x%.2f)" % (fmt_s(before), fmt_s(after), before / after)
            print(line, flush=True)
        # The pipeline's per-pass breakdown at this size.
        _, _, timing = run_once([qtosa_opt, paths["input"], "--pass-pipeline=" + PIPELINE,
                                 "-o", "/dev/null", "-mlir-timing"])
        with open(os.path.join(out, "timing-%d.txt" % size), "w") as f:
            f.write(timing)

    fields = ["size", "tosa_ops", "command", "runs", "median_s", "min_s", "max_s", "pass_s",
              "peak_rss_mib", "ops_per_s", "over_floor"]
    csv_path = os.path.join(out, "results.csv")
    with open(csv_path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=fields)
        writer.writeheader()
        for row in rows:
            writer.writerow({k: ("%.6g" % v if isinstance(v, float) else v) for k, v in row.items()})
    print("\nwrote %s" % csv_path)
    plot(rows, os.path.join(out, "time-vs-ops.png"))
    largest = max(sizes)
    print("per-pass breakdown of the pipeline: %s" % os.path.join(out, "timing-%d.txt" % largest))
    print(open(os.path.join(out, "timing-%d.txt" % largest)).read())
    report_tflite_import(os.path.join(args.build_dir, "bin", "qtosa-translate"), args.corpus,
                         out, args.runs)
    met = report_goals(rows, sizes)
    if args.instructions:
        met &= report_instructions(qtosa_opt, out, sizes, prepared, instruction_passes)
    sys.exit(1 if args.check_goals and not met else 0)


# What -mlir-timing calls the translation in qtosa-translate's report.
TFLITE_IMPORT_TIMING = "import a TFLite flatbuffer as QDQ TOSA"


def report_tflite_import(qtosa_translate, corpus, out, runs):
    """Times `qtosa-translate --import-tflite` on the largest model of
    CORPUS/tflite: the import's own wall time from -mlir-timing (reading,
    verifying and converting the flatbuffer; not process start or printing
    the MLIR) as MB/s of flatbuffer, and the whole command. Writes
    tflite-import.csv. Returns False if there is no corpus."""
    models = sorted(glob.glob(os.path.join(corpus, "tflite", "**", "*.tflite"),
                              recursive=True), key=os.path.getsize)
    if not models:
        print("\nTFLite import: no models under %s (--corpus)" % os.path.join(corpus, "tflite"))
        return False
    model = models[-1]
    size = os.path.getsize(model)
    walls, imports = [], []
    for _ in range(runs):
        wall, _, timing = run_once([qtosa_translate, "--import-tflite", model, "-o", "/dev/null",
                                    "-mlir-timing", "-mlir-timing-display=list"])
        m = re.search(r"([\d.]+) \(\s*[\d.]+%\)\s+" + re.escape(TFLITE_IMPORT_TIMING), timing)
        if not m:
            sys.exit("error: no '%s' in the timing report of qtosa-translate" % TFLITE_IMPORT_TIMING)
        walls.append(wall)
        imports.append(float(m.group(1)))
    import_s = statistics.median(imports)
    row = {"model": os.path.relpath(model, corpus), "bytes": size, "runs": runs,
           "import_s": import_s, "mb_per_s": size / 1e6 / import_s,
           "command_median_s": statistics.median(walls)}
    path = os.path.join(out, "tflite-import.csv")
    with open(path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(row))
        writer.writeheader()
        writer.writerow({k: ("%.6g" % v if isinstance(v, float) else v) for k, v in row.items()})
    print("\nTFLite import of the largest corpus model, %s (%.0f KB): %s s, %.1f MB/s "
          "(median of %d; the whole command %s s); wrote %s" % (
              row["model"], size / 1e3, fmt_s(import_s), row["mb_per_s"], runs,
              fmt_s(row["command_median_s"]), path))
    return True


def count_instructions(job):
    """Instructions executed inside one pass's runOnOperation (callgrind)."""
    qtosa_opt, path, pipeline, timing_name = job
    argv = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
            # Collection toggles on entering any function the pattern
            # matches; a trailing * would also match the lambdas inside
            # runOnOperation and turn counting off within them.
            "--toggle-collect=*%s::runOnOperation()" % timing_name,
            qtosa_opt, path, "--pass-pipeline=" + pipeline, "-o", "/dev/null",
            "--mlir-disable-threading"]
    proc = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    match = re.search(r"Collected : (\d+)", proc.stderr)
    if proc.returncode != 0 or not match:
        sys.exit("error: callgrind failed for %s:\n%s" % (timing_name, proc.stderr[-2000:]))
    return int(match.group(1))


def report_instructions(qtosa_opt, out, sizes, prepared, passes):
    """Wall time on a shared VM moves by tens of percent between runs, and
    a graph ten times larger also misses the caches more; the instructions
    each pass executes (single-threaded) are the same on every run, so
    their ratio shows whether the algorithm itself grows faster than the
    graph."""
    largest = max(sizes)
    small = largest // 10
    if small not in sizes:
        print("note: no size %d, so instruction counts are not taken" % small)
        return True
    jobs = []
    for size in (small, largest):
        paths = prepared[size]
        for name, pipeline, timing_name, stage in passes:
            jobs.append((qtosa_opt, paths[stage], pipeline, timing_name))
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        counts = list(pool.map(count_instructions, jobs))
    per_size = len(passes)
    ok = True
    rows = []
    print("instructions per pass (callgrind, --mlir-disable-threading):")
    for index, (name, _, _, _) in enumerate(passes):
        little, big = counts[index], counts[per_size + index]
        growth = big / max(little, 1)
        passed = growth <= GOAL_SCALING
        ok &= passed
        rows.append({"command": name, "instructions_small": little, "instructions_large": big,
                     "ratio": "%.3f" % growth})
        print("%s  %-35s instructions(%d)/instructions(%d) = %.2f (%d / %d; goal <= %.0f)"
              % ("PASS" if passed else "MISS", name, largest, small, growth, big, little,
                 GOAL_SCALING))
    path = os.path.join(out, "instructions.csv")
    with open(path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=["command", "instructions_small",
                                               "instructions_large", "ratio"])
        writer.writeheader()
        writer.writerows(rows)
    print("wrote %s" % path)
    return ok


def by(rows, size, command):
    for row in rows:
        if row["size"] == size and row["command"] == command:
            return row
    return None


def report_goals(rows, sizes):
    """Prints each goal as PASS or MISS; True when none is missed."""
    largest = max(sizes)
    ok = True

    def verdict(passed, text):
        nonlocal ok
        ok &= passed
        print("%s  %s" % ("PASS" if passed else "MISS", text))

    print("goals at %d requested ops:" % largest)
    floor, pipeline = by(rows, largest, "floor"), by(rows, largest, "pipeline")
    ratio = pipeline["median_s"] / floor["median_s"]
    verdict(ratio <= GOAL_PIPELINE_OVER_FLOOR,
            "pipeline %.3f s = %.2fx the mlir-opt floor %.3f s (goal <= %.1fx)"
            % (pipeline["median_s"], ratio, floor["median_s"], GOAL_PIPELINE_OVER_FLOOR))
    unverified = by(rows, largest, "pipeline" + UNVERIFIED)
    same_floor = by(rows, largest, FLOOR_SAME_ALLOCATOR)
    ratio = unverified["median_s"] / same_floor["median_s"]
    verdict(ratio <= GOAL_UNVERIFIED_OVER_FLOOR,
            "pipeline --verify-each=false %.3f s = %.2fx the floor %.3f s with "
            "qtosa-opt's allocator (goal <= %.1fx; %.2fx the plain floor)"
            % (unverified["median_s"], ratio, same_floor["median_s"],
               GOAL_UNVERIFIED_OVER_FLOOR, unverified["median_s"] / floor["median_s"]))
    rss = pipeline["peak_rss_mib"] / floor["peak_rss_mib"]
    verdict(rss <= GOAL_RSS_OVER_FLOOR,
            "pipeline peak RSS %.0f MiB = %.2fx the floor's %.0f MiB (goal <= %.1fx)"
            % (pipeline["peak_rss_mib"], rss, floor["peak_rss_mib"], GOAL_RSS_OVER_FLOOR))
    small = largest // 10
    if small not in sizes:
        print("note: no size %d, so time(%d)/time(%d) is not checked" % (small, largest, small))
        return ok
    def scaling(name, key="pass_s"):
        """`name`'s time ratio between the sizes (its own time, or with
        key="median_s" its process's), as printed."""
        big, little = by(rows, largest, name), by(rows, small, name)
        growth = big[key] / max(little[key], 1e-6)
        text = "%-35s time(%d)/time(%d) = %.2f (%.4f s / %.4f s; " % (
            name, largest, small, growth, big[key], little[key])
        return growth, text

    for name, _, _, _ in PASSES:
        growth, text = scaling(name)
        verdict(growth <= GOAL_SCALING, text + "goal <= %.0f)" % GOAL_SCALING)
    for name, _, _, _ in PASSES:
        _, text = scaling(name + UNVERIFIED)
        print("ref   " + text + "without MLIR's verifier after the pass)")
    for name, _, _, what in REFERENCES:
        _, text = scaling(name)
        print("ref   " + text + what + ", for comparison)")
    # What parsing and printing alone make of the larger graph: a pass whose
    # ratio is near this one grows as the IR it reads does.
    _, text = scaling("floor", key="median_s")
    print("ref   " + text + "mlir-opt parse+print, the whole process)")
    return ok


def plot(rows, path):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("note: matplotlib is missing (apt-get install python3-matplotlib); no plot written")
        return
    fig, ax = plt.subplots(figsize=(8, 6))
    commands = []
    for row in rows:
        if row["command"] not in commands:
            commands.append(row["command"])
    for command in commands:
        if command.endswith(UNVERIFIED):
            continue
        points = [(r["tosa_ops"], r["pass_s"] if r["pass_s"] != "" else r["median_s"])
                  for r in rows if r["command"] == command]
        style = {"floor": "k-", "parse": "k--", "pipeline": "r-"}.get(command, ":")
        label = command if command in ("floor", "parse", "pipeline") else command + " (pass only)"
        if command.startswith("upstream-"):
            style = "--"
        ax.plot([p[0] for p in points], [p[1] for p in points], style, marker="o", label=label)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("TOSA ops in the model")
    ax.set_ylabel("seconds (median)")
    ax.set_title("qtosa-ethosu-pipeline against the mlir-opt parse+print floor")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    print("wrote %s" % path)


if __name__ == "__main__":
    main()
