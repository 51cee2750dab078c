#!/usr/bin/env bash
# Installs the dependencies, builds smc (the compiler and its FMU runtime,
# not the tests), compiles an example model into an FMU and simulates it
# with smc's own FMI importer, printing a summary.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh smc
mkdir -p out
./build/bin/smc examples/SpringMassDamper.mo -o out/SpringMassDamper.fmu
./build/bin/smc simulate out/SpringMassDamper.fmu -o out/SpringMassDamper.csv
echo "FMU: out/SpringMassDamper.fmu   results: out/SpringMassDamper.csv"
