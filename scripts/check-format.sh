#!/usr/bin/env bash
# Checks that every C++ file git tracks is formatted as .clang-format says
# (clang-format-22, the ctest 'format'); with --fix, formats them in place.
#
#   bash scripts/check-format.sh          # lists what differs, exits 1
#   bash scripts/check-format.sh --fix    # rewrites those files
#
# Which files: git's *.cpp, *.h and *.def (Lowerings.def is C++ rows). Left
# out, and why:
#   *.td   clang-format's TableGen mode bin-packs the `ins`/`outs` argument
#          lists that qtosa writes one per line and re-breaks `def X :
#          Base<...>` headers: 366 lines of 12 of the 15 files would change,
#          most of them away from how MLIR lays out ODS.
#   *.fbs  lib/Target/{TFLite,TosaFlatbuffer}/*.fbs are the upstream schemas,
#          copied unchanged; the headers flatc generates from them live in
#          the build tree, not in git, so they are never listed.
# Nothing else is vendored or generated in git today; a file that is would go
# in `excluded` below with its reason.
#
# Exit codes: 0 formatted, 1 not formatted, 77 (the ctest's SKIP_RETURN_CODE)
# when clang-format 22 or git is missing: another clang-format major formats
# differently, so it can neither pass nor fail the check.
set -euo pipefail
cd "$(dirname "$0")/.."

fix=0
case "${1:-}" in
  --fix) fix=1 ;;
  "") ;;
  *) echo "usage: $0 [--fix]" >&2; exit 2 ;;
esac

clang_format=${CLANG_FORMAT:-clang-format-22}
if ! command -v "$clang_format" >/dev/null; then
  echo "check-format: $clang_format not found (Debian: clang-format-22," \
    "scripts/install-deps.sh installs it); skipped"
  exit 77
fi
version=$("$clang_format" --version)
if [[ ! "$version" =~ version\ 22\. ]]; then
  echo "check-format: $clang_format is not clang-format 22 ($version); skipped"
  exit 77
fi
if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  echo "check-format: not a git work tree, no list of files; skipped"
  exit 77
fi

# Paths (extended regular expressions) never formatted, each with its reason.
excluded=(
)
mapfile -t files < <(git ls-files -- '*.cpp' '*.h' '*.def')
if ((${#excluded[@]})); then
  pattern=$(IFS='|'; echo "${excluded[*]}")
  mapfile -t files < <(printf '%s\n' "${files[@]}" | grep -Ev "$pattern")
fi

if ((fix)); then
  "$clang_format" -i -- "${files[@]}"
  echo "check-format: formatted ${#files[@]} files with $clang_format"
  exit 0
fi
if "$clang_format" --dry-run -Werror -- "${files[@]}"; then
  echo "check-format: ${#files[@]} files formatted"
  exit 0
fi
echo "check-format: the files above are not formatted as .clang-format says;" \
  "\`bash scripts/check-format.sh --fix\` formats them"
exit 1
