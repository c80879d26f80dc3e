#!/usr/bin/env python3
"""Partition a quantized model for Ethos-U and check its integer lowering.

    PYTHONPATH=build/python_packages python3 examples/python/partition_and_run.py \
        [MODEL.tflite|MODEL.mlir] [--target ethos-u55-128] [--out-dir DIR]

Without MODEL it takes the micro-speech model of ../shared/corpus/tflite if
it is there, else the bundled examples/convnext_block_qdq.mlir. It

1. partitions the model for the target and prints each host op with the
   rule that keeps it off the NPU and what that rule says;
2. writes the partitioned graph as DOT and, with Graphviz, as PNG;
3. runs qtosa's integer program on random inputs against an oracle: for a
   .tflite model, TFLite Micro's reference kernels on the same stored
   integers (what the model computes on a device; the default TensorFlow
   interpreter, XNNPACK, is another implementation and differs in places),
   when the tools environment has TFLite Micro and TFLite Micro runs the
   model; otherwise, and for MLIR, the QDQ definition on qtosa's engine.
   It prints the largest difference in LSBs of each output.

A model with a host call (an operator TOSA cannot express) is partitioned
and drawn, but qtosa's engine runs no host call except LOG_SOFTMAX: for
the others step 3 says so and is skipped.
"""
import argparse
import pathlib
import re
import shutil
import subprocess
import sys

import numpy as np

import qtosa

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
DEFAULT_MODELS = [
    REPOSITORY.parent / "shared" / "corpus" / "tflite" /
    "tflm_micro_speech_int8.tflite",
    REPOSITORY / "examples" / "convnext_block_qdq.mlir",
]

QTYPE = re.compile(r'qtosa\.qtype = "!quant\.uniform<[^:]+:f32, '
                   r'([-+0-9.eE]+)(?::(-?\d+))?>"')


def load(path: pathlib.Path) -> qtosa.Module:
    if path.suffix == ".tflite":
        return qtosa.import_tflite(path)
    return qtosa.parse(path.read_text(), str(path))


def boundary_scales(module: qtosa.Module, function: str, arguments: int):
    """(scale, zero point) of each argument and result, read from the
    qtosa.qtype attributes qtosa-lower-pipeline{io=int} puts on them."""
    integer = module.clone()
    integer.run("qtosa-lower-pipeline{io=int}")
    for line in str(integer).splitlines():
        if f"func.func @{function}(" in line:
            found = [(float(s), int(z or 0)) for s, z in QTYPE.findall(line)]
            return found[:arguments], found[arguments:]
    return [], []


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model", nargs="?", type=pathlib.Path)
    parser.add_argument("--target", default="ethos-u55-128",
                        choices=qtosa.TARGETS)
    parser.add_argument("--out-dir", type=pathlib.Path,
                        default=pathlib.Path("qtosa-example-out"))
    args = parser.parse_args()
    model = args.model or next(p for p in DEFAULT_MODELS if p.exists())
    args.out_dir.mkdir(parents=True, exist_ok=True)

    qdq = load(model)
    function = qdq.function_names()[0]
    print(f"== {model.name}: @{function}")

    # 1. Partition (on a copy: the QDQ module is executed below).
    dot = args.out_dir / "partition.dot"
    report = qtosa.partition(qdq.clone(), args.target, dot_file=dot)
    print(f"{report['target']}: {report['delegate_count']} delegate(s); "
          f"{report['ops_npu']} of {report['ops_total']} op(s) on the NPU")
    constraints = {rule["id"]: rule["constraint"]
                   for rule in qtosa.rules(args.target)}
    # Float host ops once per float region, at its cause; the others each.
    for host in report["host_ops"]:
        if "float_region" in host:
            continue
        print(f"  host: {host['op']:<22} {host['loc']}\n"
              f"        {host['rule']}: "
              f"{constraints.get(host['rule'], '(no table entry)')}\n"
              f"        {host['reason']}")
    for region in report["float_regions"]:
        cause = region["cause"]
        print(f"  host: {region['op_count']} float op(s) from "
              f"{cause['op']} at {cause['loc']}\n"
              f"        {region['rule']}: "
              f"{constraints.get(region['rule'], '(no table entry)')}\n"
              f"        {cause['reason']}")

    # 2. The graph, rendered if Graphviz is installed.
    if shutil.which("dot"):
        png = dot.with_suffix(".png")
        subprocess.run(["dot", "-Tpng", str(dot), "-o", str(png)], check=True)
        print(f"graph: {png}")
    else:
        print(f"graph: {dot} (apt install graphviz to render it)")

    # An imported model's quantized inputs and outputs are float at the
    # boundary; the host does that work only where the model really takes
    # or returns floats.
    print(f"graph IO: {report['boundary_qdq']} quantize/dequantize outside "
          f"the delegates")

    # 3. qtosa's integer program against the oracle.
    try:
        if model.suffix == ".tflite" and compare_with_tflite_micro(
                model, qdq, function):
            return 0
        compare_with_qdq(qdq, function)
    except qtosa.Error as error:
        # Host calls, for one: the engine has no kernel for them.
        first = str(error).splitlines()[0]
        print(f"not executed: {first}")
    return 0


