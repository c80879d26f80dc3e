#!/usr/bin/env bash
# Fuzzes qtosa-ethosu-pipeline (both Ethos-U targets, verifier after every
# pass) under ASan+UBSan with libFuzzer for MINUTES minutes (default 10).
#
#   bash scripts/fuzz.sh [MINUTES] [libFuzzer flags...]
#
# Builds build-asan/ with scripts/build-sanitized.sh (override with
# BUILD_DIR), writes the seed corpus
# (lit tests, examples, generated models, ../shared/corpus/tosa) and runs.
# Inputs that add coverage collect in BUILD_DIR/fuzz/corpus, crashes in
# BUILD_DIR/fuzz/crashes/ (replay one with `qtosa-fuzz FILE`). The last
# lines printed give the number of executions.
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-10}
shift || true
build_dir=${BUILD_DIR:-build-asan}
BUILD_DIR=$build_dir bash scripts/build-sanitized.sh
fuzz_dir="$build_dir/fuzz"
mkdir -p "$fuzz_dir/corpus" "$fuzz_dir/crashes"
python3 tools/qtosa-fuzz/make_seed_corpus.py "$fuzz_dir/seeds" . ../shared/corpus
# -timeout: an input that takes 30 s is a hang worth a report;
# -rss_limit_mb: qtosa folds at most 2^24 elements per constant, far below.
exec "$build_dir/bin/qtosa-fuzz" "$fuzz_dir/corpus" "$fuzz_dir/seeds" \
  -max_total_time=$((minutes * 60)) -timeout=30 -rss_limit_mb=4096 \
  -artifact_prefix="$fuzz_dir/crashes/" -print_final_stats=1 "$@"
