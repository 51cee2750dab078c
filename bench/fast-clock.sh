#!/usr/bin/env bash
# Prints the wall time of simulating examples/FastClock.mo (a clocked
# partition on a 1 ms clock, 100 s: 100 001 ticks) through its FMU, for a
# few communication steps. A benchmark, not a test: the goal is well under
# a second per run, i.e. a clocked partition costs only its own code per
# tick.
# Usage: bench/fast-clock.sh [build-dir] [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
runs=${2:-3}
smc="$build/bin/smc"
[ -x "$smc" ] || { echo "build smc first (scripts/build.sh)" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

"$smc" examples/FastClock.mo -o "$out/FastClock.fmu"

seconds() {  # runs "$@" and prints its wall time in seconds
  local start end
  start=$(date +%s.%N)
  "$@" > /dev/null
  end=$(date +%s.%N)
  awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f", e - s }'
}

printf '%-24s %14s %14s\n' "communication step [s]" "best wall [s]" "ticks per s"
for step in 0.1 0.001; do
  best=""
  for _ in $(seq "$runs"); do
    t=$(seconds "$smc" simulate "$out/FastClock.fmu" --stop-time 100 --step "$step" -o "$out/r.csv")
    if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; fi
  done
  rate=$(awk -v t="$best" 'BEGIN { printf "%.0f", 100001 / t }')
  printf '%-24s %14s %14s\n' "$step" "$best" "$rate"
done
