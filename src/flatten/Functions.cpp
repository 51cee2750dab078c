// User functions -> flat::Function (spec 12).
//
// A function is built once, on its first call, and gets the next index of
// FlatModel::functions, so the order is the order of first use (fixed for a
// given model). Building goes in three steps: the variables (inputs, then
// outputs, then protected locals, each a scalar Real, Integer or Boolean),
// published at once so that a recursive call can check its arguments; then
// the bindings (an input's default, an output's or local's initial value);
// then the algorithm. Inside the body a name resolves to the function's own
// variables first and otherwise only to constants of enclosing classes,
// which fold to literals: a function sees nothing of the model that calls it.
#include "flatten/Flattener.h"

#include <fmt/format.h>

namespace smc::flatten {

namespace {

const char* kindText(flat::Causality causality) {
  switch (causality) {
    case flat::Causality::Input: return "input";
    case flat::Causality::Output: return "output";
    case flat::Causality::Local: return "local";
  }
  return "?";
}

// The attributes a function variable may be modified with; only `start`
// has an effect inside a function (the value before the first assignment is
// taken from the binding instead), the others document the value.
bool isAttributeName(const std::string& name) {
  return name == "start" || name == "fixed" || name == "min" || name == "max" || name == "nominal" ||
         name == "unit" || name == "displayUnit" || name == "quantity" || name == "stateSelect";
}

}  // namespace

ClassNode* Flattener::calledFunction(const ast::Expr& call, const Scope& scope) {
  std::vector<std::string> parts;
  for (const auto& p : call.ref.parts) parts.push_back(p.name);
  ClassNode* cls = tree_.find(parts, call.ref.global, scope.lexical ? scope.lexical : tree_.root());
  if (!cls || !cls->def || cls->def->kind != ast::ClassKind::Function) return nullptr;
  return cls;
}

std::optional<uint32_t> Flattener::functionIndex(ClassNode* cls) {
  // `function g = f;` names the same function as f.
  for (int guard = 0; cls->def->form == ast::ClassForm::Short; ++guard) {
    const ast::ClassDef& def = *cls->def;
    if (def.shortModification || !def.shortSubscripts.empty()) {
      diags_.unsupported(def.range, "short function definitions with modifications");
      return std::nullopt;
    }
    ClassNode* base = guard < 32 ? tree_.resolveBase(def.shortBase, cls) : nullptr;
    if (!base) return std::nullopt;
    if (!base->def || base->def->kind != ast::ClassKind::Function) {
      diags_.errorf(def.shortBase.range, "'{}' is not a function", def.shortBase.str());
      return std::nullopt;
    }
    cls = base;
  }
  if (auto it = functionIndices_.find(cls); it != functionIndices_.end()) return it->second;
  if (failedFunctions_.count(cls)) return std::nullopt;
  const ast::ClassDef& def = *cls->def;
  if (def.isPartial) {
    diags_.errorf(def.nameRange, "function '{}' is partial and cannot be called", cls->path());
    failedFunctions_.insert(cls);
    return std::nullopt;
  }
  if (def.form != ast::ClassForm::Long) {
    diags_.unsupported(def.range, def.form == ast::ClassForm::Derivative ? "derivative function definitions"
                                                                         : "'function extends' redefinitions");
    failedFunctions_.insert(cls);
    return std::nullopt;
  }
  FunctionBuild build;
  build.cls = cls;
  build.index = static_cast<uint32_t>(model_.functions.size());
  build.fn.name = cls->path();
  build.fn.range = def.nameRange;
  functionIndices_[cls] = build.index;
  model_.functions.emplace_back();
  unsigned errorsBefore = diags_.errorCount();
  if (declareFunctionVariables(build)) {
    model_.functions[build.index] = build.fn;  // the signature, for recursive calls
    lowerFunctionBindings(build);
    lowerFunctionBody(build);
    model_.functions[build.index] = std::move(build.fn);
  }
  if (diags_.errorCount() > errorsBefore) {
    functionIndices_.erase(cls);
    failedFunctions_.insert(cls);
    return std::nullopt;
  }
  return build.index;
}

// The components and algorithm sections of a function and of the functions
// it extends (spec 7.1), bases first.
bool Flattener::collectFunctionElements(ClassNode* cls, FunctionBuild& build,
                                        std::vector<std::pair<const ast::Component*, ClassNode*>>& components,
                                        int depth) {
  const ast::ClassDef& def = *cls->def;
  if (depth > 32) {
    diags_.errorf(def.nameRange, "extends chain of '{}' is too deep (cyclic extends?)", cls->path());
    return false;
  }
  if (def.hasExternal) {
    diags_.unsupported(def.externalRange, "external functions");
    return false;
  }
  bool ok = true;
  for (const ast::Extends& ext : def.extends) {
    ClassNode* base = tree_.resolveBase(ext.base, cls);
    if (!base) {
      ok = false;
      continue;
    }
    if (!base->def || base->def->kind != ast::ClassKind::Function || base->def->form != ast::ClassForm::Long) {
      diags_.errorf(ext.base.range, "function '{}' can only extend functions; '{}' is not one", cls->path(),
                    ext.base.str());
      ok = false;
      continue;
    }
    if (ext.modification) {
      diags_.unsupported(ext.range, "modifications of an extended function");
      ok = false;
      continue;
    }
    ok = collectFunctionElements(base, build, components, depth + 1) && ok;
  }
  for (const ast::Component& decl : def.components) components.emplace_back(&decl, cls);
  for (const ast::EquationSection& section : def.equationSections) {
    diags_.errorf(section.range, "function '{}' cannot have equations; use an algorithm section (spec 12.2)",
                  build.fn.name);
    ok = false;
  }
  for (const ast::AlgorithmSection& section : def.algorithmSections) {
    if (section.initial) {
      diags_.errorf(section.range, "function '{}' cannot have an initial algorithm (spec 12.2)", build.fn.name);
      ok = false;
      continue;
    }
    build.algorithms.emplace_back(&section, cls);
  }
  return ok;
}

bool Flattener::declareFunctionVariables(FunctionBuild& build) {
  std::vector<std::pair<const ast::Component*, ClassNode*>> components;
  bool ok = collectFunctionElements(build.cls, build, components, 0);
  // Inputs, outputs and locals keep their declaration order within each group.
  std::vector<std::pair<flat::Variable, std::pair<const ast::Component*, ClassNode*>>> groups[3];
  std::map<std::string, const ast::Component*> seen;
  for (const auto& [decl, declaredIn] : components) {
    if (auto it = seen.find(decl->name); it != seen.end()) {
      diags_.errorf(decl->nameRange, "component '{}' is declared twice", decl->name);
      diags_.note(it->second->nameRange, "previous declaration is here");
      ok = false;
      continue;
    }
    seen.emplace(decl->name, decl);
    if (decl->isInner || decl->isOuter || decl->isRedeclare || decl->condition ||
        decl->connectorKind != ast::ConnectorKind::None) {
      diags_.errorf(decl->range, "this kind of declaration is not allowed in a function (spec 12.2)");
      ok = false;
      continue;
    }
    auto type = resolveDeclType(*decl, declaredIn, Scope{nullptr, declaredIn, nullptr});
    if (!type) {
      ok = false;
      continue;
    }
    if (!type->subscripts.empty()) {
      diags_.unsupported(decl->range, fmt::format("arrays inside functions ('{}')", decl->name));
      ok = false;
      continue;
    }
    if (type->leaf == LeafType::None) {
      bool isRecord = type->cls->def->kind == ast::ClassKind::Record;
      if (isRecord)
        diags_.unsupported(decl->range, fmt::format("records inside functions ('{}')", decl->name));
      else
        diags_.errorf(decl->range, "'{}' is of class type '{}', which a function variable cannot be",
                      decl->name, type->cls->path());
      ok = false;
      continue;
    }
    if (type->leaf == LeafType::Clock) {
      diags_.errorf(decl->range, "'{}' is a Clock, which a function variable cannot be (spec 16.3)", decl->name);
      ok = false;
      continue;
    }
    if (type->leaf == LeafType::String) {
      diags_.unsupported(decl->range, fmt::format("String variables inside functions ('{}')", decl->name));
      ok = false;
      continue;
    }
    ast::Causality causality = decl->causality != ast::Causality::None ? decl->causality : type->causality;
    bool isProtected = decl->visibility == ast::Visibility::Protected;
    if (isProtected && causality != ast::Causality::None) {
      diags_.errorf(decl->range, "protected '{}' cannot be an input or an output of a function (spec 12.2)",
                    decl->name);
      ok = false;
      continue;
    }
    if (!isProtected && causality == ast::Causality::None) {
      diags_.errorf(decl->range,
                    "public '{}' of function '{}' must be an input or an output; declare locals "
                    "under 'protected' (spec 12.2)",
                    decl->name, build.fn.name);
      ok = false;
      continue;
    }
    flat::Variable v;
    v.name = decl->name;
    v.type = baseType(type->leaf);
    v.variability = decl->variability == ast::Variability::Constant ? flat::Variability::Constant
                    : v.type == flat::BaseType::Real                 ? flat::Variability::Continuous
                                                                     : flat::Variability::Discrete;
    v.causality = causality == ast::Causality::Input    ? flat::Causality::Input
                  : causality == ast::Causality::Output ? flat::Causality::Output
                                                        : flat::Causality::Local;
    v.isProtected = isProtected;
    v.description = decl->description;
    v.range = decl->range;
    int group = causality == ast::Causality::Input ? 0 : causality == ast::Causality::Output ? 1 : 2;
    groups[group].push_back({std::move(v), {decl, declaredIn}});
  }
  build.fn.numInputs = static_cast<uint32_t>(groups[0].size());
  build.fn.numOutputs = static_cast<uint32_t>(groups[1].size());
  for (auto& group : groups)
    for (auto& [variable, origin] : group) {
      auto id = static_cast<flat::VarId>(build.fn.variables.size());
      build.names[variable.name] = Value::scalar(flat::makeVar(id, origin.first->nameRange));
      build.fn.variables.push_back(std::move(variable));
      build.decls.push_back(origin);
    }
  return ok;
}

void Flattener::lowerFunctionBindings(FunctionBuild& build) {
  for (size_t i = 0; i < build.decls.size(); ++i) {
    const auto& [decl, declaredIn] = build.decls[i];
    if (!decl->modification) continue;
    Scope scope{nullptr, declaredIn, nullptr, &build.names, &build};
    flat::Variable& v = build.fn.variables[i];
    for (const ast::ElementModification& arg : decl->modification->arguments) {
      std::string name = arg.path.str();
      if (!isAttributeName(name)) {
        diags_.errorf(arg.range, "'{}' is not an attribute of {} (in the declaration of '{}')", name,
                      flat::toString(v.type), v.name);
        continue;
      }
      if (name != "start" || !arg.modification || !arg.modification->binding) continue;
      const ast::Expr& value = *arg.modification->binding;
      v.attributes.start = expectScalar(lower(value, scope), v.type, value.range,
                                        fmt::format("the start value of '{}'", v.name), scope);
    }
    const ast::Expr* binding = decl->modification->binding.get();
    if (!binding) continue;
    flat::ExprPtr value = expectScalar(lower(*binding, scope), v.type, binding->range,
                                       fmt::format("the binding of '{}'", v.name), scope);
    if (!value) continue;
    // A default may only depend on other inputs: it is evaluated at the call.
    if (i < build.fn.numInputs) {
      std::vector<const flat::Expr*> stack{value.get()};
      bool ok = true;
      while (!stack.empty() && ok) {
        const flat::Expr* e = stack.back();
        stack.pop_back();
        if (e->kind == flat::ExprKind::Var && e->var >= build.fn.numInputs) {
          diags_.errorf(e->range, "the default of input '{}' can only use other inputs, not {} '{}'", v.name,
                        kindText(build.fn.variables[e->var].causality), build.fn.variables[e->var].name);
          ok = false;
        }
        for (const auto& arg : e->args)
          if (arg) stack.push_back(arg.get());
      }
      if (!ok) continue;
    }
    v.binding = value;
  }
}

void Flattener::lowerFunctionBody(FunctionBuild& build) {
  for (size_t k = 0; k < build.algorithms.size(); ++k) {
    const auto& [section, lexical] = build.algorithms[k];
    if (k > 0) {
      diags_.errorf(section->range, "function '{}' has more than one algorithm section (spec 12.2)",
                    build.fn.name);
      return;
    }
    StatementContext context;
    context.scope = Scope{nullptr, lexical, nullptr, &build.names, &build};
    lowerStatements(section->statements, context, build.fn.body);
  }
}

}  // namespace smc::flatten
