#!/usr/bin/env bash
# Prints the wall time of simulating examples/FastClock.mo (a clocked
# partition on a 1 ms clock, 100 s: 100 001 ticks) through its FMU, for a
# few communication steps. A benchmark, not a test: the goal is well under
# a second per run, i.e. a clocked partition costs only its own code per
# tick.
# Usage: bench/fast-clock.sh [build-dir] [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common.sh
bench_init "${1:-build}"
runs=${2:-3}

"$smc" examples/FastClock.mo -o "$out/FastClock.fmu"

printf '%-24s %14s %14s\n' "communication step [s]" "best wall [s]" "ticks per s"
for step in 0.1 0.001; do
  best=$(best_of "$runs" "$smc" simulate "$out/FastClock.fmu" --stop-time 100 --step "$step" -o "$out/r.csv")
  rate=$(awk -v t="$best" 'BEGIN { if (t + 0 > 0) printf "%.0f", 100001 / t; else print "-" }')
  printf '%-24s %14s %14s\n' "$step" "$best" "$rate"
done
