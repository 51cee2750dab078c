// Finding runs of assignments (see AssignRuns.h).
#include "codegen/AssignRuns.h"

#include "codegen/ExprEquality.h"

#include <limits>

namespace smc::codegen {
namespace {

bool sameLocation(const SourceLocation& a, const SourceLocation& b) {
  return a.file == b.file && a.line == b.line && a.column == b.column;
}

bool sameRange(const SourceRange& a, const SourceRange& b) {
  return sameLocation(a.begin, b.begin) && sameLocation(a.end, b.end);
}

// Kinds whose code is a function of the node alone (the others never reach
// code generation as such).
bool emittedAsIs(flat::ExprKind kind) {
  switch (kind) {
    case flat::ExprKind::Real:
    case flat::ExprKind::Integer:
    case flat::ExprKind::Boolean:
    case flat::ExprKind::Time:
    case flat::ExprKind::Unary:
    case flat::ExprKind::Binary:
    case flat::ExprKind::Call:
    case flat::ExprKind::FunctionCall:
    case flat::ExprKind::If:
    case flat::ExprKind::Pre:
    case flat::ExprKind::Initial:
    case flat::ExprKind::Terminal: return true;
    default: return false;
  }
}

// Compares the run's first assignment with its k-th (k >= 1). The first
// comparison (k = 1) learns every node's stride; later ones check that the
// k-th assignment's slots lie k strides away.
class RunMatcher {
public:
  RunMatcher(const Layout& layout, RunStrides& strides) : layout_(layout), strides_(strides) {}

  bool matches(const causal::Assign& first, const causal::Assign& other, int64_t k) {
    k_ = k;
    if (!first.value || !other.value || !sameRange(first.range, other.range)) return false;
    const std::optional<int64_t> distance = distanceOf(first.target, other.target);
    if (!distance) return false;
    if (k == 1)
      strides_.target = *distance;
    else if (*distance != k * strides_.target)
      return false;
    return matchExpr(*first.value, *other.value);
  }

private:
  // How many slots `b` lies after `a`, when both are slots of one type.
  std::optional<int64_t> distanceOf(flat::VarId a, flat::VarId b) const {
    if (a >= layout_.positionOf.size() || b >= layout_.positionOf.size()) return std::nullopt;
    const VarInfo& from = layout_.of(a);
    const VarInfo& to = layout_.of(b);
    if (from.type != to.type) return std::nullopt;
    return int64_t{to.valueReference} - from.valueReference;
  }

  // The k-th assignment's node must lie k strides from the first's. A node
  // may occur more than once in the first assignment (expressions share
  // nodes: edge(b) is `b and not pre(b)` over one node b), so its stride is
  // learned at its first occurrence and checked at every other.
  bool matchVar(const flat::Expr& a, const flat::Expr& b) {
    const std::optional<int64_t> distance = distanceOf(a.var, b.var);
    if (!distance) return false;
    auto [learned, fresh] = strideOf_.try_emplace(&a, *distance);
    if (!fresh) return *distance == k_ * learned->second;
    if (k_ != 1) return false;  // every node was met at k = 1
    if (*distance != 0) strides_.reads.emplace(&a, *distance);
    return true;
  }

  // An Integer literal's value, like a slot, lies k strides from the
  // first's. Both must fit 32 bits: a literal that does not is emitted on
  // its own, where it is reported.
  bool matchInteger(const flat::Expr& a, const flat::Expr& b) {
    if (!fitsInt32(a.integer) || !fitsInt32(b.integer)) return false;
    const int64_t distance = b.integer - a.integer;
    auto [learned, fresh] = strideOf_.try_emplace(&a, distance);
    if (!fresh) return distance == k_ * learned->second;
    if (k_ != 1) return false;
    if (distance != 0) strides_.literals.emplace(&a, distance);
    return true;
  }

  static bool fitsInt32(long long value) {
    return value >= std::numeric_limits<int32_t>::min() && value <= std::numeric_limits<int32_t>::max();
  }

  // Same shape, payload and source range; variables and Integer literals as
  // matchVar() and matchInteger() allow. Only kinds whose code depends on
  // nothing else qualify.
  bool matchExpr(const flat::Expr& a, const flat::Expr& b) {
    if (a.kind != b.kind || a.args.size() != b.args.size() || !sameRange(a.range, b.range))
      return false;
    if (a.kind == flat::ExprKind::Var) return matchVar(a, b);
    if (a.kind == flat::ExprKind::Integer) return matchInteger(a, b);
    if (!emittedAsIs(a.kind) || !sameNode(a, b)) return false;
    for (size_t i = 0; i < a.args.size(); ++i) {
      if (!a.args[i] || !b.args[i] || !matchExpr(*a.args[i], *b.args[i])) return false;
    }
    return true;
  }

  const Layout& layout_;
  RunStrides& strides_;
  std::unordered_map<const flat::Expr*, int64_t> strideOf_;  // every Var and Integer node, zero strides too
  int64_t k_ = 1;
};

}  // namespace

std::optional<AssignRun> findAssignRun(const Layout& layout,
                                       const std::vector<const causal::Block*>& blocks,
                                       size_t begin, size_t limit) {
  limit = std::min(limit, blocks.size());
  if (begin >= limit || limit - begin < kMinRunLength) return std::nullopt;
  const auto* first = std::get_if<causal::Assign>(blocks[begin]);
  if (!first) return std::nullopt;
  AssignRun run;
  RunMatcher matcher(layout, run.strides);
  run.end = begin + 1;
  while (run.end < limit) {
    const auto* next = std::get_if<causal::Assign>(blocks[run.end]);
    if (!next || !matcher.matches(*first, *next, static_cast<int64_t>(run.end - begin))) break;
    ++run.end;
  }
  if (run.end - begin < kMinRunLength) return std::nullopt;
  return run;
}

bool runWrites(const Layout& layout, const causal::Assign& first, size_t count,
               const RunStrides& strides, flat::VarId var) {
  if (var >= layout.positionOf.size() || first.target >= layout.positionOf.size()) return true;
  const VarInfo& target = layout.of(first.target);
  const VarInfo& read = layout.of(var);
  if (target.type != read.type) return false;
  const int64_t distance = int64_t{read.valueReference} - target.valueReference;
  if (strides.target == 0) return distance == 0;
  if (distance % strides.target != 0) return false;
  const int64_t k = distance / strides.target;
  return k >= 0 && k < static_cast<int64_t>(count);
}

}  // namespace smc::codegen
