#!/usr/bin/env bash
# The main job on the bundled example: installs what is missing, builds, and
# runs qtosa-opt on a QDQ ConvNeXt-style block, printing the op counts before
# and after and the resulting IR; every op the pipeline leaves in float next
# to a quantization boundary is explained in a remark.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
build_dir=${BUILD_DIR:-build}
example=examples/convnext_block_qdq.mlir
pipeline='builtin.module(print-op-stats{json=false},qtosa-import-qdq,func.func(qtosa-share-qspecs),canonicalize,print-op-stats{json=false})'

echo
echo "== qtosa-opt $example --pass-pipeline='$pipeline'"
echo "== op counts: the input as written, then after import, share-qspecs and canonicalize"
"$build_dir/bin/qtosa-opt" "$example" --pass-pipeline="$pipeline"

lower='builtin.module(qtosa-lower-pipeline{io=int},print-op-stats{json=false})'
echo
echo "== qtosa-opt $example --pass-pipeline='$lower'"
echo "== the same block as integer TOSA 1.0 (zero-point operands, tosa.rescale), then its op counts"
"$build_dir/bin/qtosa-opt" "$example" --pass-pipeline="$lower"
