"""What Vela builds from qtosa's output against what it builds from the
TFLite file itself (the route users take today), per model and target.

Usage (tools environment):
  PYTHONPATH=build/python_packages .venv/bin/python3 bench/vela_routes.py \
      [--markdown OUT.md] MODEL.tflite...

For each model and target: the TFLite file compiled by Vela (NPU cycles, SRAM
and off-chip bytes), and the qtosa route:
qtosa.compile.compile_for_ethosu (the Ethos-U pipeline, then Vela on every
delegate; cycles and off-chip bytes summed over the delegates, SRAM the
largest peak), with the host operators qtosa leaves. The ratio columns are
qtosa's NPU cycles and off-chip bytes over the TFLite route's (goal: at
most 1.00).
"""
import argparse
import os
import sys
import tempfile

import qtosa
import qtosa.compile
import qtosa.vela


def tflite_route(model, target, work):
    """Vela on the .tflite itself: its figures."""
    return qtosa.vela.compile(model, target, name="model",
                              output_dir=os.path.join(work, "tflite-" + target))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--markdown")
    parser.add_argument("models", nargs="+")
    args = parser.parse_args()
    lines = ["| model | target | TFLite route: NPU cycles | SRAM (B) | "
             "off-chip (B) | qtosa: delegates | host ops | NPU cycles | "
             "SRAM (B) | off-chip (B) | cycles ratio | off-chip ratio |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for model in args.models:
        name = os.path.splitext(os.path.basename(model))[0]
        for target in qtosa.TARGETS:
            with tempfile.TemporaryDirectory() as work:
                try:
                    direct = tflite_route(model, target, work)
                except qtosa.Error as error:
                    print("%s %s: Vela on the TFLite file fails: %s"
                          % (name, target, error))
                    continue
                try:
                    ours = qtosa.compile.compile_for_ethosu(
                        model, target, os.path.join(work, "qtosa"))
                except qtosa.Error as error:
                    print("%s %s: qtosa route fails: %s"
                          % (name, target, str(error)[:300]))
                    continue
            total = ours["report"]["vela"]
            ratio = (total["npu_cycles"] / direct["npu_cycles"]
                     if direct["npu_cycles"] else float("nan"))
            # Ethos-U85's Sram_Only mode moves no off-chip bytes on either
            # route: "-" rather than 0/0.
            off_chip = ("%.2f" % (total["off_chip_bytes"]
                                  / direct["off_chip_bytes"])
                        if direct["off_chip_bytes"] else
                        "-" if not total["off_chip_bytes"] else "inf")
            line = ("| %s | %s | %d | %d | %d | %d | %d | %d | %d | %d | "
                    "%.2f | %s |" % (name, target, direct["npu_cycles"],
                                     direct["sram_bytes"],
                                     direct["off_chip_bytes"],
                                     total["delegates"],
                                     ours["report"]["ops_host"],
                                     total["npu_cycles"], total["sram_bytes"],
                                     total["off_chip_bytes"], ratio,
                                     off_chip))
            lines.append(line)
            print(line)
            sys.stdout.flush()
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    sys.exit(main())
