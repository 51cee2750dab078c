// Finding runs of assignments (see AssignRuns.h).
#include "codegen/AssignRuns.h"

#include "codegen/ExprEquality.h"

#include <bit>
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

// Built-ins whose code on Real arguments reports nothing at run time.
bool quietOnReals(flat::Builtin fn) {
  switch (fn) {
    case flat::Builtin::Abs:
    case flat::Builtin::Sign:
    case flat::Builtin::Sqrt:
    case flat::Builtin::Sin:
    case flat::Builtin::Cos:
    case flat::Builtin::Tan:
    case flat::Builtin::Asin:
    case flat::Builtin::Acos:
    case flat::Builtin::Atan:
    case flat::Builtin::Atan2:
    case flat::Builtin::Sinh:
    case flat::Builtin::Cosh:
    case flat::Builtin::Tanh:
    case flat::Builtin::Exp:
    case flat::Builtin::Log:
    case flat::Builtin::Log10:
    case flat::Builtin::Min:
    case flat::Builtin::Max:
    case flat::Builtin::NoEvent:
    case flat::Builtin::Smooth:
    case flat::Builtin::SemiLinear: return true;
    default: return false;
  }
}

// What one walk of a tree finds out (see quotesLocation below).
struct Quoting {
  bool quotes = false;       // some node's code may quote its location
  bool mayBeInteger = false;  // the tree's value may be an Integer
};

// Whether the code of `e` may quote a node's source location at run time,
// bottom-up in one walk. Integer arithmetic does (an overflow or a zero
// divisor names the expression's location, IrIntegerArithmetic.cpp), and
// so may any call but the built-ins that are quiet on Reals. A tree that
// quotes nothing compiles to the same code whatever its locations, so the
// assignments of scalar equations written one by one (`der(x_2) = x_1 -
// x_2;` ...) may form a run although each has its own line. Whether a
// value may be an Integer is a conservative guess: a call or an If counts.
Quoting quoting(const Layout& layout, const flat::Expr& e) {
  Quoting result;
  bool anyInteger = false, allInteger = true;
  for (const flat::ExprPtr& arg : e.args) {
    if (!arg) continue;
    const Quoting inner = quoting(layout, *arg);
    result.quotes |= inner.quotes;
    anyInteger |= inner.mayBeInteger;
    allInteger &= inner.mayBeInteger;
  }
  switch (e.kind) {
    case flat::ExprKind::Integer: result.mayBeInteger = true; break;
    case flat::ExprKind::Real:
    case flat::ExprKind::Boolean:
    case flat::ExprKind::Time: break;
    case flat::ExprKind::Var:
      result.mayBeInteger =
          e.var >= layout.positionOf.size() || layout.of(e.var).type != flat::BaseType::Real;
      break;
    case flat::ExprKind::Unary:
      // -n of an Integer checks for overflow; `not` is Boolean.
      result.mayBeInteger = e.op == flat::Op::Negate && anyInteger;
      result.quotes |= result.mayBeInteger;
      break;
    case flat::ExprKind::Binary: {
      const bool checked = e.op == flat::Op::Add || e.op == flat::Op::Sub || e.op == flat::Op::Mul;
      result.mayBeInteger = checked && allInteger && !e.args.empty();
      result.quotes |= result.mayBeInteger;
      break;
    }
    case flat::ExprKind::Call:
      result.mayBeInteger = true;
      result.quotes |= !quietOnReals(e.fn) || anyInteger;
      break;
    case flat::ExprKind::Pre: result.mayBeInteger = anyInteger; break;
    case flat::ExprKind::If: result.mayBeInteger = true; break;
    case flat::ExprKind::Initial:
    case flat::ExprKind::Terminal: break;
    default:
      result.quotes = true;
      result.mayBeInteger = true;
  }
  return result;
}

bool quotesLocation(const Layout& layout, const flat::Expr& e) { return quoting(layout, e).quotes; }

// Compares the run's first assignment with its k-th (k >= 1). The first
// comparison (k = 1) learns every node's stride; later ones check that the
// k-th assignment's slots lie k strides away.
class RunMatcher {
public:
  RunMatcher(const Layout& layout, RunStrides& strides) : layout_(layout), strides_(strides) {}

  bool matches(const causal::Assign& first, const causal::Assign& other, int64_t k) {
    k_ = k;
    if (!first.value || !other.value) return false;
    if (k == 1)
      rangesMayDiffer_ = first.target < layout_.positionOf.size() &&
                         layout_.of(first.target).type == flat::BaseType::Real &&
                         !quotesLocation(layout_, *first.value);
    if (!rangesMayDiffer_ && !sameRange(first.range, other.range)) return false;
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

  // A Real literal matches any Real literal: where the values differ (bit
  // for bit), the node gets a table of every assignment's node, the
  // earlier ones (equal to the first) included.
  bool matchReal(const flat::Expr& a, const flat::Expr& b) {
    auto table = strides_.realTables.find(&a);
    if (table == strides_.realTables.end()) {
      if (std::bit_cast<uint64_t>(a.real) == std::bit_cast<uint64_t>(b.real)) return true;
      std::vector<const flat::Expr*> column(static_cast<size_t>(k_), &a);
      column.push_back(&b);
      strides_.realTables.emplace(&a, std::move(column));
      return true;
    }
    std::vector<const flat::Expr*>& column = table->second;
    const size_t k = static_cast<size_t>(k_);
    if (column.size() == k) {
      column.push_back(&b);
      return true;
    }
    // A node met twice in one assignment: the same value both times.
    return column.size() == k + 1 &&
           std::bit_cast<uint64_t>(column[k]->real) == std::bit_cast<uint64_t>(b.real);
  }

  static bool fitsInt32(long long value) {
    return value >= std::numeric_limits<int32_t>::min() && value <= std::numeric_limits<int32_t>::max();
  }

  // Same shape, payload and source range (unless no node quotes its
  // location); variables and Integer literals as
  // matchVar() and matchInteger() allow. Only kinds whose code depends on
  // nothing else qualify.
  bool matchExpr(const flat::Expr& a, const flat::Expr& b) {
    if (a.kind != b.kind || a.args.size() != b.args.size()) return false;
    if (!rangesMayDiffer_ && !sameRange(a.range, b.range)) return false;
    if (a.kind == flat::ExprKind::Var) return matchVar(a, b);
    if (a.kind == flat::ExprKind::Integer) return matchInteger(a, b);
    if (a.kind == flat::ExprKind::Real) return matchReal(a, b);
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
  bool rangesMayDiffer_ = false;  // learned from the first assignment
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
  // The comparison that ended the run may have added to the tables.
  for (auto& [node, column] : run.strides.realTables) column.resize(run.end - begin);
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
