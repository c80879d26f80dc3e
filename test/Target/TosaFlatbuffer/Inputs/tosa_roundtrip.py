#!/usr/bin/python3
"""Round trips MLIR files through TOSA 1.0 flatbuffers and checks each file
against a reading of the flatbuffer that this project did not write.

For each input file:
  valid     `mlir-opt --tosa-validate` (TOSA 1.0, all profiles and
            extensions) accepts it; invalid files are only counted;
  exported  qtosa-translate --export-tosa-flatbuffer writes it (a refusal is
            printed with the exporter's error);
  same      importing the file gives the original function (generic form:
            the same ops, attributes, types and order; argument and
            function attributes, which the format does not hold, aside);
  bytes     exporting the imported module gives identical bytes;
  oracle    `flatc --json` with the official schema (--schema) decodes the
            file to the operators, tensor shapes and types, constant bytes
            and attribute values of the original module.
Prints one line per problem and a summary line of counts; exits 0 (the
counts are checked by FileCheck).
"""
import argparse
import concurrent.futures
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tosa_oracle  # noqa: E402

TARGET = ("--tosa-attach-target=profiles=pro_int,pro_fp "
          "extensions=int16,int4,bf16,fp8e4m3,fp8e5m2,fft,variable,"
          "controlflow,doubleround,inexactround,dynamic "
          "specification_version=1.0")


def run(cmd, data=None):
    return subprocess.run(cmd, input=data, capture_output=True)


def function_body(generic_text):
    """The op lines and the function type/name of a generic-form module."""
    lines = generic_text.splitlines()
    header = next(i for i, l in enumerate(lines) if '"func.func"' in l)
    end = max(i for i, l in enumerate(lines) if l.startswith("  })"))
    head = lines[header]
    fields = {}
    for key in ("function_type", "sym_name"):
        start = head.find(key + " = ")
        if start < 0:
            continue
        start += len(key) + 3
        depth, i = 0, start
        while i < len(head):
            c = head[i]
            if c in "([<{":
                depth += 1
            elif c in ")]>}":
                if depth == 0:
                    break
                depth -= 1
            elif c == "," and depth == 0:
                break
            i += 1
        fields[key] = head[start:i]
    return fields, lines[header + 1:end]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", help="qtosa tools dir (default: PATH)")
    parser.add_argument("--llvm-bin", help="mlir-opt's dir (default: PATH)")
    parser.add_argument("--work", required=True)
    parser.add_argument("--schema", help="official tosa.fbs (oracle)")
    parser.add_argument("--no-validate", action="store_true")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    def tool(directory, name):
        if directory:
            return os.path.join(directory, name)
        return shutil.which(name) or name

    translate = tool(args.bin, "qtosa-translate")
    opt = tool(args.bin, "qtosa-opt")
    mlir_opt = tool(args.llvm_bin, "mlir-opt")
    os.makedirs(args.work, exist_ok=True)
    counts = dict(files=0, valid=0, exported=0, same=0, bytes=0, oracle=0)
    generic = ["--mlir-print-op-generic",
               "--mlir-print-elementsattrs-with-hex-if-larger=0"]

    def one(index, path):
        """Checks one file; returns the counts it adds and its lines."""
        added, lines = dict(files=1), []
        name = os.path.basename(path)
        if not args.no_validate:
            if run([mlir_opt, TARGET, "--tosa-validate", path]).returncode:
                return added, lines
        added["valid"] = 1
        tosa = os.path.join(args.work, "%03d.tosa" % index)
        result = run([translate, "--export-tosa-flatbuffer", path, "-o", tosa])
        if result.returncode:
            err = result.stderr.decode().strip().splitlines()
            lines.append("REFUSED %s: %s" % (name, err[0] if err else "?"))
            return added, lines
        added["exported"] = 1
        original = run([opt] + generic + [path])
        imported = run([translate, "--import-tosa-flatbuffer", tosa])
        if imported.returncode:
            lines.append("IMPORT-FAILED %s: %s" % (name,
                                                   imported.stderr.decode()))
            return added, lines
        reprinted = run([opt] + generic, imported.stdout)
        want = function_body(original.stdout.decode())
        got = function_body(reprinted.stdout.decode())
        if want == got:
            added["same"] = 1
        else:
            lines.append("DIFFERENT %s" % name)
            for a, b in zip(want[1], got[1]):
                if a != b:
                    lines.append("  want: %s\n  got:  %s" % (a.strip(),
                                                             b.strip()))
                    break
            if want[0] != got[0]:
                lines.append("  want: %s\n  got:  %s" % (want[0], got[0]))
        again = os.path.join(args.work, "%03d.again.tosa" % index)
        result = run([translate, "--export-tosa-flatbuffer", "-o", again],
                     imported.stdout)
        if result.returncode == 0 and open(tosa, "rb").read() == open(
                again, "rb").read():
            added["bytes"] = 1
        else:
            lines.append("BYTES-DIFFER %s" % name)
        if args.schema:
            problems = tosa_oracle.check(tosa, args.schema,
                                         original.stdout.decode(), args.work)
            if problems:
                lines.append("ORACLE %s: %s" % (name, "; ".join(problems[:3])))
            else:
                added["oracle"] = 1
        return added, lines

    # Files are independent: check them in parallel, report in file order.
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        results = list(pool.map(lambda item: one(*item),
                                enumerate(sorted(args.files))))
    for added, lines in results:
        for key, value in added.items():
            counts[key] += value
        for line in lines:
            print(line)
    print("SUMMARY " + " ".join("%s=%d" % kv for kv in counts.items()))


if __name__ == "__main__":
    main()
