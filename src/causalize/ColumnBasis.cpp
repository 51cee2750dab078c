// Incremental Gaussian elimination (see ColumnBasis.h). A column is reduced
// against the kept columns in the order they were kept: kept column k is
// zero at the pivots of the columns kept before it, so eliminating in that
// order never brings back an entry already cleared.
#include "causalize/ColumnBasis.h"

#include <cmath>
#include <functional>
#include <queue>

namespace smc::causal {

namespace {

// Relative to the column's largest entry: what elimination leaves below it
// is rounding, not rank.
constexpr double kRelativeTolerance = 1e-9;

}  // namespace

bool ColumnBasis::offer(Column column) {
  double scale = 0;
  for (const auto& [row, value] : column) scale = std::max(scale, std::fabs(value));
  if (scale == 0) return false;
  std::priority_queue<size_t, std::vector<size_t>, std::greater<>> pending;  // kept indices, earliest first
  for (const auto& [row, value] : column)
    if (auto it = keptByPivot_.find(row); it != keptByPivot_.end()) pending.push(it->second);
  size_t last = static_cast<size_t>(-1);
  while (!pending.empty()) {
    size_t k = pending.top();
    pending.pop();
    if (k == last) continue;  // pushed twice
    last = k;
    const Kept& basis = kept_[k];
    auto at = column.find(basis.pivot);
    if (at == column.end()) continue;
    const double factor = at->second / basis.entries.at(basis.pivot);
    for (const auto& [row, value] : basis.entries) {
      auto [it, inserted] = column.emplace(row, 0.0);
      it->second -= factor * value;
      if (inserted)
        if (auto pivotOf = keptByPivot_.find(row); pivotOf != keptByPivot_.end()) pending.push(pivotOf->second);
    }
    column.erase(basis.pivot);
  }
  size_t pivot = 0;
  double largest = 0;
  for (auto it = column.begin(); it != column.end();) {
    if (std::fabs(it->second) <= kRelativeTolerance * scale) {
      it = column.erase(it);
      continue;
    }
    if (std::fabs(it->second) > largest) {
      largest = std::fabs(it->second);
      pivot = it->first;
    }
    ++it;
  }
  if (column.empty()) return false;
  keptByPivot_.emplace(pivot, kept_.size());
  kept_.push_back({std::move(column), pivot});
  return true;
}

}  // namespace smc::causal
