#!/usr/bin/env bash
# Installs what qtosa needs, skipping what is present; run as root on a fresh
# Debian bookworm machine, a no-op when everything is installed.
#
#   1. Debian packages: the compiler, LLVM/MLIR 22, FlatBuffers, pybind11,
#      numpy, pytest, python3-venv, clang-format-22 (the ctest 'format',
#      scripts/check-format.sh). Extra package names given as arguments
#      are installed too (bench/run.sh adds python3-matplotlib).
#   2. The tools environment, a Python virtual environment at .venv (or
#      $QTOSA_VENV) made from Debian's /usr/bin/python3, the interpreter the
#      qtosa extension module is built for, with python/requirements.txt:
#      Vela, tosa-tools (the TOSA reference model), TFLite Micro and
#      TensorFlow, pinned. It is rebuilt only when the requirements change.
#
# --with-torch also installs python/requirements-torch.txt (torch and
# executorch, CPU) into the same environment, for the ExecuTorch route.
set -euo pipefail
cd "$(dirname "$0")/.."

with_torch=0
extra=()
for arg in "$@"; do
  case "$arg" in
    --with-torch) with_torch=1 ;;
    *) extra+=("$arg") ;;
  esac
done

packages=(
  cmake ninja-build g++ python3 python3-venv
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
  libgtest-dev libgmock-dev
  libflatbuffers-dev flatbuffers-compiler
  python3-pybind11 python3-numpy python3-pytest python3-dev
  clang-format-22 valgrind libjemalloc-dev
  "${extra[@]}"
)

missing=()
for pkg in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$pkg")
done

if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#packages[@]} Debian packages present"
else
  echo "install-deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  echo "install-deps: Debian packages done"
fi

# The tools environment. A stamp holds the hash of the requirements it was
# made from; a change of pins (or --with-torch the first time) reinstalls.
venv=${QTOSA_VENV:-.venv}
requirements=(python/requirements.txt)
((with_torch)) && requirements+=(python/requirements-torch.txt)
want=$(cat "${requirements[@]}" | sha256sum | cut -d' ' -f1)
stamp="$venv/.qtosa-requirements"
if [[ -f "$stamp" && "$(cat "$stamp")" == "$want" ]]; then
  echo "install-deps: tools environment $venv up to date"
  exit 0
fi
# Another requirement set than the one installed (say, without torch after
# with it) keeps what is there and adds what is missing.
[[ -x "$venv/bin/python3" ]] || /usr/bin/python3 -m venv "$venv"
echo "install-deps: installing ${requirements[*]} into $venv"
start=$SECONDS
args=()
for file in "${requirements[@]}"; do args+=(-r "$file"); done
"$venv/bin/python3" -m pip install -q --disable-pip-version-check \
  --no-input "${args[@]}"
echo "$want" > "$stamp"
echo "install-deps: tools environment ready in $((SECONDS - start)) s" \
  "($(du -sh "$venv" | cut -f1))"
