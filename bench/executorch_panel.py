"""The ExecuTorch panel: PyTorch models through ExecuTorch's own Ethos-U flow
and through qtosa's route, per target; a benchmark, not a test.

Usage (the torch environment: bash scripts/install-deps.sh --with-torch,
the project's .venv; torchvision for the architectures):

  PYTHONPATH=build/python_packages .venv/bin/python3 \\
      bench/executorch_panel.py --markdown docs/generated/ExecuTorchPanel.md \\
      [--cases REGEX] [--targets ethos-u55-128 ...] [--work DIR]

Each model and target runs in a child process of its own (ExecuTorch's
passes and Vela print; a failure or a hang stays with its row). The full
panel takes about 40 minutes on the 2-core machine (docs/torch.md).

ExecuTorch's flow, as its Ethos-U documentation gives it:
torch.export.export; EthosUQuantizer(EthosUCompileSpec(target)) with
get_symmetric_quantization_config() as the global config; prepare_pt2e,
calibration on the samples, convert_pt2e; torch.export.export again;
to_edge_transform_and_lower with EthosUPartitioner; to_executorch. The
compile spec's dump_intermediate_artifacts_to keeps each delegate's INT
.tosa, which qtosa.vela.compile compiles again with the same system config
for its figures (ExecuTorch keeps only Vela's binary).

Columns, for each route:
  delegates: Ethos-U delegates in the program.
  CPU ops: operators left beside the delegates, without the quantize of
    a graph input and the dequantize of a graph output (qtosa: ops_host,
    whose graph-IO quantize/dequantize are counted apart as well).
  .pte KB (ExecuTorch) / Vela KB: the .pte's size; Vela's command streams
    plus weights over all delegates.
  cycles: Vela's NPU cycles summed over the delegates.
  SQNR: of the first output against the float model over 4 held-out
    samples (seed 1; calibration: 8 samples of seed 0, standard normal).
    ExecuTorch: the convert_pt2e QDQ model run by PyTorch (the usual
    measure; the Ethos-U binary cannot run here). qtosa: its integer
    program (host part and delegates) run in process, and in parentheses
    its QDQ graph in float arithmetic, the measure ExecuTorch's column
    takes.
"""
from __future__ import annotations

import argparse
import collections
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

TARGETS = ("ethos-u55-128", "ethos-u85-256")
CALIBRATION = 8
HELD_OUT = 4
CHILD_TIMEOUT_S = 1800

# Quantize/dequantize ops, which at a graph input or output are the
# boundary, not work left on the CPU.
_QDQ = re.compile(r"quantize_per_tensor|dequantize_per_tensor")


def sqnr_db(reference, value):
    import numpy as np
    reference = np.asarray(reference, np.float64)
    noise = reference - np.asarray(value, np.float64)
    signal_power = float(np.sum(reference ** 2))
    noise_power = float(np.sum(noise ** 2))
    if noise_power == 0.0:
        return math.inf
    if signal_power == 0.0:
        return -math.inf
    return 10.0 * math.log10(signal_power / noise_power)


def _first(outputs):
    import torch
    if isinstance(outputs, (tuple, list)):
        outputs = outputs[0]
    return outputs.detach().numpy() if isinstance(outputs, torch.Tensor) \
        else outputs


def cpu_ops(graph):
    """The operators a lowered ExecuTorch graph leaves beside its delegates,
    by name, without boundary quantize/dequantize."""
    counts = collections.Counter()
    delegates = 0
    for node in graph.nodes:
        if node.op != "call_function":
            continue
        name = str(getattr(node.target, "__name__", node.target))
        if "executorch_call_delegate" in str(node.target):
            delegates += 1
            continue
        if name == "getitem":
            continue
        if _QDQ.search(name):
            from_input = all(arg.op == "placeholder" for arg in node.args[:1]
                             if hasattr(arg, "op"))
            to_output = all(user.op == "output" for user in node.users)
            if from_input or to_output:
                continue
        name = name.replace("aten.", "").replace(".default", "")
        counts[name.replace("quantized_decomposed.", "")
               .replace("_per_tensor", "")] += 1
    return delegates, counts


