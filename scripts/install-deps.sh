#!/usr/bin/env bash
# Installs smc's build and test dependencies from Debian 12 packages.
# Idempotent: apt-get skips what is already installed.
set -euo pipefail
packages=(
  build-essential cmake ninja-build pkg-config zip unzip python3 clang-16
  antlr4 libantlr4-runtime-dev
  llvm-16-dev liblld-16-dev libpolly-16-dev libclang-16-dev libclang-cpp16-dev
  libsundials-dev libsuitesparse-dev libxxhash-dev liblapack-dev libblas-dev
  libzip-dev zlib1g-dev libicu-dev libpugixml-dev libfmt-dev libgtest-dev libcli11-dev
  libopenmpi-dev openmpi-bin
)
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${packages[@]}"
