// The hand-built hybrid models of HybridModels.h. As in TestModels.cpp,
// the block lists are what the causalizer produces: initialization runs
// every block once (when-blocks fire only through branches active at
// initialization), continuous lists hold no when-blocks, eventBlocks hold
// one event iteration.
#include "HybridModels.h"

namespace smc::codegen::testing {

namespace {

using flat::Op;

causal::Sample sampleOf(VarId flag, VarId counter, ExprPtr start, ExprPtr interval) {
  causal::Sample s;
  s.flag = flag;
  s.counter = counter;
  s.start = std::move(start);
  s.interval = std::move(interval);
  return s;
}

flat::Action assignAction(VarId target, ExprPtr value) {
  flat::Action a;
  a.kind = flat::ActionKind::Assign;
  a.target = target;
  a.value = std::move(value);
  return a;
}

flat::Action reinitAction(VarId target, ExprPtr value) {
  flat::Action a = assignAction(target, std::move(value));
  a.kind = flat::ActionKind::Reinit;
  return a;
}

causal::WhenBlock::Branch branch(std::vector<VarId> conditions, std::vector<flat::Action> actions,
                                 bool atInitialization = false) {
  causal::WhenBlock::Branch b;
  b.conditionVars = std::move(conditions);
  b.actions = std::move(actions);
  b.activeAtInitialization = atInitialization;
  return b;
}

}  // namespace

causal::CausalModel bouncingBall(const std::string& name) {
  ModelBuilder m(name);
  VarId g = m.parameter("g", real(9.81));
  VarId e = m.parameter("e", real(0.7));
  VarId h = m.state("h", real(1.0));
  VarId v = m.state("v", real(0.0));
  VarId height = m.algebraic("height", true);
  VarId bounces = m.discrete("bounces", flat::BaseType::Integer, integer(0), false);
  VarId dh = m.derivative(h);
  VarId dv = m.derivative(v);
  VarId relation = m.hidden("h <= 0", flat::BaseType::Boolean);
  VarId condition = m.hidden("$cond0", flat::BaseType::Boolean);
  auto& model = m.model();

  causal::WhenBlock when;
  when.branches = {branch({condition},
                          {reinitAction(v, unary(Op::Negate, binary(Op::Mul, var(e), pre(v)))),
                           assignAction(bounces, binary(Op::Add, pre(bounces), integer(1)))})};
  when.targets = {bounces};
  const causal::Assign velocity = assign(dh, var(v));
  const causal::Assign gravity = assign(dv, unary(Op::Negate, var(g)));
  const causal::Assign relate = assign(relation, binary(Op::LessEq, var(h), real(0.0)));
  const causal::Assign conditionIs = assign(condition, var(relation));
  const causal::Assign output = assign(height, var(h));
  model.initialization = {velocity, gravity, relate, conditionIs, when, output};
  model.derivativeBlocks = {velocity, gravity};
  model.outputBlocks = {output};
  model.zeroCrossings = {causal::ZeroCrossing{relation, binary(Op::Sub, var(h), real(0.0)), {}}};
  model.eventBlocks = {velocity, gravity, relate, conditionIs, when, output};
  model.flat.experiment.stopTime = 2.0;
  model.flat.experiment.tolerance = 1e-10;
  return model;
}

causal::CausalModel sampledCounter(double start, double interval, const std::string& name) {
  ModelBuilder m(name);
  VarId first = m.parameter("start", real(start));
  VarId period = m.parameter("interval", real(interval));
  VarId count = m.discrete("count", flat::BaseType::Integer, integer(0), true);
  VarId last = m.discrete("last", flat::BaseType::Real, real(-1.0), true);
  VarId flag = m.hidden("$sample0", flat::BaseType::Boolean);
  VarId counter = m.hidden("$sample0.counter", flat::BaseType::Integer);
  VarId condition = m.hidden("$cond0", flat::BaseType::Boolean);
  auto& model = m.model();

  causal::WhenBlock when;
  when.branches = {branch({condition}, {assignAction(count, binary(Op::Add, pre(count), integer(1))),
                                        assignAction(last, timeExpr())})};
  when.targets = {count, last};
  model.samples = {sampleOf(flag, counter, var(first), var(period))};
  model.initialization = {assign(condition, var(flag)), when};
  model.eventBlocks = {assign(condition, var(flag)), when};
  return model;
}

causal::CausalModel thermostat(const std::string& name) {
  ModelBuilder m(name);
  VarId ambient = m.parameter("ambient", real(10.0));
  VarId heater = m.parameter("heater", real(40.0));
  VarId tau = m.parameter("tau", real(1.0));
  VarId low = m.parameter("low", real(19.0));
  VarId high = m.parameter("high", real(21.0));
  VarId T = m.state("T", real(15.0), true);
  VarId heating = m.discrete("heating", flat::BaseType::Boolean, boolean(true), true);
  VarId dT = m.derivative(T);
  VarId above = m.hidden("T > high", flat::BaseType::Boolean);
  VarId below = m.hidden("T < low", flat::BaseType::Boolean);
  auto& model = m.model();

  causal::WhenBlock when;
  when.branches = {branch({above}, {assignAction(heating, boolean(false))}),
                   branch({below}, {assignAction(heating, boolean(true))})};
  when.targets = {heating};
  const causal::Assign rate = assign(
      dT, binary(Op::Div,
                 binary(Op::Sub, ifExpr(var(heating), var(heater), var(ambient)), var(T)),
                 var(tau)));
  const causal::Assign isAbove = assign(above, binary(Op::Greater, var(T), var(high)));
  const causal::Assign isBelow = assign(below, binary(Op::Less, var(T), var(low)));
  model.initialization = {isAbove, isBelow, when, rate};
  model.derivativeBlocks = {rate};
  model.zeroCrossings = {causal::ZeroCrossing{above, binary(Op::Sub, var(T), var(high)), {}},
                         causal::ZeroCrossing{below, binary(Op::Sub, var(T), var(low)), {}}};
  model.eventBlocks = {isAbove, isBelow, when, rate};
  model.flat.experiment.tolerance = 1e-10;
  return model;
}

causal::CausalModel elsewhenPriority(const std::string& name) {
  ModelBuilder m(name);
  VarId a = m.discrete("a", flat::BaseType::Integer, integer(0), true);
  VarId b = m.discrete("b", flat::BaseType::Integer, integer(0), true);
  VarId slow = m.hidden("$sample0", flat::BaseType::Boolean);
  VarId slowCounter = m.hidden("$sample0.counter", flat::BaseType::Integer);
  VarId fast = m.hidden("$sample1", flat::BaseType::Boolean);
  VarId fastCounter = m.hidden("$sample1.counter", flat::BaseType::Integer);
  auto& model = m.model();

  causal::WhenBlock when;
  when.branches = {branch({slow}, {assignAction(a, binary(Op::Add, pre(a), integer(1)))}),
                   branch({fast}, {assignAction(b, binary(Op::Add, pre(b), integer(1)))})};
  when.targets = {a, b};
  model.samples = {sampleOf(slow, slowCounter, real(0.0), real(1.0)),
                   sampleOf(fast, fastCounter, real(0.0), real(0.5))};
  model.initialization = {when};
  model.eventBlocks = {when};
  return model;
}

causal::CausalModel whenInitial(const std::string& name) {
  ModelBuilder m(name);
  VarId k = m.discrete("k", flat::BaseType::Integer, integer(0), true);
  VarId mm = m.discrete("m", flat::BaseType::Integer, integer(0), true);
  VarId atStart = m.hidden("$cond0", flat::BaseType::Boolean);
  VarId started = m.hidden("$cond1", flat::BaseType::Boolean);
  auto& model = m.model();

  causal::WhenBlock initialWhen;
  initialWhen.branches = {branch({atStart}, {assignAction(k, integer(7))}, true)};
  initialWhen.targets = {k};
  causal::WhenBlock laterWhen;
  laterWhen.branches = {branch({started}, {assignAction(mm, integer(1))})};
  laterWhen.targets = {mm};
  const causal::Assign isInitial = assign(atStart, initialExpr());
  const causal::Assign hasStarted =
      assign(started, binary(Op::GreaterEq, timeExpr(), real(0.0)));
  model.initialization = {isInitial, hasStarted, initialWhen, laterWhen};
  model.eventBlocks = {isInitial, hasStarted, initialWhen, laterWhen};
  return model;
}

causal::CausalModel algorithmWhen(const std::string& name) {
  ModelBuilder m(name);
  VarId n = m.discrete("n", flat::BaseType::Integer, integer(0), true);
  VarId y = m.discrete("y", flat::BaseType::Real, real(0.0), true);
  VarId mm = m.discrete("m", flat::BaseType::Integer, integer(0), true);
  VarId flag = m.hidden("$sample0", flat::BaseType::Boolean);
  VarId counter = m.hidden("$sample0.counter", flat::BaseType::Integer);
  VarId atStart = m.hidden("$when2.1", flat::BaseType::Boolean);
  auto& model = m.model();

  flat::Statement increment;
  increment.kind = flat::StatementKind::Assign;
  increment.target = n;
  increment.value = binary(Op::Add, pre(n), integer(2));
  flat::Statement when;
  when.kind = flat::StatementKind::When;
  when.conditions = {var(flag)};
  when.branches = {{increment}};
  flat::Statement scaled;
  scaled.kind = flat::StatementKind::Assign;
  scaled.target = y;
  scaled.value = binary(Op::Mul, integer(10), var(n));
  flat::Statement negative = scaled;
  negative.value = unary(Op::Negate, real(1.0));
  flat::Statement choose;
  choose.kind = flat::StatementKind::If;
  choose.conditions = {binary(Op::Greater, var(n), integer(2))};
  choose.branches = {{scaled}, {negative}};

  flat::Statement isInitial;
  isInitial.kind = flat::StatementKind::Assign;
  isInitial.target = atStart;
  isInitial.value = initialExpr();
  flat::Statement five = isInitial;
  five.target = mm;
  five.value = integer(5);
  flat::Statement initialWhen;
  initialWhen.kind = flat::StatementKind::When;
  initialWhen.conditions = {var(atStart)};
  initialWhen.branches = {{five}};

  causal::AlgorithmBlock algorithm;
  algorithm.statements = {when, isInitial, initialWhen, choose};
  algorithm.outputs = {n, atStart, mm, y};
  algorithm.conditionsActiveAtInitialization = {atStart};
  model.samples = {sampleOf(flag, counter, real(0.5), real(0.5))};
  model.initialization = {algorithm};
  model.eventBlocks = {algorithm};
  return model;
}

}  // namespace smc::codegen::testing
