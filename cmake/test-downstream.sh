#!/usr/bin/env bash
# Installs qtosa into a scratch prefix and builds and runs
# examples/downstream against it through find_package(QTosa).
set -euo pipefail
build_dir=$1
source_dir=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cmake --install "$build_dir" --prefix "$scratch/prefix" >/dev/null
cmake -G Ninja -S "$source_dir/examples/downstream" -B "$scratch/build" \
  -DCMAKE_PREFIX_PATH="$scratch/prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$scratch/build" >/dev/null
"$scratch/build/qtosa-downstream"
# The installed tools start on their own (their runpath finds libMLIR).
"$scratch/prefix/bin/qtosa-opt" --version >/dev/null
"$scratch/prefix/bin/qtosa-translate" --help >/dev/null
