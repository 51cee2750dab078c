// Whether merging a data partition into a sub-partition of the same clock
// would close a cycle (see Inference.cpp's header).
//
// Partitions of one clock are merged to run as one block. When partition C
// reads, through conversions, a partition outside the group that reads the
// group (or the group reads one that reads C), the merged block would both
// feed and wait for that outside partition at the same tick: the spec's
// shiftSample followed by backSample onto the original clock does this.
// Direct reads between C and the group are fine: inside one block they are
// ordinary dependencies. Partitions number in the hundreds at most, so a
// search per merge is cheap.
#include "clocks/InferenceState.h"

#include <set>

namespace smc::clocks::detail {

namespace {

// Whether `from` reaches a member of `targets` through at least one
// partition outside `inside`.
bool reachesThroughOutside(size_t from, const std::set<size_t>& targets, const std::set<size_t>& inside,
                           const std::map<size_t, std::vector<size_t>>& reads) {
  std::set<size_t> seen;
  std::vector<size_t> stack;
  auto next = [&](size_t node) -> const std::vector<size_t>* {
    auto found = reads.find(node);
    return found == reads.end() ? nullptr : &found->second;
  };
  if (const auto* first = next(from))
    for (size_t n : *first)
      if (!inside.count(n) && seen.insert(n).second) stack.push_back(n);
  while (!stack.empty()) {
    size_t node = stack.back();
    stack.pop_back();
    const auto* outgoing = next(node);
    if (!outgoing) continue;
    for (size_t n : *outgoing) {
      if (targets.count(n)) return true;
      if (!inside.count(n) && seen.insert(n).second) stack.push_back(n);
    }
  }
  return false;
}

}  // namespace

bool Inference::mergeClosesCycle(size_t c, const std::vector<size_t>& group,
                                 const std::map<size_t, std::vector<size_t>>& reads) {
  std::set<size_t> members(group.begin(), group.end());
  std::set<size_t> inside = members;
  inside.insert(c);
  if (reachesThroughOutside(c, members, inside, reads)) return true;
  for (size_t g : group)
    if (reachesThroughOutside(g, {c}, inside, reads)) return true;
  return false;
}

}  // namespace smc::clocks::detail
