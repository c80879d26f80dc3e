"""Prints the NPU operations Vela 5.2 makes of a .tosa file, one line per
operation with Vela's name for it, after a count line:

  vela_operations.py [--fused] TARGET FILE.tosa

From Vela's --verbose-performance table (its "NNG Operator" column), with
the system config qtosa.vela uses for the target. With --fused, an
operation Vela runs as part of the one before it (an activation such as a
LUT: its row repeats the previous row's name) is printed "fused NAME"."""
import contextlib
import io
import sys
import tempfile

from ethosu.vela import vela

SYSTEMS = {"ethos-u55-128": ("Ethos_U55_High_End_Embedded", "Shared_Sram"),
           "ethos-u85-256": ("Ethos_U85_SYS_DRAM_Mid", "Sram_Only")}

arguments = sys.argv[1:]
show_fused = "--fused" in arguments
if show_fused:
    arguments.remove("--fused")
target, path = arguments
system, memory = SYSTEMS[target]
printed = io.StringIO()
with tempfile.TemporaryDirectory() as out, contextlib.redirect_stdout(printed):
    status = vela.main(["--accelerator-config=" + target,
                        "--config=Arm/vela.ini", "--system-config=" + system,
                        "--memory-mode=" + memory, "--output-format=raw",
                        "--output-dir=" + out, "--verbose-performance", path])
if status:
    sys.exit("vela failed (%s):\n%s" % (status, printed.getvalue()))
operations = []
previous_name = None
in_table = False
for line in printed.getvalue().splitlines():
    fields = line.split()
    if line.startswith("Original Operator"):
        in_table = True
        continue
    if in_table and len(fields) > 3 and fields[2] == "NPU":
        name = fields[-1]
        fused = show_fused and name == previous_name
        operations.append(("fused " if fused else "") + fields[1])
        previous_name = name
    elif in_table and not fields:
        in_table = False
print("NPU operations: %d" % len(operations))
for operation in operations:
    print(operation)
