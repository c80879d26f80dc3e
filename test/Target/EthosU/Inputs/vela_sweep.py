"""Every delegate qtosa makes, given to Vela and to the TOSA reference model.

Usage (under the tools environment's Python, qtosa importable):
  vela_sweep.py [--targets T,T] [--reference] INPUTS...

INPUTS are MLIR files (each `// -----` case on its own), .tflite and .tosa
files, or directories searched for them. Each is partitioned by
qtosa.partition for each target; inputs the pipeline refuses (error tests,
models qtosa cannot read) are counted as refused and skipped. Each delegate
is compiled by Vela (qtosa.vela.compile); with --reference it is also run
by the TOSA reference model and by qtosa's engine (the delegate's .tosa
imported back) on three seeded random inputs, which must be bit-identical.

Prints a line per failure (VELA-REJECTED, REFERENCE-DIFFERS,
REFERENCE-ERROR) and a SUMMARY line with the counts. A delegate whose
result the specification leaves undefined on a random input (an int32
overflow, a shift out of range: TOSA_UNPREDICTABLE, or a REQUIRE that ends
the model's process) is counted as unpredictable, and one qtosa's engine
cannot run (an i48 result, an op MLIR's TOSA lowering does not take) as
unexecutable; neither is compared.
"""
import argparse
import os
import re
import sys

import numpy as np

import qtosa
import qtosa.reference
import qtosa.vela

DTYPES = {"BOOL": np.bool_, "INT8": np.int8, "INT16": np.int16,
          "INT32": np.int32}


def cases(path):
    """(name, load) for each case of `path`: load() makes its module."""
    if path.endswith(".tflite"):
        yield path, lambda: qtosa.import_tflite(path)
    elif path.endswith(".tosa"):
        yield path, lambda: qtosa.import_tosa_flatbuffer(path)
    else:
        text = open(path, encoding="utf-8", errors="replace").read()
        if "expected-error" in text or "RUN: not " in text:
            return  # error tests: their inputs are meant to be refused
        for index, case in enumerate(re.split(r"^// -----.*$", text,
                                              flags=re.M)):
            if case.strip():
                yield "%s#%d" % (path, index), (
                    lambda case=case: qtosa.parse(case, path))


def inputs(paths):
    for path in paths:
        if os.path.isdir(path):
            for root, _, files in sorted(os.walk(path)):
                for name in sorted(files):
                    if name.endswith((".mlir", ".tflite", ".tosa")):
                        yield os.path.join(root, name)
        else:
            yield path


def random_inputs(delegate, seed):
    rng = np.random.default_rng(seed)
    arrays = []
    for spec in delegate["inputs"]:
        dtype = DTYPES.get(spec["dtype"])
        if dtype is None:
            return None
        if dtype is np.bool_:
            arrays.append(rng.integers(0, 2, spec["shape"]).astype(np.bool_))
        else:
            info = np.iinfo(dtype)
            arrays.append(rng.integers(info.min, info.max, spec["shape"],
                                       dtype=dtype, endpoint=True))
    return arrays


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--targets", default=",".join(qtosa.TARGETS))
    parser.add_argument("--reference", action="store_true")
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args()
    counts = dict(cases=0, refused=0, delegates=0, compiled=0, rejected=0,
                  reference=0, unpredictable=0, unexecutable=0, differs=0)
    for path in inputs(args.paths):
        for name, load in cases(path):
            counts["cases"] += 1
            for target in args.targets.split(","):
                try:
                    module = load()
                    qtosa.partition(module, target)
                    delegates = module.delegates()
                except qtosa.Error:
                    counts["refused"] += 1
                    continue
                for delegate in delegates:
                    counts["delegates"] += 1
                    where = "%s %s %s" % (name, target, delegate["name"])
                    try:
                        qtosa.vela.compile(delegate["flatbuffer"], target,
                                           name=delegate["name"])
                        counts["compiled"] += 1
                    except qtosa.Error as error:
                        counts["rejected"] += 1
                        print("VELA-REJECTED %s: %s" % (where, error))
                    if not args.reference or target != "ethos-u85-256":
                        continue
                    check_reference(delegate, where, counts)
    print("SUMMARY " + " ".join("%s=%d" % item for item in counts.items()))


def check_reference(delegate, where, counts):
    """Counts the delegate's verdict, printing a line for a failure."""
    verdict, message = reference_verdict(delegate)
    if verdict == "identical":
        counts["reference"] += 1
    elif verdict in ("unpredictable", "unexecutable"):
        counts[verdict] += 1
    elif verdict is not None:
        counts["differs"] += 1
        print("%s %s %s" % (verdict, where, message))


def reference_verdict(delegate, seeds=range(3)):
    """The reference model and qtosa's engine on the delegate's .tosa:
    ("identical", None); ("unpredictable", None) or ("unexecutable", None)
    (not compared); ("REFERENCE-DIFFERS" or "REFERENCE-ERROR", what); or
    (None, None) for inputs of a type random_inputs cannot make."""
    ours = qtosa.import_tosa_flatbuffer(delegate["flatbuffer"])
    function = ours.function_names()[0]
    for seed in seeds:
        arrays = random_inputs(delegate, seed)
        if arrays is None:
            return None, None
        try:
            spec = qtosa.reference.run(delegate["flatbuffer"], arrays)
        except qtosa.reference.Unpredictable:
            return "unpredictable", None
        except qtosa.Error as error:
            if "REQUIRE() fails" in str(error):
                return "unpredictable", None
            return "REFERENCE-ERROR", "seed %d: %s" % (seed, error)
        try:
            mine = qtosa.execute(ours, arrays, function=function)
        except qtosa.Error as error:
            message = str(error)
            if ("supported element types are" in message or
                    "lowering failed" in message):
                return "unexecutable", None
            return "REFERENCE-ERROR", "seed %d: %s" % (seed, error)
        for index, (a, b) in enumerate(zip(spec, mine)):
            if a.shape != b.shape or not np.array_equal(a, b.astype(a.dtype)):
                diff = (np.abs(a.astype(np.int64) - b.astype(np.int64)).max()
                        if a.shape == b.shape else "shape")
                text = str(ours)
                return "REFERENCE-DIFFERS", (
                    "seed %d output %d: max %s; ops %s%s"
                    % (seed, index, diff,
                       " ".join(sorted(set(re.findall(r"tosa\.\w+", text)))),
                       " (bilinear)" if "BILINEAR" in text else ""))
    return "identical", None


if __name__ == "__main__":
    sys.exit(main())