def executorch_route(case, target, work):
    import torch
    from executorch.backends.arm.ethosu import (EthosUCompileSpec,
                                                EthosUPartitioner)
    from executorch.backends.arm.quantizer import (
        EthosUQuantizer, get_symmetric_quantization_config)
    from executorch.exir import EdgeCompileConfig, to_edge_transform_and_lower
    from torchao.quantization.pt2e.quantize_pt2e import (convert_pt2e,
                                                         prepare_pt2e)
    import qtosa.vela
    import torch_panel_models as models

    model = models.build(case)
    calibration = models.samples(case, CALIBRATION, 0)
    held_out = models.samples(case, HELD_OUT, 1)
    dynamic = case.dynamic_shapes() if case.dynamic_shapes else None
    row = {}
    start = time.time()
    exported = torch.export.export(model, calibration[0],
                                   dynamic_shapes=dynamic)
    artifacts = os.path.join(work, "executorch")
    spec = EthosUCompileSpec(target).dump_intermediate_artifacts_to(artifacts)
    quantizer = EthosUQuantizer(spec)
    quantizer.set_global(get_symmetric_quantization_config())
    prepared = prepare_pt2e(exported.module(), quantizer)
    for sample in calibration:
        prepared(*sample)
    converted = convert_pt2e(prepared)
    with torch.no_grad():
        reference = [_first(model(*s)) for s in held_out]
        quantized = [_first(converted(*s)) for s in held_out]
    import numpy as np
    row["sqnr"] = sqnr_db(np.concatenate([r.ravel() for r in reference]),
                          np.concatenate([q.ravel() for q in quantized]))
    # Own parameters on a data-movement op: a quantize right after it whose
    # parameters differ from those of the dequantize before it.
    row["unshared"] = unshared_data_movement(converted.graph)
    requantized = torch.export.export(converted, calibration[0],
                                      dynamic_shapes=dynamic)
    lowered = to_edge_transform_and_lower(
        requantized, partitioner=[EthosUPartitioner(spec)],
        compile_config=EdgeCompileConfig(_check_ir_validity=False))
    delegates, left = cpu_ops(lowered.exported_program().graph)
    row["delegates"] = delegates
    row["cpu_ops"] = sum(left.values())
    row["cpu_op_kinds"] = dict(left)
    program = lowered.to_executorch()
    row["pte_bytes"] = len(program.buffer)
    row["seconds"] = time.time() - start
    cycles = vela_bytes = 0
    # No directory: ExecuTorch delegated nothing.
    files = sorted(f for f in (os.listdir(artifacts)
                               if os.path.isdir(artifacts) else [])
                   if f.startswith("output_tag") and f.endswith(".tosa"))
    for index, name in enumerate(files):
        figures = qtosa.vela.compile(os.path.join(artifacts, name), target,
                                     name="executorch_%d" % index)
        cycles += figures["npu_cycles"]
        vela_bytes += figures["command_stream_bytes"] + \
            figures["weights_bytes"]
    row["npu_cycles"] = cycles
    row["vela_bytes"] = vela_bytes
    row["tosa_files"] = [os.path.join(artifacts, f) for f in files]
    return row


_DATA_MOVEMENT = re.compile(
    r"permute|transpose|moveaxis|movedim|swapaxes|swapdims|view|reshape|"
    r"squeeze|unsqueeze|flatten|narrow|slice|select|roll|diagonal|unfold|"
    r"tensor_split|split|chunk|channel_shuffle|expand|repeat|rot90|flip|"
    r"concat|cat|pixel_shuffle|(^|\.)t\.default|clone|contiguous")


def unshared_data_movement(graph):
    """Data-movement ops of the QDQ graph whose output quantize has other
    parameters than their input's dequantize: op name -> count."""
    found = collections.Counter()
    for node in graph.nodes:
        if node.op != "call_function":
            continue
        name = str(getattr(node.target, "__name__", node.target))
        if _QDQ.search(name) or not _DATA_MOVEMENT.search(name):
            continue
        inputs = [arg for arg in node.args
                  if hasattr(arg, "target") and "dequantize_per_tensor"
                  in str(arg.target)]
        if isinstance(node.args[0], (list, tuple)):
            inputs = [arg for arg in node.args[0]
                      if hasattr(arg, "target") and "dequantize_per_tensor"
                      in str(arg.target)]
        outputs = [user for user in node.users
                   if "quantize_per_tensor" in str(user.target)
                   and "dequantize" not in str(user.target)]
        params = {tuple(arg.args[1:3]) for arg in inputs}
        params |= {tuple(user.args[1:3]) for user in outputs}
        if not inputs or not outputs:
            if not inputs and outputs:
                found[name + " (float input)"] += 1
            elif inputs and not outputs:
                found[name + " (float output)"] += 1
            else:
                found[name + " (float)"] += 1
        elif len(params) > 1:
            found[name] += 1
    return dict(found)


