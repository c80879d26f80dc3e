"""A 10-minute mutation run of the TFLite importer through the qtosa Python
package (no sanitizers, no coverage feedback): corpus models with random
byte flips, splices and truncations, each imported, verified and taken
through qtosa-ethosu-pipeline (U55) and qtosa-lower-pipeline{io=int}.
The input in flight is written to OUT_DIR/current.tflite first, so a crash or a hang
(watchdog: 30 s) leaves it behind."""
import os, pathlib, random, sys, threading, time
# usage: PYTHONPATH=build/python_packages nice -n 19 /usr/bin/python3 \
#   tools/qtosa-tflite-fuzz/mutate_with_python.py SECONDS OUT_DIR LIT_MODEL_DIR CORPUS_DIR
# (LIT_MODEL_DIR: what test/Target/TFLite/Inputs/tflite_models.py writes).
import qtosa
seconds = float(sys.argv[1]); out = sys.argv[2]
os.makedirs(out, exist_ok=True)
seeds = [p.read_bytes() for p in sorted((pathlib.Path(sys.argv[4]) / "tflite").rglob("*.tflite"))]
seeds += [p.read_bytes() for p in sorted(pathlib.Path(sys.argv[3]).glob("*.tflite")) if p.stat().st_size]
rng = random.Random(21)
state = {"start": time.time()}
def watchdog():
    while True:
        time.sleep(1)
        if time.time() - state["start"] > 30:
            print("HANG: input left in", os.path.join(out, "current.tflite"), flush=True)
            os._exit(3)
threading.Thread(target=watchdog, daemon=True).start()
def mutate(data):
    data = bytearray(data)
    for _ in range(rng.choice([1, 1, 2, 4, 8, 16])):
        kind = rng.random()
        if kind < 0.6 and data:
            i = rng.randrange(len(data)); data[i] = rng.randrange(256)
        elif kind < 0.75 and len(data) > 8:
            i = rng.randrange(len(data) - 4)
            data[i:i+4] = rng.choice([b"\xff\xff\xff\x7f", b"\x00\x00\x00\x80", b"\x00\x00\x00\x00", b"\x01\x00\x00\x00", b"\xff\xff\xff\xff"])
        elif kind < 0.9 and data:
            other = rng.choice(seeds); i = rng.randrange(len(data)); j = rng.randrange(len(other))
            n = rng.randrange(1, 64); data[i:i+n] = other[j:j+n]
        else:
            data = data[:rng.randrange(len(data) + 1)]
    return bytes(data)
counts = {"runs": 0, "imported": 0, "rejected": 0, "pipelines_ok": 0, "pipeline_errors": 0}
end = time.time() + seconds
cur = os.path.join(out, "current.tflite")
while time.time() < end:
    data = mutate(rng.choice(seeds))
    with open(cur, "wb") as f:
        f.write(data)
    state["start"] = time.time()
    counts["runs"] += 1
    try:
        m = qtosa.import_tflite(data)
    except qtosa.Error:
        counts["rejected"] += 1
        continue
    counts["imported"] += 1
    for pipeline in ("qtosa-lower-pipeline{io=int}",):
        try:
            m.clone().run(pipeline)
            qtosa.partition(m.clone(), "ethos-u55-128")
            counts["pipelines_ok"] += 1
        except qtosa.Error:
            counts["pipeline_errors"] += 1
print("DONE", counts, "%.0f s" % seconds, flush=True)
