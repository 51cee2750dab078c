// Stream connectors (spec 15): inStream() and actualStream().
//
// A stream variable's connection set gives no equations (ConnectionSets).
// inStream(v) becomes a hidden Real `$inStream(v)`; once the whole model is
// lowered and the sets are known, generateStreamEquations writes its
// equation from v's set (spec 15.2):
//   - v alone (never connected): inStream(v) = v;
//   - two connectors: the other one's stream variable;
//   - more: the others' values mixed by their outflows,
//       sum_i positiveMax(-m_i) * h_i / sum_i positiveMax(-m_i),
//     with positiveMax(x) = max(x, kOutflowFloor): when no other connector
//     flows in, the mean of theirs (the spec leaves the regularization to
//     the tool).
// A component's own stream connector appears in the sets inside it as an
// outside connector: its stream variable is then the mix of what the
// inside brings, and it brings in what reaches it from outside, its own
// inStream() one level up (the same spec rule, with +m_flow).
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
  // The flows by connector, gathered once the instance tree is complete
  // (a binding lowered earlier scans: later flows may still come).
  std::vector<flat::VarId> scanned;
  const std::vector<flat::VarId>* flows = &scanned;
  if (instantiated_) {
    if (!flowsByConnector_) {
      flowsByConnector_.emplace();
      for (flat::VarId v = 0; v < model_.variables.size(); ++v)
        if (model_.variables[v].isFlow) (*flowsByConnector_)[connectorOf(model_.variables[v].name)].push_back(v);
    }
    static const std::vector<flat::VarId> none;
    auto it = flowsByConnector_->find(connector);
    flows = it != flowsByConnector_->end() ? &it->second : &none;
  } else {
    for (flat::VarId v = 0; v < model_.variables.size(); ++v)
      if (model_.variables[v].isFlow && connectorOf(model_.variables[v].name) == connector) scanned.push_back(v);
  }
  if (flows->size() > 1) {
    diags_.errorf(use, "the stream connector '{}' has more than one flow variable (spec 15.1 allows one)", connector);
    return std::nullopt;
  }
  if (flows->empty()) {
    diags_.errorf(use, "the stream connector '{}' has no flow variable (spec 15.1 asks for one)", connector);
    return std::nullopt;
  }
  return flows->front();
}

void Flattener::generateStreamEquations() {
  // Each stream variable, seen as an inside connector, to its set.
  std::map<flat::VarId, const flat::ConnectionSet*> setOf;
  for (const flat::ConnectionSet& set : model_.connectionSets) {
    if (!set.stream) continue;
    for (const flat::ConnectionElement& element : set.elements)
      if (!element.outside) setOf[element.var] = &set;
  }
  std::vector<flat::VarId> pending;
  for (const auto& entry : inStreams_) pending.push_back(entry.first);
  // inStream(v) as a variable, queueing its equation when it is new.
  auto inStreamOf = [&](flat::VarId v, SourceRange range) {
    const bool known = inStreams_.count(v) > 0;
    const flat::VarId id = inStreamVariable(v, range);
    if (!known) pending.push_back(v);
    return flat::makeVar(id, range);
  };
  // What flows into the set from each member: out of an inside connector
  // (-m_flow), in through an outside one (+m_flow), floored.
  auto inflow = [&](const flat::ConnectionElement& element, SourceRange range) -> flat::ExprPtr {
    std::optional<flat::VarId> flow = flowOfStream(element.var, range);
    if (!flow) return nullptr;
    flat::ExprPtr rate = flat::makeVar(*flow, range);
    if (!element.outside) rate = flat::makeUnary(flat::Op::Negate, rate, range);
    return flat::makeCall(flat::Builtin::Max, {rate, flat::makeReal(kOutflowFloor, range)}, range);
  };
  // The stream value each member brings: an inside connector its own
  // variable, an outside one what reaches it from outside.
  auto brought = [&](const flat::ConnectionElement& element, SourceRange range) {
    return element.outside ? inStreamOf(element.var, range) : flat::makeVar(element.var, range);
  };
  // The mix of what `members` bring (one member: its value unweighted).
  auto mix = [&](const std::vector<flat::ConnectionElement>& members, SourceRange range) -> flat::ExprPtr {
    if (members.size() == 1) return brought(members[0], range);
    flat::ExprPtr weighted, total;
    for (const flat::ConnectionElement& member : members) {
      flat::ExprPtr rate = inflow(member, range);
      if (!rate) return nullptr;
      flat::ExprPtr term = flat::makeBinary(flat::Op::Mul, rate, brought(member, range), range);
      weighted = weighted ? flat::makeBinary(flat::Op::Add, weighted, term, range) : term;
      total = total ? flat::makeBinary(flat::Op::Add, total, rate, range) : rate;
    }
    return flat::makeBinary(flat::Op::Div, weighted, total, range);
  };
  auto othersThan = [](const flat::ConnectionSet& set, const flat::ConnectionElement& self) {
    std::vector<flat::ConnectionElement> others;
    for (const flat::ConnectionElement& element : set.elements)
      if (element.var != self.var || element.outside != self.outside) others.push_back(element);
    return others;
  };
  // A component's own stream connector (outside in its sets) carries, as
  // its stream variable, the mix of what its inside reaches it with.
  for (const flat::ConnectionSet& set : model_.connectionSets) {
    if (!set.stream) continue;
    for (const flat::ConnectionElement& element : set.elements) {
      if (!element.outside) continue;
      const SourceRange range = model_.variables[element.var].range;
      flat::ExprPtr value = mix(othersThan(set, element), range);
      if (!value) return;
      model_.equations.push_back({flat::makeVar(element.var, range), value, range, std::string(), nullptr});
    }
  }
  for (size_t k = 0; k < pending.size(); ++k) {
    const flat::VarId stream = pending[k];
    const auto [id, use] = inStreams_.at(stream);
    flat::ExprPtr value = flat::makeVar(stream, use);
    if (auto it = setOf.find(stream); it != setOf.end()) {
      std::vector<flat::ConnectionElement> others = othersThan(*it->second, {stream, false});
      if (!others.empty()) value = mix(others, use);
      if (!value) return;
    }
    model_.equations.push_back({flat::makeVar(id, use), value, use, std::string(), nullptr});
  }
}

}  // namespace smc::flatten
