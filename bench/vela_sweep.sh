#!/usr/bin/env bash
# Vela on every delegate qtosa writes for the benchmark models and the
# random graphs (issue #33): the 10k-op mixed and ConvNeXt-style models of
# gen_qdq_model.py and the 500 random graphs of the pipeline tests
# (test/Pipelines/Inputs/random_pipeline_graphs.py, seed 20261122, 250
# movement and 250 arithmetic), each partitioned for ethos-u55-128 and
# ethos-u85-256 and each delegate compiled by Vela 5.2
# (test/Target/EthosU/Inputs/vela_sweep.py). Prints one SUMMARY line per
# set and exits non-zero if Vela rejects a delegate.
#
# A benchmark, not a test: Vela takes minutes on a delegate of thousands of
# ops (each 10k-op model is one delegate of 5,700 or 9,400 ops): about 16
# minutes in all on 2 cores, the random graphs 11 s of it. The random
# graphs, the corpus, the factory models and these two models at 4,000 ops
# are also swept by the tests (Target/EthosU/vela-sweep*.mlir,
# factory/models). Assumes
# scripts/build.sh has run; generated files go to build/bench/vela-sweep.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${BUILD_DIR:-build}
out="$build_dir/bench/vela-sweep"
mkdir -p "$out"
python=${QTOSA_VENV:-.venv}/bin/python3
export PYTHONPATH="$build_dir/python_packages${PYTHONPATH:+:$PYTHONPATH}"

for kind in movement arith; do
  /usr/bin/python3 test/Pipelines/Inputs/random_pipeline_graphs.py \
    20261122 250 "$kind" > "$out/random-$kind.mlir"
done
for model in mixed convnext; do
  /usr/bin/python3 bench/gen_qdq_model.py 10000 --model "$model" \
    > "$out/$model-10k.mlir"
done

status=0
run() {
  local label=$1
  shift
  local start=$SECONDS log
  log=$("$python" test/Target/EthosU/Inputs/vela_sweep.py "$@") || status=1
  grep -v '^SUMMARY' <<<"$log" || true
  echo "$label: $(grep '^SUMMARY' <<<"$log") ($((SECONDS - start)) s)"
  grep -q 'rejected=0 ' <<<"$log" || status=1
}
run "random graphs" "$out/random-movement.mlir" "$out/random-arith.mlir"
run "10k-op models" "$out/mixed-10k.mlir" "$out/convnext-10k.mlir"
exit $status
