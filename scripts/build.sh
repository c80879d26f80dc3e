#!/usr/bin/env bash
# Configures and builds qtosa in build/ (override with BUILD_DIR). Arguments
# are passed to the first cmake configure, e.g. the sanitizer options.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${BUILD_DIR:-build}
if [[ ! -f "$build_dir/build.ninja" ]]; then
  cmake -G Ninja -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir "$@"
fi
cmake --build "$build_dir"
