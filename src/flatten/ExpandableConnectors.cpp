// Expandable connectors (spec 9.1.3), elaborated once the instance tree
// exists and before any connect() becomes connection sets.
//
// An expandable connector's non-parameter elements are only potentially
// present: instantiation leaves them pending (Instantiate.cpp). A scan of
// every connect-equation then finds
//  - elements that a connect names: declared ones become present, and an
//    undeclared one (`connect(sine.y, bus.speed)`) is requested with the
//    type and shape of the declared side;
//  - pairs of connected expandable connectors, which form augmentation
//    sets: each member ends up with the union of the present elements of
//    all members, and elements that are themselves expandable connectors
//    join sets of their own, until nothing changes.
// Pending elements left over are absent: they get no variables, and a
// reference to one is an error. After this, expandable connectors are
// plain connectors and their connects plain connects (Connect.cpp).
#include "flatten/Flattener.h"

#include <fmt/format.h>

#include <map>
#include <set>

namespace smc::flatten {

// An element that a connect() asks an expandable connector to hold: named
// there but not declared, shaped as the declared side.
struct ElementRequest {
  Instance* bus = nullptr;
  std::string name;
  Component* like = nullptr;  // the declared side's component
  std::vector<long long> dims;
  std::vector<flat::VarId> variables;  // a primitive element, one per array element
  std::vector<Instance*> instances;    // or a connector, one per array element
};

struct ExpandableElaboration {
  std::vector<ElementRequest> requests;
  std::set<std::pair<Instance*, Instance*>> links;  // connected expandable connectors
  std::map<Instance*, Instance*> parent;            // union-find over them

