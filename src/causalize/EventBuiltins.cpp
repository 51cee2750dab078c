// Event-generating built-ins (spec 3.7.1.1): outside noEvent(), floor(x),
// ceil(x), integer(x), div(x, y), mod(x, y) and rem(x, y) generate events
// where their integer part would jump, and keep their value between events.
//
// When an operand varies continuously, that integer part (floor(x), ceil(x),
// integer(x), div(x, y), floor(x/y) for mod, div(x, y) for rem) becomes a
// hidden discrete variable k, recomputed in event mode like a relation and
// frozen while the solver integrates; mod and rem become x - k*y. The
// solver watches the two ends of the interval on which the integer part is
// still k, with q = x (or x/y):
//   floor, integer, mod   k <= q < k + 1     indicators q - k, q - (k + 1)
//   ceil                  k - 1 < q <= k     indicators q - k, q - (k - 1)
//   div, rem (truncation) k <= q < k + 1 for k > 0, k - 1 < q <= k for
//                         k < 0, -1 < q < 1 for k = 0: indicators
//                         q - (k > 0 ? k : k - 1), q - (k < 0 ? k : k + 1)
// An indicator that is zero right after an event (q exactly an integer) is
// watched by the runtime until it leaves zero (runtime/src/events.c).
#include "causalize/EventRewriter.h"

namespace smc::causal {

namespace {

using flat::Builtin;

bool generatesEvents(Builtin fn) {
  switch (fn) {
    case Builtin::Floor:
    case Builtin::Ceil:
    case Builtin::Integer:
    case Builtin::Div:
    case Builtin::Mod:
    case Builtin::Rem: return true;
    default: return false;
  }
}

bool takesTwoArguments(Builtin fn) { return fn == Builtin::Div || fn == Builtin::Mod || fn == Builtin::Rem; }

// How the integer part rounds the quotient.
enum class Rounding { Down, Up, TowardZero };

ExprPtr plus(const ExprPtr& held, long long offset, SourceRange range) {
  return flat::makeBinary(offset < 0 ? flat::Op::Sub : flat::Op::Add, held,
                          flat::makeInteger(offset < 0 ? -offset : offset, range), range);
}

// The bounds of the interval on which `held` is still the integer part of
// `quotient`, as indicators that stay away from zero inside it.
std::vector<ExprPtr> intervalEnds(const ExprPtr& quotient, const ExprPtr& held, Rounding rounding,
                                  SourceRange range) {
  auto minus = [&](const ExprPtr& bound) { return flat::makeBinary(flat::Op::Sub, quotient, bound, range); };
  switch (rounding) {
    case Rounding::Down: return {minus(held), minus(plus(held, 1, range))};
    case Rounding::Up: return {minus(held), minus(plus(held, -1, range))};
    case Rounding::TowardZero: {
      const ExprPtr zero = flat::makeInteger(0, range);
      ExprPtr lower = flat::makeIf(flat::makeBinary(flat::Op::Greater, held, zero, range), held,
                                   plus(held, -1, range), range);
      ExprPtr upper = flat::makeIf(flat::makeBinary(flat::Op::Less, held, zero, range), held,
                                   plus(held, 1, range), range);
      return {minus(lower), minus(upper)};
    }
  }
  return {};
}

}  // namespace

bool EventRewriter::isEventBuiltin(const flat::Expr& e) const {
  if (e.kind != flat::ExprKind::Call || !generatesEvents(e.fn)) return false;
  // A call of the wrong arity is left for code generation to report.
  if (e.args.size() != (takesTwoArguments(e.fn) ? 2u : 1u)) return false;
  bool varies = false;
  for (const ExprPtr& arg : e.args) {
    if (!arg) return false;
    varies = varies || variesContinuously(*arg);
  }
  return varies;
}

ExprPtr EventRewriter::eventBuiltinValue(const ExprPtr& call) {
  const SourceRange range = call->range;
  const ExprPtr& x = call->args[0];
  const ExprPtr y = takesTwoArguments(call->fn) ? call->args[1] : nullptr;
  const ExprPtr quotient = y ? flat::makeBinary(flat::Op::Div, x, y, range) : x;
  ExprPtr update = call;
  Rounding rounding = Rounding::Down;
  switch (call->fn) {
    case Builtin::Ceil: rounding = Rounding::Up; break;
    case Builtin::Div: rounding = Rounding::TowardZero; break;
    case Builtin::Mod: update = flat::makeCall(Builtin::Floor, {quotient}, range); break;
    case Builtin::Rem:
      update = flat::makeCall(Builtin::Div, {x, y}, range);
      rounding = Rounding::TowardZero;
      break;
    default: break;
  }
  // With a continuously varying operand the value is Real, but for integer().
  const flat::BaseType type = call->fn == Builtin::Integer ? flat::BaseType::Integer : flat::BaseType::Real;
  const char* prefix = call->fn == Builtin::Integer ? "integer" : "quotient";
  ExprPtr held = heldVariable(update, type, prefix, [&](const ExprPtr& k) {
    return intervalEnds(quotient, k, rounding, range);
  });
  if (call->fn != Builtin::Mod && call->fn != Builtin::Rem) return held;
  return flat::makeBinary(flat::Op::Sub, x, flat::makeBinary(flat::Op::Mul, held, y, range), range);
}

}  // namespace smc::causal
