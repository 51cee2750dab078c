#!/usr/bin/env bash
# Prints, per example, the wall time of `smc` (parse -> FMU, best of N runs)
# and of one simulation with its DefaultExperiment. A benchmark, not a test:
# the goal is a compile under 0.5 s per example.
# Usage: bench/compile-and-simulate.sh [build-dir] [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
runs=${2:-5}
smc="$build/bin/smc"
[ -x "$smc" ] || { echo "build smc first (scripts/build.sh)" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

seconds() {  # runs "$@" and prints its wall time in seconds
  local start end
  start=$(date +%s.%N)
  "$@" > /dev/null 2>&1 || return 1
  end=$(date +%s.%N)
  awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f", e - s }'
}

printf '%-22s %12s %12s\n' model "compile [s]" "simulate [s]"
for model in examples/*.mo ../shared/models/continuous/*.mo; do
  [ -f "$model" ] || continue
  name=$(basename "$model" .mo)
  best=""
  for _ in $(seq "$runs"); do
    t=$(seconds "$smc" "$model" -o "$out/$name.fmu" 2>/dev/null) || { best="error"; break; }
    if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; fi
  done
  sim="-"
  if [ "$best" != "error" ]; then sim=$(seconds "$smc" simulate "$out/$name.fmu") || sim="error"; fi
  printf '%-22s %12s %12s\n' "$name" "$best" "$sim"
done
