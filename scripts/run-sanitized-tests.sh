#!/usr/bin/env bash
# Builds the whole project with AddressSanitizer, LeakSanitizer and
# UndefinedBehaviorSanitizer (-DSMC_SANITIZE=ON) into build-asan/ and runs
# every unit and end-to-end test there with ctest; the first report fails
# its test. The sanitized smc links the sanitizer runtimes into the FMUs it
# makes, so the FMI runtime inside every FMU a test compiles and loads is
# checked too (the hostile-importer and FMU-state suites among them).
# Called by scripts/run-tests.sh after the regular suite; needs the
# dependencies of scripts/install-deps.sh.
#
# -O1 keeps the instrumented build and its tests fast enough for CI, and
# -g1 (line tables only) is all a sanitizer report needs for its stack
# traces: full debug information made the build a fifth slower (a full
# build takes about 20 minutes on 2 cores, the suite about 7).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_C_FLAGS_DEBUG="-O1 -g1" -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" \
  -DSMC_SANITIZE=ON > /dev/null
cmake --build build-asan -j "$(nproc)"
ctest --test-dir build-asan --output-on-failure -j "$(nproc)" --timeout 900
echo "sanitized tests: the whole suite passed under ASan, LSan and UBSan"
