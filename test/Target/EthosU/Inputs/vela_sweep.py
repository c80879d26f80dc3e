"""Every delegate qtosa makes, given to Vela and to the TOSA reference model.

Usage (under the tools environment's Python, qtosa importable):
  vela_sweep.py [--targets T,T] [--reference] INPUTS...

INPUTS are MLIR files (each `// -----` case on its own), .tflite and .tosa
files, or directories searched for them. Each is partitioned by
qtosa.partition for each target; inputs the pipeline refuses (error tests,
models qtosa cannot read) are counted as refused and skipped. Each delegate
is compiled by Vela (qtosa.vela.compile); with --reference its .tosa is
also run by the TOSA reference model on the delegate's inputs as the
integer program computes them (the partitioned module on qtosa's engine,
qtosa-expose-delegate-values, --seeds seeded random program inputs, 1 by
default), and its outputs must be bit-identical to the program's. Where the program
cannot run on the engine (a host call to a TFLite operator, a delegate in
a function with callers), the delegate's .tosa imported back runs on
qtosa's engine instead, on random delegate inputs.

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

# The programs run once each: compiling them fast matters more than running
# them fast (as in test/Factory/check_models.py).
os.environ.setdefault("QTOSA_JIT_OPT_LEVEL", "0")

import qtosa  # noqa: E402
import qtosa.reference  # noqa: E402
import qtosa.vela  # noqa: E402

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


def random_array(rng, dtype, shape):
    """Every value of an integer type, or floats about where quantized
    activations are (a float input is quantized by the program)."""
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return rng.integers(0, 2, shape).astype(np.bool_)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, shape, dtype=dtype,
                            endpoint=True)
    return (rng.standard_normal(shape) * 4).astype(dtype)


def random_inputs(delegate, seed):
    rng = np.random.default_rng(seed)
    arrays = []
    for spec in delegate["inputs"]:
        dtype = DTYPES.get(spec["dtype"])
        if dtype is None:
            return None
        arrays.append(random_array(rng, dtype, spec["shape"]))
    return arrays


def program_values(partitioned, function, seed, graph_inputs=None):
    """Runs `function` of the partitioned module on qtosa's engine, on
    `graph_inputs` (arrays, or a function from the executable's (dtype,
    shape) list to arrays) or random ones of `seed`, and returns, per
    delegate of that function in program order, (its inputs, its outputs)
    as the program computes them. Raises qtosa.Error where the program
    cannot run."""
    exposed = partitioned.clone()
    exposed.run("qtosa-expose-delegate-values")
    executable = qtosa.Executable(exposed, function)
    if callable(graph_inputs):
        graph_inputs = graph_inputs(executable.inputs)
    if graph_inputs is None:
        rng = np.random.default_rng(seed)
        graph_inputs = []
        for dtype, shape in executable.inputs:
            if any(size is None for size in shape):
                raise qtosa.Error("the program has an input of dynamic shape")
            graph_inputs.append(random_array(rng, dtype, shape))
    values = executable.run(graph_inputs)
    own = len(values) - sum(
        len(d["inputs"]) + len(d["outputs"])
        for d in partitioned.delegates() if d["function"] == function)
    boundaries, at = [], own
    for delegate in partitioned.delegates():
        if delegate["function"] != function:
            continue
        count_in, count_out = len(delegate["inputs"]), len(delegate["outputs"])
        boundaries.append((values[at:at + count_in],
                           values[at + count_in:at + count_in + count_out]))
        at += count_in + count_out
    return boundaries


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--targets", default=",".join(qtosa.TARGETS))
    parser.add_argument("--reference", action="store_true")
    # Each comparison costs a reference-model process; the program's
    # values at a delegate's boundary vary with the graph's input.
    parser.add_argument("--seeds", type=int, default=1,
                        help="random program inputs per case (default 1)")
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args()
    counts = dict(cases=0, refused=0, delegates=0, compiled=0, rejected=0,
                  reference=0, reimported=0, unpredictable=0, unexecutable=0,
                  differs=0)
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
                program = Program(module)
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
                    if args.reference:
                        check_reference(delegate, where, counts, program,
                                        range(args.seeds))
    print("SUMMARY " + " ".join("%s=%d" % item for item in counts.items()))


def check_reference(delegate, where, counts, program, seeds):
    """Counts the delegate's verdict, printing a line for a failure."""
    verdict, message = reference_verdict(delegate, seeds, program)
    if verdict == "identical":
        counts["reference"] += 1
    elif verdict == "identical-reimported":
        counts["reimported"] += 1
    elif verdict in ("unpredictable", "unexecutable"):
        counts[verdict] += 1
    elif verdict is not None:
        counts["differs"] += 1
        print("%s %s %s" % (verdict, where, message))


