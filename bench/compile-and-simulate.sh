#!/usr/bin/env bash
# Prints, per example, the wall time of `smc` (parse -> FMU, best of N runs)
# and of one simulation with its DefaultExperiment. A benchmark, not a test:
# the goal is a compile under 0.5 s per example.
# Usage: bench/compile-and-simulate.sh [build-dir] [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common.sh
bench_init "${1:-build}"
runs=${2:-5}

printf '%-36s %12s %12s\n' model "compile [s]" "simulate [s]"
for model in examples/*.mo ../shared/models/*/*.mo; do
  [ -f "$model" ] || continue
  name=$(basename "$model" .mo)
  best=$(best_of "$runs" "$smc" "$model" -o "$out/$name.fmu")
  sim="-"
  if [ "$best" != "error" ]; then sim=$(seconds "$smc" simulate "$out/$name.fmu") || sim="error"; fi
  printf '%-36s %12s %12s\n' "$name" "$best" "$sim"
done
