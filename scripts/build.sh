#!/usr/bin/env bash
# Configures and builds smc into build/ (Ninja, all our targets and tests).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE="${SMC_BUILD_TYPE:-RelWithDebInfo}" -DSMC_WERROR=ON
cmake --build build -j "$(nproc)"