  Instance* find(Instance* i) {
    auto it = parent.find(i);
    if (it == parent.end()) return parent[i] = i;
    if (it->second == i) return i;
    return it->second = find(it->second);
  }
  // Records that a and b are connected; false when they already were.
  bool link(Instance* a, Instance* b) {
    if (a == b || links.count({a, b}) || links.count({b, a})) return false;
    links.insert({a, b});
    parent[find(a)] = find(b);
    return true;
  }
};

bool isExpandableConnector(const Instance& inst) {
  return inst.cls && inst.cls->def && inst.cls->def->kind == ast::ClassKind::ExpandableConnector;
}

namespace {

bool isFixed(const Component& c) {
  return c.decl->variability == ast::Variability::Parameter || c.decl->variability == ast::Variability::Constant;
}

// A present element: a non-parameter one that a connect() names, or that
// augmentation added.
bool isPresentElement(const Component& c) {
  if (isFixed(c) || c.absent || c.disabled) return false;
  return c.potentiallyPresent ? c.connected : c.state == Component::State::Done;
}

}  // namespace

void Flattener::elaborateExpandableConnectors() {
  if (!hasExpandableConnectors_) return;
  ExpandableElaboration state;
  visitConnects(*top_, [&](const ast::Equation& eq, const Scope& scope) {
    if (eq.kind == ast::EquationKind::Connect) noteConnect(eq, scope, state);
  });
  augment(state);
  expandablesElaborated_ = true;
  // What no connect made present is absent (spec 9.1.3: undefined; smc
  // removes it). Elements added above may have brought more of these.
  for (size_t i = 0; i < potentiallyPresent_.size(); ++i) {
    Component& c = *potentiallyPresent_[i];
    if (c.state == Component::State::Pending) {
      c.absent = true;
      c.state = Component::State::Done;
    } else if (!c.connected && c.readBeforeElaboration) {
      reportAbsentElement(c, *c.readBeforeElaboration);
    }
  }
}

void Flattener::noteConnect(const ast::Equation& eq, const Scope& scope, ExpandableElaboration& state) {
  auto a = expandConnectorEnds(eq.connectA, scope, true);
  auto b = a ? expandConnectorEnds(eq.connectB, scope, true) : std::nullopt;
  if (!a || !b || a->disabled || b->disabled) return;
  auto undeclaredIn = [](const ConnectorEnds& ends) {
    for (const ConnectorEnd& end : ends.elements)
      if (end.bus) return true;
    return false;
  };
  const bool aUndeclared = undeclaredIn(*a), bUndeclared = undeclaredIn(*b);
  if (aUndeclared && bUndeclared) {
    diags_.errorf(eq.range,
                  "cannot connect '{}' and '{}': neither is declared, so the type of the new element is "
                  "unknown; one side of a connect() must be a declared component (spec 9.1.3)",
                  refText(eq.connectA), refText(eq.connectB));
    return;
  }
  if (aUndeclared || bUndeclared) {
    const ConnectorEnds& wanted = aUndeclared ? *a : *b;
    const ConnectorEnds& declared = aUndeclared ? *b : *a;
    if (declared.elements.empty()) return;
    auto request = [&](const ConnectorEnd& end, const std::vector<long long>& dims, size_t from, size_t count) {
      ElementRequest r;
      r.bus = end.bus;
      r.name = end.element;
      r.like = declared.elements[from].component;
      r.dims = dims;
      for (size_t k = from; k < from + count; ++k) {
        const ConnectorEnd& d = declared.elements[k];
        if (d.variable && d.variable->kind == flat::ExprKind::Var) r.variables.push_back(d.variable->var);
        if (d.instance) r.instances.push_back(d.instance);
      }
      // A connector on one side and a variable on the other: Connect.cpp says so.
      if (!r.like || (!r.variables.empty() && !r.instances.empty()) ||
          r.variables.size() + r.instances.size() != count)
        return;
      state.requests.push_back(std::move(r));
    };
    if (wanted.elements.size() == 1 && wanted.dims.empty()) {
      // `connect(y, bus.y)` with y an array: the new element is the array.
      request(wanted.elements[0], declared.dims, 0, declared.elements.size());
    } else if (wanted.elements.size() == declared.elements.size()) {
      for (size_t k = 0; k < wanted.elements.size(); ++k) request(wanted.elements[k], {}, k, 1);
    }
    return;
  }
  if (a->elements.size() != b->elements.size()) return;
  for (size_t k = 0; k < a->elements.size(); ++k) {
    Instance* x = a->elements[k].instance;
    Instance* y = b->elements[k].instance;
    if (x && y && isExpandableConnector(*x) && isExpandableConnector(*y)) state.link(x, y);
  }
}

void Flattener::augment(ExpandableElaboration& state) {
  for (bool changed = true; changed;) {
    changed = false;
    // The augmentation sets: connected expandable connectors, and each
    // connector a request names on its own.
    for (const ElementRequest& r : state.requests) state.find(r.bus);
    std::map<Instance*, std::vector<Instance*>> sets;
    for (const auto& entry : state.parent) sets[state.find(entry.first)].push_back(entry.first);

    for (auto& [root, members] : sets) {
      // Every present element of a member, declared or requested, with
      // what a member that lacks it copies.
      std::map<std::string, const ElementRequest*> requested;
      for (const ElementRequest& r : state.requests)
        if (state.find(r.bus) == root) requested.emplace(r.name, &r);
      // In declaration order, then in the order the connects name them.
      std::vector<std::string> names;
      std::set<std::string> seen;
      for (Instance* m : members)
        for (Component* c : m->order)
          if (isPresentElement(*c) && seen.insert(c->name).second) names.push_back(c->name);
      for (const ElementRequest& r : state.requests)
        if (state.find(r.bus) == root && seen.insert(r.name).second) names.push_back(r.name);

      for (const std::string& name : names) {
        // A declared element of some member is the model for the others.
        Component* declared = nullptr;
        for (Instance* m : members) {
          auto it = m->components.find(name);
          if (it == m->components.end() || isFixed(*it->second)) continue;
          Component& element = *it->second;
          if (!element.connected && element.potentiallyPresent) {
            element.connected = true;
            changed = true;
          }
          ensureInstantiated(element);
          if (!declared && isPresentElement(element)) declared = &element;
        }
        std::vector<Component*> copies;
        for (Instance* m : members) {
          auto it = m->components.find(name);
          if (it != m->components.end()) {
            copies.push_back(it->second.get());
            continue;
          }
          if (declared) {
            copies.push_back(&addBusElement(*m, name, *declared, declared->dims, declared->vars,
                                            ownedInstances(*declared)));
          } else {
            const ElementRequest& r = *requested.at(name);
            copies.push_back(&addBusElement(*m, name, *r.like, r.dims, r.variables, r.instances));
          }
          changed = true;
        }
        // Expandable elements of connected expandable connectors are
        // connected too, element by element.
        for (size_t j = 1; j < copies.size(); ++j) {
          std::vector<Instance*> left = ownedInstances(*copies[0]), right = ownedInstances(*copies[j]);
          if (left.size() != right.size()) continue;
          for (size_t k = 0; k < left.size(); ++k)
            if (isExpandableConnector(*left[k]) && isExpandableConnector(*right[k]) && state.link(left[k], right[k]))
              changed = true;
        }
      }
    }
    // An expandable connector connected to a new element links to it.
    for (const ElementRequest& r : state.requests) {
      auto it = r.bus->components.find(r.name);
      if (it == r.bus->components.end()) continue;
      std::vector<Instance*> added = ownedInstances(*it->second);
      if (added.size() != r.instances.size()) continue;
      for (size_t k = 0; k < added.size(); ++k)
        if (isExpandableConnector(*added[k]) && isExpandableConnector(*r.instances[k]) &&
            state.link(added[k], r.instances[k]))
          changed = true;
    }
  }
}

void Flattener::reportAbsentElement(const Component& c, SourceRange range) {
  diags_.errorf(range,
                "'{}' is an element of the expandable connector '{}' that no connect() makes present, so it "
                "does not exist (spec 9.1.3)",
                c.name, c.owner->path);
  diags_.note(c.decl->nameRange, fmt::format("'{}' is declared here", c.name));
}

Component& Flattener::addBusElement(Instance& bus, const std::string& name, const Component& like,
                                    const std::vector<long long>& dims, const std::vector<flat::VarId>& variables,
                                    const std::vector<Instance*>& instances) {
  auto owned = std::make_unique<Component>();
  Component& c = *owned;
  c.name = name;
  c.decl = like.decl;  // for its source location and description
  c.declaredIn = like.declaredIn;
  c.owner = &bus;
  c.dims = dims;
  c.state = Component::State::Done;
  c.connected = true;
  bus.order.push_back(&c);
  bus.components.emplace(name, std::move(owned));

  // The instance whose class holds the outermost connector around the bus:
  // where a flow variable in it is inside.
  const Instance* holder = &bus;
  while (holder->parent && isConnectorClass(holder->cls)) holder = holder->parent;
  // A flow variable added to an expandable connector starts in a set of its
  // own both as inside and as outside (spec 9.2), so that it is zero when
  // connected from one side only.
  auto addFlow = [&](flat::VarId id) {
    const flat::Variable& v = model_.variables[id];
    connections_.addFlowVariable(id, v.range, holder->path, true);
  };

  if (!variables.empty()) {
    c.leaf = like.leaf;
    for (size_t i = 0; i < variables.size(); ++i) {
      const flat::Variable& from = model_.variables[variables[i]];
      flat::Variable v;
      v.name = bus.path + "." + name + subscriptText(dims, static_cast<long long>(i));
      v.type = from.type;
      v.variability = from.variability;
      v.description = from.description;
      v.isFlow = from.isFlow;
      v.isEnumeration = from.isEnumeration;
      v.attributes.unit = from.attributes.unit;
      v.attributes.displayUnit = from.attributes.displayUnit;
      v.attributes.quantity = from.attributes.quantity;
      if (from.isEnumeration) {
        v.attributes.min = from.attributes.min;
        v.attributes.max = from.attributes.max;
        v.attributes.start = from.attributes.min;
      }
      v.range = from.range;
      const auto id = static_cast<flat::VarId>(model_.variables.size());
      model_.variables.push_back(std::move(v));
      c.vars.push_back(id);
      if (model_.variables[id].isFlow) {
        connections_.addFlowVariable(id, model_.variables[id].range, holder->path);
        addFlow(id);
      }
    }
    return c;
  }
  if (instances.empty()) return c;
  // The element's class, with the declared side's modifications when it is
  // the whole component.
  Mod mod = like.dims == dims ? like.mod : Mod{};
  mod.binding = nullptr;
  c.cls = instances[0]->cls;
  instantiateElements(c, c.cls, bus.variability, mod, {});
  for (auto& element : c.elements) {
    std::vector<std::pair<std::string, flat::VarId>> leaves;
    collectLeaves(*element, "", leaves);
    for (const auto& [leafName, id] : leaves)
      if (model_.variables[id].isFlow) addFlow(id);
  }
  return c;
}

}  // namespace smc::flatten
