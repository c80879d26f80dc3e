#!/usr/bin/env bash
# The main job on the bundled example: installs what is missing, builds, and
# runs qtosa-opt on a QDQ ConvNeXt-style block, printing the op counts before
# and after and the resulting IR.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
build_dir=${BUILD_DIR:-build}
example=examples/convnext_block_qdq.mlir
pipeline='builtin.module(print-op-stats{json=false},qtosa-import-qdq,canonicalize,print-op-stats{json=false})'

echo
echo "== qtosa-opt $example --pass-pipeline='$pipeline'"
echo "== op counts: the input as written, then after import + canonicalize"
"$build_dir/bin/qtosa-opt" "$example" --pass-pipeline="$pipeline"
