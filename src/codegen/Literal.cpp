// Recognising literal values (see Literal.h). Constants are followed through
// their bindings with a depth limit so that a cyclic binding, which later
// stages should have rejected, cannot recurse forever.
#include "codegen/Literal.h"

#include <limits>

namespace smc::codegen {

Literal Literal::ofReal(double value) {
  Literal l;
  l.type = flat::BaseType::Real;
  l.real = value;
  return l;
}

Literal Literal::ofInteger(int32_t value) {
  Literal l;
  l.type = flat::BaseType::Integer;
  l.integer = value;
  return l;
}

Literal Literal::ofBoolean(bool value) {
  Literal l;
  l.type = flat::BaseType::Boolean;
  l.boolean = value;
  return l;
}

Literal Literal::ofString(std::string value) {
  Literal l;
  l.type = flat::BaseType::String;
  l.text = std::move(value);
  return l;
}

std::optional<Literal> Literal::convertedTo(flat::BaseType target) const {
  if (type == target) return *this;
  if (type == flat::BaseType::Integer && target == flat::BaseType::Real)
    return ofReal(static_cast<double>(integer));
  return std::nullopt;
}

Literal defaultLiteral(flat::BaseType type) {
  switch (type) {
    case flat::BaseType::Integer: return Literal::ofInteger(0);
    case flat::BaseType::Boolean: return Literal::ofBoolean(false);
    case flat::BaseType::String: return Literal::ofString("");
    case flat::BaseType::Real:
    case flat::BaseType::Clock:
    case flat::BaseType::ExternalObject: return Literal::ofReal(0);  // never stored (IrCallbacks.cpp)
  }
  return Literal::ofReal(0);
}

namespace {

constexpr int kMaxConstantDepth = 64;

std::optional<Literal> fold(const flat::Expr& e, const causal::CausalModel& model, int depth) {
  if (depth > kMaxConstantDepth) return std::nullopt;
  switch (e.kind) {
    case flat::ExprKind::Real: return Literal::ofReal(e.real);
    case flat::ExprKind::Integer:
      if (e.integer < std::numeric_limits<int32_t>::min() ||
          e.integer > std::numeric_limits<int32_t>::max())
        return std::nullopt;
      return Literal::ofInteger(static_cast<int32_t>(e.integer));
    case flat::ExprKind::Boolean: return Literal::ofBoolean(e.boolean);
    case flat::ExprKind::String: return Literal::ofString(e.text);
    case flat::ExprKind::Unary: {
      if (e.op != flat::Op::Negate || e.args.size() != 1 || !e.args[0]) return std::nullopt;
      std::optional<Literal> operand = fold(*e.args[0], model, depth + 1);
      if (!operand) return std::nullopt;
      if (operand->type == flat::BaseType::Real) return Literal::ofReal(-operand->real);
      if (operand->type == flat::BaseType::Integer &&
          operand->integer != std::numeric_limits<int32_t>::min())
        return Literal::ofInteger(-operand->integer);
      return std::nullopt;
    }
    case flat::ExprKind::Var: {
      if (e.var >= model.flat.variables.size() || e.var >= model.roles.size()) return std::nullopt;
      if (model.roles[e.var] != causal::Role::Constant) return std::nullopt;
      const flat::Variable& v = model.flat.variables[e.var];
      const flat::ExprPtr& value = v.binding ? v.binding : v.attributes.start;
      if (!value) return std::nullopt;
      std::optional<Literal> folded = fold(*value, model, depth + 1);
      if (!folded) return std::nullopt;
      return folded->convertedTo(v.type);
    }
    case flat::ExprKind::Time:
    case flat::ExprKind::Binary:
    case flat::ExprKind::Call:
    case flat::ExprKind::If:
    case flat::ExprKind::Der:
    case flat::ExprKind::Pre:
    case flat::ExprKind::Delay:
    case flat::ExprKind::Initial:
    case flat::ExprKind::Terminal:
    case flat::ExprKind::Sample:
    case flat::ExprKind::FunctionCall:
    case flat::ExprKind::Tuple:
    case flat::ExprKind::Element:
    case flat::ExprKind::ClockConstructor:
    case flat::ExprKind::ClockOp:
    case flat::ExprKind::ActiveState:
    case flat::ExprKind::TicksInState:
    case flat::ExprKind::TimeInState: return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace

std::optional<Literal> foldLiteral(const flat::ExprPtr& expr, const causal::CausalModel& model) {
  if (!expr) return std::nullopt;
  return fold(*expr, model, 0);
}

}  // namespace smc::codegen
