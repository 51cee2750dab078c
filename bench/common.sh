# Sourced by the bench scripts (run from the repository root): the smc
# binary of a build directory, a scratch directory removed on exit, and
# wall-clock timing.

# bench_init BUILD_DIR: sets $smc and $out, or exits when smc is not built.
bench_init() {
  smc="${1:-build}/bin/smc"
  [ -x "$smc" ] || { echo "build smc first (scripts/build.sh)" >&2; exit 1; }
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
}

# seconds CMD...: runs CMD quietly and prints its wall time in seconds;
# fails when CMD fails.
seconds() {
  local start end
  start=$(date +%s.%N)
  "$@" > /dev/null 2>&1 || return 1
  end=$(date +%s.%N)
  awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f", e - s }'
}

# best_of N CMD...: the shortest wall time of N runs of CMD, or "error".
best_of() {
  local n=$1 best="" t
  shift
  for _ in $(seq "$n"); do
    t=$(seconds "$@") || { echo error; return 0; }
    if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; fi
  done
  echo "$best"
}
