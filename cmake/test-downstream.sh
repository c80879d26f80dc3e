#!/usr/bin/env bash
# Installs qtosa into a scratch prefix and builds and runs
# examples/downstream against it through find_package(QTosa); then runs the
# installed tools, and the installed qtosa-compile on the bundled example
# when the tools environment (Vela) is there.
set -euo pipefail
build_dir=$1
source_dir=$2
tools_python=${3:-}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cmake --install "$build_dir" --prefix "$scratch/prefix" >/dev/null
cmake -G Ninja -S "$source_dir/examples/downstream" -B "$scratch/build" \
  -DCMAKE_PREFIX_PATH="$scratch/prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$scratch/build" >/dev/null
"$scratch/build/qtosa-downstream" | tee "$scratch/downstream.txt"
grep -q "quant and qtosa ops left: 0" "$scratch/downstream.txt"
# The installed tools start on their own (their runpath finds libMLIR).
"$scratch/prefix/bin/qtosa-opt" --version >/dev/null
"$scratch/prefix/bin/qtosa-translate" --help >/dev/null
# The installed command, with no PYTHONPATH of the caller's, runs the
# installed package.
if [[ -x $scratch/prefix/bin/qtosa-compile && -x $tools_python ]]; then
  env -u PYTHONPATH "$scratch/prefix/bin/qtosa-compile" \
    "$source_dir/examples/convnext_block_qdq.mlir" --target ethos-u85-256 \
    -o "$scratch/compiled"
  test -s "$scratch/compiled/delegate_0_vela.npz"
  echo "installed qtosa-compile: delegate_0_vela.npz written"
else
  echo "installed qtosa-compile: not run (no package or no $tools_python)"
fi
