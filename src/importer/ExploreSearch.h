// The two searches of `smc explore` (Explore.h): save-restore and replay,
// breadth-first, level by level. Either may split: once a level holds
// enough nodes for the workers, the search below each of them becomes a
// task (distributed/TaskSet.h) that any rank can run, a save-restore task
// starting from its node's serialized FMU state and a replay task from its
// node's input sequence. A task that starts after another has found the
// goal searches only as deep as could still beat it. The root combines the
// tasks' figures per level into exactly what one breadth-first search would
// have found and counted: the first node in breadth-first (= lexicographic)
// order where the goal holds, the nodes simulated before it and the periods
// they integrated.
#pragma once

#include "distributed/TaskSet.h"
#include "importer/Explore.h"
#include "importer/Goal.h"
#include "importer/Session.h"
#include "importer/Settings.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace smc::importer {

// Everything both modes share: the FMU, the choices as settings, the goal
// and the times.
struct ExplorePlan {
  std::string fmuPath;
  std::string unpackedFmu;  // ExploreOptions::unpackedFmu
  LoadOptions load;
  std::vector<std::vector<Setting>> choices;
  std::optional<Goal> goal;
  double t0 = 0, period = 0, stop = 0;
  std::optional<double> tolerance;
  std::size_t depth = 0, totalNodes = 0;
  LogSink logSink;
  std::function<void(std::size_t, std::size_t, const char*)> progress;
  std::function<void(const std::vector<std::size_t>&, double)> nodeTime;  // ExploreOptions::nodeTime
  std::size_t maxStates = 0, maxMemory = 0;                                // ExploreOptions' state bound
};

// Where a search may send subtree tasks (ExploreOptions has the same).
struct SearchSplit {
  std::function<void(const distributed::TaskSet&)> runTasks{};  // empty: no split
  std::size_t workers = 1;                                       // no split below 2
  bool root = true;  // false: run the tasks handed here; the run returned is empty
  // The root's value on every process (before each round of tasks, the
  // root says which kind follows); empty: this process is the only one.
  std::function<uint64_t(uint64_t)> broadcast{};
};

// The levels above the split are expanded by tasks too, one level per
// round (each node's children simulated wherever its task runs), so that
// no rank searches the top of the tree alone. A level is split into
// subtree tasks once it holds this many nodes per worker: enough for the
// task farm to even out subtrees of different cost.
inline constexpr std::size_t kSubtreesPerWorker = 4;

// The plan's FMU described: unpacked here, or the host's copy.
Result<Session> describePlannedFmu(const ExplorePlan& plan);

Result<ExploreRun> searchSaveRestore(const ExplorePlan& plan, const SearchSplit& split);
Result<ExploreRun> searchReplay(const ExplorePlan& plan, const SearchSplit& split);

}  // namespace smc::importer
