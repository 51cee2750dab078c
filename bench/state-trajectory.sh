#!/usr/bin/env bash
# Whether taking FMU states disturbs a simulation: a chain of N first-order
# lags (x1' = 1 - x1, xi' = x(i-1) - xi, from rest) run to t = 10 in steps
# of 0.01, once plainly and once with an fmi2GetFMUstate before every step
# (bin/smc-bench-state-trajectory, bench/StateTrajectoryBench.cpp). Prints
# the wall time of each run, their ratio, and each run's error in x[N]
# against the exact 1 - exp(-t) * sum_{k<N} t^k/k!. Goal: ratio 1 and equal
# errors (a state holds the integrator's history: docs/fmu-state.md).
# Usage: bench/state-trajectory.sh [build-dir] ["10 100"] [tolerance]
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common.sh
bench_init "${1:-build}"
bench="$(dirname "$smc")/smc-bench-state-trajectory"
[ -x "$bench" ] || { echo "build smc-bench-state-trajectory first (scripts/build.sh)" >&2; exit 1; }
tolerance=${3:-1e-6}

printf '%6s %12s %18s %7s %14s %18s\n' "lags" "plain [s]" "with states [s]" "ratio" "plain error" "with states error"
for n in ${2:-10 100}; do
  cat > "$out/LagChain$n.mo" <<MODEL
model LagChain$n
  Real x[$n](each start = 0, each fixed = true);
equation
  der(x[1]) = 1 - x[1];
  for i in 2:$n loop
    der(x[i]) = x[i - 1] - x[i];
  end for;
end LagChain$n;
MODEL
  "$smc" "$out/LagChain$n.mo" -o "$out/LagChain$n.fmu" > /dev/null
  read -r plain observed plain_x observed_x < <("$bench" "$out/LagChain$n.fmu" "x[$n]" 0.01 10 "$tolerance")
  awk -v n="$n" -v p="$plain" -v o="$observed" -v px="$plain_x" -v ox="$observed_x" 'BEGIN {
    t = 10; term = 1; sum = 0
    for (k = 0; k < n; ++k) { sum += term; term *= t / (k + 1) }
    exact = 1 - exp(-t) * sum
    printf "%6d %12.4f %18.4f %7.2f %14.2e %18.2e\n", n, p, o, o / p, px - exact, ox - exact }'
done
