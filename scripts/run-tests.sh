#!/usr/bin/env bash
# Installs the dependencies, builds smc and runs every test with ctest, then
# the runtime's tests again under AddressSanitizer and UBSan.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
ctest --test-dir build --output-on-failure -j "$(nproc)"
bash scripts/run-sanitized-tests.sh
