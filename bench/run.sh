#!/usr/bin/env bash
# The benchmark: installs what is missing (python3-matplotlib for the plot,
# valgrind for --instructions), builds, and measures qtosa against the
# mlir-opt parse+print floor from 1k to 100k TOSA ops. Arguments go to
# run_benchmarks.py (--sizes, --runs, --out, --baseline, --check-goals,
# --instructions); results land in build/bench/ unless --out says
# otherwise. Takes about 7 minutes on 2 cores (--instructions adds about
# 15 at 100k ops).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh python3-matplotlib valgrind
bash scripts/build.sh
build_dir=${BUILD_DIR:-build}
# Debian's interpreter, where python3-matplotlib is installed.
exec /usr/bin/python3 bench/run_benchmarks.py --build-dir "$build_dir" "$@"
