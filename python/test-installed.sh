#!/usr/bin/env bash
# Installs qtosa into a scratch prefix and runs the installed package and
# qtosa-run from there: both must find Debian's MLIR libraries on their own.
set -euo pipefail
build_dir=$1
python=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cmake --install "$build_dir" --prefix "$scratch/prefix" >/dev/null
cd "$scratch"
cat > add.mlir <<'MLIR'
func.func @main(%a: tensor<3xi32>) -> tensor<3xi32> {
  %s = tosa.add %a, %a : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  return %s : tensor<3xi32>
}
MLIR
PYTHONPATH="$scratch/prefix/python_packages" "$python" - <<'PY'
import numpy as np
import qtosa
assert qtosa.__file__.startswith(__import__("os").getcwd()), qtosa.__file__
module = qtosa.parse(open("add.mlir").read(), "add.mlir")
(result,) = qtosa.execute(module, [np.array([1, 2, 3], np.int32)])
print("installed package:", result.tolist())
np.save("a.npy", np.array([1, 2, 3], np.int32))
PY
"$scratch/prefix/bin/qtosa-run" add.mlir --input a.npy
