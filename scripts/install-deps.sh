#!/usr/bin/env bash
# Installs what qtosa needs from Debian bookworm, skipping what is present.
# Run as root on a fresh machine; a no-op when everything is installed.
# Extra package names given as arguments are installed too (bench/run.sh
# adds python3-matplotlib for its plot).
set -euo pipefail

packages=(
  cmake ninja-build g++ python3
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
  libgtest-dev libgmock-dev
  libflatbuffers-dev flatbuffers-compiler
  python3-pybind11 python3-numpy python3-pytest python3-dev
  "$@"
)

missing=()
for pkg in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$pkg")
done

if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "install-deps: done"
