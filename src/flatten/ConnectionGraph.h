// The virtual connection graph of overdetermined connectors (spec 9.4).
//
// A connector may hold a record with an `equalityConstraint` function (the
// reference angle of the MSL's quasi-static and fundamental-wave ports, a
// MultiBody frame's orientation): connect() equates such records like any
// other, but a loop of such connections would equate them redundantly. The
// graph has a node per such record, an optional edge per connect() that
// joins two of them (breakable), a required edge per Connections.branch()
// (a component's own equations relate the two), and roots:
// Connections.root() (definite) and Connections.potentialRoot() (taken
// when a connected subgraph has no definite root: the one of lowest
// priority number, the first such on a tie). solve() builds a spanning
// forest with exactly one root per tree and every required edge in it; a
// breakable edge left out is broken: instead of equating the two records
// its connect() gives equalityConstraint(a, b) = zeros.
#pragma once

#include "frontend/Source.h"

#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

namespace smc::flatten {

class ConnectionGraph {
public:
  using Node = uint32_t;

  // A node per distinct key (the record instance), created on first use.
  Node node(const void* key, std::string name, SourceRange declared);
  bool has(const void* key) const;
  Node nodeOf(const void* key) const;

  void addBreakable(Node a, Node b, SourceRange range);
  void addBranch(Node a, Node b, SourceRange range);
  void addRoot(Node a, SourceRange range);
  void addPotentialRoot(Node a, long long priority, SourceRange range);

  // Builds the spanning forest; reports problems (two definite roots joined
  // by required edges, a loop of required edges, a subgraph without any
  // root) through `error` and returns false then.
  bool solve(const std::function<void(SourceRange, const std::string&)>& error);

  // After solve():
  bool isRoot(Node a) const { return nodes_[a].root; }
  // For the one required edge a -- b: whether a is nearer its tree's root.
  // False with `found` false when a is the first node of no such edge.
  bool rooted(Node a, bool& found) const;
  // Whether the next connect() between a and b (in any order) stays in the
  // tree: each call takes one of the breakable edges between them, those in
  // the tree first.
  bool takeTreeEdge(Node a, Node b);

  size_t nodeCount() const { return nodes_.size(); }
  const std::string& name(Node a) const { return nodes_[a].name; }

private:
  struct NodeInfo {
    const void* key = nullptr;
    std::string name;
    SourceRange declared;
    bool definiteRoot = false;
    bool potentialRoot = false;
    long long priority = 0;
    SourceRange rootRange;
    bool root = false;
    uint32_t depth = 0;
  };
  struct Edge {
    Node a, b;
    bool required;
    SourceRange range;
    bool inTree = false;
    bool taken = false;  // handed out by takeTreeEdge
  };
  std::vector<NodeInfo> nodes_;
  std::vector<Edge> edges_;
  std::unordered_map<const void*, Node> index_;
};

}  // namespace smc::flatten
