#!/usr/bin/env bash
# Installs the dependencies, builds smc and runs every test with ctest, then
# builds everything again with AddressSanitizer, LeakSanitizer and UBSan and
# runs every test once more there (scripts/run-sanitized-tests.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
ctest --test-dir build --output-on-failure -j "$(nproc)"
bash scripts/run-sanitized-tests.sh
