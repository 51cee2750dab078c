#!/usr/bin/env bash
# FMU state latency against the number of variables N = 10, 100, 1 000 and
# 10 000: prints the serialized state size and the mean cost of get+set and
# of serialize+deserialize right after initialization, measured by
# bin/smc-bench-fmu-state (bench/FmuStateBench.cpp). The models hold N - 2
# parameters and one state with its derivative: what a state costs depends
# on how many values the instance holds (get/set copy them all), not on
# their kind, and a model of 10 000 parameters compiles in seconds where
# 10 000 equations still take minutes (compile time at scale is issue 9).
# Usage: bench/fmu-state.sh [build-dir] [repetitions] ["10 100 1000 10000"]
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common.sh
bench_init "${1:-build}"
bench="$(dirname "$smc")/smc-bench-fmu-state"
[ -x "$bench" ] || { echo "build smc-bench-fmu-state first (scripts/build.sh)" >&2; exit 1; }
repetitions=${2:-1000}

printf '%10s %12s %16s %28s\n' "variables" "state bytes" "get+set [us]" "serialize+deserialize [us]"
for n in ${3:-10 100 1000 10000}; do
  cat > "$out/States$n.mo" <<MODEL
model States$n
  parameter Real p[$((n - 2))](each start = 1) = fill(1.0, $((n - 2)));
  Real x(start = 1, fixed = true);
equation
  der(x) = -p[1] * x;
end States$n;
MODEL
  "$smc" "$out/States$n.mo" -o "$out/States$n.fmu" > /dev/null
  read -r bytes getset serial _ _ < <("$bench" "$out/States$n.fmu" "$repetitions")
  awk -v n="$n" -v b="$bytes" -v g="$getset" -v s="$serial" \
    'BEGIN { printf "%10d %12d %16.3f %28.3f\n", n, b, g / 1000, s / 1000 }'
done
