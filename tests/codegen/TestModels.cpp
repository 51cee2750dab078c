// The hand-built causal models of TestModels.h. Blocks are listed the way
// the causalizer sorts them: initialization runs calculated parameters, then
// the initialization system, in which a state with a literal fixed start is
// known (it keeps its start value) and one with a non-literal start gets
// `x := start`; derivativeBlocks compute der(x); outputBlocks the rest.
#include "TestModels.h"

namespace smc::codegen::testing {

namespace {

ExprPtr make(flat::Expr e) { return std::make_shared<const flat::Expr>(std::move(e)); }

flat::Expr node(flat::ExprKind kind) {
  flat::Expr e{};
  e.kind = kind;
  return e;
}

}  // namespace

ExprPtr real(double value) {
  flat::Expr e = node(flat::ExprKind::Real);
  e.real = value;
  return make(std::move(e));
}

ExprPtr integer(long long value) {
  flat::Expr e = node(flat::ExprKind::Integer);
  e.integer = value;
  return make(std::move(e));
}

ExprPtr boolean(bool value) {
  flat::Expr e = node(flat::ExprKind::Boolean);
  e.boolean = value;
  return make(std::move(e));
}

ExprPtr var(VarId id) {
  flat::Expr e = node(flat::ExprKind::Var);
  e.var = id;
  return make(std::move(e));
}

ExprPtr timeExpr() { return make(node(flat::ExprKind::Time)); }

ExprPtr unary(flat::Op op, ExprPtr operand) {
  flat::Expr e = node(flat::ExprKind::Unary);
  e.op = op;
  e.args = {std::move(operand)};
  return make(std::move(e));
}

ExprPtr binary(flat::Op op, ExprPtr lhs, ExprPtr rhs) {
  flat::Expr e = node(flat::ExprKind::Binary);
  e.op = op;
  e.args = {std::move(lhs), std::move(rhs)};
  return make(std::move(e));
}

ExprPtr call(flat::Builtin fn, std::vector<ExprPtr> args) {
  flat::Expr e = node(flat::ExprKind::Call);
  e.fn = fn;
  e.args = std::move(args);
  return make(std::move(e));
}

ExprPtr ifExpr(ExprPtr condition, ExprPtr then, ExprPtr otherwise) {
  flat::Expr e = node(flat::ExprKind::If);
  e.args = {std::move(condition), std::move(then), std::move(otherwise)};
  return make(std::move(e));
}

ExprPtr der(ExprPtr operand) {
  flat::Expr e = node(flat::ExprKind::Der);
  e.args = {std::move(operand)};
  return make(std::move(e));
}

ExprPtr pre(VarId id) {
  flat::Expr e = node(flat::ExprKind::Pre);
  e.args = {var(id)};
  return make(std::move(e));
}

ExprPtr initialExpr() { return make(node(flat::ExprKind::Initial)); }

ExprPtr string(const std::string& text) {
  flat::Expr e = node(flat::ExprKind::String);
  e.text = text;
  return make(std::move(e));
}

ExprPtr functionCall(uint32_t function, std::vector<ExprPtr> args, uint32_t output) {
  flat::Expr e = node(flat::ExprKind::FunctionCall);
  e.function = function;
  e.output = output;
  e.args = std::move(args);
  return make(std::move(e));
}

SourceRange at(uint32_t line, uint32_t column) {
  SourceRange r;
  r.begin = {0, line, column};
  r.end = {0, line, column + 1};
  return r;
}

ExprPtr located(ExprPtr e, SourceRange range) {
  flat::Expr copy = *e;
  copy.range = range;
  return make(std::move(copy));
}

causal::Assign assign(VarId target, ExprPtr value, SourceRange range) {
  return causal::Assign{target, std::move(value), range};
}

ModelBuilder::ModelBuilder(std::string name) { model_.flat.name = std::move(name); }

VarId ModelBuilder::add(flat::Variable variable, causal::Role role) {
  model_.flat.variables.push_back(std::move(variable));
  model_.roles.push_back(role);
  return static_cast<VarId>(model_.flat.variables.size() - 1);
}

VarId ModelBuilder::parameter(const std::string& name, ExprPtr binding, flat::BaseType type) {
  flat::Variable v;
  v.name = name;
  v.type = type;
  v.variability = flat::Variability::Parameter;
  v.binding = std::move(binding);
  return add(std::move(v), causal::Role::Parameter);
}

VarId ModelBuilder::calculatedParameter(const std::string& name, ExprPtr binding) {
  flat::Variable v;
  v.name = name;
  v.variability = flat::Variability::Parameter;
  v.binding = std::move(binding);
  return add(std::move(v), causal::Role::CalculatedParameter);
}

VarId ModelBuilder::constant(const std::string& name, ExprPtr value, flat::BaseType type) {
  flat::Variable v;
  v.name = name;
  v.type = type;
  v.variability = flat::Variability::Constant;
  v.binding = std::move(value);
  return add(std::move(v), causal::Role::Constant);
}

VarId ModelBuilder::input(const std::string& name, ExprPtr start, flat::BaseType type) {
  flat::Variable v;
  v.name = name;
  v.type = type;
  v.causality = flat::Causality::Input;
  v.variability =
      type == flat::BaseType::Real ? flat::Variability::Continuous : flat::Variability::Discrete;
  v.attributes.start = std::move(start);
  return add(std::move(v), causal::Role::Input);
}

VarId ModelBuilder::state(const std::string& name, ExprPtr start, bool output) {
  flat::Variable v;
  v.name = name;
  v.causality = output ? flat::Causality::Output : flat::Causality::Local;
  v.attributes.start = std::move(start);
  v.attributes.fixed = true;
  return add(std::move(v), causal::Role::State);
}

VarId ModelBuilder::derivative(VarId state) {
  flat::Variable v;
  v.name = "der(" + model_.flat.variables[state].name + ")";
  VarId id = add(std::move(v), causal::Role::Derivative);
  model_.states.push_back(state);
  model_.derivatives.push_back(id);
  return id;
}

VarId ModelBuilder::algebraic(const std::string& name, bool output, flat::BaseType type) {
  flat::Variable v;
  v.name = name;
  v.type = type;
  v.causality = output ? flat::Causality::Output : flat::Causality::Local;
  v.variability =
      type == flat::BaseType::Real ? flat::Variability::Continuous : flat::Variability::Discrete;
  return add(std::move(v), causal::Role::Algebraic);
}

VarId ModelBuilder::discrete(const std::string& name, flat::BaseType type, ExprPtr start,
                             bool output) {
  flat::Variable v;
  v.name = name;
  v.type = type;
  v.causality = output ? flat::Causality::Output : flat::Causality::Local;
  v.variability = flat::Variability::Discrete;
  v.attributes.start = std::move(start);
  v.attributes.fixed = true;
  return add(std::move(v), causal::Role::Discrete);
}

VarId ModelBuilder::hidden(const std::string& name, flat::BaseType type) {
  flat::Variable v;
  v.name = name;
  v.type = type;
  v.variability = flat::Variability::Discrete;
  v.isHidden = true;
  return add(std::move(v), causal::Role::Discrete);
}

causal::CausalModel dahlquist(const std::string& name) {
  using flat::Op;
  ModelBuilder m(name);
  VarId k = m.parameter("k", real(1.5));
  VarId x = m.state("x", real(1.0));
  VarId y = m.algebraic("y", true);
  VarId dx = m.derivative(x);
  m.variable(x).description = "the state";
  auto& model = m.model();
  ExprPtr rhs = unary(Op::Negate, binary(Op::Mul, var(k), var(x)));
  ExprPtr output = binary(Op::Mul, real(2.0), var(x));
  model.initialization = {assign(dx, rhs), assign(y, output)};
  model.derivativeBlocks = {assign(dx, rhs)};
  model.outputBlocks = {assign(y, output)};
  model.flat.experiment.stopTime = 1.0;
  model.flat.experiment.tolerance = 1e-10;
  return model;
}

causal::CausalModel algebraicLoop(const std::string& name) {
  using flat::Op;
  ModelBuilder m(name);
  VarId x = m.state("x", real(1.0));
  VarId a = m.algebraic("a", false);
  VarId b = m.algebraic("b", false);
  VarId y = m.algebraic("y", true);
  VarId dx = m.derivative(x);
  m.variable(a).attributes.start = real(1.0);
  m.variable(b).attributes.start = real(1.0);
  auto& model = m.model();
  causal::AlgebraicLoop loop;
  loop.unknowns = {a, b};
  loop.residuals = {binary(Op::Sub, binary(Op::Mul, var(a), var(b)), var(x)),
                    binary(Op::Sub, var(a), var(b))};
  loop.ranges = {at(5, 3), at(6, 3)};
  ExprPtr rhs = unary(Op::Negate, var(a));
  model.initialization = {loop, assign(dx, rhs), assign(y, var(b))};
  model.derivativeBlocks = {loop, assign(dx, rhs)};
  model.outputBlocks = {assign(y, var(b))};
  model.flat.experiment.tolerance = 1e-10;
  return model;
}

causal::CausalModel parameterChain(const std::string& name) {
  using flat::Op;
  ModelBuilder m(name);
  VarId p = m.parameter("p", real(2.0));
  VarId q = m.calculatedParameter("q", binary(Op::Mul, real(2.0), var(p)));
  VarId x = m.state("x", var(p));
  VarId y = m.algebraic("y", true);
  VarId dx = m.derivative(x);
  auto& model = m.model();
  ExprPtr rhs = unary(Op::Negate, binary(Op::Mul, var(q), var(x)));
  model.initialization = {assign(q, model.flat.variables[q].binding), assign(x, var(p)),
                          assign(dx, rhs), assign(y, var(x))};
  model.derivativeBlocks = {assign(dx, rhs)};
  model.outputBlocks = {assign(y, var(x))};
  model.flat.experiment.tolerance = 1e-10;
  return model;
}

}  // namespace smc::codegen::testing
