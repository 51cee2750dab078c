// Types of flat expressions. Flattening uses them to check what the
// hybrid and algorithmic constructs require (Boolean conditions, arguments
// that fit a function's inputs, assignable values); later stages may use
// them to pick machine types. Rules follow spec 10.6 and 3.7: Integer
// arithmetic stays Integer except '/' and '^'; relations and logical
// operators are Boolean; the operators of chapter 8 keep their operand's
// type or are Boolean.
#include "flatten/FlatModel.h"

namespace smc::flat {

namespace {

// Integer when every operand is Integer, otherwise Real.
BaseType numeric(const std::vector<ExprPtr>& args, const FlatModel& model, const Function* function) {
  for (const ExprPtr& arg : args)
    if (typeOf(*arg, model, function) != BaseType::Integer) return BaseType::Real;
  return BaseType::Integer;
}

}  // namespace

const char* toString(BaseType type) {
  switch (type) {
    case BaseType::Real: return "Real";
    case BaseType::Integer: return "Integer";
    case BaseType::Boolean: return "Boolean";
    case BaseType::String: return "String";
    case BaseType::Clock: return "Clock";
    case BaseType::ExternalObject: return "ExternalObject";
  }
  return "?";
}

bool isAssignable(BaseType target, BaseType value) {
  return target == value || (target == BaseType::Real && value == BaseType::Integer);
}

BaseType typeOf(const Expr& e, const FlatModel& model, const Function* function) {
  switch (e.kind) {
    case ExprKind::Real: return BaseType::Real;
    case ExprKind::Integer: return BaseType::Integer;
    case ExprKind::Boolean: return BaseType::Boolean;
    case ExprKind::String: return BaseType::String;
    case ExprKind::Var: {
      const std::vector<Variable>& table = function ? function->variables : model.variables;
      return e.var < table.size() ? table[e.var].type : BaseType::Real;
    }
    case ExprKind::Time: return BaseType::Real;
    case ExprKind::Unary:
      return e.op == Op::Not ? BaseType::Boolean : typeOf(*e.args[0], model, function);
    case ExprKind::Binary:
      switch (e.op) {
        case Op::Less: case Op::LessEq: case Op::Greater: case Op::GreaterEq:
        case Op::Equal: case Op::NotEqual: case Op::And: case Op::Or: case Op::Not:
          return BaseType::Boolean;
        case Op::Div: case Op::Pow: return BaseType::Real;
        case Op::Add: {
          // The left operand's type is computed once: asking twice per level
          // made a chain of n additions cost 2^n.
          BaseType left = typeOf(*e.args[0], model, function);
          if (left == BaseType::String) return BaseType::String;
          if (left != BaseType::Integer) return BaseType::Real;
          return typeOf(*e.args[1], model, function) == BaseType::Integer ? BaseType::Integer
                                                                          : BaseType::Real;
        }
        case Op::Sub: case Op::Mul: case Op::Negate:
          return numeric(e.args, model, function);
      }
      return BaseType::Real;
    case ExprKind::Call:
      switch (e.fn) {
        case Builtin::Abs: case Builtin::Min: case Builtin::Max: case Builtin::Div:
        case Builtin::Mod: case Builtin::Rem:
          return numeric(e.args, model, function);
        case Builtin::Sign: case Builtin::Integer: return BaseType::Integer;
        case Builtin::NoEvent: return typeOf(*e.args[0], model, function);
        case Builtin::Smooth: return typeOf(*e.args[1], model, function);
        case Builtin::Sqrt: case Builtin::Sin: case Builtin::Cos: case Builtin::Tan:
        case Builtin::Asin: case Builtin::Acos: case Builtin::Atan: case Builtin::Atan2:
        case Builtin::Sinh: case Builtin::Cosh: case Builtin::Tanh: case Builtin::Exp:
        case Builtin::Log: case Builtin::Log10: case Builtin::Floor: case Builtin::Ceil:
        case Builtin::SemiLinear:
          return BaseType::Real;
        case Builtin::String:
        case Builtin::StringFormat: return BaseType::String;
      }
      return BaseType::Real;
    case ExprKind::If: {
      BaseType a = typeOf(*e.args[1], model, function);
      BaseType b = typeOf(*e.args[2], model, function);
      if (a == b) return a;
      return BaseType::Real;  // Integer and Real branches: the Integer one is converted
    }
    case ExprKind::Der:
    case ExprKind::Delay: return BaseType::Real;
    case ExprKind::Pre: return typeOf(*e.args[0], model, function);
    case ExprKind::Initial:
    case ExprKind::Terminal:
    case ExprKind::Sample:
      return BaseType::Boolean;
    case ExprKind::FunctionCall: {
      if (e.function >= model.functions.size()) return BaseType::Real;
      const Function& callee = model.functions[e.function];
      size_t slot = callee.numInputs + e.output;
      return slot < callee.variables.size() ? callee.variables[slot].type : BaseType::Real;
    }
    case ExprKind::Tuple: return BaseType::Real;  // not a value
    case ExprKind::Element: {
      auto declared = static_cast<size_t>(e.integer);
      if (!function || declared >= function->declared.size()) return BaseType::Real;
      VarId first = function->declared[declared].first;
      return first < function->variables.size() ? function->variables[first].type : BaseType::Real;
    }
    case ExprKind::ClockConstructor: return BaseType::Clock;
    case ExprKind::ActiveState: return BaseType::Boolean;
    case ExprKind::TicksInState: return BaseType::Integer;
    case ExprKind::TimeInState: return BaseType::Real;
    case ExprKind::ClockOp:
      switch (e.clockOp) {
        case ClockOperator::Interval: return BaseType::Real;
        case ClockOperator::FirstTick: return BaseType::Boolean;
        case ClockOperator::Sample: case ClockOperator::Hold: case ClockOperator::Previous:
        case ClockOperator::SubSample: case ClockOperator::SuperSample:
        case ClockOperator::ShiftSample: case ClockOperator::BackSample: case ClockOperator::NoClock:
          // The operand's type: a sub-sampled Clock is a Clock, a sampled Real a Real.
          return e.args.empty() ? BaseType::Real : typeOf(*e.args[0], model, function);
      }
      return BaseType::Real;
  }
  return BaseType::Real;
}

}  // namespace smc::flat
