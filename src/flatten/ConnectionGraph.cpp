// See ConnectionGraph.h. Two union-finds: one over every edge gives the
// connected subgraphs, in which the roots are chosen; the second grows the
// spanning forest, required edges first, then the breakable ones in the
// order the model wrote them, never joining two trees that both have a
// root. The depths of the nodes below their roots answer rooted().
#include "flatten/ConnectionGraph.h"

#include <fmt/format.h>

#include <deque>
#include <map>

namespace smc::flatten {

namespace {

struct UnionFind {
  explicit UnionFind(size_t n) : parent(n) {
    for (size_t i = 0; i < n; ++i) parent[i] = static_cast<uint32_t>(i);
  }
  uint32_t find(uint32_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  }
  std::vector<uint32_t> parent;
};

}  // namespace

ConnectionGraph::Node ConnectionGraph::node(const void* key, std::string name, SourceRange declared) {
  auto [it, added] = index_.try_emplace(key, static_cast<Node>(nodes_.size()));
  if (added) {
    NodeInfo info;
    info.key = key;
    info.name = std::move(name);
    info.declared = declared;
    nodes_.push_back(std::move(info));
  }
  return it->second;
}

bool ConnectionGraph::has(const void* key) const { return index_.count(key) > 0; }

ConnectionGraph::Node ConnectionGraph::nodeOf(const void* key) const { return index_.at(key); }

void ConnectionGraph::addBreakable(Node a, Node b, SourceRange range) { edges_.push_back(Edge{a, b, false, range, false, false}); }

void ConnectionGraph::addBranch(Node a, Node b, SourceRange range) { edges_.push_back(Edge{a, b, true, range, false, false}); }

void ConnectionGraph::addRoot(Node a, SourceRange range) {
  nodes_[a].definiteRoot = true;
  nodes_[a].rootRange = range;
}

void ConnectionGraph::addPotentialRoot(Node a, long long priority, SourceRange range) {
  // Given twice, the lower priority number counts.
  if (nodes_[a].potentialRoot && nodes_[a].priority <= priority) return;
  nodes_[a].potentialRoot = true;
  nodes_[a].priority = priority;
  if (!nodes_[a].definiteRoot) nodes_[a].rootRange = range;
}

bool ConnectionGraph::solve(const std::function<void(SourceRange, const std::string&)>& error) {
  const size_t n = nodes_.size();
  bool ok = true;
  // The connected subgraphs, and their roots.
  UnionFind subgraphs(n);
  for (const Edge& e : edges_) subgraphs.parent[subgraphs.find(e.a)] = subgraphs.find(e.b);
  std::map<uint32_t, std::vector<Node>> members;
  for (Node a = 0; a < n; ++a) members[subgraphs.find(a)].push_back(a);
  for (const auto& [representative, nodes] : members) {
    bool definite = false;
    for (Node a : nodes) definite = definite || nodes_[a].definiteRoot;
    if (definite) {
      for (Node a : nodes) nodes_[a].root = nodes_[a].definiteRoot;
      continue;
    }
    const NodeInfo* best = nullptr;
    for (Node a : nodes)
      if (nodes_[a].potentialRoot && (!best || nodes_[a].priority < best->priority)) best = &nodes_[a];
    if (!best) {
      ok = false;
      error(nodes_[nodes[0]].declared,
            fmt::format("'{}' and what it is connected to have no root: the overdetermined connection graph needs "
                        "Connections.root() or Connections.potentialRoot() in each connected part (spec 9.4)",
                        nodes_[nodes[0]].name));
      continue;
    }
    nodes_[index_.at(best->key)].root = true;
  }
  // The spanning forest: required edges must all be in it.
  UnionFind trees(n);
  std::vector<bool> hasRoot(n);
  for (Node a = 0; a < n; ++a) hasRoot[a] = nodes_[a].root;
  auto join = [&](Edge& e) {
    const uint32_t ra = trees.find(e.a), rb = trees.find(e.b);
    if (ra == rb || (hasRoot[ra] && hasRoot[rb])) return false;
    trees.parent[ra] = rb;
    hasRoot[rb] = hasRoot[ra] || hasRoot[rb];
    e.inTree = true;
    return true;
  };
  for (Edge& e : edges_) {
    if (!e.required || join(e)) continue;
    ok = false;
    const bool loop = trees.find(e.a) == trees.find(e.b);
    error(e.range, loop ? fmt::format("Connections.branch() between '{}' and '{}' closes a loop of branches, which "
                                      "no spanning tree can hold (spec 9.4)",
                                      nodes_[e.a].name, nodes_[e.b].name)
                        : fmt::format("Connections.branch() joins '{}' and '{}', whose parts each have a definite "
                                      "root (spec 9.4)",
                                      nodes_[e.a].name, nodes_[e.b].name));
  }
  for (Edge& e : edges_)
    if (!e.required) join(e);
  // Depths below the roots, over the tree's edges.
  std::vector<std::vector<Node>> adjacent(n);
  for (const Edge& e : edges_)
    if (e.inTree) {
      adjacent[e.a].push_back(e.b);
      adjacent[e.b].push_back(e.a);
    }
  std::vector<bool> seen(n);
  std::deque<Node> queue;
  for (Node a = 0; a < n; ++a)
    if (nodes_[a].root) {
      seen[a] = true;
      queue.push_back(a);
    }
  while (!queue.empty()) {
    const Node a = queue.front();
    queue.pop_front();
    for (Node b : adjacent[a])
      if (!seen[b]) {
        seen[b] = true;
        nodes_[b].depth = nodes_[a].depth + 1;
        queue.push_back(b);
      }
  }
  return ok;
}

bool ConnectionGraph::rooted(Node a, bool& found) const {
  for (const Edge& e : edges_)
    if (e.required && e.a == a) {
      found = true;
      return nodes_[a].depth < nodes_[e.b].depth;
    }
  found = false;
  return false;
}

bool ConnectionGraph::takeTreeEdge(Node a, Node b) {
  auto joins = [&](const Edge& e) { return !e.required && !e.taken && ((e.a == a && e.b == b) || (e.a == b && e.b == a)); };
  for (Edge& e : edges_)
    if (joins(e) && e.inTree) return e.taken = true;
  for (Edge& e : edges_)
    if (joins(e)) {
      e.taken = true;
      return false;
    }
  return true;
}

}  // namespace smc::flatten