def qtosa_route(case, target, work):
    import numpy as np
    import qtosa.torch
    import torch_panel_models as models

    model = models.build(case)
    calibration = models.samples(case, CALIBRATION, 0)
    held_out = models.samples(case, HELD_OUT, 1)
    # Exported at the example inputs' shapes, dynamic case included: an
    # Ethos-U delegate has static shapes.
    start = time.time()
    result = qtosa.torch.compile_for_ethosu(
        model, calibration[0], calibration, target,
        output_dir=os.path.join(work, "qtosa"))
    import torch
    with torch.no_grad():
        reference = [_first(model(*s)) for s in held_out]
    ours = [result.run(list(s))[0] for s in held_out]
    # The QDQ graph in float arithmetic: what ExecuTorch's SQNR column
    # measures of its own flow.
    ours_qdq = [result.run_qdq(list(s))[0] for s in held_out]
    report = result.report
    figures = report["vela"]
    return {
        "delegates": len(report["delegates"]),
        "cpu_ops": report["ops_host"],
        "cpu_op_kinds": dict(collections.Counter(
            op["op"] for op in report.get("host_ops", []))),
        "npu_cycles": figures["npu_cycles"],
        "vela_bytes": figures["command_stream_bytes"] +
        figures["weights_bytes"],
        "sqnr": sqnr_db(np.concatenate([r.ravel() for r in reference]),
                        np.concatenate([o.ravel() for o in ours])),
        "sqnr_qdq": sqnr_db(np.concatenate([r.ravel() for r in reference]),
                            np.concatenate([o.ravel() for o in ours_qdq])),
        "seconds": time.time() - start,
    }


def child(name, target, work, out, routes):
    import torch_panel_models as models
    (case,) = [c for c in models.cases() if c.name == name]
    row = {"case": name, "group": case.group, "target": target}
    if os.path.exists(out):
        # A route not run this time keeps its earlier result (--routes).
        with open(out) as f:
            row.update(json.load(f))
    for route, function in (("executorch", executorch_route),
                            ("qtosa", qtosa_route)):
        if route not in routes:
            continue
        try:
            row[route] = function(case, target, os.path.join(work, route))
        except Exception as error:  # the row records any failure
            message = "%s: %s" % (type(error).__name__, error)
            row[route] = {"error": message.strip()[:3000],
                          "traceback": traceback.format_exc()[-3000:]}
    with open(out, "w") as f:
        json.dump(row, f, indent=1, default=str)


def fmt_sqnr(value):
    if value is None:
        return ""
    return "inf" if value == math.inf else "%.1f" % value


