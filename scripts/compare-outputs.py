#!/usr/bin/env python3
"""Checks that a refactoring left qtosa's output unchanged, byte for byte.

Usage: compare-outputs.py BASE_BIN_DIR NEW_BIN_DIR [--tests DIR] [--bench-ops N]
                          [--lit BUILD_DIR]

Runs two builds' qtosa-opt and qtosa-translate on the same inputs and
compares stdout, stderr and exit status:

  - every lit test under test/: the first command of each RUN pipeline,
    when it is qtosa-opt or qtosa-translate reading %s (the later commands
    of a pipeline are FileCheck or upstream tools, which read what the first
    one wrote);
  - bench/'s generated model at --bench-ops TOSA ops (10000 by default)
    through qtosa-lower-pipeline and qtosa-ethosu-pipeline.

With --lit BUILD_DIR it also runs the whole lit suite of BUILD_DIR twice,
each time through wrappers that record every qtosa-opt, qtosa-translate and
qtosa-run invocation (arguments, exit status, a hash of its output), and
compares the two records: that covers the commands reading files the tests
generate. It takes twice the suite's time.

Paths to the build directory in the output are neutralised so the two builds
may live in different folders. Prints one line per difference and a summary;
exits 1 when anything differs.
"""
import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = ("qtosa-opt", "qtosa-translate")


def run_lines(path):
    """The RUN lines of a lit test, continuations joined."""
    lines, pending = [], ""
    with open(path, errors="replace") as f:
        for raw in f:
            m = re.search(r"(?://|#)\s*RUN:\s?(.*)$", raw)
            if not m:
                continue
            text = m.group(1).rstrip()
            if text.endswith("\\"):
                pending += text[:-1] + " "
                continue
            lines.append(pending + text)
            pending = ""
    return lines


def first_command(line, path):
    """The first command of a RUN pipeline, if it is ours and reads %s."""
    head = line.split("|")[0].strip()
    head = head.lstrip("!").strip()
    if head.startswith("not "):
        head = head[4:].strip()
    try:
        words = shlex.split(head)
    except ValueError:
        return None
    if not words or words[0] not in TOOLS or "%s" not in words:
        return None
    # Redirections, %t outputs and FileCheck-only substitutions cannot be
    # compared this way.
    if any(w.startswith(("%t", ">", "2>", "<")) or "%t" in w or "%S" in w
           or "%p" in w or "%{" in w for w in words):
        return None
    return [path if w == "%s" else w for w in words]


def run(bin_dir, argv, cwd):
    tool = os.path.join(bin_dir, argv[0])
    try:
        p = subprocess.run([tool] + argv[1:], capture_output=True, cwd=cwd,
                           timeout=300)
    except subprocess.TimeoutExpired:
        return (None, b"", b"timeout")
    return (p.returncode, p.stdout.replace(bin_dir.encode(), b"BIN"),
            p.stderr.replace(bin_dir.encode(), b"BIN"))


WRAPPER = """#!/usr/bin/env bash
out=$(mktemp); err=$(mktemp)
"%(real)s" "$@" >"$out" 2>"$err"; rc=$?
cat "$out"; cat "$err" >&2
hash=$(cat "$out" "$err" | sed "s#%(realdir)s#BIN#g" | sha1sum | cut -c1-40)
rm -f "$out" "$err"
( flock 9; echo "$rc $hash %(tool)s $*" >> "%(log)s" ) 9>>"%(log)s.lock"
exit $rc
"""


def record_lit(bin_dir, build_dir, tmp, tag):
    """Runs the lit suite through recording wrappers; returns the record."""
    wrap = os.path.join(tmp, "wrap-" + tag)
    os.makedirs(wrap)
    log = os.path.join(tmp, tag + ".log")
    open(log, "w").close()
    for tool in TOOLS + ("qtosa-run",):
        path = os.path.join(wrap, tool)
        with open(path, "w") as f:
            f.write(WRAPPER % {"real": os.path.join(bin_dir, tool),
                               "realdir": bin_dir, "tool": tool, "log": log})
        os.chmod(path, 0o755)
    lit = os.path.join("/usr/lib/llvm-22/bin", "lit")
    subprocess.run([lit, "-q", "--param", "qtosa_tools_dir=" + wrap,
                    os.path.join(build_dir, "test")])
    with open(log) as f:
        return sorted(line.replace(wrap, "WRAP") for line in f)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("base")
    ap.add_argument("new")
    ap.add_argument("--tests", default=os.path.join(ROOT, "test"))
    ap.add_argument("--bench-ops", type=int, default=10000)
    ap.add_argument("--lit", metavar="BUILD_DIR")
    ap.add_argument("--base-record", metavar="FILE",
                    help="with --lit: read the base build's record from FILE "
                    "if it exists, else write it there (saves a suite run)")
    args = ap.parse_args()
    base, new = os.path.abspath(args.base), os.path.abspath(args.new)

    cases = []
    for dirpath, _, files in os.walk(args.tests):
        for name in sorted(files):
            if not name.endswith(".mlir"):
                continue
            path = os.path.join(dirpath, name)
            for line in run_lines(path):
                argv = first_command(line, path)
                if argv:
                    cases.append((os.path.relpath(path, ROOT), argv))

    with tempfile.TemporaryDirectory() as tmp:
        if args.bench_ops:
            model = os.path.join(tmp, "bench.mlir")
            subprocess.run([sys.executable,
                            os.path.join(ROOT, "bench", "gen_qdq_model.py"),
                            str(args.bench_ops), "-o", model], check=True)
            for pipeline in ("qtosa-lower-pipeline", "qtosa-ethosu-pipeline"):
                cases.append(("bench %d ops %s" % (args.bench_ops, pipeline),
                              ["qtosa-opt", model,
                               "--pass-pipeline=builtin.module(%s)" % pipeline]))

        differ = 0
        for label, argv in cases:
            a = run(base, argv, tmp)
            b = run(new, argv, tmp)
            if a != b:
                differ += 1
                what = [k for k, x, y in zip(("exit", "stdout", "stderr"), a, b)
                        if x != y]
                print("DIFFERS (%s): %s: %s" % (", ".join(what), label,
                                                " ".join(argv[1:])))
        print("%d commands compared, %d differ" % (len(cases), differ))
        if args.lit:
            if args.base_record and os.path.exists(args.base_record):
                with open(args.base_record) as f:
                    old = f.readlines()
            else:
                old = record_lit(base, os.path.abspath(args.lit), tmp, "base")
                if args.base_record:
                    with open(args.base_record, "w") as f:
                        f.writelines(old)
            cur = record_lit(new, os.path.abspath(args.lit), tmp, "new")
            only_old = sorted(set(old) - set(cur))
            only_new = sorted(set(cur) - set(old))
            for line in only_old:
                print("lit, base only: " + line.rstrip()[:300])
            for line in only_new:
                print("lit, new only:  " + line.rstrip()[:300])
            print("lit: %d invocations recorded, %d differ"
                  % (len(cur), len(only_old) + len(only_new)))
            differ += len(only_old) + len(only_new)
        return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
