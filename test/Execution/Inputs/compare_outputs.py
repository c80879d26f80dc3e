#!/usr/bin/env python3
"""Compares two mlir-runner printouts of integer tensors element by element.

Usage: compare_outputs.py MAX_DIFF REFERENCE ACTUAL [NAMES | @CASES]

Each printout holds one bracketed tensor per output, in the same order.
Fails (exit 1) when the outputs differ in number or shape, or when any
element differs by more than MAX_DIFF; prints the largest difference per
output, so a regression shows which graph moved. NAMES, a comma-separated
list, labels the outputs; @CASES reads that list from the "// cases:" line
a generator wrote into the file CASES. With names, the number of outputs
must equal the number of names, so a test states no count of its own and a
case that printed nothing still fails.
"""
import re
import sys


def outputs(path):
    """One flat list of integers per printed tensor."""
    text = open(path).read()
    tensors = []
    current = None
    depth = 0
    for token in re.findall(r"\[|\]|-?\d+", text):
        if token == "[":
            if depth == 0:
                current = []
            depth += 1
        elif token == "]":
            depth -= 1
            if depth == 0:
                tensors.append(current)
        elif depth > 0:
            current.append(int(token))
    return tensors


def case_names(argument):
    """The names NAMES or @CASES gives (see the module's docstring)."""
    if not argument.startswith("@"):
        return argument.split(",")
    for line in open(argument[1:]):
        if line.startswith("// cases: "):
            return line[len("// cases: "):].strip().split(",")
    return []


def main():
    max_diff = int(sys.argv[1])
    reference, actual = outputs(sys.argv[2]), outputs(sys.argv[3])
    names = case_names(sys.argv[4]) if len(sys.argv) > 4 else []
    if len(reference) != len(actual) or not reference:
        print("error: %d reference outputs, %d actual" % (len(reference), len(actual)))
        return 1
    if names and len(names) != len(reference):
        print("error: %d outputs for %d cases" % (len(reference), len(names)))
        return 1
    worst = 0
    failed = False
    for index, (ref, act) in enumerate(zip(reference, actual)):
        name = names[index] if index < len(names) else "output %d" % index
        if len(ref) != len(act):
            print("error: %s has %d values, expected %d" % (name, len(act), len(ref)))
            failed = True
            continue
        diff = max(abs(a - b) for a, b in zip(ref, act))
        differing = sum(1 for a, b in zip(ref, act) if a != b)
        worst = max(worst, diff)
        status = "ok" if diff <= max_diff else "FAIL"
        failed |= diff > max_diff
        print("%s: %s: %d values, %d differ, max difference %d" % (status, name, len(ref), differing, diff))
    print("compared %d outputs, max difference %d (allowed %d)" % (len(reference), worst, max_diff))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
