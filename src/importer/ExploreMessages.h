// The messages of a split explore search (ExploreSearch.h) as bytes, for
// tasks that may run on another rank: what a task starts from, and what a
// subtree task or an expansion task sends back. Each is 64-bit words (then
// raw bytes); a decoder never trusts a length it reads and reports bytes
// it cannot read as an error of the result, never by crashing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace smc::importer::exploremsg {

using Path = std::vector<std::size_t>;

// Nodes simulated and periods integrated, per level (index = depth; 0, the
// root, is never simulated), and the work beyond them: nodes simulated
// again under a state bound.
struct Figures {
  std::vector<uint64_t> nodes, periods;
  uint64_t resimulatedNodes = 0, resimulatedPeriods = 0;
  explicit Figures(std::size_t depth) : nodes(depth + 1), periods(depth + 1) {}
};

// What a task starts from: how deep it may search, its node's depth and
// path, then (save-restore) the node's serialized FMU state.
struct TaskStart {
  std::size_t bound = 0, depth = 0;
  Path path;
  std::string state;
};
std::string encodeStart(std::size_t bound, const Path& path, const std::string& state);
// Nothing for bytes that are not a start of a tree of `maxDepth` levels
// and `choices` choices per node.
std::optional<TaskStart> decodeStart(const std::string& bytes, std::size_t maxDepth, std::size_t choices);

// What a subtree task sends back: its figures per level and the first
// node (whole path from the tree's root) where the goal holds, if any; or
// the error that stopped it and the level of the node it was simulating
// (one process meets it only if no goal comes before it).
struct SubtreeOutcome {
  std::string error;  // non-empty: the task could not run
  std::optional<Path> found;
  Figures figures;
  std::size_t errorLevel = 0;
};
// An error's text for a message: never empty, since an empty one would
// read as success.
std::string errorText(const std::string& message);
std::string encodeOutcome(const SubtreeOutcome& outcome);
// Bytes it cannot read become an error at level 0 (met before anything).
SubtreeOutcome decodeOutcome(const std::string& bytes, std::size_t depth, std::size_t choices);

// The nodes of one level that a split search hands out: their paths and,
// in save-restore, their serialized FMU states.
struct Frontier {
  std::vector<Path> paths;
  std::vector<std::string> states;
};

// What an expansion task sends back: its node's children, simulated (one
// level), the first of them where the goal holds, the ones that go on
// (with their states in save-restore) and the level's figures.
struct Expansion {
  std::string error;
  std::optional<Path> found;
  uint64_t nodes = 0, periods = 0;
  Frontier children;
};
std::string encodeExpansion(const Expansion& expansion);
Expansion decodeExpansion(const std::string& bytes, std::size_t depth, std::size_t choices, bool withStates);

}  // namespace smc::importer::exploremsg
