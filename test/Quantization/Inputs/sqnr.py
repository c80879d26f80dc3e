"""sqnr.py REFERENCE.npy TEST.npy MIN_DB: prints the signal-to-quantization-
noise ratio of TEST against REFERENCE in dB and fails below MIN_DB."""
import sys

import numpy as np

reference = np.load(sys.argv[1]).astype(np.float64)
test = np.load(sys.argv[2]).astype(np.float64)
noise = np.sum((reference - test) ** 2)
sqnr = 10 * np.log10(np.sum(reference ** 2) / max(noise, 1e-300))
print(f"SQNR {sqnr:.1f} dB")
sys.exit(0 if sqnr >= float(sys.argv[3]) else 1)
