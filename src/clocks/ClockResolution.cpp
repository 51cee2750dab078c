// Clock expressions of the inference (spec 16.3, 16.5.2): a Clock
// expression resolves to a node of the clock union-find and an exact
// transform (subSample multiplies the interval by n, superSample divides
// it, shiftSample/backSample move the first tick by k/r intervals);
// constructor arguments are evaluated at translation time. relate() records
// "this partition runs on that clock" and reports conflicting clocks.
#include "clocks/InferenceState.h"

#include <fmt/format.h>

#include <functional>

namespace smc::clocks::detail {

std::optional<long long> Inference::integerArgument(const Expr& e, const char* what) {
  auto value = evaluator_.evaluate(e, e.range);
  if (!value) {
    diags_.errorf(e.range, "{} must be a parameter expression with a known value: {}", what,
                  evaluator_.error().message);
    ++errors_;
    return std::nullopt;
  }
  if (value->kind != flat::Constant::Integer) {
    diags_.errorf(e.range, "{} must be an Integer", what);
    ++errors_;
    return std::nullopt;
  }
  return value->integer;
}

std::optional<double> Inference::realArgument(const Expr& e, const char* what) {
  auto value = evaluator_.evaluate(e, e.range);
  if (!value || (value->kind != flat::Constant::Integer && value->kind != flat::Constant::Real)) {
    diags_.errorf(e.range, "{} must be a parameter expression with a known value: {}", what,
                  value ? "not a number" : evaluator_.error().message);
    ++errors_;
    return std::nullopt;
  }
  return value->asReal();
}

// Whether `e` reads a variable that is neither a parameter nor a constant:
// a clock argument that may change at every tick, rather than a parameter
// expression whose value must be known now.
bool readsTimeVarying(const Expr& e, const flat::FlatModel& model) {
  if (e.kind == ExprKind::Var) {
    const flat::Variability variability = model.variables[e.var].variability;
    return variability != flat::Variability::Parameter && variability != flat::Variability::Constant;
  }
  for (const auto& a : e.args)
    if (a && readsTimeVarying(*a, model)) return true;
  return false;
}

// A clock whose interval is computed at each tick: an event clock whose
// condition the lowering writes (time reaching the next tick, Lowering.cpp).
void Inference::varyingClock(BaseClock& clock, flat::ExprPtr interval, const Expr& constructor) {
  clock.kind = BaseClock::Kind::Event;
  clock.varyingInterval = std::move(interval);
  clock.text = flat::toString(constructor, model_);
}

// subSample(u) or superSample(u) with the factor left out (0): inferred.
bool Inference::isInferredFactor(const Expr& op) {
  if (op.clockOp != ClockOperator::SubSample && op.clockOp != ClockOperator::SuperSample) return false;
  if (op.args.size() < 2) return false;
  auto value = evaluator_.evaluate(*op.args[1], op.args[1]->range);
  return value && value->kind == flat::Constant::Integer && value->integer == 0;
}

// The transform of subSample/superSample/shiftSample/backSample(u, ...).
std::optional<ClockTransform> Inference::transformOf(const Expr& op) {
  const std::string name = flat::toString(op.clockOp);
  auto fail = [&](SourceRange at, std::string message) -> std::optional<ClockTransform> {
    diags_.error(at, std::move(message));
    ++errors_;
    return std::nullopt;
  };
  if (op.args.size() < 2) return fail(op.range, fmt::format("{}() needs its counter argument", name));
  const std::string counterWhat = fmt::format("the counter of {}()", name);
  auto counter = integerArgument(*op.args[1], counterWhat.c_str());
  if (!counter) return std::nullopt;
  switch (op.clockOp) {
    case ClockOperator::SubSample:
    case ClockOperator::SuperSample:
      // A factor of 0 (left out) is inferred before this is asked
      // (isInferredFactor), so what reaches here must be positive.
      if (*counter <= 0) return fail(op.args[1]->range, fmt::format("the factor of {}() must be positive", name));
      if (op.clockOp == ClockOperator::SubSample) return ClockTransform{Rational(*counter), Rational(0)};
      return ClockTransform{Rational(1, *counter), Rational(0)};
    case ClockOperator::ShiftSample:
    case ClockOperator::BackSample: {
      long long resolution = 1;
      if (op.args.size() > 2) {
        const std::string what = fmt::format("the resolution of {}()", name);
        auto r = integerArgument(*op.args[2], what.c_str());
        if (!r) return std::nullopt;
        resolution = *r;
      }
      if (*counter < 0) return fail(op.args[1]->range, fmt::format("the counter of {}() must not be negative", name));
      if (resolution < 1) return fail(op.args[2]->range, fmt::format("the resolution of {}() must be at least 1", name));
      Rational amount(*counter, resolution);
      return ClockTransform{Rational(1), op.clockOp == ClockOperator::ShiftSample ? amount : -amount};
    }
    case ClockOperator::Sample:
    case ClockOperator::Hold:
    case ClockOperator::Previous:
    case ClockOperator::NoClock:
    case ClockOperator::Interval:
    case ClockOperator::FirstTick: break;
  }
  return fail(op.range, fmt::format("{}() does not derive a clock", name));
}

std::optional<ClockRef> Inference::resolve(const Expr& e) {
  auto fail = [&](std::string message) -> std::optional<ClockRef> {
    diags_.error(e.range, std::move(message));
    ++errors_;
    return std::nullopt;
  };
  switch (e.kind) {
    case ExprKind::Var: {
      if (!isClockExpr(e, model_)) return fail("expected a clock expression");
      ClockRef ref{varNode(e.var), {}, {}};
      if (auto s = clockVarSolver_.find(e.var); s != clockVarSolver_.end()) ref.solver = s->second;
      return ref;
    }
    case ExprKind::ClockConstructor: {
      if (e.clockForm == ClockForm::Solver) {
        if (e.args.size() != 2) return fail("Clock(c, solverMethod) needs two arguments");
        auto inner = resolve(*e.args[0]);
        if (!inner) return std::nullopt;
        const SourceRange at = e.args[1]->range.valid() ? e.args[1]->range : e.range;
        auto method = evaluator_.evaluate(*e.args[1], at);
        if (!method || method->kind != flat::Constant::String) {
          diags_.error(at, "the solverMethod of Clock() must be a String constant");
          ++errors_;
          return std::nullopt;
        }
        if (!isSupportedSolverMethod(method->text)) {
          diags_.errorf(at,
                        "unknown solverMethod \"{}\"; supported: {} (spec 16.8.2)",
                        method->text, supportedSolverMethods());
          ++errors_;
          return std::nullopt;
        }
        inner->solver = method->text;
        return inner;
      }
      if (auto cached = constructorNode_.find(&e); cached != constructorNode_.end())
        return ClockRef{cached->second, {}, {}};
      BaseClock clock;
      clock.range = e.range;
      switch (e.clockForm) {
        case ClockForm::Inferred: {
          size_t node = clocks_.add();
          constructorNode_[&e] = node;
          return ClockRef{node, {}, {}};
        }
        case ClockForm::Rational: {
          if (e.args.size() != 2) return fail("Clock(intervalCounter, resolution) needs two arguments");
          if (readsTimeVarying(*e.args[0], model_)) {
            // A clocked intervalCounter: the interval may change at every tick.
            auto resolution = integerArgument(*e.args[1], "the resolution of Clock()");
            if (!resolution) return std::nullopt;
            if (*resolution <= 0) return fail("the resolution of Clock() must be positive");
            varyingClock(clock, flat::makeBinary(flat::Op::Div, e.args[0], flat::makeInteger(*resolution)), e);
            break;
          }
          auto counter = integerArgument(*e.args[0], "the intervalCounter of Clock()");
          auto resolution = integerArgument(*e.args[1], "the resolution of Clock()");
          if (!counter || !resolution) return std::nullopt;
          if (*counter <= 0) return fail("the intervalCounter of Clock() must be positive");
          if (*resolution <= 0) return fail("the resolution of Clock() must be positive");
          clock.kind = BaseClock::Kind::Rational;
          clock.counter = *counter;
          clock.resolution = *resolution;
          clock.text = fmt::format("Clock({}, {})", *counter, *resolution);
          break;
        }
        case ClockForm::Interval: {
          if (e.args.size() != 1) return fail("Clock(interval) needs one argument");
          if (readsTimeVarying(*e.args[0], model_)) {
            // A clocked Real interval: it may change at every tick.
            varyingClock(clock, e.args[0], e);
            break;
          }
          auto interval = realArgument(*e.args[0], "the interval of Clock()");
          if (!interval) return std::nullopt;
          if (!(*interval > 0)) return fail("the interval of Clock() must be positive");
          clock.kind = BaseClock::Kind::Interval;
          clock.interval = *interval;
          clock.text = fmt::format("Clock({})", flat::formatReal(*interval));
          break;
        }
        case ClockForm::Event: {
          if (e.args.size() != 2) return fail("Clock(condition, startInterval) needs two arguments");
          auto start = realArgument(*e.args[1], "the startInterval of Clock()");
          if (!start) return std::nullopt;
          clock.kind = BaseClock::Kind::Event;
          clock.condition = e.args[0];
          clock.startInterval = *start;
          clock.text = fmt::format("Clock({}, {})", flat::toString(*e.args[0], model_), flat::formatReal(*start));
          break;
        }
        case ClockForm::Solver: break;  // handled above
      }
      explicitClocks_.push_back(clock);
      explicitSource_.push_back(&e);
      size_t node = clocks_.add(explicitClocks_.size() - 1);
      constructorNode_[&e] = node;
      return ClockRef{node, {}, {}};
    }
    case ExprKind::ClockOp: {
      if (!isClockExpr(e, model_)) return fail("expected a clock expression");
      auto inner = resolve(*e.args[0]);
      if (!inner) return std::nullopt;
      if (isInferredFactor(e)) {
        // A clock of its own whose factor against its operand's clock is
        // decided once the other relations are known (spec 16.5.2).
        auto cached = inferredClockNode_.find(&e);
        if (cached != inferredClockNode_.end()) return ClockRef{cached->second, {}, inner->solver};
        const size_t in = clocks_.add(), out = clocks_.add();
        relate(in, *inner, e.range);
        inferred_.push_back({out, in, e.clockOp, e.range});
        inferredClockNode_[&e] = out;
        return ClockRef{out, {}, inner->solver};
      }
      auto t = transformOf(e);
      if (!t) return std::nullopt;
      try {
        inner->transform = t->after(inner->transform);
      } catch (const RationalOverflow& overflow) {
        return fail(overflow.what());
      }
      return inner;
    }
    default: return fail("expected a clock expression");
  }
}

bool Inference::sameClock(size_t a, size_t b) const {
  if (a == b) return true;
  const BaseClock &x = explicitClocks_[a], &y = explicitClocks_[b];
  if (x.kind != y.kind) return false;
  switch (x.kind) {
    case BaseClock::Kind::Rational: return Rational(x.counter, x.resolution) == Rational(y.counter, y.resolution);
    case BaseClock::Kind::Interval: return x.interval == y.interval;
    case BaseClock::Kind::Event: return false;  // only the same constructor
  }
  return false;
}

// Two exact clocks Clock(n, r) may sit in one partition when one is an
// exact sub- or super-sample of the other (both start at the start time);
// other explicit clocks only when they are the same clock.
bool Inference::compatibleClocks(size_t a, size_t b, const ClockTransform& relation) const {
  if (relation.isIdentity() && sameClock(a, b)) return true;
  const BaseClock &x = explicitClocks_[a], &y = explicitClocks_[b];
  if (x.kind != BaseClock::Kind::Rational || y.kind != BaseClock::Kind::Rational || !relation.delay.isZero())
    return false;
  return Rational(x.counter, x.resolution) == relation.scale * Rational(y.counter, y.resolution);
}

// The interval of `node`'s clock when its group has an exact clock.
std::optional<Rational> Inference::exactInterval(size_t node) {
  ClockUnion::Found found = clocks_.find(node);
  auto ex = clocks_.explicitClock(found.root);
  if (!ex || explicitClocks_[*ex].kind != BaseClock::Kind::Rational || !found.transform.delay.isZero())
    return std::nullopt;
  const BaseClock& clock = explicitClocks_[*ex];
  return found.transform.scale * Rational(clock.counter, clock.resolution);
}

// subSample(u) and superSample(u) without a factor (spec 16.5.2): once the
// other relations are known, the factor is what makes the two clocks
// meet: fixed already when both sides are in one group, else the ratio of
// their exact clocks' intervals. Each one resolved may decide another.
void Inference::resolveInferredFactors() {
  std::vector<InferredFactor> pending = std::move(inferred_);
  while (!pending.empty()) {
    std::vector<InferredFactor> waiting;
    for (const InferredFactor& f : pending) {
      const std::string name = flat::toString(f.op);
      const bool sub = f.op == ClockOperator::SubSample;
      auto decide = [&](const Rational& ratio) {  // clock(out) = ratio-times-interval clock(in)
        Rational factor = sub ? ratio : ratio.inverse();
        if (!factor.isInteger() || factor.num() < 1) {
          diags_.errorf(f.range, "the inferred factor of {}() is not a positive Integer: the output clock's "
                                 "interval is {}/{} times the input's",
                        name, ratio.num(), ratio.den());
          ++errors_;
          return;
        }
        relate(f.out, ClockRef{f.in, ClockTransform{ratio, Rational(0)}, {}}, f.range);
      };
      try {
        if (!inferFactor(f, decide)) waiting.push_back(f);
      } catch (const RationalOverflow& overflow) {
        diags_.error(f.range, overflow.what());
        ++errors_;
      }
    }
    if (waiting.size() == pending.size()) {
      for (const InferredFactor& f : waiting) {
        diags_.errorf(f.range, "cannot infer the factor of {}(): give it, or give both its input and its output "
                               "an exact clock (Clock(intervalCounter, resolution))",
                      flat::toString(f.op));
        ++errors_;
      }
      return;
    }
    pending = std::move(waiting);
  }
}

// Decides `f` when the relations known so far fix its factor (false when
// they do not yet).
bool Inference::inferFactor(const InferredFactor& f, const std::function<void(const Rational&)>& decide) {
  ClockUnion::Found out = clocks_.find(f.out), in = clocks_.find(f.in);
  if (out.root == in.root) {
    ClockTransform relation = out.transform.after(in.transform.inverse());
    if (!relation.delay.isZero()) {
      diags_.errorf(f.range, "{}() without a factor relates clocks that are shifted against each other",
                    flat::toString(f.op));
      ++errors_;
      return true;
    }
    decide(relation.scale);
    return true;
  }
  auto outInterval = exactInterval(f.out), inInterval = exactInterval(f.in);
  if (!outInterval || !inInterval) return false;
  decide(*outInterval / *inInterval);
  return true;
}

// Requires clock(node) = ref.
void Inference::relate(size_t node, const ClockRef& ref, SourceRange where) {
  ClockUnion::JoinResult r;
  try {
    r = clocks_.join(node, ref.node, ref.transform, [&](size_t a, size_t b, const ClockTransform& relation) {
      return compatibleClocks(a, b, relation);
    });
  } catch (const RationalOverflow& overflow) {
    diags_.error(where, overflow.what());
    ++errors_;
    return;
  }
  switch (r.outcome) {
    case ClockUnion::Outcome::Joined:
    case ClockUnion::Outcome::Consistent: return;
    case ClockUnion::Outcome::RateConflict: {
      ClockTransform wanted = ref.transform.after(r.b.transform);
      diags_.errorf(where, "conflicting clocks in one partition: {} here, but {} elsewhere",
                    describeNode(r.b.root, wanted), describeNode(r.a.root, r.a.transform));
      ++errors_;
      return;
    }
    case ClockUnion::Outcome::ClockConflict: {
      const BaseClock& a = explicitClocks_[*clocks_.explicitClock(r.a.root)];
      const BaseClock& b = explicitClocks_[*clocks_.explicitClock(r.b.root)];
      std::string here = describeNode(r.b.root, ref.transform.after(r.b.transform));
      std::string there = describeNode(r.a.root, r.a.transform);
      diags_.errorf(where, "conflicting clocks in one partition: {} and {}", here, there);
      diags_.note(b.range, fmt::format("{} comes from here", b.text));
      diags_.note(a.range, fmt::format("{} comes from here", a.text));
      ++errors_;
      return;
    }
  }
}

// Phase 2 over one data expression of `partition` (a data node).

}  // namespace smc::clocks::detail
