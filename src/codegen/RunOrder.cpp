// Grouping alike assignments (see RunOrder.h).
#include "codegen/RunOrder.h"

#include <bit>
#include <cstdint>
#include <optional>
#include <queue>
#include <tuple>
#include <unordered_map>

namespace smc::codegen {
namespace {

// A cheap, deterministic mix of 64-bit words (multiply, xor-shift). A
// collision only puts two unlike assignments side by side, which costs
// nothing.
class ShapeHash {
public:
  void add(uint64_t word) {
    hash_ = (hash_ ^ word) * 0x9e3779b97f4a7c15ULL;
    hash_ ^= hash_ >> 29;
  }
  void add(const SourceLocation& at) {
    add(at.file);
    add((uint64_t{at.line} << 32) | at.column);
  }
  uint64_t value() const { return hash_; }

private:
  uint64_t hash_ = 0x243f6a8885a308d3ULL;
};

// One assignment of a stretch: its shape and the variables it reads (not
// inside pre()) and writes.
struct Item {
  uint64_t shape = 0;
  // The shape without source ranges and Real literal values: scalar
  // equations written one per line (each its own range, maybe its own
  // coefficient) can still form runs (AssignRuns.h), so they group too.
  uint64_t looseShape = 0;
  // The order within a group: slot type, the target's family (Layout.h:
  // `r_k.n.i` before `c_k.n.i`, though their slots alternate), value reference.
  std::tuple<int, uint32_t, int32_t> targetKey{};
  std::vector<flat::VarId> reads;
  flat::VarId target = 0;
};

class ItemBuilder {
public:
  explicit ItemBuilder(const Layout& layout) : layout_(layout) {}

  Item build(const causal::Assign& assign) {
    Item item;
    item.target = assign.target;
    Hashes hash;
    hash.strict.add(slotType(assign.target));
    hash.loose.add(slotType(assign.target));
    hash.strict.add(assign.range.begin);
    hash.strict.add(assign.range.end);
    if (assign.value) walk(*assign.value, false, hash, item.reads);
    item.shape = hash.strict.value();
    item.looseShape = hash.loose.value();
    if (assign.target < layout_.positionOf.size()) {
      const VarInfo& info = layout_.of(assign.target);
      item.targetKey = {static_cast<int>(info.type), info.family, info.valueReference};
    }
    return item;
  }

private:
  uint64_t slotType(flat::VarId id) const {
    return id < layout_.positionOf.size() ? static_cast<uint64_t>(layout_.of(id).type) + 1 : 0;
  }

  struct Hashes {
    ShapeHash strict, loose;
    void add(uint64_t word) {
      strict.add(word);
      loose.add(word);
    }
  };

  void walk(const flat::Expr& e, bool insidePre, Hashes& hash, std::vector<flat::VarId>& reads) {
    hash.add(static_cast<uint64_t>(e.kind));
    hash.add(e.args.size());
    hash.strict.add(e.range.begin);
    switch (e.kind) {
      case flat::ExprKind::Var:
        hash.add(slotType(e.var));
        if (!insidePre) reads.push_back(e.var);
        break;
      case flat::ExprKind::Real: hash.strict.add(std::bit_cast<uint64_t>(e.real)); break;
      case flat::ExprKind::Integer: break;  // may advance along a run (AssignRuns.h)
      case flat::ExprKind::Boolean: hash.add(e.boolean); break;
      case flat::ExprKind::Unary:
      case flat::ExprKind::Binary: hash.add(static_cast<uint64_t>(e.op)); break;
      case flat::ExprKind::Call: hash.add(static_cast<uint64_t>(e.fn)); break;
      case flat::ExprKind::FunctionCall: hash.add((uint64_t{e.function} << 32) | e.output); break;
      default: break;
    }
    const bool pre = insidePre || e.kind == flat::ExprKind::Pre;
    for (const flat::ExprPtr& arg : e.args)
      if (arg) walk(*arg, pre, hash, reads);
  }

  const Layout& layout_;
};

// The dependencies among a stretch's items, as successor lists and
// in-degrees (an edge may repeat; both sides count it alike).
struct Dependencies {
  std::vector<std::vector<uint32_t>> successors;
  std::vector<uint32_t> inDegree;

