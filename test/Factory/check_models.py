#!/usr/bin/env python3
"""Holds every factory model (and every corpus .tflite) to the goals of
issue #34, with TensorFlow Lite Micro and Vela as the oracles.

usage: check_models.py FACTORY_DIR EXPECTED TABLE [--corpus DIR]
                       [--jobs N] [--only NAME,...] [--write]

FACTORY_DIR (in the build tree) receives the models: make_models.py is run
first, in a process of its own, and converts only when its stamp changed.
Per model:
  - TFLite Micro runs it on seeded random inputs, and Vela compiles the
    .tflite for each target (its CPU operators), in child processes (some
    of TFLite Micro's checks abort the process, and Vela crashes on some
    models: such a step is recorded as failed and the others go on); where
    TFLite Micro cannot run the model (no uint8 kernels, no GELU, no INT64
    ARG_MAX, ...), TensorFlow Lite's interpreter with its reference kernels
    is the oracle, in a child of its own;
  - qtosa imports it (qtosa.import_tflite), lowers it with
    qtosa-lower-pipeline{io=int rounding=double} and validates the result
    as strict integer TOSA 1.0 (tosa-validate, PRO-INT with EXT-INT16,
    EXT-INT4, EXT-DOUBLEROUND), and compares the io=int interface with the
    integer types TFLite takes and returns;
  - qtosa's engine runs qtosa-lower-pipeline{rounding=double} of it on the
    same inputs: the largest difference from TFLite Micro in steps of the
    output's quantization (LSB), and for classifiers the top-1 class;
  - for ethos-u55-128 and ethos-u85-256: qtosa.partition (the host
    operators, counted as the TFLite operators they come from, and the
    delegates) and Vela on every delegate; the TOSA reference model runs
    each delegate's .tosa on the delegate's inputs as the integer program
    computes them from TFLite Micro's first input set (the partitioned
    module on qtosa's engine, qtosa-expose-delegate-values), and its
    outputs must equal the program's bit for bit; where the program cannot
    run on the engine (a host call to a TFLite operator), the .tosa
    imported back runs on qtosa's engine on a seeded random input instead.
Models are checked by --jobs worker processes (spawned, never forked), with
QTOSA_JIT_OPT_LEVEL=0 unless set.

Each goal a model misses is a deviation "MODEL GOAL OBSERVED"; EXPECTED
lists the known ones, each with its cause. A deviation not listed fails
the run (a regression), and so does a listed one that is not seen any
more (fixed, or changed: update EXPECTED). Corpus entries are skipped when
the corpus is absent.

TABLE (docs/generated/FactoryModels.md) is written to FACTORY_DIR and
compared with the committed one, except the timing columns; --write
rewrites TABLE and EXPECTED (new deviations get the cause "TODO", which
fails the next run until someone writes the cause).

Prints a line per model, the deviations, and a summary line:
"factory: N models: I imported, L lowered, E exact, D/T delegates compiled,
R/C compared delegates bit-identical on the reference model (P of them
against the program), F failed".
"""
import argparse
import collections
import concurrent.futures
import json
import multiprocessing
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE_DIR = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(SOURCE_DIR, "test", "Target", "TFLite",
                                "Inputs"))
sys.path.insert(0, os.path.join(SOURCE_DIR, "test", "Target", "EthosU",
                                "Inputs"))

SEED = 34
INPUT_SETS = 3
TARGETS = ("ethos-u55-128", "ethos-u85-256")
SHORT = {"ethos-u55-128": "u55", "ethos-u85-256": "u85"}
PIPELINE_INT = "qtosa-lower-pipeline{io=int rounding=double}"
PIPELINE_HOST = "qtosa-lower-pipeline{rounding=double}"
VALIDATE = ("tosa-attach-target{profiles=pro_int "
            "extensions=int16,int4,doubleround level=%s},"
            "tosa-validate{strict-op-spec-alignment}")
# MLIR 22's level check of every !tosa.shape's length against MAX_RANK (6 at
# level 8K), which a rank-4 tosa.pad's 8 padding values fail. TOSA 1.0
# bounds PAD by the rank of its tensors; upstream removed the check
# (llvm-project PR 175020). qtosa-verify-integer-tosa and the corpus sweep
# (tflite_sweep.py) except it the same way: a graph whose only level-8K
# errors are this one, on pads of rank <= 6 (padding of at most 12 values),
# is validated again at level=none.
SHAPE_LENGTH_ERROR = re.compile(
    r"error: 'tosa.pad' op failed shape type level check: "
    r"'!tosa.shape<(\d+)>' exceeds MAX_RANK")
MAX_PAD_SHAPE_LENGTH = 2 * 6
SCHEMA = os.path.join(SOURCE_DIR, "lib", "Target", "TFLite", "tflite.fbs")
TIMING_COLUMNS = 2  # the table's last columns: import and pipeline time


# --- TFLite Micro, in child processes ------------------------------------------


def micro_details(runtime, path, arena):
    interpreter = runtime.Interpreter.from_file(path, arena_size=arena)

    def details(get):
        found = []
        while True:
            try:
                found.append(get(len(found)))
            except IndexError:
                return found
    return (details(interpreter.get_input_details),
            details(interpreter.get_output_details))


def arena_size(path):
    """Ten times the model (TFLite Micro's own guess) plus room for the
    activations of the factory's larger planes."""
    return os.path.getsize(path) * 10 + (32 << 20)