def random_inputs(signature, rng, scales=()):
    """One input per (dtype, shape): integers over their whole range, floats
    over the quantized range of the argument's scale, if known."""
    inputs = []
    for index, (dtype, shape) in enumerate(signature):
        dtype = np.dtype(dtype)
        if dtype.kind in "iu":
            info = np.iinfo(dtype)
            inputs.append(rng.integers(info.min, int(info.max) + 1, shape,
                                       dtype=dtype))
            continue
        scale, zero_point = (scales[index] if index < len(scales)
                             else (1.0 / 128, 0))
        low, high = (-128 - zero_point) * scale, (127 - zero_point) * scale
        inputs.append(rng.uniform(low, high, shape).astype(dtype))
    return inputs


def compare_with_tflite_micro(model, qdq, function) -> bool:
    """The integer program (stored integers in and out, TFLite's rounding,
    which the import names on the module) against TFLite Micro on three
    random inputs; False when TFLite Micro is not installed or cannot run
    the model."""
    try:
        import qtosa.tflite
        qtosa.tools.require("tflite-micro")
    except qtosa.Error as error:
        print(f"oracle: TFLite Micro unavailable ({error}); comparing "
              "with the QDQ definition instead")
        return False
    integer = qdq.clone()
    integer.run("qtosa-lower-pipeline{io=int}")
    executable = qtosa.Executable(integer, function)
    rng = np.random.default_rng(0)
    worst = {}
    for _ in range(3):
        inputs = random_inputs(executable.inputs, rng)
        ours = executable.run(inputs)
        try:
            theirs = qtosa.tflite.run_micro(model, inputs)
        except qtosa.Error as error:
            # An operator TFLite Micro has no kernel for (TILE, which
            # Keras' UpSampling2D converts to, for one).
            first = str(error).splitlines()[0]
            print(f"oracle: TFLite Micro cannot run the model ({first}); "
                  "comparing with the QDQ definition instead")
            return False
        for index, (a, b) in enumerate(zip(ours, theirs)):
            diff = np.abs(a.astype(np.float64) - b.astype(np.float64))
            previous = worst.get(index, (0.0, 0, 0))
            worst[index] = (max(previous[0], float(diff.max())),
                            previous[1] + int(np.count_nonzero(diff == 0)),
                            previous[2] + diff.size)
    for index, (largest, equal, total) in sorted(worst.items()):
        print(f"result #{index}: qtosa vs TFLite Micro, 3 random inputs: "
              f"largest difference {largest:.0f} LSB, {equal} of {total} "
              f"equal")
    return True


def compare_with_qdq(qdq, function) -> None:
    """QDQ against integer TOSA (graph IO quantized on the host), one
    random input spanning the input's quantized range."""
    executable = qtosa.Executable(qdq, function)
    try:
        inputs_scales, output_scales = boundary_scales(
            qdq, function, len(executable.inputs))
    except qtosa.Error:
        # io=int refuses a graph that keeps float arithmetic; the scales
        # are only for choosing inputs and reporting LSBs.
        inputs_scales, output_scales = [], []
    inputs = random_inputs(executable.inputs, np.random.default_rng(0),
                           inputs_scales)
    integer = qdq.clone()
    integer.run("qtosa-lower-pipeline{io=host}")
    from_qdq = executable.run(inputs)
    from_integer = qtosa.execute(integer, inputs, function)
    for index, (a, b) in enumerate(zip(from_qdq, from_integer)):
        scale = output_scales[index][0] if index < len(output_scales) else 1.0
        lsb = np.abs(a.astype(np.float64) - b.astype(np.float64)) / scale
        print(f"result #{index} {a.shape}: largest difference QDQ vs "
              f"integer {lsb.max():.2f} LSB (scale {scale:g}), "
              f"{np.count_nonzero(lsb < 0.5)} of {lsb.size} equal")


if __name__ == "__main__":
    try:
        sys.exit(main())
    except qtosa.Error as error:
        print(f"error: {error}", file=sys.stderr)
        sys.exit(1)
