#!/usr/bin/env bash
# Runs smc's libFuzzer harnesses (tests/fuzz) for a bounded time each:
#   scripts/run-fuzzers.sh [seconds-per-harness]     (default 600)
# Installs clang-16 (scripts/install-fuzz-deps.sh), configures and builds
# build-fuzz/ with -DSMC_FUZZ=ON, collects the seed corpora into
# build-fuzz/corpus/<harness>/ (the example and shared models; serialized
# states written by fuzz_state_seeds), then runs fuzz_frontend,
# fuzz_pipeline and fuzz_deserialize_state one after the other, at low
# priority, in one process each. Crash, timeout and out-of-memory inputs are kept
# in build-fuzz/crashes/<harness>/; logs in build-fuzz/logs/. Exits 1 when
# any harness found something.
# Environment: SMC_FUZZ_JOBS (default 2) parallel compile jobs;
# SMC_FUZZ_ONLY=<harness> runs that harness alone;
# SMC_FUZZ_FRONTEND_MAX_LEN (default 4096) caps fuzz_frontend's input size
# (see docs/robustness.md, "Fuzzing").
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-600}"
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "usage: $0 [seconds-per-harness]" >&2; exit 2; }
build=build-fuzz
jobs="${SMC_FUZZ_JOBS:-2}"

scripts/install-fuzz-deps.sh
cmake -S . -B "$build" -G Ninja -DSMC_FUZZ=ON \
  -DCMAKE_C_COMPILER=clang-16 -DCMAKE_CXX_COMPILER=clang++-16 \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" > /dev/null
# -O1 -g without NDEBUG: assertions stay on, they are checks worth fuzzing.
nice cmake --build "$build" -j "$jobs" --target fuzz_frontend fuzz_pipeline fuzz_deserialize_state fuzz_state_seeds

# Seed corpora. The models are copied at run time, never committed twice.
corpus="$build/corpus"
mkdir -p "$corpus"/{fuzz_frontend,fuzz_pipeline,fuzz_deserialize_state}
models=(examples/*.mo)
if [ -d ../shared/models ]; then
  mapfile -t -O "${#models[@]}" models < <(find ../shared/models -name '*.mo' | sort)
fi
for model in "${models[@]}"; do
  name="$(echo "$model" | tr '/.' '__')"
  cp "$model" "$corpus/fuzz_frontend/$name"
  cp "$model" "$corpus/fuzz_pipeline/$name"
done
"$build/fuzz/fuzz_state_seeds" "$corpus/fuzz_deserialize_state"

mkdir -p "$build/crashes" "$build/logs"
found=0
run_harness() {  # harness, extra libFuzzer options...
  local harness="$1"; shift
  if [ -n "${SMC_FUZZ_ONLY:-}" ] && [ "$SMC_FUZZ_ONLY" != "$harness" ]; then return; fi
  local crashes="$build/crashes/$harness"
  mkdir -p "$crashes"
  local log="$build/logs/$harness.log"
  echo "fuzzing $harness for ${seconds}s (log: $log)"
  # One process per harness (libFuzzer's default; -jobs/-workers would fork
  # children that log elsewhere). Exit status 0: the time ran out, no finding.
  if ! nice -n 15 "$build/fuzz/$harness" "$corpus/$harness" \
       -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
       -print_final_stats=1 -artifact_prefix="$crashes/" "$@" > "$log" 2>&1; then
    echo "FINDING in $harness: see $log and $crashes/" >&2
    grep -m1 -E "ERROR: (AddressSanitizer|libFuzzer|UndefinedBehaviorSanitizer)|runtime error|fuzz check failed" "$log" >&2 || true
    found=1
  fi
  grep -E "^stat::number_of_executed_units|^#[0-9]+.*DONE" "$log" | tail -n 2 || true
}
run_harness fuzz_frontend -dict=tests/fuzz/modelica.dict -max_len="${SMC_FUZZ_FRONTEND_MAX_LEN:-4096}"
run_harness fuzz_pipeline -dict=tests/fuzz/modelica.dict
run_harness fuzz_deserialize_state
[ "$found" -eq 0 ] && echo "fuzzing: no findings (${seconds}s per harness)"
exit "$found"
