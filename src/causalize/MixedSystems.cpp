// Mixed discrete/continuous systems (see MixedSystems.h).
#include "causalize/MixedSystems.h"

#include <algorithm>

namespace smc::causal {

std::vector<size_t> cutMixedLoops(const std::vector<std::vector<size_t>>& components,
                                  const std::vector<bool>& discreteNode, const std::vector<bool>& solvableNode,
                                  std::vector<std::vector<size_t>>& edges) {
  std::vector<size_t> cut;
  std::vector<bool> inComponent(edges.size(), false), read(edges.size(), false);
  for (const std::vector<size_t>& component : components) {
    if (component.size() < 2) continue;
    bool anyDiscrete = false, anyContinuous = false, solvable = true;
    for (size_t g : component) {
      if (discreteNode[g]) {
        anyDiscrete = true;
      } else {
        anyContinuous = true;
        solvable = solvable && solvableNode[g];
      }
    }
    if (!anyDiscrete || !anyContinuous || !solvable) continue;
    for (size_t g : component) inComponent[g] = true;
    for (size_t g : component) {
      if (discreteNode[g]) continue;  // discrete nodes keep their order among themselves
      std::vector<size_t>& out = edges[g];
      auto cutHere = [&](size_t h) {
        if (!inComponent[h] || !discreteNode[h]) return false;
        read[h] = true;
        return true;
      };
      out.erase(std::remove_if(out.begin(), out.end(), cutHere), out.end());
    }
    for (size_t g : component) {
      if (read[g]) cut.push_back(g);
      inComponent[g] = read[g] = false;
    }
  }
  return cut;
}

namespace {

// Whether `from` reaches `target` along edges within the component
// (inComponent) without passing through `skipped`.
bool reaches(size_t from, size_t target, size_t skipped, const std::vector<std::vector<size_t>>& edges,
             const std::vector<bool>& inComponent) {
  std::vector<bool> seen(edges.size(), false);
  std::vector<size_t> stack{from};
  while (!stack.empty()) {
    size_t g = stack.back();
    stack.pop_back();
    if (g == target) return true;
    if (seen[g]) continue;
    seen[g] = true;
    for (size_t h : edges[g])
      if (inComponent[h] && !seen[h] && h != skipped) stack.push_back(h);
  }
  return false;
}

}  // namespace

std::vector<size_t> cutClockFeedback(const std::vector<std::vector<size_t>>& components,
                                     const std::vector<size_t>& tickNode, std::vector<std::vector<size_t>>& edges) {
  std::vector<size_t> cut;
  std::vector<bool> inComponent(edges.size(), false);
  for (const std::vector<size_t>& component : components) {
    if (component.size() < 2) continue;
    for (size_t g : component) inComponent[g] = true;
    for (size_t partition : component) {
      if (tickNode[partition] == kNoTick || !inComponent[tickNode[partition]]) continue;
      // A cycle that avoids the tick: some other node the partition reads
      // leads back to it.
      bool algebraic = false;
      for (size_t h : edges[partition])
        if (h != tickNode[partition] && inComponent[h] && reaches(h, partition, tickNode[partition], edges, inComponent))
          algebraic = true;
      if (algebraic) continue;
      for (size_t g : component)
        if (g != partition) edges[g].erase(std::remove(edges[g].begin(), edges[g].end(), partition), edges[g].end());
      cut.push_back(partition);
    }
    for (size_t g : component) inComponent[g] = false;
  }
  return cut;
}

}  // namespace smc::causal
