#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test (lit, unit, docs,
# install) through ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
build_dir=${BUILD_DIR:-build}
status=0
ctest --test-dir "$build_dir" --output-on-failure -j "$(nproc)" || status=$?
# What the Ethos-U partitioner made of ../shared/corpus (left there by
# test/Pipelines/qtosa-ethosu-pipeline-corpus.mlir).
if [[ -f "$build_dir/ethosu-corpus-summary.txt" ]]; then
  echo
  echo "== Ethos-U partition of the corpus"
  cat "$build_dir/ethosu-corpus-summary.txt"
fi
exit "$status"