  explicit Dependencies(const std::vector<Item>& items)
      : successors(items.size()), inDegree(items.size(), 0) {
    std::unordered_map<flat::VarId, uint32_t> lastWriter;
    std::unordered_map<flat::VarId, std::vector<uint32_t>> readers;
    for (uint32_t i = 0; i < items.size(); ++i) {
      for (flat::VarId v : items[i].reads) {
        if (auto writer = lastWriter.find(v); writer != lastWriter.end()) edge(writer->second, i);
        readers[v].push_back(i);
      }
      const flat::VarId target = items[i].target;
      if (auto writer = lastWriter.find(target); writer != lastWriter.end()) edge(writer->second, i);
      if (auto earlier = readers.find(target); earlier != readers.end()) {
        for (uint32_t reader : earlier->second) edge(reader, i);
        earlier->second.clear();
      }
      lastWriter[target] = i;
    }
  }

private:
  void edge(uint32_t from, uint32_t to) {
    if (from == to) return;
    successors[from].push_back(to);
    ++inDegree[to];
  }
};

// List scheduling of one stretch (see RunOrder.h); returns item indices.
// The ready items are queued by position and, lowest target first, by
// shape and by loose shape; an item is in all three queues, and an entry
// of an item already scheduled is skipped when met.
std::vector<uint32_t> schedule(const std::vector<Item>& items) {
  Dependencies deps(items);
  using Keyed = std::pair<std::tuple<int, uint32_t, int32_t>, uint32_t>;  // (target key, item)
  using MinHeap = std::priority_queue<Keyed, std::vector<Keyed>, std::greater<>>;
  std::unordered_map<uint64_t, MinHeap> readyByShape, readyByLooseShape;
  std::priority_queue<uint32_t, std::vector<uint32_t>, std::greater<>> readyByPosition;
  std::vector<bool> done(items.size(), false);
  auto makeReady = [&](uint32_t i) {
    readyByShape[items[i].shape].emplace(items[i].targetKey, i);
    readyByLooseShape[items[i].looseShape].emplace(items[i].targetKey, i);
    readyByPosition.push(i);
  };
  auto takeFrom = [&](MinHeap& heap) -> std::optional<uint32_t> {
    while (!heap.empty() && done[heap.top().second]) heap.pop();
    if (heap.empty()) return std::nullopt;
    const uint32_t item = heap.top().second;
    heap.pop();
    return item;
  };
  for (uint32_t i = 0; i < items.size(); ++i)
    if (deps.inDegree[i] == 0) makeReady(i);

  std::vector<uint32_t> order;
  order.reserve(items.size());
  while (order.size() < items.size()) {
    std::optional<uint32_t> next;
    if (!order.empty()) {
      const Item& last = items[order.back()];
      next = takeFrom(readyByShape[last.shape]);
      if (!next) next = takeFrom(readyByLooseShape[last.looseShape]);
    }
    if (!next) {
      // The group of the earliest ready item.
      while (done[readyByPosition.top()]) readyByPosition.pop();
      next = takeFrom(readyByShape[items[readyByPosition.top()].shape]);
    }
    done[*next] = true;
    order.push_back(*next);
    for (uint32_t successor : deps.successors[*next])
      if (--deps.inDegree[successor] == 0) makeReady(successor);
  }
  return order;
}

}  // namespace

std::vector<const causal::Block*> orderForRuns(const Layout& layout,
                                               std::vector<const causal::Block*> blocks) {
  ItemBuilder builder(layout);
  for (size_t begin = 0; begin < blocks.size();) {
    size_t end = begin;
    while (end < blocks.size() && std::holds_alternative<causal::Assign>(*blocks[end])) ++end;
    if (end - begin > 1) {
      std::vector<Item> items;
      items.reserve(end - begin);
      for (size_t i = begin; i < end; ++i) items.push_back(builder.build(std::get<causal::Assign>(*blocks[i])));
      const std::vector<const causal::Block*> stretch(blocks.begin() + begin, blocks.begin() + end);
      const std::vector<uint32_t> order = schedule(items);
      for (size_t k = 0; k < order.size(); ++k) blocks[begin + k] = stretch[order[k]];
    }
    begin = end + 1;
  }
  return blocks;
}

}  // namespace smc::codegen
