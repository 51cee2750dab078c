#!/usr/bin/env bash
# FMU state latency against model size: for N states (der(x[i]) = -x[i];
# N = 10, 100 and 1 000 by default) prints the serialized state size and the
# mean cost of get+set and of serialize+deserialize right after
# initialization, measured by bin/smc-bench-fmu-state
# (bench/FmuStateBench.cpp). N = 10 000 works too, but compiling that model
# still takes minutes (compile time at scale is issue 9's work).
# Usage: bench/fmu-state.sh [build-dir] [repetitions] ["10 100 1000 10000"]
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common.sh
bench_init "${1:-build}"
bench="$(dirname "$smc")/smc-bench-fmu-state"
[ -x "$bench" ] || { echo "build smc-bench-fmu-state first (scripts/build.sh)" >&2; exit 1; }
repetitions=${2:-1000}

printf '%8s %12s %16s %24s\n' "states" "state bytes" "get+set [us]" "serialize+deserialize [us]"
for n in ${3:-10 100 1000}; do
  cat > "$out/States$n.mo" <<MODEL
model States$n
  Real x[$n](each start = 1, each fixed = true);
equation
  der(x) = -x;
end States$n;
MODEL
  "$smc" "$out/States$n.mo" -o "$out/States$n.fmu" > /dev/null
  read -r bytes getset serial < <("$bench" "$out/States$n.fmu" "$repetitions")
  awk -v n="$n" -v b="$bytes" -v g="$getset" -v s="$serial" \
    'BEGIN { printf "%8d %12d %16.3f %24.3f\n", n, b, g / 1000, s / 1000 }'
done
