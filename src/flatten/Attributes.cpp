// Bindings and attributes of predefined-type components (spec 4.8):
// `parameter Real k[2](each min = 0, start = {1, 2}) = {3, 4}`.
// A modification's value is lowered in the scope where it was written, then
// spread over the component's array elements (`each` repeats a scalar).
#include "flatten/Flattener.h"

namespace smc::flatten {

namespace {

bool knownAttribute(LeafType leaf, const std::string& name) {
  // Clock and external objects have no attributes (spec 16.3, 12.9.7).
  if (leaf == LeafType::Clock || leaf == LeafType::ExternalObject) return false;
  if (name == "start" || name == "fixed" || name == "quantity") return true;
  switch (leaf) {
    case LeafType::Real:
      return name == "min" || name == "max" || name == "nominal" || name == "unit" ||
             name == "displayUnit" || name == "stateSelect" || name == "unbounded";
    case LeafType::Integer: return name == "min" || name == "max";
    case LeafType::Boolean:
    case LeafType::String:
    case LeafType::Clock:
    case LeafType::ExternalObject:
    case LeafType::None: return false;
  }
  return false;
}

const char* leafName(LeafType leaf) {
  switch (leaf) {
    case LeafType::Real: return "Real";
    case LeafType::Integer: return "Integer";
    case LeafType::Boolean: return "Boolean";
    case LeafType::String: return "String";
    case LeafType::Clock: return "Clock";
    case LeafType::ExternalObject: return "an external object";
    case LeafType::None: return "class";
  }
  return "?";
}

}  // namespace

std::optional<Value> Flattener::lowerModBinding(const Mod& m) {
  if (m.elementOf.empty()) return lower(*m.binding, m.scope);
  // Every element of the array of components lowers the same binding: once
  // is enough (r[n](R = Rs) would otherwise cost n^2 element expressions).
  // A scope with loop indices or locals is not shared.
  std::optional<Value> value;
  if (m.scope.iterators || m.scope.locals || m.scope.function) {
    value = lower(*m.binding, m.scope);
  } else {
    auto key = std::make_tuple(m.binding, m.scope.instance, m.scope.lexical);
    auto cached = splitBindings_.find(key);
    if (cached == splitBindings_.end()) cached = splitBindings_.emplace(key, lower(*m.binding, m.scope)).first;
    value = cached->second;
  }
  if (!value) return value;
  const size_t k = m.elementOf.size();
  bool fits = value->dims.size() >= k;
  for (size_t d = 0; fits && d < k; ++d) fits = m.elementOf[d] < value->dims[d];
  if (!fits) {
    diags_.errorf(m.binding->range,
                  "this modifier of an array of components has no 'each', so its value must have one "
                  "element per component (its leading dimensions), but it is {}",
                  value->isScalar() ? std::string("a scalar")
                                    : fmt::format("of size [{}]", fmt::join(value->dims, ", ")));
    return std::nullopt;
  }
  Value element;
  element.dims.assign(value->dims.begin() + static_cast<long>(k), value->dims.end());
  size_t size = 1;
  for (long long d : element.dims) size *= static_cast<size_t>(d);
  size_t offset = 0;
  for (size_t d = 0; d < k; ++d) offset = offset * static_cast<size_t>(value->dims[d]) + static_cast<size_t>(m.elementOf[d]);
  offset *= size;
  element.elements.assign(value->elements.begin() + static_cast<long>(offset),
                          value->elements.begin() + static_cast<long>(offset + size));
  return element;
}

void Flattener::setAttributes(Component& c, const Mod& mod) {
  size_t n = c.vars.size();
  // Lowers one modification value and returns one expression per element.
  auto spread = [&](const Mod& m, const char* what) -> std::vector<flat::ExprPtr> {
    auto value = lowerModBinding(m);
    if (!value) return {};
    if (value->dims == c.dims) return value->elements;
    if (value->isScalar()) {
      if (!c.dims.empty() && !m.each)
        diags_.warning(m.range, std::string("scalar ") + what + " of array '" + c.name +
                                    "' applies to every element; write 'each' to say so");
      return std::vector<flat::ExprPtr>(n, value->elements[0]);
    }
    auto size = [](const std::vector<long long>& dims) {
      return dims.empty() ? std::string("a scalar") : fmt::format("size [{}]", fmt::join(dims, ", "));
    };
    diags_.errorf(m.binding->range, "the {} of '{}' has {} but '{}' has {}", what, c.name, size(value->dims),
                  c.name, size(c.dims));
    return {};
  };

  if (mod.binding) {
    std::vector<flat::ExprPtr> values = spread(mod, "binding");
    for (size_t i = 0; i < values.size(); ++i) {
      flat::Variable& v = model_.variables[c.vars[i]];
      // A Clock is bound to a clock expression and nothing else is.
      bool clockValue = typeOf(*values[i], mod.scope) == flat::BaseType::Clock;
      if (clockValue != (v.type == flat::BaseType::Clock)) {
        if (clockValue)
          diags_.errorf(mod.binding->range, "'{}' is {} and cannot be bound to a Clock", c.name,
                        flat::toString(v.type));
        else
          diags_.errorf(mod.binding->range, "the binding of Clock '{}' must be a Clock expression, not {}", c.name,
                        flat::toString(typeOf(*values[i], mod.scope)));
        break;
      }
      if (v.variability == flat::Variability::Parameter ||
          v.variability == flat::Variability::Constant) {
        v.binding = values[i];
      } else {
        flat::Equation eq{flat::makeVar(c.vars[i], c.decl->nameRange), values[i],
                          mod.binding->range, c.owner->path};
        model_.equations.push_back(std::move(eq));
      }
    }
  }

  for (const auto& [name, attr] : mod.children) {
    if (!knownAttribute(c.leaf, name)) {
      diags_.errorf(attr.range, "'{}' is not an attribute of {} (in the declaration of '{}')",
                    name, leafName(c.leaf), c.name);
      continue;
    }
    if (!attr.children.empty()) {
      diags_.errorf(attr.range, "attribute '{}' cannot be modified further", name);
      continue;
    }
    if (!attr.binding || name == "unbounded") continue;  // a hint only
    std::vector<flat::ExprPtr> values = spread(attr, name.c_str());
    for (size_t i = 0; i < values.size(); ++i) {
      flat::Attributes& a = model_.variables[c.vars[i]].attributes;
      if (name == "start") a.start = values[i];
      else if (name == "min") a.min = values[i];
      else if (name == "max") a.max = values[i];
      else if (name == "nominal") a.nominal = values[i];
      else if (name == "stateSelect") {
        // A StateSelect value is its literal's ordinal, never = 1.
        auto constant = evaluateFlat(*values[i], attr.binding->range);
        if (!constant) continue;
        if (constant->kind != Constant::Integer || constant->integer < 1 || constant->integer > 5) {
          diags_.error(attr.binding->range, "'stateSelect' must be a StateSelect parameter expression");
          continue;
        }
        a.stateSelect = static_cast<flat::StateSelect>(constant->integer - 1);
      } else if (name == "fixed" || name == "unit" || name == "displayUnit" || name == "quantity") {
        auto constant = evaluateFlat(*values[i], attr.binding->range);
        if (!constant) continue;
        bool isString = constant->kind == Constant::String;
        if (name == "fixed") {
          if (constant->kind != Constant::Boolean) {
            diags_.error(attr.binding->range, "'fixed' must be a Boolean parameter expression");
            continue;
          }
          a.fixed = constant->boolean;
        } else if (!isString) {
          diags_.errorf(attr.binding->range, "'{}' must be a String", name);
        } else if (name == "unit") {
          a.unit = constant->text;
        } else if (name == "displayUnit") {
          a.displayUnit = constant->text;
        } else {
          a.quantity = constant->text;
        }
      }
    }
  }
}

}  // namespace smc::flatten
