"""Prints the NPU operations Vela 5.2 makes of a .tosa file, one line per
operation with Vela's name for it, after a count line:

  vela_operations.py TARGET FILE.tosa

From Vela's --verbose-performance table (its "NNG Operator" column), with
the system config qtosa.vela uses for the target."""
import contextlib
import io
import sys
import tempfile

from ethosu.vela import vela

SYSTEMS = {"ethos-u55-128": ("Ethos_U55_High_End_Embedded", "Shared_Sram"),
           "ethos-u85-256": ("Ethos_U85_SYS_DRAM_Mid", "Sram_Only")}

target, path = sys.argv[1:3]
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
in_table = False
for line in printed.getvalue().splitlines():
    fields = line.split()
    if line.startswith("Original Operator"):
        in_table = True
        continue
    if in_table and len(fields) > 3 and fields[2] == "NPU":
        operations.append(fields[1])
    elif in_table and not fields:
        in_table = False
print("NPU operations: %d" % len(operations))
for operation in operations:
    print(operation)
