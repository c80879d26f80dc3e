#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test (lit, unit, docs,
# install) through ctest; then builds build-asan with the sanitizers and
# runs the lit suite (but its sweeps over ../shared/corpus, whose files run
# there as fuzz seeds), the unit tests and the fuzz seeds there.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
build_dir=${BUILD_DIR:-build}
status=0
ctest --test-dir "$build_dir" --output-on-failure -j "$(nproc)" || status=$?
# The lit suite but the corpus sweeps, the unit tests and the fuzz seeds
# again, instrumented
# (QTOSA_SKIP_SANITIZERS=1 leaves this out, for a quick local run).
if [[ "${QTOSA_SKIP_SANITIZERS:-0}" != 1 ]]; then
  echo
  echo "== Under AddressSanitizer + UndefinedBehaviorSanitizer (build-asan)"
  bash scripts/build-sanitized.sh
  ctest --test-dir build-asan -L sanitizers --output-on-failure -j "$(nproc)" \
    || status=$?
fi
# What the Ethos-U partitioner made of ../shared/corpus (left there by
# test/Pipelines/qtosa-ethosu-pipeline-corpus.mlir).
if [[ -f "$build_dir/ethosu-corpus-summary.txt" ]]; then
  echo
  echo "== Ethos-U partition of the corpus"
  cat "$build_dir/ethosu-corpus-summary.txt"
fi
exit "$status"
