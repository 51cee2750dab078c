// `smc explore model.fmu`: simulation-based verification over the tree of
// input scenarios (section 3.4 of the FMU-state paper). At every period of
// length T each input takes one value from its finite set; a node of the
// tree is the sequence of choices so far (depth at most d). The tree is
// searched breadth-first, children in the order of the value lists, so the
// first node whose state satisfies the goal is a shortest input sequence;
// without a goal the whole tree is explored.
//  - save-restore: each node is simulated once, for one period, from its
//    parent's saved state (fmi2Get/SetFMUstate); a node's state is freed
//    as soon as its children are done, so memory holds one tree level.
//  - replay: each node is simulated from the initial state again
//    (fmi2Reset and initialization), as without FMU state functions.
// Both must find the same sequence; their costs are reported side by side.
#pragma once

#include "distributed/TaskSet.h"
#include "importer/FmuLogger.h"
#include "importer/LoadOptions.h"
#include "importer/Result.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace smc::importer {

struct ExploreInput {
  std::string name;                 // an input of the FMU
  std::vector<std::string> values;  // the values it may take, as text of its type
};

enum class ExploreMode { SaveRestore, Replay, Both };

struct ExploreOptions {
  std::string fmuPath{};
  LoadOptions load{};  // archive limits, --no-check
  std::vector<ExploreInput> inputs{};
  double period = 0;       // T
  std::size_t depth = 0;   // d
  std::string goal{};      // empty: explore the whole tree
  ExploreMode mode = ExploreMode::Both;
  // Called after each simulated node with (nodes done, nodes of the whole
  // tree, mode name); empty: no progress.
  std::function<void(std::size_t, std::size_t, const char*)> progress{};
  // Called for each node save-restore simulates, with its path and the
  // seconds it took (setting the parent's state, the period, the goal,
  // taking its own state); empty: not measured. For bench/
  // explore_scaling.py, which replays these costs on virtual ranks.
  std::function<void(const std::vector<std::size_t>&, double)> nodeTime{};
  // At most this many FMU states alive at once in save-restore (0: no
  // bound), or as many as fit in maxMemory bytes of serialized state
  // (measured on the first state); the smaller wins. Below the bound the
  // search is the breadth-first one; a level whose successors would not
  // fit is searched by iterative deepening below it instead, keeping one
  // state per level of the current path and simulating the upper levels
  // again (reported as resimulated nodes). The answer stays the same.
  std::size_t maxStates = 0;
  std::size_t maxMemory = 0;
  LogSink logSink{};  // the FMU's log messages; empty = stderr
  // A search split into subtree tasks (ExploreSearch.h), as under mpirun:
  // where the tasks run, how many workers share them (no split below 2),
  // and whether this process is the one that reports (false: it only runs
  // the tasks it is handed, and its report is empty).
  std::function<void(const distributed::TaskSet&)> runTasks{};
  std::size_t workers = 1;
  bool root = true;
  std::function<uint64_t(uint64_t)> broadcast{};  // the root's value everywhere; empty: one process
  // The FMU as another process of this host unpacked and checked it (its
  // directory; that process keeps it until this one is done), so that a
  // host unpacks it once; empty: unpack fmuPath here.
  std::string unpackedFmu{};
};

struct ExploreRun {
  std::string mode;           // "save-restore" or "replay"
  std::size_t nodes = 0;      // tree nodes simulated (the root excluded)
  double simulatedTime = 0;   // model time integrated, over all doSteps
  double wallSeconds = 0;
  std::optional<std::vector<std::size_t>> found;  // choice per period; empty optional: goal never held
  // Save-restore under a state bound (maxStates): the bound in states, and
  // the nodes simulated again (and their periods) because their states
  // could not be kept; `nodes` and `simulatedTime` count each node once.
  std::size_t stateBound = 0;
  std::size_t resimulatedNodes = 0;
  double resimulatedTime = 0;
};

struct ExploreReport {
  std::string modelName, goal;
  double startTime = 0, period = 0;
  std::size_t depth = 0;
  std::vector<std::string> inputNames;
  // The choices, in order: each is one value text per input.
  std::vector<std::vector<std::string>> choices;
  std::vector<ExploreRun> runs;  // save-restore first when both ran

  std::size_t branching() const { return choices.size(); }
  // The bound for replay over save-restore on the whole tree:
  // d b^d / (b (b^d - 1) / (b - 1)).
  double theoreticalRatio() const;
  // Replay's simulated time over save-restore's for the whole tree, node by
  // node: sum k b^k / sum b^k (k = 1..d).
  double wholeTreeRatio() const;
};

Result<ExploreReport> explore(const ExploreOptions& options);

// Parses "name=v1,v2,..." (for --input).
Result<ExploreInput> parseExploreInput(const std::string& text);

void printExplore(std::ostream& out, const ExploreReport& report);
void writeExploreJson(std::ostream& out, const ExploreReport& report);

}  // namespace smc::importer
