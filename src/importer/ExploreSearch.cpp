// See ExploreSearch.h. Each mode runs on an instance of its own, so that
// neither can profit from the other.
#include "importer/ExploreSearch.h"

#include "importer/ExploreMessages.h"
#include "importer/Session.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <mutex>

namespace smc::importer {

namespace {

using exploremsg::decodeExpansion;
using exploremsg::decodeOutcome;
using exploremsg::decodeStart;
using exploremsg::encodeExpansion;
using exploremsg::encodeOutcome;
using exploremsg::encodeStart;
using exploremsg::errorText;
using exploremsg::Expansion;
using exploremsg::Figures;
using exploremsg::Frontier;
using exploremsg::Path;
using exploremsg::SubtreeOutcome;
using exploremsg::TaskStart;

// What the root tells the other ranks before each task farm of a split
// search (SearchSplit::broadcast).
enum RoundKind : uint64_t { kExpansionRound = 1, kSubtreeRound = 2 };

// The goal found first in breadth-first order so far, for the bound of the
// tasks handed out next (on the root, under the task farm's lock).
struct BestSoFar {
  std::optional<std::size_t> task;
  std::size_t level = 0;

  void consider(std::size_t i, std::size_t foundLevel) {
    if (!task || foundLevel < level || (foundLevel == level && i < *task)) {
      task = i;
      level = foundLevel;
    }
  }
  // How deep task i must search to find something that could still come
  // first: the same level when it precedes the best task, one less after.
  std::size_t boundFor(std::size_t i, std::size_t depth) const {
    if (!task) return depth;
    return *task < i ? level - 1 : level;
  }
};

class Explorer {
public:
  Explorer(const ExplorePlan& plan, const char* mode)
      : plan_(plan), run_{mode, 0, 0, 0, std::nullopt}, figures_(plan.depth) {}

  Result<ExploreRun> saveRestore(const SearchSplit& split);
  Result<ExploreRun> replay(const SearchSplit& split);

private:
  struct Node {
    Path path;
    SavedState state;
  };

  Result<void> start() {
    Result<Session> session = describePlannedFmu(plan_);
    if (!session) return session.error();
    session_ = std::move(session).value();
    if (Result<void> made = instantiate(session_, InstanceOptions{"", false, false, plan_.logSink}); !made) return made;
    return initialize();
  }
  // After initialization an FMU that can save its state takes one (and
  // frees it), in replay mode too: an FMU may integrate differently once
  // its states are used (smc's did until its states held the integrator's
  // history, see docs/fmu-state.md), and both modes must run it alike.
  Result<void> initialize() {
    FmuInstance& instance = *session_.instance;
    if (Result<void> ready = initializeInstance(instance, plan_.t0, plan_.stop, plan_.tolerance, {}); !ready)
      return ready;
    if (!session_.description.canGetAndSetFMUstate) return {};
    Result<fmi2::FMUstate> state = instance.getState(plan_.t0);
    if (!state) return state.error();
    SavedState release(instance, *state);
    return {};
  }
  // Applies choice c at time t and simulates one period, counted in
  // `periods`; false when the FMU discarded the step (it cannot go on).
  Result<bool> step(std::size_t c, double t, uint64_t& periods) {
    FmuInstance& instance = *session_.instance;
    if (Result<void> applied = applySettings(instance, plan_.choices[c], t); !applied) return applied.error();
    Result<fmi2::Status> status = instance.doStep(t, plan_.period);
    if (!status) return status.error();
    ++periods;
    return *status != fmi2::Status::Discard;
  }
  Result<bool> goalHolds(double t) {
    if (!plan_.goal) return false;
    return plan_.goal->holds(*session_.instance, t);
  }
  void nodeDone(std::size_t level, Figures& figures) {
    ++figures.nodes[level];
    if (plan_.progress) plan_.progress(++progressNodes_, plan_.totalNodes, run_.mode.c_str());
  }
  double timeAt(std::size_t depth) const { return plan_.t0 + static_cast<double>(depth) * plan_.period; }

