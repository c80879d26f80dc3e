#!/usr/bin/env bash
# The main job on the bundled example: installs what is missing (the Debian
# packages and the tools environment .venv), builds, and
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

# A real model: the first corpus model beside the checkout (MLCommons Tiny's
# ResNet image classifier, int8), imported from TFLite and partitioned for
# Ethos-U55. Skipped without ../shared/corpus.
model=../shared/corpus/tflite/tiny_ic_resnet_large_int8.tflite
if [[ -f "$model" ]]; then
  echo
  echo "== $model: qtosa-translate --import-tflite | qtosa-opt --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{report-file=- remarks=false})'"
  # --mlir-print-debuginfo keeps the importer's locations (model file,
  # operator index, output tensor name) for the report; the table is kept,
  # share-qspecs' remarks are not.
  "$build_dir/bin/qtosa-translate" --import-tflite "$model" --mlir-print-debuginfo \
    | "$build_dir/bin/qtosa-opt" -o /dev/null \
        --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{report-file=- remarks=false})' 2>&1 \
    | grep -E '^(ethos-u|  )'
fi

# The same block partitioned for Ethos-U55, first without qtosa-share-qspecs
# (the moveaxis chain stays in float on the host and splits the graph), then
# with it (one delegate).
without='builtin.module(qtosa-import-qdq,func.func(qtosa-canonicalize,qtosa-lower-to-tosa-int),qtosa-ethosu-partition{report-file=- remarks=false},func.func(qtosa-expand-qdq))'
echo
echo "== Ethos-U55 partition WITHOUT qtosa-share-qspecs: qtosa-opt $example --pass-pipeline='$without'"
"$build_dir/bin/qtosa-opt" "$example" -o /dev/null --pass-pipeline="$without" 2>&1 | grep -E '^(ethos-u|  (host op|[0-9]+ float ops|qtosa[.]|tosa[.]|func[.]| +ops:))'
delegates="$build_dir/example-delegates"
rm -rf "$delegates"
with="builtin.module(qtosa-ethosu-pipeline{report-file=- tosa-dir=$delegates})"
echo
echo "== Ethos-U55 partition WITH it: qtosa-opt $example --pass-pipeline='$with'"
"$build_dir/bin/qtosa-opt" "$example" --pass-pipeline="$with"
# What Vela takes: the delegate as a TOSA 1.0 flatbuffer, and the manifest a
# runtime reads to call it.
echo
echo "== The delegate for Vela: $(ls "$delegates"/*.tosa), and $delegates/delegates.json:"
cat "$delegates/delegates.json"

# What runs on the device: the block and the corpus model through
# qtosa-compile (the Ethos-U pipeline, then Vela 5.2 on every delegate, from
# the tools environment), each delegate with Vela's NPU cycles, SRAM and
# off-chip traffic per inference.
compiled="$build_dir/example-vela"
rm -rf "$compiled"
echo
echo "== qtosa-compile $example --target ethos-u55-128 -o $compiled/block"
"$build_dir/bin/qtosa-compile" "$example" --target ethos-u55-128 -o "$compiled/block"
if [[ -f "$model" ]]; then
  echo
  echo "== qtosa-compile $model --target ethos-u55-128 -o $compiled/resnet"
  "$build_dir/bin/qtosa-compile" "$model" --target ethos-u55-128 -o "$compiled/resnet"
fi
