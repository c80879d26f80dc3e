#!/usr/bin/env bash
# Builds qtosa with clang-22 under AddressSanitizer + UndefinedBehaviorSanitizer,
# with the libFuzzer target qtosa-fuzz, in build-asan/ (override with
# BUILD_DIR). `ctest --test-dir build-asan -L sanitizers` then runs the lit
# suite, the unit tests and every fuzz seed on the instrumented binaries.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh clang-22 libclang-rt-22-dev
BUILD_DIR=${BUILD_DIR:-build-asan} bash scripts/build.sh \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
  -DQTOSA_ENABLE_SANITIZERS=ON -DQTOSA_BUILD_FUZZER=ON