class Program:
    """The partitioned module as the integer program: per delegate, its
    inputs and outputs as the program computes them (program_values),
    computed once per function and seed. `graph_inputs` maps a seed to the
    program's inputs for it (random ones for other seeds)."""

    def __init__(self, partitioned, graph_inputs=None):
        self.partitioned = partitioned
        self.delegates = partitioned.delegates()
        self.graph_inputs = graph_inputs or {}
        self.cache = {}

    def __call__(self, delegate, seed):
        function = delegate["function"]
        key = (function, seed)
        if key not in self.cache:
            try:
                self.cache[key] = program_values(
                    self.partitioned, function, seed,
                    self.graph_inputs.get(seed))
            except qtosa.Error as error:
                self.cache[key] = error
        values = self.cache[key]
        if isinstance(values, qtosa.Error):
            raise values
        names = [d["name"] for d in self.delegates
                 if d["function"] == function]
        return values[names.index(delegate["name"])]


def reference_verdict(delegate, seeds=range(3), program=None):
    """The reference model on the delegate's .tosa against the integer
    program (a Program) on the same inputs: ("identical", None); where the
    program cannot run, against qtosa's engine on the .tosa imported back
    on random inputs: ("identical-reimported", None); ("unpredictable",
    None) or ("unexecutable", None) (not compared); ("REFERENCE-DIFFERS" or
    "REFERENCE-ERROR", what); or (None, None) for inputs of a type
    random_inputs cannot make."""
    ours = None
    for seed in seeds:
        expected = None
        if program is not None:
            try:
                arrays, expected = program(delegate, seed)
            except qtosa.Error:
                program = None
        if expected is None:
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
        if expected is None:
            if ours is None:
                ours = qtosa.import_tosa_flatbuffer(delegate["flatbuffer"])
            try:
                expected = qtosa.execute(ours, arrays,
                                         function=ours.function_names()[0])
            except qtosa.Error as error:
                message = str(error)
                if ("supported element types are" in message or
                        "lowering failed" in message):
                    return "unexecutable", None
                return "REFERENCE-ERROR", "seed %d: %s" % (seed, error)
        for index, (a, b) in enumerate(zip(spec, expected)):
            if a.shape != b.shape or not np.array_equal(a, b.astype(a.dtype)):
                diff = (np.abs(a.astype(np.int64) - b.astype(np.int64)).max()
                        if a.shape == b.shape else "shape")
                text = str(qtosa.import_tosa_flatbuffer(delegate["flatbuffer"]))
                return "REFERENCE-DIFFERS", (
                    "seed %d output %d (%s): max %s; ops %s%s"
                    % (seed, index,
                       "the program's" if program is not None
                       else "the .tosa on qtosa's engine", diff,
                       " ".join(sorted(set(re.findall(r"tosa\.\w+", text)))),
                       " (bilinear)" if "BILINEAR" in text else ""))
    return ("identical" if program is not None else "identical-reimported",
            None)


if __name__ == "__main__":
    sys.exit(main())
