// Overdetermined connectors (spec 9.4) in the flattener: the records with
// an equalityConstraint function inside connectors are the nodes of the
// virtual connection graph (ConnectionGraph.h). The graph is built the
// first time something needs it (a connect() of such connectors, or
// Connections.isRoot/rooted) by a pass over the whole model's connects and
// Connections.branch/root/potentialRoot equations, and solved at once, so
// that lowering then knows which connects are broken and which records are
// roots.
#include "flatten/Flattener.h"

#include <fmt/format.h>

namespace smc::flatten {

namespace {

bool isConnectionsCall(const ast::Expr& call) {
  return call.kind == ast::ExprKind::Call && call.ref.parts.size() == 2 && !call.ref.global &&
         call.ref.parts[0].name == "Connections";
}

// The operators that only the solved graph can answer.
bool mentionsGraphQuery(const ast::Expr& e) {
  if (isConnectionsCall(e) &&
      (e.ref.parts[1].name == "isRoot" || e.ref.parts[1].name == "rooted"))
    return true;
  for (const auto& arg : e.args)
    if (arg && mentionsGraphQuery(*arg)) return true;
  for (const auto& named : e.named)
    if (named.value && mentionsGraphQuery(*named.value)) return true;
  return false;
}

}  // namespace

bool isConnectionsEquation(const ast::Equation& eq) {
  return eq.kind == ast::EquationKind::Call && eq.lhs && isConnectionsCall(*eq.lhs);
}

bool conditionNeedsConnectionGraph(const ast::Expr& condition) { return mentionsGraphQuery(condition); }

bool Flattener::isOverdetermined(const Instance& inst) {
  if (!inst.cls || !inst.cls->def || inst.cls->def->kind != ast::ClassKind::Record) return false;
  ClassNode* constraint = tree_.memberOf(inst.cls, "equalityConstraint");
  return constraint && constraint->def && constraint->def->kind == ast::ClassKind::Function;
}

void Flattener::overdeterminedParts(Instance& inst, const std::string& prefix,
                                    std::vector<std::pair<std::string, Instance*>>& out) {
  for (Component* c : inst.order) {
    ensureInstantiated(*c);
    if (c->leaf != LeafType::None || c->inner) continue;
    for (auto& element : c->elements) {
      const std::string name = prefix + element->path.substr(inst.path.empty() ? 0 : inst.path.size() + 1);
      if (isOverdetermined(*element))
        out.emplace_back(name, element.get());
      else
        overdeterminedParts(*element, name + ".", out);
    }
  }
}

bool Flattener::addEqualityConstraint(Instance& a, Instance& b, const ast::Equation& eq, const std::string& origin) {
  ClassNode* constraint = tree_.memberOf(a.cls, "equalityConstraint");
  std::vector<ClassNode*> modifying;
  ClassNode* defining = definingFunction(constraint, &modifying);
  const FunctionInterface* interface = defining ? functionInterface(defining) : nullptr;
  if (!interface) return false;
  if (interface->unsupported || !modifying.empty()) {
    if (interface->unsupported) diags_.unsupported(interface->unsupported->first, interface->unsupported->second);
    else diags_.unsupported(constraint->def->range, "an equalityConstraint that modifies the function it names");
    diags_.note(eq.range, "needed by this connect(), which the overdetermined connection graph breaks");
    return false;
  }
  if (interface->inputs.size() != 2 || interface->outputs.size() != 1 ||
      interface->inputs[0].record < 0 || interface->inputs[1].record < 0 ||
      interface->outputs[0].record >= 0 || !interface->variables[interface->outputs[0].first].isArray) {
    diags_.errorf(constraint->def->nameRange,
                  "'{}' must take two records of its class and return one Real array, the residue (spec 9.4)",
                  constraint->path());
    diags_.note(eq.range, "needed by this connect(), which the overdetermined connection graph breaks");
    return false;
  }
  // The two records' fields, as the inputs' fields (consecutive variables).
  CallArguments arguments;
  arguments.interface = interface;
  arguments.name = defining->path();
  arguments.given.resize(interface->numInputs);
  arguments.ranges.resize(interface->numInputs, eq.range);
  Instance* records[2] = {&a, &b};
  for (size_t side = 0; side < 2; ++side) {
    std::vector<std::pair<std::string, flat::VarId>> leaves;
    collectLeaves(*records[side], "", leaves);
    Leaves values;
    for (const auto& [name, id] : leaves) values.emplace_back(name, flat::makeVar(id, eq.range));
    const FormalSlot& slot = interface->inputs[side];
    const std::string& recordName = interface->records[static_cast<size_t>(slot.record)].name;
    for (size_t i = slot.first; i < slot.first + slot.count; ++i) {
      const FormalVariable& formal = interface->variables[i];
      arguments.given[i] = fieldValue(values, formal.name.substr(recordName.size() + 1), formal.isArray);
    }
  }
  flat::ExprPtr call = buildFunctionCall(arguments, eq.range, Scope{top_.get(), top_->cls, nullptr, nullptr, nullptr});
  if (!call) return false;
  // 0 = residue, one equation per element, instead of equating the records.
  for (const flat::ExprPtr& element : functionOutput(call, 0).elements)
    addEquation(flat::makeReal(0, eq.range), element, eq.range, false, origin);
  return true;
}

std::optional<ConnectionGraph::Node> Flattener::graphNode(const ast::Expr& arg, const Scope& scope,
                                                           const std::string& op) {
  auto ends = arg.kind == ast::ExprKind::Ref ? expandConnectorEnds(arg.ref, scope) : std::nullopt;
  if (!ends || ends->disabled) return std::nullopt;
  if (ends->elements.size() != 1 || !ends->elements[0].instance || !isOverdetermined(*ends->elements[0].instance)) {
    diags_.errorf(arg.range,
                  "the argument of Connections.{} must name one overdetermined record of a connector (a record "
                  "with an equalityConstraint function, spec 9.4)",
                  op);
    return std::nullopt;
  }
  Instance* record = ends->elements[0].instance;
  return connectionGraph_->node(record, record->path, arg.range);
}

void Flattener::addToConnectionGraph(const ast::Equation& eq, const Scope& scope) {
  ConnectionGraph& graph = *connectionGraph_;
  if (eq.kind == ast::EquationKind::Connect) {
    auto a = expandConnectorEnds(eq.connectA, scope);
    auto b = a ? expandConnectorEnds(eq.connectB, scope) : std::nullopt;
    if (!a || !b || a->disabled || b->disabled || a->elements.size() != b->elements.size()) return;
    for (size_t k = 0; k < a->elements.size(); ++k) {
      Instance* x = a->elements[k].instance;
      Instance* y = b->elements[k].instance;
      if (!x || !y) continue;
      std::vector<std::pair<std::string, Instance*>> px, py;
      overdeterminedParts(*x, "", px);
      overdeterminedParts(*y, "", py);
      for (const auto& [name, record] : px)
        for (const auto& [other, partner] : py)
          if (name == other)
            graph.addBreakable(graph.node(record, record->path, eq.range), graph.node(partner, partner->path, eq.range),
                               eq.range);
    }
    return;
  }
  const ast::Expr& call = *eq.lhs;
  const std::string op = call.ref.parts[1].name;
  auto arity = [&](size_t low, size_t high) {
    if (call.args.size() + call.named.size() >= low && call.args.size() + call.named.size() <= high) return true;
    diags_.errorf(call.range, "Connections.{} takes {} argument{}", op, low == high ? std::to_string(low)
                                                                               : fmt::format("{} or {}", low, high),
                  high == 1 ? "" : "s");
    return false;
  };
  if (op == "branch") {
    if (!arity(2, 2) || call.args.size() != 2) return;
    auto a = graphNode(*call.args[0], scope, op);
    auto b = a ? graphNode(*call.args[1], scope, op) : std::nullopt;
    if (b) graph.addBranch(*a, *b, call.range);
  } else if (op == "root") {
    if (!arity(1, 1) || call.args.size() != 1) return;
    if (auto a = graphNode(*call.args[0], scope, op)) graph.addRoot(*a, call.range);
  } else if (op == "potentialRoot") {
    if (!arity(1, 2) || call.args.empty()) return;
    auto a = graphNode(*call.args[0], scope, op);
    if (!a) return;
    long long priority = 0;
    const ast::Expr* given = call.args.size() == 2 ? call.args[1].get() : nullptr;
    for (const auto& named : call.named)
      if (named.name == "priority") given = named.value.get();
    if (given) {
      auto value = evaluate(*given, scope);
      if (!value || value->kind != Constant::Integer) {
        diags_.error(given->range, "the priority of Connections.potentialRoot must be an Integer parameter expression");
        return;
      }
      priority = value->integer;
    }
    graph.addPotentialRoot(*a, priority, call.range);
  } else if (op != "isRoot" && op != "rooted") {
    diags_.errorf(call.ref.range, "'Connections.{}' is not an operator of overdetermined connectors (spec 9.4)",
                  op);
  } else {
    diags_.errorf(call.range, "Connections.{}() is an expression, not an equation", op);
  }
}

ConnectionGraph& Flattener::connectionGraph() {
  if (!connectionGraph_) {
    connectionGraph_.emplace();
    visitConnects(*top_, [&](const ast::Equation& eq, const Scope& scope) { addToConnectionGraph(eq, scope); });
    connectionGraph_->solve([&](SourceRange where, const std::string& message) { diags_.error(where, message); });
  }
  return *connectionGraph_;
}

void Flattener::lowerConnectionsEquation(const ast::Equation& eq) {
  // The graph pass has taken (and checked) it.
  if (instantiated_) connectionGraph();
  else diags_.errorf(eq.range, "Connections.{} must be an equation of a model", eq.lhs->ref.parts[1].name);
}

std::optional<Value> Flattener::lowerConnectionsOperator(const ast::Expr& call, const Scope& scope) {
  const std::string op = call.ref.parts[1].name;
  if (op != "isRoot" && op != "rooted") {
    diags_.errorf(call.range, "Connections.{}() is an equation, not an expression", op);
    return std::nullopt;
  }
  if (call.args.size() != 1 || !call.named.empty()) {
    diags_.errorf(call.range, "Connections.{} takes 1 argument", op);
    return std::nullopt;
  }
  if (!instantiated_ || scope.function) {
    diags_.errorf(call.range, "Connections.{}() can only be used in the equations of a model", op);
    return std::nullopt;
  }
  ConnectionGraph& graph = connectionGraph();
  auto a = graphNode(*call.args[0], scope, op);
  if (!a) return std::nullopt;
  bool value = graph.isRoot(*a);
  if (op == "rooted") {
    bool found = false;
    value = graph.rooted(*a, found);
    if (!found) {
      diags_.errorf(call.args[0]->range,
                    "Connections.rooted({}) needs a Connections.branch() with '{}' as its first argument (spec 9.4)",
                    refText(call.args[0]->ref), graph.name(*a));
      return std::nullopt;
    }
  }
  return Value::scalar(flat::makeBoolean(value, call.range));
}

}  // namespace smc::flatten
