// The hand-built functions of FunctionModels.h.
#include "FunctionModels.h"

namespace smc::codegen::testing {

using flat::BaseType;
using flat::Op;

flat::Statement assignStatement(VarId target, ExprPtr value) {
  flat::Statement s;
  s.kind = flat::StatementKind::Assign;
  s.target = target;
  s.value = std::move(value);
  return s;
}

flat::Statement whileStatement(ExprPtr condition, std::vector<flat::Statement> body) {
  flat::Statement s;
  s.kind = flat::StatementKind::While;
  s.conditions = {std::move(condition)};
  s.branches = {std::move(body)};
  return s;
}

flat::Statement forStatement(VarId iterator, ExprPtr start, ExprPtr step, ExprPtr stop,
                             std::vector<flat::Statement> body) {
  flat::Statement s;
  s.kind = flat::StatementKind::For;
  s.iterator = iterator;
  s.rangeStart = std::move(start);
  s.rangeStep = std::move(step);
  s.rangeStop = std::move(stop);
  s.branches = {std::move(body)};
  return s;
}

flat::Statement ifStatement(std::vector<ExprPtr> conditions,
                            std::vector<std::vector<flat::Statement>> branches) {
  flat::Statement s;
  s.kind = flat::StatementKind::If;
  s.conditions = std::move(conditions);
  s.branches = std::move(branches);
  return s;
}

flat::Statement jumpStatement(flat::StatementKind kind) {
  flat::Statement s;
  s.kind = kind;
  return s;
}

flat::Statement assertStatement(ExprPtr condition, const std::string& message,
                                flat::AssertLevel level) {
  flat::Statement s;
  s.kind = flat::StatementKind::Assert;
  s.value = std::move(condition);
  s.message = string(message);
  s.level = level;
  s.range = at(7, 5);
  return s;
}

VarId FunctionBuilder::add(const std::string& name, BaseType type, ExprPtr binding) {
  flat::Variable v;
  v.name = name;
  v.type = type;
  v.binding = std::move(binding);
  fn_.variables.push_back(std::move(v));
  return static_cast<VarId>(fn_.variables.size() - 1);
}

VarId FunctionBuilder::input(const std::string& name, BaseType type, ExprPtr defaultValue) {
  ++fn_.numInputs;
  VarId id = add(name, type, std::move(defaultValue));
  fn_.variables[id].causality = flat::Causality::Input;
  return id;
}

VarId FunctionBuilder::output(const std::string& name, BaseType type, ExprPtr binding) {
  ++fn_.numOutputs;
  VarId id = add(name, type, std::move(binding));
  fn_.variables[id].causality = flat::Causality::Output;
  return id;
}

VarId FunctionBuilder::local(const std::string& name, BaseType type, ExprPtr binding) {
  VarId id = add(name, type, std::move(binding));
  fn_.variables[id].isProtected = true;
  return id;
}

flat::Function newtonSqrt() {
  FunctionBuilder f("Lib.newtonSqrt");
  VarId a = f.input("a", BaseType::Real);
  VarId tolerance = f.input("tolerance", BaseType::Real, real(1e-13));
  VarId root = f.output("root", BaseType::Real);
  VarId previous = f.local("previous", BaseType::Real);
  f.body({
      assignStatement(root, ifExpr(binary(Op::Greater, var(a), real(1)), var(a), real(1))),
      assignStatement(previous, real(0)),
      whileStatement(
          binary(Op::Greater, call(flat::Builtin::Abs, {binary(Op::Sub, var(root), var(previous))}),
                 binary(Op::Mul, var(tolerance), var(root))),
          {assignStatement(previous, var(root)),
           assignStatement(root, binary(Op::Mul, real(0.5),
                                        binary(Op::Add, var(root),
                                               binary(Op::Div, var(a), var(root)))))}),
  });
  return f.build();
}

flat::Function isqrt() {
  FunctionBuilder f("Lib.isqrt");
  VarId n = f.input("n", BaseType::Integer);
  VarId r = f.output("r", BaseType::Integer, integer(0));
  VarId i = f.local("i", BaseType::Integer);
  f.body({forStatement(
      i, integer(0), nullptr, var(n),
      {ifStatement({binary(Op::Greater, binary(Op::Mul, var(i), var(i)), var(n))},
                   {{jumpStatement(flat::StatementKind::Break)}}),
       assignStatement(r, var(i))})});
  return f.build();
}

flat::Function stepSum() {
  FunctionBuilder f("Lib.stepSum");
  VarId a = f.input("a", BaseType::Integer);
  VarId s = f.input("s", BaseType::Integer);
  VarId b = f.input("b", BaseType::Integer);
  VarId total = f.output("total", BaseType::Integer, integer(0));
  VarId i = f.local("i", BaseType::Integer);
  flat::Statement loop = forStatement(i, var(a), var(s), var(b),
                                      {assignStatement(total, binary(Op::Add, var(total), var(i)))});
  loop.range = at(4, 3);
  f.body({loop});
  return f.build();
}

flat::Function divMod() {
  FunctionBuilder f("Lib.divMod");
  VarId a = f.input("a", BaseType::Integer);
  VarId b = f.input("b", BaseType::Integer);
  VarId q = f.output("q", BaseType::Integer);
  VarId r = f.output("r", BaseType::Integer);
  f.body({assignStatement(q, call(flat::Builtin::Div, {var(a), var(b)})),
          assignStatement(r, binary(Op::Sub, var(a), binary(Op::Mul, var(q), var(b)))),
          jumpStatement(flat::StatementKind::Return), assignStatement(r, integer(99))});
  return f.build();
}

flat::Function checkedSqrt(flat::AssertLevel level) {
  FunctionBuilder f("Lib.checkedSqrt");
  VarId x = f.input("x", BaseType::Real);
  VarId y = f.output("y", BaseType::Real);
  f.body({assertStatement(binary(Op::GreaterEq, var(x), real(0)), "x must not be negative", level),
          assignStatement(y, call(flat::Builtin::Sqrt, {var(x)}))});
  return f.build();
}

flat::Function isEven() {
  FunctionBuilder f("Lib.isEven");
  VarId n = f.input("n", BaseType::Integer);
  VarId even = f.output("even", BaseType::Boolean);
  f.body({assignStatement(
      even, binary(Op::Equal, call(flat::Builtin::Mod, {var(n), integer(2)}), integer(0)))});
  return f.build();
}

flat::Function factorial(uint32_t self) {
  FunctionBuilder f("Lib.factorial");
  VarId n = f.input("n", BaseType::Integer);
  VarId result = f.output("f", BaseType::Integer);
  f.body({ifStatement(
      {binary(Op::LessEq, var(n), integer(1))},
      {{assignStatement(result, integer(1))},
       {assignStatement(result,
                        binary(Op::Mul, var(n),
                               functionCall(self, {binary(Op::Sub, var(n), integer(1))})))}})});
  return f.build();
}

}  // namespace smc::codegen::testing