def input_sets(name, inputs):
    """INPUT_SETS lists of seeded random inputs for TFLite: the stored
    integers over their whole range, floats in [-1, 1] (the range the
    factory calibrates with)."""
    import hashlib
    import numpy as np
    rng = np.random.default_rng(
        [SEED, int(hashlib.sha256(name.encode()).hexdigest()[:8], 16)])
    sets = []
    for _ in range(INPUT_SETS):
        arrays = []
        for detail in inputs:
            dtype = np.dtype(detail["dtype"])
            shape = tuple(int(d) for d in detail["shape"])
            if dtype.kind in "iu":
                info = np.iinfo(dtype)
                arrays.append(rng.integers(info.min, int(info.max) + 1,
                                           shape, dtype=dtype))
            elif dtype.kind == "b":
                arrays.append(rng.integers(0, 2, shape).astype(dtype))
            else:
                arrays.append(rng.uniform(-1, 1, shape).astype(dtype))
        sets.append(arrays)
    return sets


def tflite_interpreter_main(name, path, stem):
    """Child, TensorFlow only: TensorFlow Lite's interpreter with its
    reference kernels (the code TFLite Micro's kernels come from) on the
    same seeded inputs, for a model TFLite Micro cannot run (no uint8
    kernels, no GELU, no INT64 ARG_MAX, ...). Writes STEM.npz as the
    TFLite Micro step does, marked "oracle": "tflite-reference"."""
    import numpy as np
    import tensorflow as tf
    resolver = tf.lite.experimental.OpResolverType.BUILTIN_REF
    interpreter = tf.lite.Interpreter(
        model_path=path, experimental_op_resolver_type=resolver)
    interpreter.allocate_tensors()
    inputs = interpreter.get_input_details()
    outputs = interpreter.get_output_details()
    saved = {"oracle": np.array("tflite-reference")}
    for k, detail in enumerate(inputs):
        q = detail["quantization_parameters"]
        saved["in_scale_%d" % k] = np.asarray(q["scales"])
        saved["in_zp_%d" % k] = np.asarray(q["zero_points"])
    for s, arrays in enumerate(input_sets(name, inputs)):
        for detail, array in zip(inputs, arrays):
            interpreter.set_tensor(detail["index"], array)
        # Each input set starts from the variables' initial values (LSTM
        # states), as a fresh TFLite Micro interpreter does.
        interpreter.reset_all_variables()
        interpreter.invoke()
        for k, array in enumerate(arrays):
            saved["in_%d_%d" % (s, k)] = array
        for k, detail in enumerate(outputs):
            saved["out_%d_%d" % (s, k)] = interpreter.get_tensor(
                detail["index"]).copy()
    np.savez(stem + ".npz", **saved)


