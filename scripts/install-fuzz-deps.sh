#!/usr/bin/env bash
# Installs what the libFuzzer harnesses (tests/fuzz) need beyond the normal
# build: clang-16 and its compiler runtime (libFuzzer, ASan and UBSan
# libraries), from Debian 12 packages. Not part of scripts/install-deps.sh or
# CI: only scripts/run-fuzzers.sh calls it. Idempotent.
set -euo pipefail
packages=(clang-16 libclang-rt-16-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ "${#missing[@]}" -eq 0 ] && exit 0
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
