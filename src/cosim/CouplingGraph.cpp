// Cycle search, topological order and strongly connected components of the
// coupling graph; see CouplingGraph.h. Systems have a handful of FMUs and
// connections, so the graph is built with plain vectors, and ties are
// always broken by document order so that runs are reproducible.
#include "cosim/CouplingGraph.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>

namespace smc::cosim {
namespace {

struct Edge {
  std::size_t to;
  std::optional<std::size_t> link;  // empty: a feedthrough inside an FMU
};

struct Graph {
  std::vector<Port> nodes;
  std::vector<std::vector<Edge>> edges;

  std::size_t node(const Port& port) {
    for (std::size_t i = 0; i < nodes.size(); ++i)
      if (nodes[i] == port) return i;
    nodes.push_back(port);
    edges.emplace_back();
    return nodes.size() - 1;
  }
};

Graph buildGraph(const CoupledSystem& system) {
  Graph graph;
  for (std::size_t l = 0; l < system.links.size(); ++l) {
    const Link& link = system.links[l];
    std::size_t from = graph.node(link.from);
    std::size_t to = graph.node(link.to);
    graph.edges[from].push_back({to, l});
  }
  // Feedthrough edges between the ports that take part in connections.
  const std::size_t connected = graph.nodes.size();
  for (std::size_t out = 0; out < connected; ++out) {
    const Port output = graph.nodes[out];
    const importer::ModelDescription& description =
        system.components[output.component].session.description;
    if (description.variables[output.variable].causality != importer::Causality::Output) continue;
    for (std::size_t input : feedthroughInputs(description, output.variable)) {
      Port port{output.component, input};
      for (std::size_t in = 0; in < connected; ++in)
        if (graph.nodes[in] == port) graph.edges[in].push_back({out, std::nullopt});
    }
  }
  return graph;
}

std::optional<AlgebraicLoopFound> findCycle(const Graph& graph) {
  enum class Mark { New, Active, Done };
  std::vector<Mark> mark(graph.nodes.size(), Mark::New);
  std::vector<std::size_t> path;       // nodes on the DFS path
  std::vector<std::optional<std::size_t>> via;  // edge link into path[i]
  std::optional<AlgebraicLoopFound> found;
  std::function<bool(std::size_t)> visit = [&](std::size_t n) {
    mark[n] = Mark::Active;
    path.push_back(n);
    for (const Edge& edge : graph.edges[n]) {
      if (mark[edge.to] == Mark::Active) {
        AlgebraicLoopFound loop;
        auto start = std::find(path.begin(), path.end(), edge.to) - path.begin();
        for (auto i = static_cast<std::size_t>(start); i < path.size(); ++i) {
          loop.ports.push_back(graph.nodes[path[i]]);
          if (i > static_cast<std::size_t>(start) && via[i]) loop.links.push_back(*via[i]);
        }
        if (edge.link) loop.links.push_back(*edge.link);
        found = std::move(loop);
        return true;
      }
      if (mark[edge.to] == Mark::New) {
        via.resize(path.size() + 1);
        via[path.size()] = edge.link;
        if (visit(edge.to)) return true;
      }
    }
    path.pop_back();
    mark[n] = Mark::Done;
    return false;
  };
  via.resize(1);
  for (std::size_t n = 0; n < graph.nodes.size(); ++n)
    if (mark[n] == Mark::New && visit(n)) break;
  return found;
}

// Kahn's algorithm, always taking the ready node created first.
std::vector<std::size_t> topologicalRank(const Graph& graph) {
  std::vector<std::size_t> indegree(graph.nodes.size(), 0);
  for (const auto& out : graph.edges)
    for (const Edge& edge : out) ++indegree[edge.to];
  std::vector<std::size_t> rank(graph.nodes.size(), 0);
  std::vector<bool> placed(graph.nodes.size(), false);
  for (std::size_t position = 0; position < graph.nodes.size(); ++position) {
    std::size_t next = 0;
    while (placed[next] || indegree[next] != 0) ++next;  // acyclic: one is ready
    placed[next] = true;
    rank[next] = position;
    for (const Edge& edge : graph.edges[next]) --indegree[edge.to];
  }
  return rank;
}

// Components in topological order of their strongly connected components;
// each component's rank in the condensation is the length of the longest
// path of components reaching it, and ties (and members of one feedback
// loop) keep document order.
std::vector<std::size_t> stepOrder(const CoupledSystem& system) {
  const std::size_t n = system.components.size();
  std::vector<std::vector<bool>> reaches(n, std::vector<bool>(n, false));
  for (std::size_t i = 0; i < n; ++i) reaches[i][i] = true;
  for (const Link& link : system.links) reaches[link.from.component][link.to.component] = true;
  for (std::size_t k = 0; k < n; ++k)  // Warshall: transitive closure
    for (std::size_t i = 0; i < n; ++i)
      if (reaches[i][k])
        for (std::size_t j = 0; j < n; ++j)
          if (reaches[k][j]) reaches[i][j] = true;
  // Depth: the number of components that reach this one but are not
  // reached back by it (members of earlier loops or chains).
  std::vector<std::size_t> depth(n, 0);
  for (std::size_t j = 0; j < n; ++j)
    for (std::size_t i = 0; i < n; ++i)
      if (i != j && reaches[i][j] && !reaches[j][i]) ++depth[j];
  std::vector<std::size_t> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return depth[a] < depth[b]; });
  return order;
}

}  // namespace

std::vector<std::size_t> feedthroughInputs(const importer::ModelDescription& description,
                                           std::size_t output) {
  std::vector<std::size_t> inputs;
  for (std::size_t k = 0; k < description.outputs.size(); ++k) {
    if (description.outputs[k] != output) continue;
    if (k < description.outputDependencies.size() && description.outputDependencies[k]) {
      for (std::size_t known : *description.outputDependencies[k])
        if (known < description.variables.size() &&
            description.variables[known].causality == importer::Causality::Input)
          inputs.push_back(known);
      return inputs;
    }
    break;
  }
  // No dependencies given: the output depends on every input.
  for (std::size_t v = 0; v < description.variables.size(); ++v)
    if (description.variables[v].causality == importer::Causality::Input) inputs.push_back(v);
  return inputs;
}

std::variant<CouplingOrders, AlgebraicLoopFound> orderCoupling(const CoupledSystem& system) {
  Graph graph = buildGraph(system);
  if (std::optional<AlgebraicLoopFound> loop = findCycle(graph)) return std::move(*loop);
  std::vector<std::size_t> rank = topologicalRank(graph);
  CouplingOrders orders;
  for (std::size_t l = 0; l < system.links.size(); ++l) orders.propagationOrder.push_back(l);
  auto fromRank = [&](std::size_t l) {
    for (std::size_t n = 0; n < graph.nodes.size(); ++n)
      if (graph.nodes[n] == system.links[l].from) return rank[n];
    return std::size_t{0};
  };
  std::stable_sort(orders.propagationOrder.begin(), orders.propagationOrder.end(),
                   [&](std::size_t a, std::size_t b) { return fromRank(a) < fromRank(b); });
  orders.stepOrder = stepOrder(system);
  return orders;
}

}  // namespace smc::cosim