def markdown(rows, seconds):
    lines = [
        "# ExecuTorch's Ethos-U flow and qtosa's route on PyTorch models",
        "",
        "Generated by `bench/executorch_panel.py` (see its docstring and "
        "[docs/torch.md](../torch.md)); torch 2.14.1, executorch 1.5.1, "
        "Vela 5.2.0. %d rows%s." % (
            len(rows), "" if seconds is None else " in %.0f s" % seconds),
        "",
        "| model | target | ET delegates | ET CPU ops | ET .pte KB | "
        "ET Vela KB | ET cycles | ET SQNR dB | qtosa delegates | "
        "qtosa host ops | qtosa Vela KB | qtosa cycles | qtosa SQNR dB |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    notes = []

    def route_cells(row, key, label, width, measured):
        """The route's `width` cells: "not run", "fails" (its error becomes
        a note) or `measured(result)`."""
        result = row.get(key, {})
        if not result:
            return ["not run"] + [""] * (width - 1)
        if "error" in result:
            notes.append("- %s, %s, %s: `%s`" % (
                row["case"], row["target"], label,
                _one_line(result.get("error"))))
            return ["fails"] + [""] * (width - 1)
        return measured(result)

    def cpu_ops(result, rename=lambda kind: kind):
        kinds = ", ".join("%s x%d" % (rename(kind), count) for kind, count
                          in sorted(result["cpu_op_kinds"].items()))
        return "%d%s" % (result["cpu_ops"], " (%s)" % kinds if kinds else "")

    def executorch(et):
        return [str(et["delegates"]),
                cpu_ops(et, lambda kind: kind.replace(
                    "quantized_decomposed.", "").replace("_per_tensor", "")),
                "%.1f" % (et["pte_bytes"] / 1024.0),
                "%.1f" % (et["vela_bytes"] / 1024.0),
                str(et["npu_cycles"]), fmt_sqnr(et["sqnr"])]

    def qtosa_route(ours):
        return [str(ours["delegates"]), cpu_ops(ours),
                "%.1f" % (ours["vela_bytes"] / 1024.0),
                str(ours["npu_cycles"]), fmt_sqnr(ours["sqnr"]) +
                (" (%s)" % fmt_sqnr(ours["sqnr_qdq"])
                 if "sqnr_qdq" in ours else "")]

    for row in rows:
        cells = [row["case"], row["target"]]
        cells += route_cells(row, "executorch", "ExecuTorch", 6, executorch)
        cells += route_cells(row, "qtosa", "qtosa", 5, qtosa_route)
        lines.append("| " + " | ".join(cells) + " |")
    unshared = []
    for row in rows:
        found = {name: count for name, count in
                 row.get("executorch", {}).get("unshared", {}).items()
                 if _DATA_MOVEMENT.search(name.split(" ")[0])}
        if found:
            unshared.append((row["case"], row["target"], found))
    lines += ["", "## Data-movement ops with parameters of their own",
              "",
              "In ExecuTorch's QDQ graph (after convert_pt2e): data-movement "
              "ops whose output quantize has other parameters than their "
              "input's dequantize, or which stay in float.", ""]
    if unshared:
        for case, target, found in unshared:
            lines.append("- %s, %s: %s" % (case, target, ", ".join(
                "%s x%d" % kv for kv in sorted(found.items()))))
    else:
        lines.append("- none")
    if notes:
        lines += ["", "## Failures", ""] + notes
    return "\n".join(lines) + "\n"


def _one_line(text):
    text = " ".join((text or "no result").split())
    text = text.replace(os.path.dirname(HERE) + os.sep, "")
    return text[:400].replace("|", "\\|").replace("`", "'")


def models_cases():
    import torch_panel_models as models
    return models.cases()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--markdown")
    parser.add_argument("--json", help="all rows as JSON")
    parser.add_argument("--cases", default=".*", help="regex on case names")
    parser.add_argument("--targets", nargs="+", default=list(TARGETS))
    parser.add_argument("--routes", nargs="+",
                        default=["executorch", "qtosa"])
    parser.add_argument("--work", help="keep the artifacts here")
    parser.add_argument("--from-json", nargs="+", metavar="JSON",
                        help="only write the table from the rows of earlier "
                             "--json files, --work directories or tables "
                             "this script wrote (.md; a later one's route "
                             "wins)")
    parser.add_argument("--child", nargs=4, metavar=("CASE", "TARGET",
                                                     "WORK", "OUT"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(*args.child, routes=args.routes)
        return 0
    if args.from_json:
        merged = {}
        order = {(case.name, target): index for index, (case, target) in
                 enumerate((c, t) for c in models_cases()
                           for t in TARGETS)}
        for path in args.from_json:
            if os.path.isdir(path):
                rows_here = []
                for case_dir in sorted(os.listdir(path)):
                    for target in TARGETS:
                        row_file = os.path.join(path, case_dir, target,
                                                "row.json")
                        if os.path.exists(row_file):
                            with open(row_file) as f:
                                rows_here.append(json.load(f))
            elif path.endswith(".md"):
                rows_here = rows_from_table(path)
            else:
                with open(path) as f:
                    rows_here = json.load(f)
            if True:
                for row in rows_here:
                    key = (row["case"], row["target"])
                    merged.setdefault(key, {}).update(
                        {k: v for k, v in row.items()
                         if not (isinstance(v, dict) and "error" in v
                                 and k in merged.get(key, {}))})
        rows = sorted(merged.values(), key=lambda row: order.get(
            (row["case"], row["target"]), len(order)))
        write_table(markdown(rows, None), args.markdown)
        return 0
    import torch_panel_models as models
    work = args.work or tempfile.mkdtemp(prefix="executorch-panel-")
    rows = []
    start = time.time()
    for case in models.cases():
        if not re.search(args.cases, case.name):
            continue
        for target in args.targets:
            directory = os.path.join(work, case.name, target)
            os.makedirs(directory, exist_ok=True)
            out = os.path.join(directory, "row.json")
            log = os.path.join(directory, "log.txt")
            try:
                with open(log, "w") as f:
                    subprocess.run(
                        [sys.executable, os.path.abspath(__file__), "--child",
                         case.name, target, directory, out, "--routes"] +
                        args.routes, stdout=f, stderr=subprocess.STDOUT,
                        timeout=CHILD_TIMEOUT_S, check=False)
                row = json.load(open(out))
            except (subprocess.TimeoutExpired, OSError, ValueError) as error:
                row = {"case": case.name, "group": case.group,
                       "target": target,
                       "executorch": {"error": "child: %s (log %s)"
                                      % (error, log)}}
            rows.append(row)
            summary = {route: (row[route].get("error", "")[:160] or
                               {k: row[route][k] for k in
                                ("delegates", "cpu_ops", "npu_cycles",
                                 "sqnr")})
                       for route in args.routes if route in row}
            print("%-28s %-14s %s" % (case.name, target, summary),
                  flush=True)
    seconds = time.time() - start
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1, default=str)
    write_table(markdown(rows, seconds), args.markdown)
    return 0


def _count_cell(cell):
    """"26 (cat x1, convolution x4)" as (26, {"cat": 1, "convolution": 4})."""
    count, _, kinds = cell.partition(" (")
    found = {}
    for item in filter(None, kinds.rstrip(")").split(", ")):
        kind, _, times = item.rpartition(" x")
        found[kind] = int(times)
    return int(count), found


def _sqnr_cell(cell):
    return None if not cell else math.inf if cell == "inf" else float(cell)


def rows_from_table(path):
    """The rows a table this script wrote holds, as --json gives them (the
    figures as printed: sizes to 0.1 KB), for --from-json to merge a new
    run of some routes or models into."""
    with open(path) as f:
        lines = f.read().splitlines()
    rows, errors, section = {}, {}, None
    for line in lines:
        if line.startswith("## "):
            section = line[3:]
            continue
        if line.startswith("| ") and not line.startswith("| model "):
            cells = [cell.strip() for cell in line.strip("|").split(" | ")]
            row = {"case": cells[0], "target": cells[1]}
            et, ours = cells[2:8], cells[8:13]
            if et[0] not in ("not run", "fails"):
                cpu, kinds = _count_cell(et[1])
                row["executorch"] = {
                    "delegates": int(et[0]), "cpu_ops": cpu,
                    "cpu_op_kinds": kinds,
                    "pte_bytes": float(et[2]) * 1024,
                    "vela_bytes": float(et[3]) * 1024,
                    "npu_cycles": int(et[4]), "sqnr": _sqnr_cell(et[5])}
            elif et[0] == "fails":
                row["executorch"] = {"error": ""}
            if ours[0] not in ("not run", "fails"):
                cpu, kinds = _count_cell(ours[1])
                sqnr, _, qdq = ours[4].partition(" (")
                row["qtosa"] = {
                    "delegates": int(ours[0]), "cpu_ops": cpu,
                    "cpu_op_kinds": kinds,
                    "vela_bytes": float(ours[2]) * 1024,
                    "npu_cycles": int(ours[3]), "sqnr": _sqnr_cell(sqnr)}
                if qdq:
                    row["qtosa"]["sqnr_qdq"] = _sqnr_cell(qdq.rstrip(")"))
            elif ours[0] == "fails":
                row["qtosa"] = {"error": ""}
            rows[(row["case"], row["target"])] = row
        elif line.startswith("- ") and section and section.startswith(
                "Data-movement"):
            where, _, found = line[2:].partition(": ")
            case, _, target = where.partition(", ")
            unshared = rows[(case, target)]["executorch"].setdefault(
                "unshared", {})
            for name, count in (item.rsplit(" x", 1)
                                for item in found.split(", ")):
                unshared[name] = int(count)
        elif line.startswith("- ") and section == "Failures":
            where, _, message = line[2:].partition(": ")
            case, target, label = where.split(", ")
            errors[(case, target, label)] = message.strip("`")
    for (case, target, label), message in errors.items():
        key = "executorch" if label == "ExecuTorch" else "qtosa"
        rows[(case, target)][key]["error"] = message
    return list(rows.values())


def write_table(text, path):
    """The table to `path`, or to stdout without one."""
    if path:
        with open(path, "w") as f:
            f.write(text)
    else:
        print(text)


if __name__ == "__main__":
    sys.exit(main())
