#!/usr/bin/env bash
# `smc explore` speed-up of save-restore over replay against depth and
# branching, on examples/Tank.mo exploring its whole tree (no goal):
# branching 2 (inflow in {0, 1}) and 4 (with the valve), printed beside the
# whole-tree ratios d*b^d / (b(b^d-1)/(b-1)) and sum k*b^k / sum b^k.
# Usage: bench/explore.sh [build-dir]
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common.sh
bench_init "${1:-build}"

"$smc" examples/Tank.mo -o "$out/Tank.fmu" > /dev/null
printf '%4s %6s %8s %14s %14s %22s %18s\n' b d nodes "wall ratio" "sim. ratio" "d*b^d/(b(b^d-1)/(b-1))" "sum kb^k/sum b^k"
run() {
  local b=$1 d=$2
  shift 2
  "$smc" explore "$out/Tank.fmu" "$@" --period 1 --depth "$d" --json "$out/e.json" > /dev/null
  python3 - "$out/e.json" "$b" "$d" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
save, replay = r["runs"][0], r["runs"][1]
wall = replay["wallSeconds"] / save["wallSeconds"] if save["wallSeconds"] > 0 else float("nan")
print("%4s %6s %8d %14.2f %14.2f %22.2f %18.2f" % (sys.argv[2], sys.argv[3], save["nodes"], wall,
      replay["simulatedTime"] / save["simulatedTime"], r["theoreticalRatio"], r["wholeTreeRatio"]))
PY
}
for d in 2 4 6 8 10; do run 2 "$d" --input inflow=0,1; done
for d in 2 3 4 5 6; do run 4 "$d" --input inflow=0,1 --input valveOpen=false,true; done
