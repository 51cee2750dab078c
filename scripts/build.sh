#!/usr/bin/env bash
# Configures and builds smc into build/ (Ninja). With no arguments it builds
# every target, the tests included; arguments name the targets to build
# instead (scripts/run-example.sh builds only `smc`).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE="${SMC_BUILD_TYPE:-RelWithDebInfo}" -DSMC_WERROR=ON
if [ "$#" -gt 0 ]; then
  cmake --build build -j "$(nproc)" --target "$@"
else
  cmake --build build -j "$(nproc)"
fi
