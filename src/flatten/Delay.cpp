// delay(expr, delayTime, delayMax) (spec 3.7.4.1): checked here and kept as
// a Delay expression per scalar of expr; the causalizer gives each one its
// history buffer (src/causalize/Delays.h) and the runtime keeps the buffer
// (runtime/src/delay_buffer.c).
#include "flatten/Flattener.h"

#include <fmt/format.h>

namespace smc::flatten {

std::optional<Value> Flattener::lowerDelay(const ast::Expr& call, const Scope& scope) {
  const SourceRange r = call.range;
  if (scope.function) {
    diags_.error(r, "delay() cannot be used inside a function: a function has no past (spec 12.2)");
    return std::nullopt;
  }
  if (!call.named.empty()) {
    diags_.errorf(call.named[0].range, "unexpected named argument '{}' in a call to 'delay'", call.named[0].name);
    return std::nullopt;
  }
  if (call.args.size() < 2 || call.args.size() > 3) {
    diags_.errorf(r, "'delay' takes 2 or 3 arguments (expr, delayTime, delayMax), {} given", call.args.size());
    return std::nullopt;
  }
  auto value = lower(*call.args[0], scope);
  if (!value) return std::nullopt;
  for (const flat::ExprPtr& e : value->elements)
    if (flat::BaseType type = typeOf(*e, scope); type != flat::BaseType::Real && type != flat::BaseType::Integer) {
      diags_.errorf(call.args[0]->range, "the expression delay() delays must be Real, not {}", flat::toString(type));
      return std::nullopt;
    }
  flat::ExprPtr delayTime =
      expectScalar(lower(*call.args[1], scope), flat::BaseType::Real, call.args[1]->range, "the delay time", scope);
  if (!delayTime) return std::nullopt;
  // The largest delay bounds the history the runtime keeps, so it must be
  // known before the simulation starts.
  const ast::Expr& bound = *call.args[call.args.size() == 3 ? 2 : 1];
  flat::ExprPtr delayMax = delayTime;
  if (call.args.size() == 3) {
    delayMax = expectScalar(lower(bound, scope), flat::BaseType::Real, bound.range, "delayMax", scope);
    if (!delayMax) return std::nullopt;
  }
  if (!isParameterExpression(*delayMax, scope)) {
    diags_.error(bound.range, call.args.size() == 3
                                  ? "delayMax of delay() must be a parameter expression (spec 3.7.4.1)"
                                  : "the delay time of delay(expr, delayTime) must be a parameter expression; "
                                    "a delay time that varies needs delayMax, delay(expr, delayTime, delayMax) "
                                    "(spec 3.7.4.1)");
    return std::nullopt;
  }
  for (flat::ExprPtr& e : value->elements) e = flat::makeDelay(e, delayTime, delayMax, r);
  return value;
}

}  // namespace smc::flatten
