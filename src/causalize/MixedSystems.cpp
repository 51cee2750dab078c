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

}  // namespace smc::causal
