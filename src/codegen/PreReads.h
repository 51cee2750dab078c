// Which slots the generated code reads through pre() (edge(), change(),
// previous(), when-conditions and the values a when-clause keeps included),
// recorded while the code is emitted, plus the sample() counters,
// which carry a tick from one event iteration to the next in their own
// slots (IrSamples.cpp). The runtime copies to pre() and compares in the
// event iteration only these slots (smc_model.pre_*_ranges,
// runtime/src/events.c): no other slot can change what the next iteration
// computes. A machine's activeState flags are such slots, so a tick no
// longer costs every state of the machine.
#pragma once

#include "flatten/FlatModel.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace smc::codegen {

class PreReads {
public:
  // pre() of the `type` slot `valueReference` is read.
  void mark(flat::BaseType type, int64_t valueReference);
  // Whether pre() of that slot is read.
  bool marked(flat::BaseType type, int64_t valueReference) const;

  // The marked slots among the first `count` of `type`, as [begin, end)
  // ranges in ascending order. Ranges closer than kMergeGap slots are
  // joined: copying a few unread slots is cheaper than another memcpy and
  // memcmp call.
  std::vector<std::pair<int32_t, int32_t>> ranges(flat::BaseType type, int32_t count) const;

  static constexpr int32_t kMergeGap = 16;

private:
  static int kindOf(flat::BaseType type);
  std::vector<bool> marked_[3];  // Reals, Integers, Booleans
};

}  // namespace smc::codegen
