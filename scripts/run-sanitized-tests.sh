#!/usr/bin/env bash
# Builds the FMU runtime's tests and the co-simulation master's tests with
# AddressSanitizer and UndefinedBehaviorSanitizer (LeakSanitizer included)
# into build-asan/ and runs them:
#  - runtime_*_test: FMU state functions fed corrupt, truncated and foreign
#    bytes, double frees and foreign states must be rejected without a
#    memory error;
#  - cosim_tests: every lifecycle path of `smc cosim`, including a missing
#    FMU, a mistyped connection and an FMU failing mid-run, must free every
#    instance and leak nothing. Their FMUs are compiled by the regular
#    build's smc (build/bin/smc), so only the master is instrumented.
# Called by scripts/run-tests.sh after the main test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
compiler="$PWD/build/bin/smc"
[ -x "$compiler" ] || { echo "run scripts/build.sh first: $compiler is missing" >&2; exit 1; }
flags="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
  -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined" \
  -DSMC_TEST_COMPILER="$compiler" > /dev/null
# Every runtime test executable (tests/runtime/CMakeLists.txt names them
# runtime_*_test), then the cosim tests.
mapfile -t runtime < <(ninja -C build-asan -t targets all | sed -n 's/^\(runtime_[a-z_]*_test\): .*/\1/p' | sort -u)
[ "${#runtime[@]}" -gt 0 ] || { echo "no runtime tests found in build-asan" >&2; exit 1; }
cmake --build build-asan --target "${runtime[@]}" cosim_tests
failed=0
run() {  # directory, executable
  if ! (cd "build-asan/tests/$1" && "./$2" --gtest_brief=1 > "$2.log" 2>&1); then
    echo "FAILED under sanitizers: $2 (log: build-asan/tests/$1/$2.log)" >&2
    tail -n 40 "build-asan/tests/$1/$2.log" >&2
    failed=1
  fi
}
for t in "${runtime[@]}"; do run runtime "$t"; done
run cosim cosim_tests
[ "$failed" -eq 0 ] && echo "sanitized tests: ${#runtime[@]} runtime executables and cosim_tests passed"
exit "$failed"