def run_tflite_interpreter(name, path, stem):
    """tflite_interpreter_main in a child (TensorFlow and qtosa cannot share
    a process); its error text, or None."""
    done = subprocess.run(
        [sys.executable, os.path.abspath(__file__), "--tflite-child", name,
         path, stem], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True, env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"))
    if done.returncode == 0 and os.path.isfile(stem + ".npz"):
        return None
    lines = [l for l in done.stdout.splitlines() if l.strip()]
    return lines[-1] if lines else "exit %d" % done.returncode


def oracle_main(out_dir, items):
    """Child: the oracles, one (name, path, step) at a time. Step "micro":
    TFLite Micro on seeded inputs, written to out_dir/NAME.npz (inputs,
    outputs, input quantization) or NAME.json (its error). Step TARGET:
    Vela on the .tflite for TARGET, written to NAME.TARGET.json. Prints
    "start NAME STEP" first and "done" after, so that the parent knows
    which step ended the process (TFLite Micro aborts on some models, Vela
    crashes on others)."""
    import numpy as np
    import qtosa
    import qtosa.tflite
    from qtosa._capture import captured_output
    from qtosa.tools import require
    runtime = require("tflite-micro")
    for name, path, step in items:
        print("start %s %s" % (name, step), flush=True)
        stem = os.path.join(out_dir, name.replace("/", "__"))
        if step != "micro":
            with __import__("tempfile").TemporaryDirectory() as scratch:
                count, names, error = vela_tflite_cpu_ops(path, step,
                                                          scratch)
            with open("%s.%s.json" % (stem, step), "w") as f:
                json.dump({"cpu_ops": count, "cpu_op_names": names,
                           "error": error}, f)
            print("done", flush=True)
            continue
        try:
            with captured_output() as printed:
                try:
                    inputs, outputs = micro_details(runtime, path,
                                                    arena_size(path))
                    failure = None
                except Exception as error:
                    failure = error
            if failure is not None:
                raise RuntimeError("%s; it printed: %s" % (
                    failure, " ".join("".join(printed).split())[-300:]))
            saved = {}
            for k, detail in enumerate(inputs):
                q = detail["quantization_parameters"]
                saved["in_scale_%d" % k] = np.asarray(q["scales"])
                saved["in_zp_%d" % k] = np.asarray(q["zero_points"])
            for s, arrays in enumerate(input_sets(name, inputs)):
                got = qtosa.tflite.run_micro(path, arrays,
                                             arena_size=arena_size(path))
                for k, array in enumerate(arrays):
                    saved["in_%d_%d" % (s, k)] = array
                for k, array in enumerate(got):
                    saved["out_%d_%d" % (s, k)] = array
            np.savez(stem + ".npz", **saved)
        except Exception as error:  # qtosa.Error, or its runtime's
            micro_error = " ".join(str(error).split())
            # TensorFlow Lite's own reference kernels, where TFLite Micro
            # has none for the model.
            fallback_error = run_tflite_interpreter(name, path, stem)
            if fallback_error is not None:
                with open(stem + ".json", "w") as f:
                    json.dump({"error": "%s; TensorFlow Lite's reference "
                               "kernels: %s" % (micro_error,
                                                fallback_error)}, f)
        print("done", flush=True)


def run_oracle_children(out_dir, models, jobs):
    """The oracles on every model, in `jobs` child processes at a time; a
    step that ends its child is recorded as its failure and the rest go
    on."""
    pending = [(name, path, step) for name, path in models
               for step in ("micro",) + TARGETS]
    while pending:
        chunks = [pending[i::jobs] for i in range(jobs)]
        children = [subprocess.Popen(
            [sys.executable, os.path.abspath(__file__), "--oracle-child",
             out_dir, json.dumps(chunk)],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            for chunk in chunks if chunk]
        left = []
        for child, chunk in zip(children, [c for c in chunks if c]):
            output = child.communicate()[0].splitlines()
            finished = sum(1 for l in output if l == "done")
            started = sum(1 for l in output if l.startswith("start "))
            if child.returncode == 0:
                continue
            if started == finished:
                raise RuntimeError("an oracle child failed (exit %d) "
                                   "between models" % child.returncode)
            name, path, step = chunk[finished]
            how = ("signal %d" % -child.returncode if child.returncode < 0
                   else "exit %d" % child.returncode)
            stem = os.path.join(out_dir, name.replace("/", "__"))
            if step == "micro":
                with open(stem + ".json", "w") as f:
                    json.dump({"error": "TFLite Micro ends the process (%s)"
                               % how}, f)
            else:
                with open("%s.%s.json" % (stem, step), "w") as f:
                    json.dump({"cpu_ops": None, "cpu_op_names": [],
                               "error": "Vela ends the process (%s)" % how},
                              f)
            left += chunk[finished + 1:]
        pending = left


# --- qtosa and Vela, per model, in worker processes ------------------------------


QTYPE = re.compile(r"!quant\.uniform<([iu])(\d+):f32, ([-+0-9.eE]+)(?::(-?\d+))?>")


def first_error(error):
    """The first diagnostic of a qtosa.Error (or its first line), without
    the file path, with the op its first note says stays in float."""
    lines = str(error).splitlines()
    for index, line in enumerate(lines):
        if ": error: " in line:
            message = line.split(": error: ", 1)[1].strip()
            for note in lines[index + 1:index + 3]:
                match = re.search(r"note: ('[\w.]+' stays in float)", note)
                if match:
                    message += " (%s)" % match.group(1)
            return message
    return lines[0] if lines else "?"


def only_pad_shape_length_errors(text):
    """True if every error in a tosa-validate failure is MLIR 22's
    shape-length level check (SHAPE_LENGTH_ERROR) on a pad of rank <= 6."""
    errors = [line for line in text.splitlines() if "error: " in line]
    for line in errors:
        match = SHAPE_LENGTH_ERROR.search(line)
        if not match or int(match.group(1)) > MAX_PAD_SHAPE_LENGTH:
            return False
    return bool(errors)


def interface_qtypes(text):
    """Per argument and per result of @main in the imported module: the
    (storage, scale, zero point) of the quantize that reads the argument
    or of the dequantize that makes the result, or None."""
    lines = text.splitlines()
    header = next(l for l in lines if "func.func @main(" in l)
    args = re.findall(r"%arg(\d+): tensor<", header.split("->")[0])
    body = "\n".join(lines)
    arg_types = []
    for index in args:
        match = re.search(r"qtosa\.quantize %%arg%s as (!quant\.uniform<[^>]*>)"
                          % index, body)
        arg_types.append(parse_qtype(match.group(1)) if match else None)
    returns = [l for l in lines if l.strip().startswith("return ")]
    result_types = []
    if returns:
        values = returns[0].strip()[len("return "):].split(":")[0]
        for value in [v.strip() for v in values.split(",")]:
            match = re.search(r"%s = qtosa\.dequantize %%\S+ as "
                              r"(!quant\.uniform<[^>]*>)" % re.escape(value),
                              body)
            result_types.append(parse_qtype(match.group(1)) if match
                                else None)
    return arg_types, result_types


def parse_qtype(text):
    match = QTYPE.search(text)
    if not match:
        return None
    kind, bits, scale, zp = match.groups()
    return (kind + bits, float(scale), int(zp or 0))


def signature_types(text):
    """Element types of @main's arguments and results (i8, ui8, f32...):
    TOSA 1.0 stores u8 data in i8 tensors, so an i8 tensor whose
    `qtosa.qtype` is u8 counts as ui8."""
    header = next(l for l in text.splitlines() if "func.func @main(" in l)
    params, _, results = header.partition(") -> ")
    def types(part):
        found = []
        for element, attrs in re.findall(
                r"tensor<(?:[0-9?]+x)*([a-z]+\d+)>(\s*\{[^}]*\})?", part):
            if (element == "i8" and
                    'qtosa.qtype = "!quant.uniform<u8' in attrs):
                element = "ui8"
            found.append(element)
        return found
    return types(params), types(results)


TFLITE_TYPES = {"int8": "i8", "uint8": "ui8", "int16": "i16", "int32": "i32",
                "int64": "i64", "float32": "f32", "bool": "i1"}


def host_tflite_ops(report, path):
    """The TFLite operators (by index) with an op on the host."""
    indices = set()
    for op in report.get("host_ops", []):
        loc = op.get("loc", "")
        match = re.search(r":(\d+):\d+$", loc)
        if match and os.path.basename(loc).startswith(
                os.path.basename(path)):
            indices.add(int(match.group(1)))
    return indices


def vela_tflite_cpu_ops(path, target, scratch):
    """Vela's own route on the .tflite: its CPU operators (Vela prints
    "CPU operators = N" and, with --show-cpu-operations, one "CPU: ..."
    line each), or an error string."""
    import qtosa.vela
    from qtosa._capture import captured_output
    from qtosa.tools import require
    vela = require("vela")
    config, mode = qtosa.vela.SYSTEM_DEFAULTS[target]
    argv = ["--accelerator-config=" + target, "--config=Arm/vela.ini",
            "--system-config=" + config, "--memory-mode=" + mode,
            "--show-cpu-operations", "--output-dir=" + scratch, path]
    with captured_output() as printed:
        try:
            status = vela.main(argv)
            failure = None if status == 0 else "exit status %s" % status
        except SystemExit as exit_:
            failure = "exit %s" % exit_.code
        except Exception as error:
            failure = "%s: %s" % (type(error).__name__, error)
    text = "".join(printed)
    if failure is not None:
        return None, [], "Vela fails: " + " ".join(failure.split())[:200]
    match = re.search(r"CPU operators = (\d+)", text)
    if not match:
        return None, [], "Vela printed no CPU operator count"
    names = [l.split("CPU: ", 1)[1].split(" = ")[0].strip()
             for l in text.splitlines() if l.strip().startswith("CPU: ")]
    return int(match.group(1)), names, None


def compare_outputs(got, want, qtypes):
    """Largest difference in LSB over the outputs, and the top-1 class of
    each side for a classifier ([1, N] single output), given qtosa's float
    or integer outputs and TFLite's."""
    import numpy as np
    worst = 0
    for k, (g, w) in enumerate(zip(got, want)):
        qtype = qtypes[k] if k < len(qtypes) else None
        g = np.asarray(g)
        w = np.asarray(w)
        if g.shape != w.shape:
            raise ValueError("output %d is %s, TFLite's %s"
                             % (k, g.shape, w.shape))
        if qtype is not None:
            _, scale, zp = qtype
            g = (np.rint(g.astype(np.float64) / scale) + zp
                 if g.dtype.kind == "f" else g.astype(np.float64))
            w = (np.rint(w.astype(np.float64) / scale) + zp
                 if w.dtype.kind == "f" else w.astype(np.float64))
            diff = np.abs(g - w)
        else:
            diff = np.abs(g.astype(np.float64) - w.astype(np.float64))
        worst = max(worst, float(diff.max()) if diff.size else 0.0)
    top1 = None
    if len(want) == 1 and want[0].ndim == 2 and want[0].shape[0] == 1 and \
            want[0].shape[1] > 1:
        top1 = int(np.argmax(got[0])) == int(np.argmax(want[0]))
    return worst, top1


def engine_inputs(arrays, exe_inputs, arg_qtypes, tflite_scales):
    """TFLite's inputs as qtosa's io=host function takes them: a quantized
    input TFLite takes as integers is given as the float it stands for."""
    import numpy as np
    converted = []
    for k, array in enumerate(arrays):
        dtype, _ = exe_inputs[k]
        dtype = np.dtype(dtype)
        if dtype.kind == "f" and array.dtype.kind in "iu":
            scale, zp = tflite_scales[k]
            if scale is None and arg_qtypes[k] is not None:
                # Plain integers (a raw uint8 image): qtosa reads them at
                # the scale its import gave them.
                _, scale, zp = arg_qtypes[k]
            if scale is None:
                raise ValueError("input %d: TFLite's %s has no scale"
                                 % (k, array.dtype))
            array = ((array.astype(np.float64) - zp) * scale).astype(dtype)
        elif array.dtype != dtype:
            raise ValueError("input %d: qtosa takes %s, TFLite %s"
                             % (k, dtype, array.dtype))
        converted.append(array)
    return converted


def check_model(name, path, micro_dir):
    """Everything about one model, as a dict of plain values."""
    import numpy as np
    import qtosa
    import tflite_reference

    result = {"name": name, "seconds": {}}
    clock = [time.time()]

    def lap(stage):
        now = time.time()
        result["seconds"][stage] = round(now - clock[0], 2)
        clock[0] = now
    try:
        result["tflite_ops"] = tflite_reference.tflite_ops(path, SCHEMA)
    except Exception as error:  # a file the reader does not know
        result["tflite_ops"] = ["?"]
    result["vela_tflite"] = {}
    for target in TARGETS:
        with open("%s.%s.json" % (os.path.join(
                micro_dir, name.replace("/", "__")), target)) as f:
            result["vela_tflite"][target] = json.load(f)
    began = time.time()
    try:
        module = qtosa.import_tflite(path)
    except qtosa.Error as error:
        result["import"] = first_error(error)
        return result
    result["import"] = "ok"
    result["import_s"] = time.time() - began
    text = str(module)
    result["host_calls"] = sorted({l.split("call @tflite.")[1].split("(")[0]
                                   for l in text.splitlines()
                                   if "call @tflite." in l})
    arg_qtypes, result_qtypes = interface_qtypes(text)

    lowered = module.clone()
    began = time.time()
    try:
        lowered.run(PIPELINE_INT)
        result["lower"] = "valid"
    except qtosa.Error as error:
        result["lower"] = "error"
        result["lower_error"] = first_error(error)
    result["pipeline_s"] = time.time() - began
    if result["lower"] == "valid":
        try:
            lowered.run(VALIDATE % "8k")
        except qtosa.Error as error:
            if not only_pad_shape_length_errors(str(error)):
                result["lower"] = "invalid"
                result["lower_error"] = first_error(error)
            else:
                try:
                    lowered.run(VALIDATE % "none")
                except qtosa.Error as error_none:
                    result["lower"] = "invalid"
                    result["lower_error"] = first_error(error_none)
        result["io_int_types"] = signature_types(str(lowered))
    del lowered
    lap("lower")

    # Numerics: qtosa's engine against TFLite Micro.
    graph_inputs = {}
    stem = os.path.join(micro_dir, name.replace("/", "__"))
    if os.path.isfile(stem + ".json"):
        with open(stem + ".json") as f:
            result["micro_error"] = json.load(f)["error"]
    else:
        with np.load(stem + ".npz") as data:
            saved = {key: data[key] for key in data.files}
        if "oracle" in saved:
            result["oracle"] = str(saved.pop("oracle"))
        count_in = len([k for k in saved if k.startswith("in_0_")])
        count_out = len([k for k in saved if k.startswith("out_0_")])
        tflite_types = ([TFLITE_TYPES.get(saved["in_0_%d" % k].dtype.name,
                                          "?") for k in range(count_in)],
                        [TFLITE_TYPES.get(saved["out_0_%d" % k].dtype.name,
                                          "?") for k in range(count_out)])
        result["tflite_io_types"] = tflite_types
        scales = []
        for k in range(count_in):
            scale = saved["in_scale_%d" % k]
            scales.append((float(scale[0]), int(saved["in_zp_%d" % k][0]))
                          if scale.size else (None, 0))
        host = module.clone()
        try:
            host.run(PIPELINE_HOST)
            executable = qtosa.Executable(host)
            worst, top1 = 0.0, []
            # The integer program's inputs for the reference-model check
            # below: TFLite Micro's first input set.
            first_set = [saved["in_0_%d" % k] for k in range(count_in)]
            graph_inputs = {SEED: lambda signature: engine_inputs(
                first_set, signature, arg_qtypes, scales)}
            for s in range(INPUT_SETS):
                arrays = [saved["in_%d_%d" % (s, k)] for k in range(count_in)]
                want = [saved["out_%d_%d" % (s, k)] for k in range(count_out)]
                got = executable.run(engine_inputs(
                    arrays, executable.inputs, arg_qtypes, scales))
                if len(got) != len(want):
                    raise ValueError("%d outputs, TFLite's %d"
                                     % (len(got), len(want)))
                diff, agrees = compare_outputs(got, want, result_qtypes)
                worst = max(worst, diff)
                if agrees is not None:
                    top1.append(agrees)
            result["max_lsb"] = int(worst) if worst == int(worst) else worst
            if top1:
                result["top1"] = [sum(top1), len(top1)]
        except (qtosa.Error, ValueError) as error:
            result["engine_error"] = (first_error(error)
                                      if isinstance(error, qtosa.Error)
                                      else str(error))
        del host
    lap("numerics")

    # Ethos-U: qtosa's partition and Vela on each delegate.
    import qtosa.vela
    import vela_sweep
    result["ethosu"] = {}
    for target in TARGETS:
        entry = {}
        partitioned = module.clone()
        try:
            report = qtosa.partition(partitioned, target)
        except qtosa.Error as error:
            entry["error"] = first_error(error)
            result["ethosu"][target] = entry
            continue
        entry["host_ops"] = report["ops_host"]
        entry["host_tflite_ops"] = sorted(host_tflite_ops(report, path))
        entry["reasons"] = sorted({op["reason"] for op in
                                   report.get("host_ops", [])})
        delegates = partitioned.delegates()
        entry["delegates"] = report.get("delegate_count",
                                        report.get("partitions",
                                                   len(delegates)))
        rejected = []
        reference = collections.Counter()
        differs = []
        program = vela_sweep.Program(partitioned, graph_inputs)
        for delegate in delegates:
            try:
                qtosa.vela.compile(delegate["flatbuffer"], target,
                                   name=delegate["name"])
            except qtosa.Error as error:
                rejected.append(" ".join(str(error).split())[:300])
            # The deployable file's numerics: the TOSA reference model on
            # the delegate's .tosa against the integer program, on the
            # delegate's inputs in the program.
            verdict, message = vela_sweep.reference_verdict(
                delegate, seeds=(SEED,), program=program)
            if verdict in ("REFERENCE-DIFFERS", "REFERENCE-ERROR"):
                differs.append("%s: %s %s" % (delegate["name"], verdict,
                                              " ".join(message.split())[:300]))
            elif verdict:
                reference[verdict] += 1
        entry["compiled"] = len(delegates) - len(rejected)
        entry["rejected"] = rejected
        entry["reference"] = dict(reference)
        entry["reference_differs"] = differs
        result["ethosu"][target] = entry
        lap(SHORT[target])
    return result


def worker_check(args):
    name, path, micro_dir = args
    try:
        return check_model(name, path, micro_dir)
    except Exception as error:  # a bug here, not a finding
        import traceback
        return {"name": name, "crash": traceback.format_exc()[-1500:]}


# --- goals -------------------------------------------------------------------


def deviations(result):
    """(goal, observed, detail) for every goal the model misses."""
    found = []
    if "crash" in result:
        return [("check", "crash", result["crash"].splitlines()[-1])]
    if result["import"] != "ok":
        return [("import", "error", result["import"])]
    if result["lower"] != "valid":
        found.append(("lower", result["lower"], result.get("lower_error")))
    if "io_int_types" in result and "tflite_io_types" in result:
        changed = []
        for side, ours, theirs in (("in", result["io_int_types"][0],
                                    result["tflite_io_types"][0]),
                                   ("out", result["io_int_types"][1],
                                    result["tflite_io_types"][1])):
            for k, (a, b) in enumerate(zip(ours, theirs)):
                if a != b and b != "f32":
                    changed.append("%s%d:%s->%s" % (side, k, b, a))
        if changed:
            found.append(("interface", ",".join(changed),
                          "io=int takes or returns other integers than "
                          "TFLite"))
    if "micro_error" in result:
        found.append(("numerics", "no-oracle", result["micro_error"]))
    elif "engine_error" in result:
        found.append(("numerics", "engine-error", result["engine_error"]))
    else:
        if result["max_lsb"]:
            found.append(("lsb", str(result["max_lsb"]),
                          "largest difference from TFLite Micro"))
        if "top1" in result and result["top1"][0] != result["top1"][1]:
            found.append(("top1", "%d/%d" % tuple(result["top1"]),
                          "top-1 class agrees on"))
    for target in TARGETS:
        short = SHORT[target]
        entry = result["ethosu"][target]
        vela = result["vela_tflite"][target]
        if "error" in entry:
            found.append((short + ".partition", "error", entry["error"]))
            continue
        if entry["rejected"]:
            found.append((short + ".vela", "%d/%d-rejected" % (
                len(entry["rejected"]), entry["delegates"]),
                entry["rejected"][0]))
        if entry["reference_differs"]:
            found.append((short + ".reference", "%d/%d-differ" % (
                len(entry["reference_differs"]), entry["delegates"]),
                entry["reference_differs"][0]))
        if vela["error"]:
            found.append((short + ".vela-tflite", "error", vela["error"]))
            continue
        host = len(entry["host_tflite_ops"])
        if host > vela["cpu_ops"]:
            found.append((short + ".host", "%d>%d" % (host, vela["cpu_ops"]),
                          "; ".join(entry["reasons"])[:300]))
        if vela["cpu_ops"] == 0 and entry["delegates"] != 1:
            found.append((short + ".delegates", str(entry["delegates"]),
                          "Vela runs it all on the NPU"))
    return found


def within(want, observed):
    """Whether `observed` meets an expectation `want` written as a bound,
    "<=N" (an LSB count that varies with the model TensorFlow writes on
    each machine), rather than an exact value."""
    return (want.startswith("<=") and observed.isdigit()
            and int(observed) <= int(want[2:]))


def read_expected(path):
    """{(model, goal): (observed, cause)} from EXPECTED."""
    expected = {}
    with open(path) as f:
        for number, line in enumerate(f, 1):
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.split(None, 3)
            if len(fields) < 4:
                raise SystemExit("%s:%d: want MODEL GOAL OBSERVED CAUSE"
                                 % (path, number))
            expected[(fields[0], fields[1])] = (fields[2], fields[3].strip())
    return expected


def write_expected(path, found, old):
    lines = []
    with open(path) as f:
        for line in f:
            if line.startswith("#"):
                lines.append(line.rstrip("\n"))
            else:
                break
    width = max([len(m) for m, _ in found] + [10])
    for (model, goal), (observed, _) in sorted(found.items()):
        was, cause = old.get((model, goal), (None, "TODO"))
        if was and within(was, observed):
            observed = was
        lines.append("%-*s %-16s %-14s %s" % (width, model, goal, observed,
                                              cause))
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


# --- the table -------------------------------------------------------------------


def op_summary(ops):
    counts = collections.OrderedDict()
    for op in ops:
        counts[op] = counts.get(op, 0) + 1
    return ", ".join(op if n == 1 else "%s x%d" % (op, n)
                     for op, n in counts.items())


def table(results, manifest, expected):
    by_name = {m["name"]: m for m in manifest["models"]}
    lines = [
        "# The model factory",
        "",
        "Generated by `test/Factory/check_models.py` (the ctest "
        "`factory/models`; regenerate with `bash scripts/factory-models.sh "
        "--write`) from the models `test/Factory/make_models.py` converts "
        "with TensorFlow's TFLite converter (stamp %s; "
        "[factory.md](../factory.md)). TFLite operators: subgraph 0 in "
        "order of first use. io=int: `%s` then strict `tosa-validate` "
        "(PRO-INT, EXT-INT16, EXT-INT4, EXT-DOUBLEROUND, level 8K; MLIR "
        "22's check of a `tosa.pad`'s padding length against MAX_RANK, "
        "which TOSA 1.0 does not ask for, is excepted as in "
        "[tflite-import.md](../tflite-import.md)). vs TFLite Micro: "
        "the largest difference of qtosa's engine (`%s`) on %d seeded "
        "random inputs, in output LSB, and top-1 agreement for "
        "classifiers. Host ops: TFLite operators with an op on the host in "
        "qtosa's partition / Vela's CPU operators on the same `.tflite`. "
        "Delegates: compiled by Vela / written by qtosa. Times in seconds "
        "(the drift check ignores them)." % (
            manifest["stamp"], PIPELINE_INT, PIPELINE_HOST, INPUT_SETS),
        "",
        "| model | variant | TFLite operators | io=int | vs TFLite Micro "
        "| U55 host ops | U55 delegates | U85 host ops | U85 delegates "
        "| import (s) | pipeline (s) |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for result in results:
        name = result["name"]
        if name not in by_name:
            continue
        cells = [name, by_name[name]["variant"],
                 op_summary(result.get("tflite_ops", []))]
        if "crash" in result:
            cells += ["checker crashed"] + [""] * 7
            lines.append("| " + " | ".join(cells) + " |")
            continue
        if result["import"] != "ok":
            cells += ["import fails: " + result["import"]] + [""] * 7
            lines.append("| " + " | ".join(c.replace("|", "\\|")
                                            for c in cells) + " |")
            continue
        cells.append(result["lower"])
        if "micro_error" in result:
            cells.append("no TFLite Micro run")
        elif "engine_error" in result:
            cells.append("engine fails")
        else:
            bound = expected.get((result["name"], "lsb"), ("",))[0]
            if within(bound, str(result["max_lsb"])):
                # The bound, not this machine's value: the table must not
                # drift with the model TensorFlow writes.
                text = "at most %s LSB" % bound[2:]
            else:
                text = ("exact" if not result["max_lsb"]
                        else "%s LSB" % result["max_lsb"])
            if "top1" in result:
                text += ", top-1 %d/%d" % tuple(result["top1"])
            if result.get("oracle") == "tflite-reference":
                text += " (TFLite's reference kernels)"
            cells.append(text)
        for target in TARGETS:
            entry = result["ethosu"][target]
            vela = result["vela_tflite"][target]
            if "error" in entry:
                cells += ["partition fails", ""]
                continue
            theirs = ("Vela fails" if vela["error"]
                      else str(vela["cpu_ops"]))
            cells.append("%d / %s" % (len(entry["host_tflite_ops"]), theirs))
            cells.append("%d / %d" % (entry["compiled"], entry["delegates"]))
        cells.append("%.2f" % result.get("import_s", 0))
        cells.append("%.2f" % result.get("pipeline_s", 0))
        lines.append("| " + " | ".join(c.replace("|", "\\|")
                                        for c in cells) + " |")
    return "\n".join(lines) + "\n"


def without_timings(text):
    """The table without its timing columns (the header, with the
    generator's stamp, is compared as it is)."""
    kept = []
    for line in text.splitlines():
        if line.startswith("| ") and not line.startswith("| ---"):
            cells = line.split(" | ")
            line = " | ".join(cells[:-TIMING_COLUMNS])
        kept.append(line)
    return kept


# --- main --------------------------------------------------------------------------


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--tflite-child":
        tflite_interpreter_main(*sys.argv[2:5])
        return 0
    if len(sys.argv) > 1 and sys.argv[1] == "--oracle-child":
        oracle_main(sys.argv[2], json.loads(sys.argv[3]))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("factory_dir")
    parser.add_argument("expected")
    parser.add_argument("table")
    parser.add_argument("--corpus")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    start = time.time()
    # The engine compiles each model once to run it three times: LLVM's O2
    # would spend minutes on the larger ones (lib/Execution/Execute.cpp).
    os.environ.setdefault("QTOSA_JIT_OPT_LEVEL", "0")

    # 1. The models, by TensorFlow in a process of its own.
    # TensorFlow's logging is kept out of the test's output unless it fails.
    made = subprocess.run([sys.executable, os.path.join(HERE,
                                                        "make_models.py"),
                           args.factory_dir], capture_output=True, text=True)
    for line in made.stdout.splitlines():
        if line.startswith("factory:") and (made.returncode or
                                            "bytes" not in line):
            print(line)
    if made.returncode != 0:
        print(made.stderr[-3000:])
        print("factory: make_models.py failed (exit %d)" % made.returncode)
        return 1
    with open(os.path.join(args.factory_dir, "models.json")) as f:
        manifest = json.load(f)
    models = [(m["name"], os.path.join(args.factory_dir, m["name"] +
                                       ".tflite"))
              for m in manifest["models"]]
    corpus_models = []
    if args.corpus and os.path.isdir(os.path.join(args.corpus, "tflite")):
        root = os.path.join(args.corpus, "tflite")
        for dirpath, _, filenames in sorted(os.walk(root)):
            for filename in sorted(filenames):
                if filename.endswith(".tflite"):
                    path = os.path.join(dirpath, filename)
                    corpus_models.append((
                        "corpus/" + os.path.relpath(path, root)[:-7], path))
    else:
        print("factory: no corpus (%s): corpus models skipped"
              % args.corpus)
    models += corpus_models
    if args.only:
        only = set(args.only.split(","))
        models = [m for m in models if m[0] in only]
    generated = time.time()

    # 2. The oracles: TFLite Micro, and Vela on each .tflite.
    micro_dir = os.path.join(args.factory_dir, "oracles")
    os.makedirs(micro_dir, exist_ok=True)
    for entry in os.listdir(micro_dir):
        os.unlink(os.path.join(micro_dir, entry))
    run_oracle_children(micro_dir, models, args.jobs)
    oracle = time.time()

    # 3. qtosa and Vela, model by model in worker processes (spawned: the
    # qtosa module is never forked).
    results = {}
    context = multiprocessing.get_context("spawn")
    pending = list(models)
    while pending:
        with concurrent.futures.ProcessPoolExecutor(
                args.jobs, mp_context=context) as pool:
            futures = {pool.submit(worker_check, (n, p, micro_dir)): n
                       for n, p in pending}
            try:
                for future in concurrent.futures.as_completed(futures):
                    results[futures[future]] = future.result()
            except concurrent.futures.process.BrokenProcessPool:
                pass
        lost = [m for m in pending if m[0] not in results]
        if lost and len(lost) == len(pending) and args.jobs == 1:
            results[lost[0][0]] = {"name": lost[0][0],
                                   "crash": "the worker process died"}
            lost = lost[1:]
        elif lost:
            # Find the model that ends its process: one at a time.
            args.jobs = 1
        pending = lost
    ordered = [results[n] for n, _ in models]
    with open(os.path.join(args.factory_dir, "results.json"), "w") as f:
        json.dump(ordered, f, indent=1)

    # 4. Goals against EXPECTED.
    found = {}
    for result in ordered:
        for goal, observed, detail in deviations(result):
            found[(result["name"], goal)] = (observed, detail)
    expected = read_expected(args.expected)
    checked = {n for n, _ in models}
    status = 0
    for result in ordered:
        name = result["name"]
        line = "%s:" % name
        if "crash" in result:
            line += " checker crashed: " + result["crash"]
        elif result["import"] != "ok":
            line += " import fails: " + result["import"]
        else:
            line += " io=int %s" % result["lower"]
            if "max_lsb" in result:
                line += ", max %s LSB" % result["max_lsb"]
            for target in TARGETS:
                entry = result["ethosu"][target]
                if "error" not in entry:
                    line += ", %s %d host, %d/%d delegates compiled" % (
                        SHORT[target], len(entry["host_tflite_ops"]),
                        entry["compiled"], entry["delegates"])
        print(line)
    for key, (observed, detail) in sorted(found.items()):
        want = expected.get(key)
        if want is None:
            print("REGRESSION %s %s %s: %s" % (key[0], key[1], observed,
                                               detail))
            status = 1
        elif want[0] != observed and not within(want[0], observed):
            print("CHANGED %s %s: %s, expected %s (%s): %s" % (
                key[0], key[1], observed, want[0], want[1], detail))
            status = 1
        elif want[1] == "TODO":
            print("NO CAUSE %s %s %s: write the cause in %s" % (
                key[0], key[1], observed, args.expected))
            status = 1
        else:
            print("expected %s %s %s: %s" % (key[0], key[1], observed,
                                             want[1]))
    for key in sorted(set(expected) - set(found)):
        if key[0] not in checked or within(expected[key][0], "0"):
            continue
        print("FIXED %s %s (expected %s: %s): take it off %s" % (
            key[0], key[1], expected[key][0], expected[key][1],
            os.path.basename(args.expected)))
        status = 1

    # 5. The table.
    written = table(ordered, manifest, expected)
    built = os.path.join(args.factory_dir, os.path.basename(args.table))
    with open(built, "w") as f:
        f.write(written)
    if args.write:
        with open(args.table, "w") as f:
            f.write(written)
        write_expected(args.expected, found, expected)
        print("factory: wrote %s and %s" % (args.table, args.expected))
    elif not args.only:
        committed = open(args.table).read() if os.path.isfile(args.table) \
            else ""
        if without_timings(committed) != without_timings(written):
            print("DRIFT: %s differs from %s (timings aside): regenerate "
                  "it with bash scripts/factory-models.sh --write"
                  % (args.table, built))
            status = 1

    imported = sum(r.get("import") == "ok" for r in ordered)
    lowered = sum(r.get("lower") == "valid" for r in ordered)
    exact = sum(r.get("max_lsb") == 0 for r in ordered)
    compiled = sum(r["ethosu"][t].get("compiled", 0) for r in ordered
                   if "ethosu" in r for t in TARGETS)
    delegates = sum(r["ethosu"][t].get("delegates", 0) for r in ordered
                    if "ethosu" in r for t in TARGETS)
    program = sum(r["ethosu"][t].get("reference", {}).get("identical", 0)
                  for r in ordered if "ethosu" in r for t in TARGETS)
    identical = program + sum(
        r["ethosu"][t].get("reference", {}).get("identical-reimported", 0)
        for r in ordered if "ethosu" in r for t in TARGETS)
    differing = sum(len(r["ethosu"][t].get("reference_differs", []))
                    for r in ordered if "ethosu" in r for t in TARGETS)
    failed = len({k[0] for k in found})
    corpus_count = sum(r["name"].startswith("corpus/") for r in ordered)
    print("factory: %d models (%d factory, %d corpus): %d imported, %d "
          "lowered to valid integer TOSA, %d exact against TFLite Micro (or "
          "TFLite's reference kernels), "
          "%d/%d delegates compiled by Vela, %d/%d compared delegates "
          "bit-identical on the TOSA reference model (%d against the "
          "integer program), %d failed a goal (%d "
          "deviations, %d expected)" % (
              len(ordered), len(ordered) - corpus_count, corpus_count,
              imported, lowered, exact, compiled,
              delegates, identical, identical + differing, program, failed,
              len(found),
              len(set(found) & set(expected))))
    print("factory: time %.0f s (generation %.0f s, TFLite Micro and Vela "
          "on the .tflite files %.0f s, "
          "qtosa %.0f s)" % (time.time() - start, generated - start,
                                      oracle - generated,
                                      time.time() - oracle), file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
