#!/usr/bin/env bash
# Builds the FMU runtime and its tests with AddressSanitizer and
# UndefinedBehaviorSanitizer (LeakSanitizer included) into build-asan/ and
# runs them: FMU state functions fed corrupt, truncated and foreign bytes,
# double frees and foreign states must be rejected without a memory error.
# Called by scripts/run-tests.sh after the main test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
flags="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
  -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined" > /dev/null
# Every runtime test executable (tests/runtime/CMakeLists.txt names them runtime_*_test).
mapfile -t targets < <(ninja -C build-asan -t targets all | sed -n 's/^\(runtime_[a-z_]*_test\): .*/\1/p' | sort -u)
[ "${#targets[@]}" -gt 0 ] || { echo "no runtime tests found in build-asan" >&2; exit 1; }
cmake --build build-asan --target "${targets[@]}"
failed=0
for t in "${targets[@]}"; do
  if ! (cd build-asan/tests/runtime && "./$t" --gtest_brief=1 > "$t.log" 2>&1); then
    echo "FAILED under sanitizers: $t (log: build-asan/tests/runtime/$t.log)" >&2
    tail -n 40 "build-asan/tests/runtime/$t.log" >&2
    failed=1
  fi
done
[ "$failed" -eq 0 ] && echo "sanitized runtime tests: ${#targets[@]} executables passed"
exit "$failed"
