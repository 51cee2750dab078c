#include "codegen/PreReads.h"

#include <algorithm>

namespace smc::codegen {

int PreReads::kindOf(flat::BaseType type) {
  switch (type) {
    case flat::BaseType::Integer: return 1;
    case flat::BaseType::Boolean: return 2;
    case flat::BaseType::Real:
    case flat::BaseType::String:
    case flat::BaseType::Clock:
    case flat::BaseType::ExternalObject: break;  // pre() of an external object is refused earlier
  }
  return 0;
}

void PreReads::mark(flat::BaseType type, int64_t valueReference) {
  if (valueReference < 0) return;
  std::vector<bool>& marked = marked_[kindOf(type)];
  const auto slot = static_cast<size_t>(valueReference);
  if (slot >= marked.size()) marked.resize(slot + 1, false);
  marked[slot] = true;
}

bool PreReads::marked(flat::BaseType type, int64_t valueReference) const {
  const std::vector<bool>& marked = marked_[kindOf(type)];
  return valueReference >= 0 && static_cast<size_t>(valueReference) < marked.size() &&
         marked[static_cast<size_t>(valueReference)];
}

std::vector<std::pair<int32_t, int32_t>> PreReads::ranges(flat::BaseType type, int32_t count) const {
  const std::vector<bool>& marked = marked_[kindOf(type)];
  const int32_t end = std::min(count, static_cast<int32_t>(marked.size()));
  std::vector<std::pair<int32_t, int32_t>> out;
  for (int32_t slot = 0; slot < end; ++slot) {
    if (!marked[static_cast<size_t>(slot)]) continue;
    if (!out.empty() && slot - out.back().second < kMergeGap)
      out.back().second = slot + 1;
    else
      out.emplace_back(slot, slot + 1);
  }
  return out;
}

}  // namespace smc::codegen
