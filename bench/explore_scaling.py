#!/usr/bin/env python3
"""Scaling of `smc explore` over MPI ranks (issue 28): measured on this
machine, then simulated on up to 1024 virtual ranks.

1. Measured. The whole scenario tree of bench/models/CooledTank.mo (the
   tank of examples/Tank.mo heating a chain of 100 thermal masses, about
   0.5 ms per period; inflow in {0, 1}, depth MEASURED_DEPTH, save-restore)
   explored by one process without mpirun, then under `mpirun -np P` for
   P = 1, 2, 3, 4: the search's wall time as smc reports it (best of
   --repeat runs), the speed-up over the one process and the parallel
   efficiency. This machine has few cores: ranks beyond them share cores
   (--oversubscribe), so efficiency falls there for want of cores.

2. Simulated. The same tree at depth PROFILE_DEPTH, explored once by one
   process with --node-times (the measured seconds of every node), replayed
   for P = 1 .. 1024 virtual ranks under smc's own policy
   (src/importer/ExploreSearch.h, src/distributed/TaskFarm.h): the levels
   above the first that holds 4 P nodes are expanded in rounds, one task
   per node (its children simulated, their states sent back), each round
   ending with its slowest task; then each node of that level is a task
   (the search below it). Tasks go in order to whichever rank is free
   first; a task handed to another rank costs a request and an assignment
   carrying the node's serialized state, and for an expansion the
   children's states back (2 latencies + bytes / bandwidth); rank 0's own
   tasks cost nothing more. Two networks: shared memory (latency 1 us,
   5 GB/s) and 10 Gb Ethernet (25 us, 1.1 GB/s); both are assumptions, not
   measurements. Columns: speed-up (one process's time over the
   makespan), efficiency, the prefix (rank 0 alone) and communication
   shares of the P * makespan rank-seconds, the imbalance (makespan over
   the mean busy time of a rank after the prefix), and the bytes sent per
   tree node.

Usage: python3 bench/explore_scaling.py [--build DIR] [--quick] [--repeat N]
"""

import argparse
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
MODEL = os.path.join(HERE, "models", "CooledTank.mo")
INPUTS = ["--input", "inflow=0,1", "--period", "1", "--mode", "save-restore"]
MEASURED_DEPTH, PROFILE_DEPTH = 12, 14
QUICK_MEASURED_DEPTH, QUICK_PROFILE_DEPTH = 8, 10
MEASURED_RANKS = [1, 2, 3, 4]
VIRTUAL_RANKS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024]
NETWORKS = [("shared memory", 1e-6, 5e9), ("10 Gb Ethernet", 25e-6, 1.1e9)]
SUBTREES_PER_WORKER = 4  # kSubtreesPerWorker in src/importer/ExploreSearch.h
TASK_HEADER_BYTES = 24   # bound, depth and one choice per level (at most a few words more)


def mpirun(ranks):
    command = ["mpirun", "--quiet", "--oversubscribe", "-np", str(ranks)]
    if os.geteuid() == 0:
        command.append("--allow-run-as-root")
    return command


def explore_wall(launcher, smc, fmu, depth, directory):
    report = os.path.join(directory, "report.json")
    command = launcher + [smc, "explore", fmu] + INPUTS + ["--depth", str(depth), "--json", report]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed:\n{done.stdout}{done.stderr}")
    run = json.load(open(report))["runs"][0]
    return run["wallSeconds"], run["nodes"]


def measured_table(smc, fmu, depth, repeat, directory):
    print(f"1. Measured: CooledTank, inflow in {{0, 1}}, depth {depth}, save-restore, whole tree; "
          f"best of {repeat}; {os.cpu_count()} cores here")
    rows = [("one process", [])]
    rows += [(f"mpirun -np {p}", mpirun(p)) for p in MEASURED_RANKS]
    header = f"  {'run':<14} {'ranks':>5} {'nodes':>7} {'wall s':>8} {'speed-up':>9} {'efficiency':>10}"
    print(header)
    print("  " + "-" * (len(header) - 2))
    base = None
    for name, launcher in rows:
        ranks = int(launcher[launcher.index("-np") + 1]) if launcher else 1
        best, nodes = min(explore_wall(launcher, smc, fmu, depth, directory) for _ in range(repeat))
        base = base or best
        speedup = base / best
        note = "  (more ranks than cores)" if ranks > (os.cpu_count() or 1) else ""
        print(f"  {name:<14} {ranks:>5} {nodes:>7} {best:>8.3f} {speedup:>9.2f} {speedup / ranks:>10.2f}{note}")
    print()


def state_bytes(smc, fmu):
    done = subprocess.run([smc, "verify-state", fmu, "--seed", "1", "--horizon", "1"], capture_output=True, text=True)
    match = re.search(r"\((\d+) state bytes", done.stdout)
    if not match:
        sys.exit(f"cannot read the state size from smc verify-state:\n{done.stdout}{done.stderr}")
    return int(match.group(1))


def node_profile(smc, fmu, depth, directory):
    """{path tuple: seconds} of every node of one save-restore search."""
    times = os.path.join(directory, "node-times.csv")
    command = [smc, "explore", fmu] + INPUTS + ["--depth", str(depth), "--node-times", times]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed:\n{done.stdout}{done.stderr}")
    with open(times) as f:
        return {tuple(int(c) for c in row["path"].split(".")): float(row["seconds"]) for row in csv.DictReader(f)}


