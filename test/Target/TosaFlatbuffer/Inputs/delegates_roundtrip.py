#!/usr/bin/python3
"""Partitions MLIR files for Ethos-U, writes their delegates with
qtosa-export-delegates and checks every .tosa written: it imports, writes
the same bytes again, and (with --schema) flatc with the official schema
decodes it to what the imported module says.

Usage: delegates_roundtrip.py --work DIR [--schema tosa.fbs] FILES...
Each `// -----` case of each file is partitioned for both targets; cases the
pipeline rejects (error tests) are counted and skipped. Prints one line per
problem and a SUMMARY line of counts.
"""
import argparse
import glob
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tosa_oracle  # noqa: E402

PIPELINE = ("builtin.module(qtosa-import-qdq,func.func(qtosa-share-qspecs,"
            "qtosa-canonicalize,qtosa-lower-to-tosa-int),"
            "qtosa-ethosu-partition{remarks=false target=%s},"
            "qtosa-export-delegates{dir=%s})")
GENERIC = ["--mlir-print-op-generic",
           "--mlir-print-elementsattrs-with-hex-if-larger=0"]


def run(cmd, data=None):
    return subprocess.run(cmd, input=data, capture_output=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--work", required=True)
    parser.add_argument("--schema")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    counts = dict(cases=0, partitioned=0, delegates=0, imported=0, bytes=0,
                  oracle=0)
    case_index = 0
    for path in sorted(args.files):
        text = open(path).read()
        for case in re.split(r"^// -----\s*$", text, flags=re.M):
            case_index += 1
            counts["cases"] += 1
            case_dir = os.path.join(args.work, "case%03d" % case_index)
            os.makedirs(case_dir, exist_ok=True)
            source = os.path.join(case_dir, "input.mlir")
            open(source, "w").write(case)
            for target in ("ethos-u55-128", "ethos-u85-256"):
                out = os.path.join(case_dir, target)
                result = run(["qtosa-opt", source, "-o", os.devnull,
                              "--pass-pipeline=" + PIPELINE % (target, out)])
                if result.returncode:
                    continue
                counts["partitioned"] += 1
                for tosa in sorted(glob.glob(os.path.join(out, "*.tosa"))):
                    counts["delegates"] += 1
                    where = "%s case %d %s %s" % (os.path.basename(path),
                                                  case_index, target,
                                                  os.path.basename(tosa))
                    imported = run(["qtosa-translate",
                                    "--import-tosa-flatbuffer", tosa])
                    if imported.returncode:
                        print("IMPORT-FAILED %s: %s" % (
                            where, imported.stderr.decode()))
                        continue
                    counts["imported"] += 1
                    again = tosa + ".again"
                    result = run(["qtosa-translate",
                                  "--export-tosa-flatbuffer", "-o", again],
                                 imported.stdout)
                    if result.returncode == 0 and open(tosa, "rb").read() \
                            == open(again, "rb").read():
                        counts["bytes"] += 1
                    else:
                        print("BYTES-DIFFER %s" % where)
                    if args.schema:
                        generic = run(["qtosa-opt"] + GENERIC,
                                      imported.stdout).stdout.decode()
                        problems = tosa_oracle.check(tosa, args.schema,
                                                     generic, out)
                        if problems:
                            print("ORACLE %s: %s" % (where,
                                                     "; ".join(problems[:3])))
                        else:
                            counts["oracle"] += 1
    print("SUMMARY " + " ".join("%s=%d" % kv for kv in counts.items()))


if __name__ == "__main__":
    main()