  Result<void> breadthFirst(std::vector<Node>& level, std::size_t& k, std::size_t last, Figures& figures,
                            std::optional<Path>& found);
  Result<void> deepen(std::vector<Node>& level, std::size_t k, std::size_t last, Figures& figures,
                      std::optional<Path>& found);
  Result<void> descend(fmi2::FMUstate state, const Path& path, std::size_t j, std::size_t target, Figures& figures,
                       std::optional<Path>& found, bool& deeper);
  Result<void> boundStates();
  Result<void> replayLevels(const Path& prefix, std::size_t from, std::size_t last, Figures& figures,
                            std::optional<Path>& found);
  std::string saveRestoreTask(const std::string& payload);
  std::string replayTask(const std::string& payload);
  std::string expansionTask(const std::string& payload, bool saveRestore);
  Result<void> expandLevel(const SearchSplit& split, Frontier& frontier, std::size_t& k, bool saveRestore);
  Result<void> distribute(const SearchSplit& split, Frontier frontier, std::size_t k, bool saveRestore);
  Result<void> runSubtrees(const SearchSplit& split, const std::vector<Path>& roots, std::size_t rootDepth,
                           const std::function<std::string(std::size_t)>& stateOf,
                           const std::function<std::string(const std::string&)>& runTask);
  Result<ExploreRun> finish(std::chrono::steady_clock::time_point began);

