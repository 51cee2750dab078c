// Maximum bipartite matching of equations to unknowns by augmenting paths
// (Kuhn's algorithm), shared by BLT sorting (Sort.cpp) and tearing
// (Tearing.cpp). Each equation tries its unknowns in the order its
// incidence list gives them, so callers steer which perfect matching comes
// out. Once matched, an equation stays matched (possibly to another
// unknown), and when no augmenting path starts at an equation none appears
// later, so one pass over the equations reaches a maximum matching from any
// starting one.
#pragma once

#include <cstddef>
#include <vector>

namespace smc::causal {

inline constexpr size_t kUnmatched = static_cast<size_t>(-1);

class Matcher {
public:
  // incidence[e]: the unknowns (0 .. unknownCount-1) equation e may be solved for.
  Matcher(const std::vector<std::vector<size_t>>& incidence, size_t unknownCount)
      : incidence_(incidence), unknownOf_(incidence.size(), kUnmatched), equationOf_(unknownCount, kUnmatched) {}

  // Starts from equation `eq` matched to unknown `u` (both still free).
  void preset(size_t eq, size_t u) {
    unknownOf_[eq] = u;
    equationOf_[u] = eq;
  }

  // Tries an augmenting path from every unmatched equation, in order.
  void run() {
    for (size_t eq = 0; eq < incidence_.size(); ++eq) {
      if (unknownOf_[eq] != kUnmatched) continue;
      visited_.assign(equationOf_.size(), false);
      augment(eq);
    }
  }

  const std::vector<size_t>& unknownOf() const { return unknownOf_; }
  const std::vector<size_t>& equationOf() const { return equationOf_; }

private:
  // Looks for an augmenting path from `eq`; on success flips it.
  bool augment(size_t eq) {
    for (size_t u : incidence_[eq]) {
      if (visited_[u]) continue;
      visited_[u] = true;
      if (equationOf_[u] == kUnmatched || augment(equationOf_[u])) {
        equationOf_[u] = eq;
        unknownOf_[eq] = u;
        return true;
      }
    }
    return false;
  }

  const std::vector<std::vector<size_t>>& incidence_;
  std::vector<size_t> unknownOf_;
  std::vector<size_t> equationOf_;
  std::vector<bool> visited_;
};

}  // namespace smc::causal
