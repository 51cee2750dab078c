// Block lists made by hand, for the tests of passes over a callback's list
// (AssignRuns.h, RunOrder.h): variables with chosen slot types and value
// references, and assignments of small expressions over them.
#pragma once

#include "codegen/Layout.h"

#include <deque>
#include <vector>

namespace smc::codegen::testing {

class HandBlocks {
public:
  // A variable in a slot of `type` at `valueReference`.
  flat::VarId var(flat::BaseType type, int32_t valueReference) {
    VarInfo info;
    info.id = static_cast<flat::VarId>(layout.vars.size());
    info.type = type;
    info.valueReference = valueReference;
    layout.positionOf.push_back(static_cast<uint32_t>(layout.vars.size()));
    layout.vars.push_back(info);
    return info.id;
  }
  flat::VarId real(int32_t valueReference) { return var(flat::BaseType::Real, valueReference); }

  // Appends `target := value`, solved from the equation on source line `line`.
  const causal::Block* assign(flat::VarId target, flat::ExprPtr value, uint32_t line = 1) {
    SourceRange range{{0, line, 1}, {0, line, 20}};
    blocks_.emplace_back(causal::Assign{target, std::move(value), range});
    list.push_back(&blocks_.back());
    return list.back();
  }
  // Appends a block that is not an assignment.
  const causal::Block* when() {
    blocks_.emplace_back(causal::WhenBlock{});
    list.push_back(&blocks_.back());
    return list.back();
  }

  Layout layout;
  std::vector<const causal::Block*> list;

private:
  std::deque<causal::Block> blocks_;  // stable addresses
};

}  // namespace smc::codegen::testing
