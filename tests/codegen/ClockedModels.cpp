// The clocked models of ClockedModels.h: flat models built by hand, then
// causalized.
#include "ClockedModels.h"

#include "causalize/Causalize.h"
#include "frontend/Diagnostics.h"

namespace smc::codegen::testing {

namespace {

using flat::ExprPtr;
using flat::Op;
using flat::VarId;

class ClockedBuilder {
public:
  explicit ClockedBuilder(std::string name) { flat_.name = std::move(name); }

  VarId variable(const std::string& name, flat::BaseType type, flat::Variability variability,
                 ExprPtr start, bool output = false) {
    flat::Variable v;
    v.name = name;
    v.type = type;
    v.variability = variability;
    v.attributes.start = std::move(start);
    v.causality = output ? flat::Causality::Output : flat::Causality::Local;
    flat_.variables.push_back(std::move(v));
    return static_cast<VarId>(flat_.variables.size() - 1);
  }

  VarId clockedReal(const std::string& name, double start) {
    return variable(name, flat::BaseType::Real, flat::Variability::Discrete, flat::makeReal(start),
                    true);
  }

  VarId clockedInteger(const std::string& name, long long start) {
    return variable(name, flat::BaseType::Integer, flat::Variability::Discrete,
                    flat::makeInteger(start), true);
  }

  // `$tick = sample`, the tick as the clocks stage defines it.
  VarId tick(ExprPtr sample) {
    VarId t = variable("$tick", flat::BaseType::Boolean, flat::Variability::Discrete,
                       flat::makeBoolean(false));
    flat_.variables[t].isHidden = true;
    equation(flat::makeVar(t), std::move(sample));
    return t;
  }

  void equation(ExprPtr lhs, ExprPtr rhs) {
    flat_.equations.push_back({std::move(lhs), std::move(rhs), {}, ""});
  }

  void partition(std::string clock, VarId tick, std::vector<VarId> variables,
                 std::vector<std::pair<ExprPtr, ExprPtr>> equations) {
    flat::ClockedPartition p;
    p.clock = std::move(clock);
    p.tick = tick;
    p.variables = std::move(variables);
    for (auto& [lhs, rhs] : equations) p.equations.push_back({lhs, rhs, {}, ""});
    flat_.clockedPartitions.push_back(std::move(p));
  }

  ClockedModel causalize() {
    SourceManager sources;
    DiagnosticEngine diags(sources);
    diags.setOutput(nullptr);
    ClockedModel out;
    out.model = causal::causalize(std::move(flat_), diags);
    for (const Diagnostic& d : diags.diagnostics()) out.messages += d.message + "\n";
    return out;
  }

private:
  flat::FlatModel flat_;
};

ExprPtr var(VarId v) { return flat::makeVar(v); }
ExprPtr pre(VarId v) { return flat::makePre(flat::makeVar(v)); }
ExprPtr plusOne(VarId v) { return flat::makeBinary(Op::Add, pre(v), flat::makeInteger(1)); }

ExprPtr rationalSample(double start, double interval, double resolution) {
  auto e = std::make_shared<flat::Expr>(
      *flat::makeSample(flat::makeReal(start), flat::makeReal(interval)));
  e->args.push_back(flat::makeReal(resolution));
  return e;
}

}  // namespace

ClockedModel clockedCounter() {
  ClockedBuilder b("ClockedCounter");
  VarId n = b.clockedInteger("n", 0);
  VarId tick = b.tick(rationalSample(0.0, 1.0, 10.0));
  b.partition("Clock(1, 10)", tick, {n}, {{var(n), plusOne(n)}});
  return b.causalize();
}

ClockedModel sampledDecay() {
  ClockedBuilder b("SampledDecay");
  VarId x =
      b.variable("x", flat::BaseType::Real, flat::Variability::Continuous, flat::makeReal(1.0));
  VarId xd = b.clockedReal("xd", 0.0);
  VarId tick = b.tick(flat::makeSample(flat::makeReal(0.0), flat::makeReal(0.5)));
  b.equation(flat::makeDer(var(x)), flat::makeUnary(Op::Negate, var(x)));
  b.partition("Clock(0.5)", tick, {xd}, {{var(xd), var(x)}});
  return b.causalize();
}

ClockedModel clockedLoop() {
  ClockedBuilder b("ClockedLoop");
  VarId n = b.clockedInteger("n", 0);
  VarId p = b.clockedReal("p", 2.0);
  VarId q = b.clockedReal("q", 1.0);
  VarId tick = b.tick(flat::makeSample(flat::makeReal(0.0), flat::makeReal(0.25)));
  b.partition("Clock(0.25)", tick, {n, p, q},
              {{var(n), plusOne(n)},
               {flat::makeBinary(Op::Mul, var(p), var(q)),
                flat::makeBinary(Op::Mul, flat::makeInteger(2), var(n))},
               {flat::makeBinary(Op::Sub, var(p), var(q)), flat::makeInteger(1)}});
  return b.causalize();
}

ClockedModel fastClock() {
  ClockedBuilder b("FastClock");
  VarId n = b.clockedInteger("n", 0);
  VarId y = b.clockedReal("y", 0.0);
  VarId tick = b.tick(flat::makeSample(flat::makeReal(0.0), flat::makeReal(0.001)));
  ExprPtr large = flat::makeBinary(Op::Greater, var(n), flat::makeInteger(5));
  b.partition("Clock(0.001)", tick, {n, y},
              {{var(n), plusOne(n)},
               {var(y), flat::makeIf(large, flat::makeBinary(Op::Mul, flat::makeInteger(2), var(n)),
                                     flat::makeUnary(Op::Negate, var(n)))}});
  return b.causalize();
}

ClockedModel guardedState() {
  ClockedBuilder b("GuardedState");
  VarId n = b.clockedInteger("n", 0);
  VarId active = b.variable("active", flat::BaseType::Boolean, flat::Variability::Discrete, flat::makeBoolean(false));
  VarId a = b.clockedInteger("a", 0);
  VarId c = b.clockedInteger("c", 0);
  VarId tick = b.tick(flat::makeSample(flat::makeReal(0.0), flat::makeReal(0.1)));
  auto guarded = [&](VarId v, ExprPtr value) { return flat::makeIf(var(active), std::move(value), pre(v)); };
  ExprPtr nMod4 = flat::makeCall(flat::Builtin::Mod, {var(n), flat::makeInteger(4)});
  b.partition("Clock(0.1)", tick, {n, active, a, c},
              {{var(n), plusOne(n)},
               {var(active), flat::makeBinary(Op::Less, nMod4, flat::makeInteger(2))},
               {var(a), guarded(a, plusOne(a))},
               {var(c), guarded(c, flat::makeBinary(Op::Mul, flat::makeInteger(10), var(a)))}});
  return b.causalize();
}

}  // namespace smc::codegen::testing
