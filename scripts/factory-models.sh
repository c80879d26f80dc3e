#!/usr/bin/env bash
# The model factory's check (ctest -R factory/models) by hand:
# test/Factory/make_models.py converts the models into $BUILD_DIR/factory
# (when its stamp changed), then test/Factory/check_models.py holds them and
# ../shared/corpus's .tflite files to issue #34's goals. With --write it
# rewrites docs/generated/FactoryModels.md and
# test/Factory/expected-deviations.txt from the run (new deviations get the
# cause TODO: write it). Other arguments go to check_models.py (--only
# NAME,..., --jobs N).
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${BUILD_DIR:-build}
export PYTHONPATH=$build_dir/python_packages
exec "${QTOSA_PYTHON:-.venv/bin/python3}" test/Factory/check_models.py \
  "$build_dir/factory" test/Factory/expected-deviations.txt \
  docs/generated/FactoryModels.md --corpus ../shared/corpus "$@"