def simulate(profile, depth, ranks, latency, bandwidth, state_size):
    """Makespan and its parts for `ranks` virtual ranks (see 2. above)."""
    levels = defaultdict(list)
    for path in profile:
        levels[len(path)].append(path)
    levels[0] = [()]
    total = sum(profile.values())
    if ranks == 1:
        return {"makespan": total, "rounds": 0, "round_time": 0.0, "comm": 0.0, "busy": [total], "bytes": 0,
                "tasks": 0}
    children = defaultdict(list)
    for path in profile:
        children[path[:-1]].append(path)
    split = next((k for k in range(1, depth) if len(levels[k]) >= SUBTREES_PER_WORKER * ranks), None)
    payload = state_size + TASK_HEADER_BYTES
    busy = [0.0] * ranks
    comm, sent, now = 0.0, 0, 0.0

    def farm(tasks, start):
        """Greedy in task order onto the rank free first; (cost, bytes out and back) per task."""
        nonlocal comm, sent
        free = [start] * ranks
        for cost, bytes_moved in tasks:
            rank = min(range(ranks), key=lambda r: (free[r], r))
            overhead = 0.0 if rank == 0 else 2 * latency + bytes_moved / bandwidth
            comm += overhead
            sent += 0 if rank == 0 else bytes_moved
            free[rank] += overhead + cost
            busy[rank] += cost
        return max(free)

    # Expansion rounds: each node of a level above the split simulates its
    # children; their states come back to rank 0.
    last_round = split if split is not None else depth
    for k in range(0, last_round):
        tasks = [(sum(profile[c] for c in children[node]), payload * (1 + len(children[node])))
                 for node in sorted(levels[k])]
        now = farm(tasks, now)
    round_time = now
    subtrees = 0
    if split is not None:
        cost = defaultdict(float)
        for path, seconds in profile.items():
            if len(path) > split:
                cost[path[:split]] += seconds
        roots = sorted(levels[split])
        subtrees = len(roots)
        now = farm([(cost[root], payload) for root in roots], now)
    return {"makespan": now, "rounds": last_round, "round_time": round_time, "comm": comm, "busy": busy,
            "bytes": sent, "tasks": subtrees}


def simulated_table(profile, depth, state_size):
    total = sum(profile.values())
    nodes = len(profile)
    print(f"2. Simulated: the measured costs of the {nodes} nodes of depth {depth} "
          f"({total:.2f} s in one process, {total / nodes * 1e6:.0f} us per node; state {state_size} bytes) "
          f"on virtual ranks")
    for name, latency, bandwidth in NETWORKS:
        print(f"  {name} (latency {latency * 1e6:g} us, {bandwidth / 1e9:g} GB/s):")
        header = (f"    {'ranks':>5} {'rounds':>6} {'tasks':>6} {'makespan s':>10} {'speed-up':>9} "
                  f"{'efficiency':>10} {'rounds %':>8} {'comm':>6} {'imbalance':>9} {'B/node':>7}")
        print(header)
        print("    " + "-" * (len(header) - 4))
        for ranks in VIRTUAL_RANKS:
            r = simulate(profile, depth, ranks, latency, bandwidth, state_size)
            speedup = total / r["makespan"]
            rank_seconds = ranks * r["makespan"]
            mean_busy = sum(r["busy"]) / ranks
            imbalance = r["makespan"] / mean_busy if mean_busy > 0 else 1.0
            print(f"    {ranks:>5} {r['rounds']:>6} {r['tasks']:>6} {r['makespan']:>10.3f} {speedup:>9.2f} "
                  f"{speedup / ranks:>10.2f} {r['round_time'] / r['makespan']:>8.0%} "
                  f"{r['comm'] / rank_seconds:>6.1%} {imbalance:>9.2f} {r['bytes'] / nodes:>7.0f}")
    print("  rounds: levels expanded one node per task before the split (each round waits for its slowest")
    print("  task; below 4 P nodes a level leaves ranks idle); rounds %: their share of the makespan;")
    print("  tasks: subtrees after the split; comm: share of all rank-seconds spent moving states;")
    print("  imbalance: makespan over a rank's mean busy time (1 = even).")
    print()


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--quick", action="store_true", help="smaller trees")
    parser.add_argument("--repeat", type=int, default=2, help="runs per measured row (the best counts)")
    args = parser.parse_args(argv)
    smc = os.path.join(args.build, "bin", "smc")
    if not os.access(smc, os.X_OK):
        parser.error(f"{smc} is not built")
    if shutil.which("mpirun") is None:
        parser.error("mpirun is not on PATH (scripts/install-deps.sh installs Open MPI)")
    directory = tempfile.mkdtemp(prefix="smc-explore-scaling-")
    try:
        fmu = os.path.join(directory, "CooledTank.fmu")
        subprocess.run([smc, MODEL, "-o", fmu], check=True, capture_output=True)
        measured = QUICK_MEASURED_DEPTH if args.quick else MEASURED_DEPTH
        profiled = QUICK_PROFILE_DEPTH if args.quick else PROFILE_DEPTH
        measured_table(smc, fmu, measured, args.repeat, directory)
        simulated_table(node_profile(smc, fmu, profiled, directory), profiled, state_bytes(smc, fmu))
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
