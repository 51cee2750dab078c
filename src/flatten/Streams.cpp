// Stream connectors (spec 15): inStream() and actualStream().
//
// A stream variable's connection set gives no equations (ConnectionSets).
// inStream(v) becomes a hidden Real `$inStream(v)`; once the whole model is
// lowered and the sets are known, generateStreamEquations writes its
// equation from v's set, for the connectors that meet there as inside
// connectors (spec 15.2):
//   - v alone (never connected): inStream(v) = v;
//   - two connectors: the other one's stream variable;
//   - more: the others' values mixed by their outflows,
//       sum_i positiveMax(-m_i) * h_i / sum_i positiveMax(-m_i),
//     with positiveMax(x) = max(x, kOutflowFloor): when no other connector
//     flows in, the mean of theirs (the spec leaves the regularization to
//     the tool).
// A set that also holds outside connectors (a stream connector passed on
// through a component's boundary) is a located "not supported yet".
// actualStream(v) = if m_flow > 0 then inStream(v) else v, with m_flow the
// connector's one flow variable (spec 15.3).
#include "flatten/Flattener.h"

#include <fmt/format.h>

namespace smc::flatten {

namespace {

// Flow rates below this count as none when streams mix (see above).
constexpr double kOutflowFloor = 1e-10;

// The connector a primitive variable belongs to: its name up to the last
// dot ("pipe.port_a" of "pipe.port_a.h_outflow").
std::string connectorOf(const std::string& name) {
  const size_t dot = name.rfind('.');
  return dot == std::string::npos ? std::string() : name.substr(0, dot);
}

}  // namespace

std::optional<Value> Flattener::lowerStreamOperator(const ast::Expr& call, const std::string& name,
                                                    const Scope& scope) {
  if (scope.function) {
    diags_.errorf(call.range, "{}() cannot be used inside a function", name);
    return std::nullopt;
  }
  if (call.args.size() != 1 || !call.named.empty()) {
    diags_.errorf(call.range, "{}() takes one argument, a stream variable of a connector", name);
    return std::nullopt;
  }
  if (!instantiated_) {
    diags_.unsupported(call.range, fmt::format("{}() in a binding or a modifier (it works in equations)", name));
    return std::nullopt;
  }
  auto argument = lower(*call.args[0], scope);
  if (!argument) return std::nullopt;
  Value result{argument->dims, {}};
  for (const flat::ExprPtr& element : argument->elements) {
    if (element->kind != flat::ExprKind::Var || !model_.variables[element->var].isStream) {
      diags_.errorf(call.args[0]->range, "{}() needs a stream variable of a connector (spec 15.1)", name);
      return std::nullopt;
    }
    const flat::VarId stream = element->var;
    flat::ExprPtr in = flat::makeVar(inStreamVariable(stream, call.range), call.range);
    if (name == "inStream") {
      result.elements.push_back(in);
      continue;
    }
    std::optional<flat::VarId> flow = flowOfStream(stream, call.range);
    if (!flow) return std::nullopt;
    flat::ExprPtr inflowing = flat::makeBinary(flat::Op::Greater, flat::makeVar(*flow, call.range),
                                               flat::makeReal(0.0, call.range), call.range);
    result.elements.push_back(flat::makeIf(inflowing, in, flat::makeVar(stream, call.range), call.range));
  }
  return result;
}

flat::VarId Flattener::inStreamVariable(flat::VarId stream, SourceRange use) {
  if (auto it = inStreams_.find(stream); it != inStreams_.end()) return it->second.first;
  flat::Variable v;
  v.name = fmt::format("$inStream({})", model_.variables[stream].name);
  v.type = flat::BaseType::Real;
  v.variability = flat::Variability::Continuous;
  v.isHidden = true;
  v.range = use;
  auto id = static_cast<flat::VarId>(model_.variables.size());
  model_.variables.push_back(std::move(v));
  inStreams_.emplace(stream, std::pair(id, use));
  return id;
}

std::optional<flat::VarId> Flattener::flowOfStream(flat::VarId stream, SourceRange use) {
  const std::string connector = connectorOf(model_.variables[stream].name);
  std::optional<flat::VarId> flow;
  for (flat::VarId v = 0; v < model_.variables.size(); ++v) {
    const flat::Variable& var = model_.variables[v];
    if (!var.isFlow || connectorOf(var.name) != connector) continue;
    if (flow) {
      diags_.errorf(use, "the stream connector '{}' has more than one flow variable (spec 15.1 allows one)", connector);
      return std::nullopt;
    }
    flow = v;
  }
  if (!flow) diags_.errorf(use, "the stream connector '{}' has no flow variable (spec 15.1 asks for one)", connector);
  return flow;
}

void Flattener::generateStreamEquations() {
  // Each stream variable, seen as an inside connector, to its set.
  std::map<flat::VarId, const flat::ConnectionSet*> setOf;
  for (const flat::ConnectionSet& set : model_.connectionSets) {
    if (!set.stream) continue;
    for (const flat::ConnectionElement& element : set.elements)
      if (!element.outside) setOf[element.var] = &set;
  }
  for (const auto& [stream, hidden] : inStreams_) {
    const auto& [id, use] = hidden;
    flat::ExprPtr value = flat::makeVar(stream, use);
    if (auto it = setOf.find(stream); it != setOf.end()) {
      const flat::ConnectionSet& set = *it->second;
      std::vector<flat::VarId> others;
      bool crossesBoundary = false;
      for (const flat::ConnectionElement& element : set.elements) {
        crossesBoundary = crossesBoundary || element.outside;
        if (!element.outside && element.var != stream) others.push_back(element.var);
      }
      if (crossesBoundary) {
        diags_.unsupported(use, fmt::format("inStream() of '{}', whose connection set passes through a "
                                            "component's own stream connector (outside connectors, spec 15.2)",
                                            model_.variables[stream].name));
        continue;
      }
      if (others.size() == 1) {
        value = flat::makeVar(others[0], use);
      } else if (others.size() > 1) {
        flat::ExprPtr weighted, total;
        for (flat::VarId other : others) {
          std::optional<flat::VarId> flow = flowOfStream(other, use);
          if (!flow) return;
          flat::ExprPtr outflow = flat::makeCall(
              flat::Builtin::Max,
              {flat::makeUnary(flat::Op::Negate, flat::makeVar(*flow, use), use), flat::makeReal(kOutflowFloor, use)},
              use);
          flat::ExprPtr term = flat::makeBinary(flat::Op::Mul, outflow, flat::makeVar(other, use), use);
          weighted = weighted ? flat::makeBinary(flat::Op::Add, weighted, term, use) : term;
          total = total ? flat::makeBinary(flat::Op::Add, total, outflow, use) : outflow;
        }
        value = flat::makeBinary(flat::Op::Div, weighted, total, use);
      }
    }
    model_.equations.push_back({flat::makeVar(id, use), value, use, std::string(), nullptr});
  }
}

}  // namespace smc::flatten