  const ExplorePlan& plan_;
  ExploreRun run_;
  Figures figures_;  // the root's whole search
  std::size_t progressNodes_ = 0;
  std::size_t stateBound_ = 0;  // at most this many states alive (0: no bound)
  std::size_t level_ = 0;       // the level of the node being simulated, for a task's error
  Session session_;
};

// Level k's nodes expanded into level k + 1's until `last` or the goal
// stops it. Each node's state is freed once its children are simulated, so
// memory holds about one level (under a state bound, the levels that would
// not fit are deepened instead).
Result<void> Explorer::breadthFirst(std::vector<Node>& level, std::size_t& k, std::size_t last, Figures& figures,
                                    std::optional<Path>& found) {
  FmuInstance& instance = *session_.instance;
  const std::size_t b = plan_.choices.size();
  while (!found && !level.empty() && k < last) {
    // This level and the next alive together, with a path below them for
    // the deepening that would follow, would pass the bound.
    if (stateBound_ > 0 && level.size() * (b + 1) + (last - k) > stateBound_) {
      Result<void> deepened = deepen(level, k, last, figures, found);
      level.clear();
      return deepened;
    }
    const double t = timeAt(k);
    std::vector<Node> next;
    for (Node& node : level) {
      for (std::size_t c = 0; c < plan_.choices.size() && !found; ++c) {
        auto began = std::chrono::steady_clock::now();
        level_ = k + 1;
        if (Result<void> restored = instance.setState(node.state.get(), t); !restored) return restored.error();
        Result<bool> went = step(c, t, figures.periods[k + 1]);
        if (!went) return went.error();
        nodeDone(k + 1, figures);
        Path path = node.path;
        path.push_back(c);
        Result<bool> holds = goalHolds(t + plan_.period);
        if (!holds) return holds.error();
        std::optional<SavedState> child;
        if (!*holds && *went && k + 1 < plan_.depth) {
          Result<fmi2::FMUstate> state = instance.getState(t + plan_.period);
          if (!state) return state.error();
          child.emplace(instance, *state);
        }
        if (plan_.nodeTime)
          plan_.nodeTime(path, std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count());
        if (*holds)
          found = std::move(path);
        else if (child)
          next.push_back({std::move(path), std::move(*child)});
      }
      node.state = SavedState();
      if (found) break;
    }
    level = std::move(next);
    ++k;
  }
  return {};
}

// The levels below `level` (depth k; every node alive, its goal checked)
// when their states would not fit: for each depth in turn, the subtree of
// each node in order depth-first down to that depth, keeping the states of
// the current path only. The nodes above that depth are simulated again
// (counted as resimulated), those at it for the first time, in
// breadth-first order: the answer and `nodes` are the breadth-first
// search's.
Result<void> Explorer::deepen(std::vector<Node>& level, std::size_t k, std::size_t last, Figures& figures,
                              std::optional<Path>& found) {
  for (std::size_t target = k + 1; target <= last && !found; ++target) {
    bool deeper = false;  // a node at `target` has children
    for (Node& node : level) {
      if (Result<void> done = descend(node.state.get(), node.path, k, target, figures, found, deeper); !done)
        return done;
      if (found) break;
    }
    if (!deeper) break;
  }
  return {};
}

Result<void> Explorer::descend(fmi2::FMUstate state, const Path& path, std::size_t j, std::size_t target,
                               Figures& figures, std::optional<Path>& found, bool& deeper) {
  FmuInstance& instance = *session_.instance;
  const double t = timeAt(j);
  const bool atTarget = j + 1 == target;
  for (std::size_t c = 0; c < plan_.choices.size() && !found; ++c) {
    level_ = target;  // a failure above the target stops the search before that level's nodes
    if (Result<void> restored = instance.setState(state, t); !restored) return restored.error();
    Result<bool> went = step(c, t, atTarget ? figures.periods[j + 1] : figures.resimulatedPeriods);
    if (!went) return went.error();
    Path child = path;
    child.push_back(c);
    if (atTarget) {
      nodeDone(j + 1, figures);
      Result<bool> holds = goalHolds(t + plan_.period);
      if (!holds) return holds.error();
      if (*holds) found = std::move(child);
      else if (*went && target < plan_.depth) deeper = true;
      continue;
    }
    // Above the target the node's goal was checked on an earlier pass.
    ++figures.resimulatedNodes;
    if (!*went) continue;  // a discarded step has no children
    Result<fmi2::FMUstate> childState = instance.getState(t + plan_.period);
    if (!childState) return childState.error();
    SavedState kept(instance, *childState);
    if (Result<void> below = descend(kept.get(), child, j + 1, target, figures, found, deeper); !below) return below;
  }
  return {};
}

// The state bound from maxStates and maxMemory (by the size of the state
// at the start); a search needs at least one state per level of a path.
Result<void> Explorer::boundStates() {
  stateBound_ = plan_.maxStates;
  if (plan_.maxMemory > 0) {
    FmuInstance& instance = *session_.instance;
    Result<fmi2::FMUstate> state = instance.getState(plan_.t0);
    if (!state) return state.error();
    SavedState kept(instance, *state);
    Result<std::vector<char>> bytes = instance.serializeState(kept.get(), plan_.t0);
    if (!bytes) return bytes.error();
    std::size_t fit = plan_.maxMemory / std::max<std::size_t>(bytes->size(), 1);
    stateBound_ = stateBound_ > 0 ? std::min(stateBound_, fit) : fit;
    if (stateBound_ == 0)
      return Error{fmt::format("--max-memory {} bytes holds no FMU state of {} bytes", plan_.maxMemory, bytes->size())};
  }
  if (stateBound_ > 0 && stateBound_ < plan_.depth + 1)
    return Error{fmt::format("the state bound of {} states is below depth + 1 = {}: the bounded search keeps the "
                             "state of every level of one path",
                             stateBound_, plan_.depth + 1)};
  return {};
}

// Levels from..last of the subtree below `prefix`, each node simulated
// from the start: every extension of the prefix, in lexicographic order.
Result<void> Explorer::replayLevels(const Path& prefix, std::size_t from, std::size_t last, Figures& figures,
                                    std::optional<Path>& found) {
  FmuInstance& instance = *session_.instance;
  for (std::size_t k = std::max(from, prefix.size() + 1); k <= last && !found; ++k) {
    Path path = prefix;
    path.resize(k, 0);
    for (bool more = true; more && !found;) {
      level_ = k;
      if (Result<fmi2::Status> reset = instance.reset(plan_.t0); !reset) return reset.error();
      if (Result<void> ready = initialize(); !ready) return ready.error();
      bool alive = true;
      for (std::size_t j = 0; j < k && alive; ++j) {
        Result<bool> went = step(path[j], timeAt(j), figures.periods[k]);
        if (!went) return went.error();
        alive = *went || j + 1 == k;
      }
      nodeDone(k, figures);
      if (alive) {
        Result<bool> holds = goalHolds(timeAt(k));
        if (!holds) return holds.error();
        if (*holds) found = path;
      }
      // The next extension (an odometer over the choices after the prefix).
      more = false;
      for (std::size_t j = k; j-- > prefix.size();) {
        if (++path[j] < plan_.choices.size()) {
          more = true;
          break;
        }
        path[j] = 0;
      }
    }
  }
  return {};
}

// A task's outcome for an error met at `level`.
SubtreeOutcome failedAt(const std::string& message, std::size_t level, std::size_t depth) {
  return SubtreeOutcome{errorText(message), std::nullopt, Figures(depth), level};
}

std::string Explorer::saveRestoreTask(const std::string& payload) {
  SubtreeOutcome outcome{"", std::nullopt, Figures(plan_.depth)};
  std::optional<TaskStart> start = decodeStart(payload, plan_.depth, plan_.choices.size());
  if (!start) return encodeOutcome(failedAt("a subtree task arrived unreadable", 0, plan_.depth));
  FmuInstance& instance = *session_.instance;
  const double t = timeAt(start->depth);
  Result<fmi2::FMUstate> state = instance.deserializeState(std::vector<char>(start->state.begin(), start->state.end()), t);
  if (!state) return encodeOutcome(failedAt(state.error().message, start->depth + 1, plan_.depth));
  std::vector<Node> level;
  level.push_back({start->path, SavedState(instance, *state)});
  std::size_t k = start->depth;
  if (Result<void> searched =
          breadthFirst(level, k, std::min(plan_.depth, start->bound), outcome.figures, outcome.found);
      !searched)
    return encodeOutcome(failedAt(searched.error().message, level_, plan_.depth));
  return encodeOutcome(outcome);
}

std::string Explorer::replayTask(const std::string& payload) {
  SubtreeOutcome outcome{"", std::nullopt, Figures(plan_.depth)};
  std::optional<TaskStart> start = decodeStart(payload, plan_.depth, plan_.choices.size());
  if (!start) return encodeOutcome(failedAt("a subtree task arrived unreadable", 0, plan_.depth));
  if (Result<void> searched = replayLevels(start->path, start->depth + 1, std::min(plan_.depth, start->bound),
                                           outcome.figures, outcome.found);
      !searched)
    return encodeOutcome(failedAt(searched.error().message, level_, plan_.depth));
  return encodeOutcome(outcome);
}

// The subtrees below `roots` (all at rootDepth) as tasks; on the root, their
// figures join figures_ as one breadth-first search would have counted them.
Result<void> Explorer::runSubtrees(const SearchSplit& split, const std::vector<Path>& roots, std::size_t rootDepth,
                                   const std::function<std::string(std::size_t)>& stateOf,
                                   const std::function<std::string(const std::string&)>& runTask) {
  distributed::TaskSet tasks;
  std::vector<SubtreeOutcome> outcomes;
  BestSoFar best;
  tasks.count = roots.size();
  tasks.run = [&](std::size_t, const std::string& payload) { return runTask(payload); };
  tasks.payload = [&](std::size_t i) {
    return encodeStart(best.boundFor(i, plan_.depth), roots[i], stateOf ? stateOf(i) : std::string());
  };
  // Task i's outcome, with a goal that is not below its root counted as
  // bytes that cannot be read.
  auto decode = [&](std::size_t i, const std::string& bytes) {
    SubtreeOutcome outcome = decodeOutcome(bytes, plan_.depth, plan_.choices.size());
    if (outcome.found && (outcome.found->size() <= rootDepth ||
                          !std::equal(roots[i].begin(), roots[i].end(), outcome.found->begin())))
      outcome = failedAt("a rank sent a goal outside its subtree", 0, plan_.depth);
    return outcome;
  };
  // A goal or an error ends one process's search where it meets it: the
  // level, then the task (breadth-first order), tells which comes first.
  auto event = [](const SubtreeOutcome& outcome) -> std::optional<std::size_t> {
    if (!outcome.error.empty()) return outcome.errorLevel;
    if (outcome.found) return outcome.found->size();
    return std::nullopt;
  };
  tasks.received = [&](std::size_t i, const std::string& bytes) {
    if (std::optional<std::size_t> level = event(decode(i, bytes))) best.consider(i, *level);
  };
  tasks.deliver = [&](std::size_t i, const std::string& bytes) { outcomes.push_back(decode(i, bytes)); };
  split.runTasks(tasks);
  if (!split.root) return {};

  std::optional<std::size_t> first;  // the task whose goal or error comes first
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    figures_.resimulatedNodes += outcomes[i].figures.resimulatedNodes;
    figures_.resimulatedPeriods += outcomes[i].figures.resimulatedPeriods;
    std::optional<std::size_t> level = event(outcomes[i]);
    if (level && (!first || *level < *event(outcomes[*first]))) first = i;
  }
  if (first && !outcomes[*first].error.empty()) return Error{outcomes[*first].error};
  const std::size_t foundLevel = first ? outcomes[*first].found->size() : plan_.depth + 1;
  for (std::size_t i = 0; i < outcomes.size(); ++i)
    for (std::size_t k = rootDepth + 1; k <= plan_.depth; ++k) {
      // Every task searched each level above the goal's whole; at the
      // goal's level, those before it in order whole, and it up to its goal.
      if (k > foundLevel || (k == foundLevel && i > *first)) continue;
      figures_.nodes[k] += outcomes[i].figures.nodes[k];
      figures_.periods[k] += outcomes[i].figures.periods[k];
    }
  if (first) run_.found = outcomes[*first].found;
  return {};
}

// One node's children, simulated one level below it: from its state
// (save-restore) or each from the start (replay).
std::string Explorer::expansionTask(const std::string& payload, bool saveRestore) {
  Expansion e;
  std::optional<TaskStart> start = decodeStart(payload, plan_.depth, plan_.choices.size());
  if (!start || start->depth >= plan_.depth) {
    e.error = "an expansion task arrived unreadable";
    return encodeExpansion(e);
  }
  FmuInstance& instance = *session_.instance;
  const std::size_t k = start->depth;
  const double t = timeAt(k);
  std::optional<SavedState> parent;
  if (saveRestore) {
    Result<fmi2::FMUstate> state =
        instance.deserializeState(std::vector<char>(start->state.begin(), start->state.end()), t);
    if (!state) {
      e.error = errorText(state.error().message);
      return encodeExpansion(e);
    }
    parent.emplace(instance, *state);
  }
  Figures figures(plan_.depth);
  if (!saveRestore) {
    // Every child replayed from the start, in order; replay prunes nothing.
    if (Result<void> replayed = replayLevels(start->path, k + 1, k + 1, figures, e.found); !replayed) {
      e.error = errorText(replayed.error().message);
      return encodeExpansion(e);
    }
    for (std::size_t c = 0; c < plan_.choices.size() && !e.found; ++c) {
      e.children.paths.push_back(start->path);
      e.children.paths.back().push_back(c);
    }
    e.nodes = figures.nodes[k + 1];
    e.periods = figures.periods[k + 1];
    return encodeExpansion(e);
  }
  for (std::size_t c = 0; c < plan_.choices.size() && !e.found; ++c) {
    Path path = start->path;
    path.push_back(c);
    if (Result<void> restored = instance.setState(parent->get(), t); !restored) {
      e.error = errorText(restored.error().message);
      return encodeExpansion(e);
    }
    Result<bool> went = step(c, t, figures.periods[k + 1]);
    if (!went) {
      e.error = errorText(went.error().message);
      return encodeExpansion(e);
    }
    const bool alive = *went;
    nodeDone(k + 1, figures);
    Result<bool> holds = goalHolds(t + plan_.period);
    if (!holds) {
      e.error = errorText(holds.error().message);
      return encodeExpansion(e);
    }
    if (*holds) {
      e.found = path;
    } else if (alive && k + 1 < plan_.depth) {
      Result<fmi2::FMUstate> child = instance.getState(t + plan_.period);
      if (!child) {
        e.error = errorText(child.error().message);
        return encodeExpansion(e);
      }
      SavedState kept(instance, *child);
      Result<std::vector<char>> bytes = instance.serializeState(kept.get(), t + plan_.period);
      if (!bytes) {
        e.error = errorText(bytes.error().message);
        return encodeExpansion(e);
      }
      e.children.paths.push_back(path);
      e.children.states.emplace_back(bytes->begin(), bytes->end());
    }
  }
  e.nodes = figures.nodes[k + 1];
  e.periods = figures.periods[k + 1];
  return encodeExpansion(e);
}

// One level of a split search: each node of `frontier` (depth k) is a task
// that simulates its children; on the root they come back in order as the
// next frontier, and figures_ counts them as breadth-first search would
// (every node before the goal's, none after).
Result<void> Explorer::expandLevel(const SearchSplit& split, Frontier& frontier, std::size_t& k, bool saveRestore) {
  distributed::TaskSet tasks;
  std::vector<Expansion> expansions;
  tasks.count = frontier.paths.size();
  tasks.run = [&](std::size_t, const std::string& payload) { return expansionTask(payload, saveRestore); };
  tasks.payload = [&](std::size_t i) {
    return encodeStart(plan_.depth, frontier.paths[i], saveRestore ? frontier.states[i] : std::string());
  };
  tasks.deliver = [&](std::size_t, const std::string& bytes) {
    expansions.push_back(decodeExpansion(bytes, plan_.depth, plan_.choices.size(), saveRestore));
  };
  split.runTasks(tasks);
  if (!split.root) return {};
  Frontier next;
  // A child (or goal) is one level below its parent, on its path.
  auto below = [&](const Path& parent, const Path& child) {
    return child.size() == parent.size() + 1 && std::equal(parent.begin(), parent.end(), child.begin());
  };
  for (std::size_t t = 0; t < expansions.size(); ++t) {
    Expansion& e = expansions[t];
    if (!e.error.empty()) return Error{e.error};
    bool wellFormed = (!e.found || below(frontier.paths[t], *e.found)) &&
                      (!saveRestore || e.children.states.size() == e.children.paths.size());
    for (const Path& child : e.children.paths) wellFormed = wellFormed && below(frontier.paths[t], child);
    if (!wellFormed) return Error{"a rank sent children that are not below the node it expanded"};
    figures_.nodes[k + 1] += e.nodes;
    figures_.periods[k + 1] += e.periods;
    if (e.found) {
      run_.found = std::move(e.found);
      break;
    }
    for (std::size_t i = 0; i < e.children.paths.size(); ++i) {
      next.paths.push_back(std::move(e.children.paths[i]));
      if (saveRestore) next.states.push_back(std::move(e.children.states[i]));
    }
  }
  if (!saveRestore && k + 1 >= plan_.depth) next = Frontier{};  // replay: nothing below the last level
  frontier = std::move(next);
  ++k;
  return {};
}

// A split search from `frontier` (depth k; on the root): levels expanded
// by tasks until one holds enough nodes for the workers, then the subtrees
// below it as tasks. The other ranks follow the root's rounds.
Result<void> Explorer::distribute(const SearchSplit& split, Frontier frontier, std::size_t k, bool saveRestore) {
  auto broadcast = [&](uint64_t value) { return split.broadcast ? split.broadcast(value) : value; };
  auto subtreeTask = [this, saveRestore](const std::string& payload) {
    return saveRestore ? saveRestoreTask(payload) : replayTask(payload);
  };
  if (!split.root) {
    while (broadcast(0) == kExpansionRound) {
      std::size_t none = 0;
      if (Result<void> served = expandLevel(split, frontier, none, saveRestore); !served) return served;
    }
    return runSubtrees(split, {}, 0, {}, subtreeTask);
  }
  const std::size_t splitAt = kSubtreesPerWorker * split.workers;
  while (!run_.found && !frontier.paths.empty() && k < plan_.depth && frontier.paths.size() < splitAt) {
    broadcast(kExpansionRound);
    if (Result<void> expanded = expandLevel(split, frontier, k, saveRestore); !expanded) return expanded;
  }
  broadcast(kSubtreeRound);
  if (run_.found || k >= plan_.depth) frontier = Frontier{};
  return runSubtrees(split, frontier.paths, k,
                     saveRestore ? std::function<std::string(std::size_t)>(
                                       [&frontier](std::size_t i) { return frontier.states[i]; })
                                 : std::function<std::string(std::size_t)>(),
                     subtreeTask);
}

Result<ExploreRun> Explorer::finish(std::chrono::steady_clock::time_point began) {
  uint64_t nodes = 0, periods = 0;
  for (std::size_t k = 0; k <= plan_.depth; ++k) {
    nodes += figures_.nodes[k];
    periods += figures_.periods[k];
  }
  run_.nodes = static_cast<std::size_t>(nodes);
  run_.simulatedTime = static_cast<double>(periods) * plan_.period;
  run_.stateBound = stateBound_;
  run_.resimulatedNodes = static_cast<std::size_t>(figures_.resimulatedNodes);
  run_.resimulatedTime = static_cast<double>(figures_.resimulatedPeriods) * plan_.period;
  run_.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  return run_;
}

bool splits(const SearchSplit& split) { return split.runTasks && split.workers > 1; }

// Wall time counts from after the first initialization: loading the FMU
// costs both modes the same.
Result<ExploreRun> Explorer::saveRestore(const SearchSplit& split) {
  if (Result<void> ready = start(); !ready) return ready.error();
  auto began = std::chrono::steady_clock::now();
  if (Result<void> bounded = boundStates(); !bounded) return bounded.error();
  if (!split.root) {
    if (Result<void> served = distribute(split, {}, 0, true); !served) return served.error();
    return run_;
  }
  FmuInstance& instance = *session_.instance;
  Result<bool> atRoot = goalHolds(plan_.t0);
  if (!atRoot) return atRoot.error();
  if (*atRoot) run_.found = Path{};
  std::optional<SavedState> root;
  if (!run_.found) {
    Result<fmi2::FMUstate> state = instance.getState(plan_.t0);
    if (!state) return state.error();
    root.emplace(instance, *state);
  }
  if (splits(split)) {
    Frontier frontier;
    if (root) {
      Result<std::vector<char>> bytes = instance.serializeState(root->get(), plan_.t0);
      if (!bytes) return bytes.error();
      frontier.paths.push_back({});
      frontier.states.emplace_back(bytes->begin(), bytes->end());
      root.reset();
    }
    if (Result<void> searched = distribute(split, std::move(frontier), 0, true); !searched) return searched.error();
    return finish(began);
  }
  std::vector<Node> level;
  if (root) level.push_back({{}, std::move(*root)});
  std::size_t k = 0;
  if (Result<void> searched = breadthFirst(level, k, plan_.depth, figures_, run_.found); !searched)
    return searched.error();
  level.clear();  // free the states before the instance goes
  return finish(began);
}

Result<ExploreRun> Explorer::replay(const SearchSplit& split) {
  if (Result<void> ready = start(); !ready) return ready.error();
  auto began = std::chrono::steady_clock::now();
  if (!split.root) {
    if (Result<void> served = distribute(split, {}, 0, false); !served) return served.error();
    return run_;
  }
  Result<bool> atRoot = goalHolds(plan_.t0);
  if (!atRoot) return atRoot.error();
  if (*atRoot) run_.found = Path{};
  if (splits(split)) {
    Frontier frontier;
    if (!run_.found) frontier.paths.push_back({});
    if (Result<void> searched = distribute(split, std::move(frontier), 0, false); !searched) return searched.error();
  } else if (!run_.found) {
    if (Result<void> searched = replayLevels({}, 1, plan_.depth, figures_, run_.found); !searched)
      return searched.error();
  }
  return finish(began);
}

}  // namespace

Result<Session> describePlannedFmu(const ExplorePlan& plan) {
  if (!plan.unpackedFmu.empty()) return describeAttachedFmu(plan.fmuPath, plan.unpackedFmu, plan.load);
  return describeFmu(plan.fmuPath, plan.load);
}

Result<ExploreRun> searchSaveRestore(const ExplorePlan& plan, const SearchSplit& split) {
  return Explorer(plan, "save-restore").saveRestore(split);
}

Result<ExploreRun> searchReplay(const ExplorePlan& plan, const SearchSplit& split) {
  return Explorer(plan, "replay").replay(split);
}

}  // namespace smc::importer
