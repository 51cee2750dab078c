// Compile-time calls of user functions (spec 12.4): a parameter bound to
// `f(2)`, or an array size computed by a function, needs the function's
// value before simulation. The algorithm is interpreted statement by
// statement over a frame holding the function's variables (inputs, outputs,
// locals); a variable read before it is assigned, a failed assert of level
// error, too deep a recursion or a loop that does not end in a bounded
// number of steps makes the evaluation fail with a message.
#include "flatten/ConstEval.h"

#include <fmt/format.h>

namespace smc::flat {

namespace {

constexpr int maxCallDepth = 200;

// The value converted to the variable's type (an Integer stored in a Real).
std::optional<Constant> convert(const Constant& value, BaseType type) {
  switch (type) {
    case BaseType::Real:
      if (value.kind == Constant::Integer || value.kind == Constant::Real) {
        Constant c;
        c.kind = Constant::Real;
        c.real = value.asReal();
        return c;
      }
      return std::nullopt;
    case BaseType::Integer:
      if (value.kind == Constant::Integer) return value;
      return std::nullopt;
    case BaseType::Boolean:
      if (value.kind == Constant::Boolean) return value;
      return std::nullopt;
    case BaseType::String:
      if (value.kind == Constant::String) return value;
      return std::nullopt;
    case BaseType::Clock:                        // a clock is not a value
    case BaseType::ExternalObject: return std::nullopt;  // exists only in the FMU
  }
  return std::nullopt;
}

}  // namespace

std::optional<Constant> ConstantEvaluator::readLocal(VarId var, SourceRange at) {
  const Function& f = *frame_->function;
  if (var >= frame_->values.size()) return fail(at, fmt::format("bad variable index in function '{}'", f.name));
  if (!frame_->values[var])
    return fail(at, fmt::format("'{}' is used before it is assigned in function '{}'",
                                f.variables[var].name, f.name));
  return frame_->values[var];
}

std::optional<VarId> ConstantEvaluator::elementVariable(const Expr& element, SourceRange at) {
  if (!frame_) return fail(at, "an array element chosen at run time outside a function");
  const Function& f = *frame_->function;
  auto declared = static_cast<size_t>(element.integer);
  if (declared >= f.declared.size() || element.args.size() != f.declared[declared].dims.size())
    return fail(at, fmt::format("bad array element in function '{}'", f.name));
  const DeclaredVariable& array = f.declared[declared];
  size_t offset = 0;
  for (size_t d = 0; d < array.dims.size(); ++d) {
    auto index = evaluate(*element.args[d], at);
    if (!index) return std::nullopt;
    if (index->kind != Constant::Integer) return fail(at, "array subscripts must be Integer");
    if (index->integer < 1 || index->integer > array.dims[d])
      return fail(at, fmt::format("index {} is out of bounds for dimension {} of '{}' (size {}) in function '{}'",
                                  index->integer, d + 1, array.name, array.dims[d], f.name));
    offset = offset * static_cast<size_t>(array.dims[d]) + static_cast<size_t>(index->integer - 1);
  }
  return static_cast<VarId>(array.first + offset);
}

bool ConstantEvaluator::assignLocal(Frame& frame, VarId var, Constant value, SourceRange at) {
  const Variable& v = frame.function->variables[var];
  auto converted = convert(value, v.type);
  if (!converted) {
    fail(at, fmt::format("cannot assign this value to '{}' ({}) in function '{}'", v.name,
                         toString(v.type), frame.function->name));
    return false;
  }
  frame.values[var] = *converted;
  return true;
}

std::optional<ConstantEvaluator::Frame> ConstantEvaluator::callFunction(const Expr& call, SourceRange at) {
  if (call.function >= model_.functions.size()) return fail(at, "call of an unknown function");
  const Function& f = model_.functions[call.function];
  if (f.external && ((f.external->impure && impureCalls_ == ImpureCalls::Never) || !model_.externalRunner))
    return fail(at, fmt::format("'{}' is an external function, which runs only in the FMU", f.name), true);
  if (callDepth_ >= maxCallDepth)
    return fail(at, fmt::format("calls of '{}' nest deeper than {} levels at compile time", f.name, maxCallDepth));
  Frame frame;
  frame.function = &f;
  frame.values.resize(f.variables.size());
  if (call.args.size() != f.numInputs) return fail(at, fmt::format("wrong number of inputs for '{}'", f.name));
  // Arguments are evaluated where the call is written (the caller's frame).
  for (uint32_t i = 0; i < f.numInputs; ++i) {
    auto value = evaluate(*call.args[i], at);
    if (!value || !assignLocal(frame, i, *value, at)) return std::nullopt;
  }
  Frame* saved = frame_;
  frame_ = &frame;
  if (callDepth_ == 0) steps_ = 0;  // each outermost call gets the whole budget
  ++callDepth_;
  bool ok = true;
  // Outputs and locals start from their bindings, also those an external
  // function gets (LAPACK's `output Real x[n] = b`, `Awork = A`).
  for (size_t i = f.numInputs; ok && i < f.variables.size(); ++i) {
    if (!f.variables[i].binding) continue;
    auto value = evaluate(*f.variables[i].binding, at);
    ok = value && assignLocal(frame, static_cast<VarId>(i), *value, at);
  }
  if (ok && f.external) {
    --callDepth_;
    frame_ = saved;
    return callExternal(std::move(frame), at);
  }
  if (ok) ok = execute(f.body, frame) != Flow::Failed;
  --callDepth_;
  frame_ = saved;
  if (!ok) return std::nullopt;
  return frame;
}

std::optional<Constant> ConstantEvaluator::evaluateFunctionCall(const Expr& call, SourceRange at) {
  auto frame = callFunction(call, at);
  if (!frame) return std::nullopt;
  const Function& f = *frame->function;
  size_t slot = f.numInputs + call.output;
  if (call.output >= f.numOutputs) return fail(at, fmt::format("'{}' has no output {}", f.name, call.output + 1));
  if (!frame->values[slot])
    return fail(at, fmt::format("output '{}' of '{}' is not assigned", f.variables[slot].name, f.name));
  return frame->values[slot];
}

ConstantEvaluator::Flow ConstantEvaluator::execute(const std::vector<Statement>& statements, Frame& frame) {
  for (const Statement& s : statements) {
    Flow flow = execute(s, frame);
    if (flow != Flow::Next) return flow;
  }
  return Flow::Next;
}

ConstantEvaluator::Flow ConstantEvaluator::execute(const Statement& s, Frame& frame) {
  const SourceRange at = s.range;
  if (++steps_ > stepLimit_) {
    fail(at, fmt::format("evaluating '{}' at compile time takes more than {} steps (endless loop?)",
                         frame.function->name, stepLimit_));
    return Flow::Failed;
  }
  auto boolean = [&](const Expr& e) -> std::optional<bool> {
    auto c = evaluate(e, at);
    if (!c) return std::nullopt;
    if (c->kind != Constant::Boolean) {
      fail(at, "a condition must be Boolean");
      return std::nullopt;
    }
    return c->boolean;
  };
  switch (s.kind) {
    case StatementKind::Assign: {
      auto value = evaluate(*s.value, at);
      if (!value || !assignLocal(frame, s.target, *value, at)) return Flow::Failed;
      return Flow::Next;
    }
    case StatementKind::AssignElement: {
      auto var = elementVariable(*s.element, at);
      auto value = var ? evaluate(*s.value, at) : std::nullopt;
      if (!value || !assignLocal(frame, *var, *value, at)) return Flow::Failed;
      return Flow::Next;
    }
    case StatementKind::TupleAssign: {
      auto callee = callFunction(*s.value, at);
      if (!callee) return Flow::Failed;
      const Function& f = *callee->function;
      for (size_t k = 0; k < s.targets.size(); ++k) {
        if (!s.targets[k]) continue;
        const auto& value = callee->values[f.numInputs + k];
        if (!value) {
          fail(at, fmt::format("output '{}' of '{}' is not assigned", f.variables[f.numInputs + k].name, f.name));
          return Flow::Failed;
        }
        if (!assignLocal(frame, *s.targets[k], *value, at)) return Flow::Failed;
      }
      return Flow::Next;
    }
    case StatementKind::If:
      for (size_t i = 0; i < s.branches.size(); ++i) {
        if (i < s.conditions.size()) {
          auto taken = boolean(*s.conditions[i]);
          if (!taken) return Flow::Failed;
          if (!*taken) continue;
        }
        return execute(s.branches[i], frame);
      }
      return Flow::Next;
    case StatementKind::For: {
      auto start = evaluate(*s.rangeStart, at);
      auto step = start ? evaluate(*s.rangeStep, at) : std::nullopt;
      auto stop = step ? evaluate(*s.rangeStop, at) : std::nullopt;
      if (!stop) return Flow::Failed;
      if (start->kind != Constant::Integer || step->kind != Constant::Integer || stop->kind != Constant::Integer) {
        fail(at, "for-loop ranges must be Integer");
        return Flow::Failed;
      }
      if (step->integer == 0) {
        fail(at, "range step must not be zero");
        return Flow::Failed;
      }
      for (long long i = start->integer; step->integer > 0 ? i <= stop->integer : i >= stop->integer;
           i += step->integer) {
        Constant index;
        index.kind = Constant::Integer;
        index.integer = i;
        frame.values[s.iterator] = index;
        Flow flow = execute(s.branches[0], frame);
        if (flow == Flow::Break) break;
        if (flow != Flow::Next) return flow;
      }
      return Flow::Next;
    }
    case StatementKind::While:
      while (true) {
        auto go = boolean(*s.conditions[0]);
        if (!go) return Flow::Failed;
        if (!*go) return Flow::Next;
        Flow flow = execute(s.branches[0], frame);
        if (flow == Flow::Break) return Flow::Next;
        if (flow != Flow::Next) return flow;
        if (++steps_ > stepLimit_) {
          fail(at, fmt::format("evaluating '{}' at compile time takes more than {} steps (endless loop?)",
                               frame.function->name, stepLimit_));
          return Flow::Failed;
        }
      }
    case StatementKind::Break: return Flow::Break;
    case StatementKind::Return: return Flow::Return;
    case StatementKind::Assert: {
      auto holds = boolean(*s.value);
      if (!holds) return Flow::Failed;
      if (!*holds && s.level == AssertLevel::Error) {
        auto message = evaluate(*s.message, at);
        fail(at, fmt::format("assertion failed in '{}' at compile time: {}", frame.function->name,
                             message && message->kind == Constant::String ? message->text : "?"));
        return Flow::Failed;
      }
      return Flow::Next;
    }
    case StatementKind::When:
    case StatementKind::Reinit:
    case StatementKind::Terminate:
      fail(at, "this statement cannot be evaluated inside a function");
      return Flow::Failed;
  }
  return Flow::Failed;
}

}  // namespace smc::flat
