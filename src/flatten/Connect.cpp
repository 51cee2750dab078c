// connect-equations (spec 9.1): each side names a connector, an array of
// connectors or a slice through arrays of components (`t.p`, `b.q[2:3]`);
// both are expanded to scalar connectors in row-major order and paired.
// Paired connectors of class type match their primitive components by
// relative name; every primitive pair joins a connection set
// (ConnectionSets.h), which writes the equations once the model is lowered.
// cardinality(c) counts the connect-equations that name c; the count is
// taken once, over the whole model, by a pass that visits only the
// connects (and the for- and if-equations around them).
#include "flatten/Flattener.h"

#include <fmt/format.h>

#include <map>
#include <tuple>

namespace smc::flatten {

namespace {

std::string shapeText(const std::vector<long long>& dims) {
  return dims.empty() ? std::string("a scalar") : fmt::format("size [{}]", fmt::join(dims, ", "));
}

ConnectorEnd instanceEnd(Instance* instance, Component* component) {
  ConnectorEnd end;
  end.instance = instance;
  end.component = component;
  return end;
}

ConnectorEnd variableEnd(flat::ExprPtr variable, Component* component) {
  ConnectorEnd end;
  end.variable = std::move(variable);
  end.component = component;
  return end;
}

ConnectorEnd undeclaredEnd(Instance* bus, const std::string& element) {
  ConnectorEnd end;
  end.bus = bus;
  end.element = element;
  return end;
}

}  // namespace

std::optional<ConnectorEnds> Flattener::expandConnectorEnds(const ast::ComponentRef& ref, const Scope& scope,
                                                             bool undeclaredElements) {
  const ast::RefPart& first = ref.parts[0];
  Component* start = nullptr;
  const bool iterator = scope.iterators && scope.iterators->count(first.name);
  if (!ref.global && !iterator && scope.instance) start = component(*scope.instance, first.name);
  if (!start && undeclaredElements) return std::nullopt;
  if (!start) {
    // Not a component of this class (an error, or a value such as a
    // constant): resolveRef reports it or gives its value.
    auto target = resolveRef(ref, scope, false, true);
    if (!target) return std::nullopt;
    ConnectorEnds ends;
    if (target->disabled) {
      ends.disabled = true;
    } else if (target->instance) {
      ends.elements.push_back(instanceEnd(target->instance, nullptr));
    } else {
      ends.dims = target->value.dims;
      for (const auto& e : target->value.elements) ends.elements.push_back(variableEnd(e, nullptr));
    }
    return ends;
  }

  ConnectorEnds ends;
  bool undeclared = false;
  std::vector<Component*> level{start};
  for (size_t i = 0; i < ref.parts.size() && !level.empty(); ++i) {
    const ast::RefPart& part = ref.parts[i];
    const bool last = i + 1 == ref.parts.size();
    std::vector<Component*> next;
    for (size_t n = 0; n < level.size(); ++n) {
      Component* c = level[n];
      if (c->absent) {
        reportAbsentElement(*c, part.range);
        return std::nullopt;
      }
      if (c->disabled) {
        // A connection to a disabled conditional component vanishes (spec 4.4.5).
        ends.disabled = true;
        return ends;
      }
      if (c->leaf == LeafType::None && !c->cls) return std::nullopt;  // its declaration failed; reported
      if (c->leaf != LeafType::None && !last) {
        diags_.errorf(ref.parts[i + 1].range, "'{}' is a scalar variable and has no component '{}'", part.name,
                      ref.parts[i + 1].name);
        return std::nullopt;
      }
      if (c->leaf != LeafType::None && !holdsEveryElement(*c)) return std::nullopt;  // reported
      auto picks = lowerSubscripts(c->dims, part, scope);
      if (!picks) return std::nullopt;
      if (hasVariablePick(*picks)) {
        diags_.errorf(part.range,
                      "the subscripts of a connector in connect() must be parameter expressions (spec 9.1)");
        return std::nullopt;
      }
      auto indexAt = [](size_t k) { return flat::makeInteger(static_cast<long long>(k)); };
      Value chosen = selectPicked(c->dims, *picks, indexAt);
      // Every component of one level has the same shape: the first gives it.
      if (n == 0) ends.dims.insert(ends.dims.end(), chosen.dims.begin(), chosen.dims.end());
      for (const auto& index : chosen.elements) {
        const auto k = static_cast<size_t>(index->integer);
        if (c->leaf != LeafType::None) {
          ends.elements.push_back(variableEnd(flat::makeVar(c->vars[k], ref.range), c));
          continue;
        }
        Instance* picked = elementOf(*c, static_cast<long long>(k), part);
        if (!picked) return std::nullopt;
        Instance& element = *picked;
        if (last) {
          ends.elements.push_back(instanceEnd(&element, c));
          continue;
        }
        const ast::RefPart& member = ref.parts[i + 1];
        if (undeclaredElements && isExpandableConnector(element) && !element.components.count(member.name)) {
          if (i + 2 != ref.parts.size() || !member.subscripts.empty()) {
            diags_.unsupported(member.range,
                               fmt::format("'{}' with subscripts or components: '{}' is not declared in the "
                                           "expandable connector '{}' (declare it, or connect it whole first)",
                                           refText(ref), member.name, element.path));
            return std::nullopt;
          }
          ends.elements.push_back(undeclaredEnd(&element, member.name));
          undeclared = true;
          continue;
        }
        Component* child = memberOf(*c, element, member);
        if (!child) return std::nullopt;
        if (child->potentiallyPresent) child->connected = true;
        next.push_back(child);
      }
    }
    // An array of expandable connectors that differ in what they declare.
    if (undeclared && !next.empty()) return std::nullopt;
    level = std::move(next);
  }
  return ends;
}

void Flattener::lowerConnect(const ast::Equation& eq, const Scope& scope, bool initial) {
  if (initial) {
    diags_.error(eq.range, "connect() is not allowed in an initial equation section");
    return;
  }
  auto a = expandConnectorEnds(eq.connectA, scope);
  auto b = a ? expandConnectorEnds(eq.connectB, scope) : std::nullopt;
  if (!a || !b) return;
  if (a->disabled || b->disabled) return;
  if (a->dims != b->dims || a->elements.size() != b->elements.size()) {
    diags_.errorf(eq.range, "cannot connect '{}' ({}) and '{}' ({}): the array dimensions must match (spec 9.1)",
                  refText(eq.connectA), shapeText(a->dims), refText(eq.connectB), shapeText(b->dims));
    return;
  }
  const std::string origin = scope.instance ? scope.instance->path : std::string();
  const bool aOutside = isOutsideConnector(eq.connectA, scope);
  const bool bOutside = isOutsideConnector(eq.connectB, scope);
  for (size_t k = 0; k < a->elements.size(); ++k) {
    const ConnectorEnd& x = a->elements[k];
    const ConnectorEnd& y = b->elements[k];
    if (!x.instance && !y.instance) {
      if (x.variable->kind == flat::ExprKind::Var && y.variable->kind == flat::ExprKind::Var) {
        if (!connectPrimitives(x.variable->var, aOutside, y.variable->var, bOutside, eq, origin)) return;
      } else {
        addEquation(x.variable, y.variable, eq.range, false, origin);
      }
      continue;
    }
    if (!x.instance || !y.instance) {
      diags_.errorf(eq.range, "cannot connect '{}' and '{}': one is a connector, the other a variable",
                    refText(eq.connectA), refText(eq.connectB));
      return;
    }
    if (isExpandableConnector(*x.instance) != isExpandableConnector(*y.instance)) {
      const Instance& expandable = isExpandableConnector(*x.instance) ? *x.instance : *y.instance;
      diags_.errorf(eq.range,
                    "cannot connect '{}' and '{}': '{}' is an expandable connector, which connects only to "
                    "expandable connectors (spec 9.1.3); connect the other to one of its elements",
                    refText(eq.connectA), refText(eq.connectB), expandable.path);
      return;
    }
    if (!connectInstances(*x.instance, aOutside, *y.instance, bOutside, eq, origin)) return;
  }
}

bool Flattener::connectInstances(Instance& a, bool aOutside, Instance& b, bool bOutside, const ast::Equation& eq,
                                 const std::string& origin) {
  // Overdetermined records the connection graph breaks here are not
  // equated (spec 9.4): their equalityConstraint stands for it.
  std::vector<std::string> broken;
  std::vector<std::pair<std::string, Instance*>> partsA, partsB;
  overdeterminedParts(a, "", partsA);
  if (!partsA.empty()) {
    overdeterminedParts(b, "", partsB);
    ConnectionGraph& graph = connectionGraph();
    for (const auto& [name, record] : partsA)
      for (const auto& [other, partner] : partsB) {
        if (name != other || !graph.has(record) || !graph.has(partner)) continue;
        if (graph.takeTreeEdge(graph.nodeOf(record), graph.nodeOf(partner))) continue;
        if (!addEqualityConstraint(*record, *partner, eq, origin)) return false;
        broken.push_back(name + ".");
      }
  }
  auto isBroken = [&](const std::string& leaf) {
    for (const std::string& prefix : broken)
      if (leaf.compare(0, prefix.size(), prefix) == 0) return true;
    return false;
  };
  std::vector<std::pair<std::string, flat::VarId>> left, right;
  collectLeaves(a, "", left);
  collectLeaves(b, "", right);
  std::map<std::string, flat::VarId> rightByName(right.begin(), right.end());
  for (const auto& [name, id] : left) {
    auto it = rightByName.find(name);
    if (it == rightByName.end()) {
      diags_.errorf(eq.range, "cannot connect '{}' and '{}': '{}' has '{}' but '{}' has not", refText(eq.connectA),
                    refText(eq.connectB), a.path, name, b.path);
      return false;
    }
    if (isBroken(name)) continue;
    if (!connectPrimitives(id, aOutside, it->second, bOutside, eq, origin)) return false;
  }
  if (left.size() != right.size()) {
    diags_.errorf(eq.range, "cannot connect '{}' and '{}': they have different components", refText(eq.connectA),
                  refText(eq.connectB));
    return false;
  }
  return true;
}

bool Flattener::connectPrimitives(flat::VarId a, bool aOutside, flat::VarId b, bool bOutside,
                                  const ast::Equation& eq, const std::string& origin) {
  const flat::Variable& va = model_.variables[a];
  const flat::Variable& vb = model_.variables[b];
  // A flow (stream) variable connects only to another one.
  for (auto [prefixed, kind, section] : {std::tuple{&flat::Variable::isFlow, "flow", "9.3"},
                                         std::tuple{&flat::Variable::isStream, "stream", "15.1"}}) {
    if (va.*prefixed == vb.*prefixed) continue;
    const flat::Variable& marked = va.*prefixed ? va : vb;
    const flat::Variable& other = va.*prefixed ? vb : va;
    diags_.errorf(eq.range, "cannot connect the {} variable '{}' to '{}', which is not a {} variable (spec {})", kind,
                  marked.name, other.name, kind, section);
    return false;
  }
  // Connected parameters and constants give no equations but an assert
  // that they are equal (spec 9.3), decided here when both are known.
  auto fixed = [](const flat::Variable& v) {
    return v.variability == flat::Variability::Parameter || v.variability == flat::Variability::Constant;
  };
  if (fixed(va) && fixed(vb)) return assertConnectedParameters(a, b, eq);
  connections_.connect({a, aOutside}, {b, bOutside}, eq.range, origin);
  return true;
}

bool Flattener::assertConnectedParameters(flat::VarId a, flat::VarId b, const ast::Equation& eq) {
  const flat::Variable& va = model_.variables[a];
  const flat::Variable& vb = model_.variables[b];
  if (va.isFlow) return true;  // flows of parameters sum to nothing to check
  flat::ExprPtr equal = flat::makeBinary(flat::Op::Equal, flat::makeVar(a, eq.range), flat::makeVar(b, eq.range),
                                         eq.range);
  const std::string message = fmt::format("the connected parameters '{}' and '{}' differ (spec 9.3)", va.name, vb.name);
  // Values that differ already are an error now (the evaluator is silent
  // when a value is left to the importer or to initialization); equal ones
  // are checked again when the model runs, as an importer may set a
  // parameter differently, unless both are constants.
  if (va.binding && vb.binding) {
    flat::ConstantEvaluator evaluator(model_);
    auto same = evaluator.evaluate(*equal, eq.range);
    if (same && same->kind == Constant::Boolean && !same->boolean) {
      diags_.error(eq.range, message);
      return false;
    }
  }
  if (va.variability == flat::Variability::Constant && vb.variability == flat::Variability::Constant) return true;
  flat::Assertion check;
  check.condition = equal;
  check.message = flat::makeString(message, eq.range);
  check.level = flat::AssertLevel::Error;
  check.range = eq.range;
  model_.assertions.push_back(std::move(check));
  return true;
}

bool Flattener::isOutsideConnector(const ast::ComponentRef& ref, const Scope& scope) {
  if (!scope.instance || ref.parts.empty()) return true;
  auto it = scope.instance->components.find(ref.parts[0].name);
  if (it == scope.instance->components.end()) return true;
  const Component& c = *it->second;
  if (c.leaf != LeafType::None) return true;
  const Component& typed = c.inner ? *c.inner : c;
  return isConnectorClass(typed.cls);
}

void Flattener::visitConnects(const ast::Equation& eq, const Scope& scope, const ConnectVisitor& visit) {
  switch (eq.kind) {
    case ast::EquationKind::Connect: visit(eq, scope); return;
    case ast::EquationKind::Call:
      if (isConnectionsEquation(eq)) visit(eq, scope);
      return;
    case ast::EquationKind::For: {
      auto ranges = evaluateIndexRanges(eq.iterators, scope, "for-equations");
      if (!ranges) return;
      forEachIndexCombination(*ranges, scope, [&](const Scope& inner) {
        for (const ast::Equation& body : eq.branches[0]) visitConnects(body, inner, visit);
        return true;
      });
      return;
    }
    case ast::EquationKind::If:
      // The branch a parameter condition selects; connect() is not allowed
      // under other conditions (reported where the equations are lowered).
      for (size_t i = 0; i < eq.branches.size(); ++i) {
        if (i < eq.conditions.size()) {
          // Only the solved graph knows; such branches hold no connects.
          if (conditionNeedsConnectionGraph(*eq.conditions[i])) return;
          auto condition = lower(*eq.conditions[i], scope);
          if (!condition || !condition->isScalar() || !isParameterExpression(*condition->elements[0], scope)) return;
          auto value = evaluateFlat(*condition->elements[0], eq.conditions[i]->range);
          if (!value || value->kind != Constant::Boolean) return;
          if (!value->boolean) continue;
        }
        for (const ast::Equation& body : eq.branches[i]) visitConnects(body, scope, visit);
        return;
      }
      return;
    default: return;
  }
}

void Flattener::visitConnects(Instance& inst, const ConnectVisitor& visit) {
  for (const Instance::Section& s : inst.sections) {
    if (s.section->initial) continue;
    Scope scope{&inst, s.lexical, nullptr};
    for (const ast::Equation& eq : s.section->equations) visitConnects(eq, scope, visit);
  }
  for (Component* c : inst.order)
    for (Instance* element : ownedInstances(*c)) visitConnects(*element, visit);
}

void Flattener::countConnects(Instance& inst) {
  visitConnects(inst, [&](const ast::Equation& eq, const Scope& scope) {
    if (eq.kind != ast::EquationKind::Connect) return;
    auto a = expandConnectorEnds(eq.connectA, scope);
    auto b = a ? expandConnectorEnds(eq.connectB, scope) : std::nullopt;
    if (!a || !b || a->disabled || b->disabled || a->elements.size() != b->elements.size()) return;
    for (const ConnectorEnds* side : {&*a, &*b})
      for (const ConnectorEnd& end : side->elements) {
        if (end.instance)
          ++connectCounts_->byInstance[end.instance];
        else if (end.variable && end.variable->kind == flat::ExprKind::Var)
          ++connectCounts_->byVariable[end.variable->var];
      }
  });
}

std::optional<Value> Flattener::lowerCardinality(const ast::Expr& call, const Scope& scope) {
  if (scope.function) {
    diags_.error(call.range, "cardinality() cannot be used inside a function");
    return std::nullopt;
  }
  if (call.args.size() != 1 || !call.named.empty() || call.args[0]->kind != ast::ExprKind::Ref) {
    diags_.error(call.range, "cardinality() takes one argument, a connector");
    return std::nullopt;
  }
  if (!instantiated_) {
    // A binding or modifier is lowered while the instance tree is still
    // being built, before all connects can be counted.
    diags_.unsupported(call.range, "cardinality() in a binding or a modifier (it works in equations)");
    return std::nullopt;
  }
  auto ends = expandConnectorEnds(call.args[0]->ref, scope);
  if (!ends) return std::nullopt;
  if (ends->disabled) return Value::scalar(flat::makeInteger(0, call.range));
  if (ends->elements.size() != 1 || !ends->dims.empty()) {
    diags_.error(call.args[0]->range, "cardinality() needs a scalar connector, not an array");
    return std::nullopt;
  }
  if (!connectCounts_) {
    connectCounts_.emplace();
    countConnects(*top_);
  }
  const ConnectorEnd& end = ends->elements[0];
  long long count = 0;
  if (end.instance) {
    if (!isConnectorClass(end.instance->cls)) {
      diags_.errorf(call.args[0]->range, "cardinality() needs a connector; '{}' is a {}", end.instance->path,
                    ast::toString(end.instance->cls->def->kind));
      return std::nullopt;
    }
    count = connectCounts_->byInstance[end.instance];
  } else if (end.variable && end.variable->kind == flat::ExprKind::Var) {
    count = connectCounts_->byVariable[end.variable->var];
  }
  return Value::scalar(flat::makeInteger(count, call.range));
}

}  // namespace smc::flatten
