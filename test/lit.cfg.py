# -*- Python -*-
import os
import shutil
import sys

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "qtosa"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.qtosa_obj_root, "test")

llvm_config.with_system_environment(["HOME", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

# MLIR's own TOSA -> Linalg -> LLVM lowering; its output runs under
# mlir-runner. tosa-to-arith with include-apply-rescale handles tosa.rescale;
# tosa-optional-decompositions turns transpose_conv2d into conv2d, which is
# all tosa-to-linalg takes; math ops without an LLVM intrinsic (erf) become
# libm calls, after rsqrt and ctlz (from avg_pool2d) are expanded.
tosa_to_llvm = (
    "builtin.module("
    "func.func(tosa-optional-decompositions,tosa-to-linalg-named,tosa-to-linalg,"
    "tosa-to-arith{include-apply-rescale=true},tosa-to-tensor),"
    "one-shot-bufferize{bufferize-function-boundaries},"
    "func.func(convert-linalg-to-loops,math-expand-ops{ops=rsqrt,ctlz}),"
    "convert-math-to-libm,convert-scf-to-cf,"
    "expand-strided-metadata,lower-affine,convert-to-llvm,"
    "reconcile-unrealized-casts)"
)
config.substitutions.append(("%tosa-to-llvm", "'--pass-pipeline=%s'" % tosa_to_llvm))
runner_libs = ",".join(
    os.path.join(config.llvm_lib_dir, lib)
    for lib in ["libmlir_runner_utils.so", "libmlir_c_runner_utils.so"]
)
config.substitutions.append(
    ("%mlir-runner",
     "mlir-runner -e main -entry-point-result=void -shared-libs=%s" % runner_libs))
config.substitutions.append(("%qtosa_src", config.qtosa_src_root))
# The Python lit runs under (Debian's, with numpy), not whatever python3 is
# first on PATH.
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%corpus", config.qtosa_corpus_dir))
config.substitutions.append(("%qtosa_obj", config.qtosa_obj_root))
# Tests over ../shared/corpus need it beside the checkout (or QTOSA_CORPUS_DIR
# set at configure time); without it they are reported UNSUPPORTED.
if os.path.isdir(os.path.join(config.qtosa_corpus_dir, "tosa")):
    config.available_features.add("corpus")

# The qtosa Python package, when this build has it (an instrumented build
# does not): %qtosa_python runs Debian's Python with it importable.
import glob
python_packages = os.path.join(config.qtosa_obj_root, "python_packages")
if glob.glob(os.path.join(python_packages, "qtosa", "_qtosa*.so")):
    config.available_features.add("qtosa-python")
config.substitutions.append(
    ("%qtosa_python", "env PYTHONPATH=%s %s" % (python_packages, sys.executable)))

# The tools environment (scripts/install-deps.sh): %tools_python runs its
# Python with the qtosa package importable; %tosa_schema is tosa-tools'
# schema, the official TOSA flatbuffer layout (1.0 plus appended entries),
# which the tests read our files with.
tools_python = os.path.join(config.qtosa_tools_venv, "bin", "python3")
tosa_schemas = sorted(glob.glob(os.path.join(
    config.qtosa_tools_venv, "lib", "python3*", "site-packages", "bin",
    "tosa.fbs")))
if os.path.exists(tools_python) and tosa_schemas:
    config.available_features.add("tools")
    config.substitutions.append(("%tosa_schema", tosa_schemas[-1]))
config.substitutions.append(
    ("%tools_python", "env PYTHONPATH=%s %s" % (python_packages, tools_python)))

# An instrumented build (ASan cannot run under valgrind); valgrind itself.
if config.qtosa_sanitizers.upper() in ("ON", "1", "TRUE", "YES"):
    config.available_features.add("sanitizers")
if shutil.which("valgrind"):
    config.available_features.add("valgrind")
# The tools link jemalloc (QTOSA_USE_JEMALLOC with libjemalloc-dev found).
if "jemalloc" in config.qtosa_tool_allocator:
    config.available_features.add("jemalloc")

# `--param qtosa_tools_dir=DIR` runs the suite with other qtosa binaries
# (scripts/compare-outputs.py --lit runs it through recording wrappers).
config.qtosa_tools_dir = lit_config.params.get("qtosa_tools_dir",
                                               config.qtosa_tools_dir)
tool_dirs = [config.qtosa_tools_dir, config.llvm_tools_dir]
llvm_config.add_tool_substitutions(
    ["qtosa-opt", "qtosa-translate", "qtosa-run", "mlir-opt", "mlir-runner", "split-file"], tool_dirs)

# `not` at the start of a RUN line is found on PATH, as in LLVM's own suites.
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.qtosa_tools_dir, append_path=True)
