// A function class as written (spec 12.2): its inputs, outputs and
// protected locals with their types, and the checks that do not depend on
// the sizes a call gives. Built once per class; the flat function is then
// built per call shape from it (Functions.cpp).
#include "flatten/Flattener.h"

#include <algorithm>
#include <fmt/format.h>

namespace smc::flatten {

namespace {

// Names of variables a dimension expression reads by value; `size(x, 1)`
// reads only the size of x, which the call shape fixes anyway.
void collectValueNames(const ast::Expr& e, std::set<std::string>& out) {
  if (e.kind == ast::ExprKind::Ref && !e.ref.global && !e.ref.parts.empty()) out.insert(e.ref.parts[0].name);
  const bool isSize = e.kind == ast::ExprKind::Call && !e.ref.global && e.ref.parts.size() == 1 &&
                      e.ref.parts[0].name == "size";
  for (size_t i = 0; i < e.args.size(); ++i)
    if (e.args[i] && !(isSize && i == 0)) collectValueNames(*e.args[i], out);
  for (const auto& part : e.ref.parts)
    for (const auto& sub : part.subscripts)
      if (sub) collectValueNames(*sub, out);
  for (const auto& arg : e.named)
    if (arg.value) collectValueNames(*arg.value, out);
  for (const auto& row : e.rows)
    for (const auto& cell : row)
      if (cell) collectValueNames(*cell, out);
}

void collectAssignedNames(const ast::StatementList& statements, std::set<std::string>& out) {
  for (const ast::Statement& s : statements) {
    if (s.kind == ast::StatementKind::Assign && s.lhs) {
      if (s.lhs->kind == ast::ExprKind::Ref && !s.lhs->ref.parts.empty()) out.insert(s.lhs->ref.parts[0].name);
      if (s.lhs->kind == ast::ExprKind::Tuple)
        for (const auto& slot : s.lhs->args)
          if (slot && slot->kind == ast::ExprKind::Ref && !slot->ref.parts.empty())
            out.insert(slot->ref.parts[0].name);
    }
    for (const auto& branch : s.branches) collectAssignedNames(branch, out);
  }
}

}  // namespace

ClassNode* Flattener::calledFunction(const ast::Expr& call, const Scope& scope) {
  ClassNode* cls = nullptr;
  if (Instance* owner = functionOwner(call, scope)) {
    cls = tree_.memberOf(owner->cls, call.ref.parts.back().name);
  } else {
    std::vector<std::string> parts;
    for (const auto& p : call.ref.parts) parts.push_back(p.name);
    cls = tree_.find(parts, call.ref.global, scope.lexical ? scope.lexical : tree_.root());
  }
  // Calling an external object class calls its constructor (spec 12.9.7).
  if (cls && tree_.isExternalObjectClass(cls)) cls = tree_.memberOf(cls, "constructor");
  if (!cls || !cls->def || cls->def->kind != ast::ClassKind::Function) return nullptr;
  return cls;
}

Instance* Flattener::functionOwner(const ast::Expr& call, const Scope& scope) {
  const ast::ComponentRef& callee = call.ref;
  // Inside a function, names are its variables, never components.
  if (callee.global || callee.parts.size() < 2 || !scope.instance || scope.function ||
      !component(*scope.instance, callee.parts[0].name))
    return nullptr;
  ast::ComponentRef prefix;
  prefix.range = callee.range;
  for (size_t i = 0; i + 1 < callee.parts.size(); ++i) {
    ast::RefPart part;
    part.name = callee.parts[i].name;
    part.range = callee.parts[i].range;
    if (!callee.parts[i].subscripts.empty()) {
      diags_.unsupported(part.range, fmt::format("calling a function through an element of array '{}'", part.name));
      return nullptr;
    }
    prefix.parts.push_back(std::move(part));
  }
  auto target = resolveRef(prefix, scope);
  return target ? target->instance : nullptr;
}

ClassNode* Flattener::definingFunction(ClassNode* cls, std::vector<ClassNode*>* modifying) {
  // `function g = f;` names the same function as f.
  for (int guard = 0; cls->def->form == ast::ClassForm::Short; ++guard) {
    const ast::ClassDef& def = *cls->def;
    if (!def.shortSubscripts.empty()) {
      diags_.errorf(def.range, "function '{}' cannot be an array of functions", cls->path());
      return nullptr;
    }
    if (def.shortModification) {
      if (!modifying) {
        diags_.unsupported(def.range, "short function definitions with modifications here");
        return nullptr;
      }
      modifying->push_back(cls);
    }
    ClassNode* base = guard < 32 ? tree_.resolveBase(def.shortBase, cls) : nullptr;
    if (!base) return nullptr;
    if (!base->def || base->def->kind != ast::ClassKind::Function) {
      diags_.errorf(def.shortBase.range, "'{}' is not a function", def.shortBase.str());
      return nullptr;
    }
    cls = base;
  }
  return cls;
}

const FunctionInterface* Flattener::functionInterface(ClassNode* cls) {
  if (auto it = functionInterfaces_.find(cls); it != functionInterfaces_.end()) return it->second.get();
  std::unique_ptr<FunctionInterface>& slot = functionInterfaces_[cls];
  const ast::ClassDef& def = *cls->def;
  if (def.isPartial) {
    diags_.errorf(def.nameRange, "function '{}' is partial and cannot be called", cls->path());
    return nullptr;
  }
  if (def.form == ast::ClassForm::Derivative) {
    diags_.unsupported(def.range, "derivative function definitions");
    return nullptr;
  }
  auto interface = std::make_unique<FunctionInterface>();
  interface->cls = cls;
  std::vector<std::pair<const ast::Component*, ClassNode*>> components;
  bool ok = collectFunctionElements(cls, *interface, components, 0);
  // Inputs, outputs and locals keep their declaration order within each group.
  std::vector<FormalVariable> groups[3];
  std::vector<std::pair<size_t, int>> emptyInputRecords;  // position among the inputs, record
  std::map<std::string, const ast::Component*> seen;
  const std::string name = cls->path();
  for (const auto& [decl, declaredIn] : components) {
    if (auto it = seen.find(decl->name); it != seen.end()) {
      // The same declaration inherited along two extends paths is one
      // element (spec 7.1.3: Files.loadResource extends both a function
      // and the base that function extends).
      if (it->second == decl) continue;
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
    LeafType predefined = LeafType::None;
    ClassNode* named = isBuiltinTypeName(decl->typeName, predefined) ? nullptr : tree_.lookup(decl->typeName, declaredIn);
    if (named && named->def && named->def->kind == ast::ClassKind::Function) {
      // Reported when a call needs the function (the library's nonlinear
      // solvers and quadrature take functions as inputs).
      if (!interface->unsupported)
        interface->unsupported = std::make_pair(
            decl->range, fmt::format("functional inputs ('{}' of function type '{}', spec 12.4.2)", decl->name,
                                     named->path()));
      continue;
    }
    auto type = resolveDeclType(*decl, declaredIn, Scope{nullptr, declaredIn, nullptr});
    if (!type) {
      ok = false;
      continue;
    }
    if (type->leaf == LeafType::None && !isRecordClass(type->cls)) {
      diags_.errorf(decl->range, "'{}' is of class type '{}', which a function variable cannot be", decl->name,
                    type->cls->path());
      ok = false;
      continue;
    }
    if (type->leaf == LeafType::Clock) {
      diags_.errorf(decl->range, "'{}' is a Clock, which a function variable cannot be (spec 16.3)", decl->name);
      ok = false;
      continue;
    }
    ast::Causality causality = decl->causality != ast::Causality::None ? decl->causality : type->causality;
    if (type->leaf == LeafType::String) {
      // A String input whose argument is known at translation is fixed
      // per call shape like a value that sizes read (the body then folds
      // `if unit == "mm"`); one whose argument varies stays a variable.
      // String outputs, locals and arrays are variables like any other,
      // of the constant evaluator at translation and of the FMU's code.
      if (causality == ast::Causality::Input && type->subscripts.empty()) interface->sizeNames.insert(decl->name);
    }
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
                    decl->name, name);
      ok = false;
      continue;
    }
    FormalVariable formal;
    formal.decl = decl;
    formal.declaredIn = declaredIn;
    formal.name = decl->name;
    formal.binding = decl->modification ? decl->modification->binding.get() : nullptr;
    formal.bindingIn = declaredIn;
    formal.type = baseType(type->leaf);
    formal.isArray = !type->subscripts.empty();
    formal.hasOwnDims = formal.isArray;
    formal.causality = causality == ast::Causality::Input    ? flat::Causality::Input
                       : causality == ast::Causality::Output ? flat::Causality::Output
                                                             : flat::Causality::Local;
    int group = formal.causality == flat::Causality::Input ? 0 : formal.causality == flat::Causality::Output ? 1 : 2;
    if (type->leaf == LeafType::None) {
      RecordFormal record;
      record.name = decl->name;
      record.cls = type->cls;
      record.decl = decl;
      record.declaredIn = declaredIn;
      record.binding = formal.binding;
      record.rank = type->subscripts.size();
      for (const auto& sub : decl->subscripts) collectValueNames(*sub, interface->sizeNames);
      for (const auto& sub : decl->typeSubscripts) collectValueNames(*sub, interface->sizeNames);
      formal.record = static_cast<int>(interface->records.size());
      formal.binding = nullptr;
      interface->records.push_back(record);
      interface->recordTypes[decl->name] = type->cls;
      const size_t fieldsBefore = groups[group].size();
      ok = addRecordFields(*interface, formal, type->cls, decl->modification.get(), groups[group], 0) && ok;
      // A record input of constants only (SPICE3's SpiceConstants) has no
      // field to pass, but the caller still gives it.
      if (group == 0 && groups[0].size() == fieldsBefore) emptyInputRecords.emplace_back(fieldsBefore, formal.record);
      continue;
    }
    for (const auto& sub : decl->subscripts) collectValueNames(*sub, interface->sizeNames);
    for (const auto& sub : decl->typeSubscripts) collectValueNames(*sub, interface->sizeNames);
    groups[group].push_back(formal);
  }
  if (!ok) return nullptr;
  for (const FormalVariable& formal : groups[0])
    if (formal.type == flat::BaseType::String) interface->freeStringInputs.insert(formal.name);
  for (const auto& [decl, declaredIn] : components) {
    std::set<std::string> read;
    for (const auto& sub : decl->subscripts) collectValueNames(*sub, read);
    for (const auto& sub : decl->typeSubscripts) collectValueNames(*sub, read);
    for (const std::string& name : read) interface->freeStringInputs.erase(name);
  }
  for (const auto& [section, lexical] : interface->algorithms)
    collectAssignedNames(section->statements, interface->assignedNames);
  interface->numInputs = groups[0].size();
  interface->numOutputs = groups[1].size();
  for (auto& group : groups)
    for (auto& formal : group) interface->variables.push_back(formal);
  // The slots a caller sees: a record's fields are consecutive in their
  // group, and a record input without fields takes its place among them.
  auto emptyRecord = emptyInputRecords.begin();
  for (size_t i = 0; i < interface->variables.size(); ++i) {
    for (; emptyRecord != emptyInputRecords.end() && emptyRecord->first == i; ++emptyRecord)
      interface->inputs.push_back(FormalSlot{i, 0, emptyRecord->second});
    const FormalVariable& formal = interface->variables[i];
    if (formal.record >= 0) interface->records[static_cast<size_t>(formal.record)].fields.push_back(i);
    if (formal.causality == flat::Causality::Local) continue;
    auto& slots = formal.causality == flat::Causality::Input ? interface->inputs : interface->outputs;
    if (formal.record >= 0 && !slots.empty() && slots.back().record == formal.record) {
      ++slots.back().count;
      continue;
    }
    slots.push_back(FormalSlot{i, 1, formal.record});
  }
  for (; emptyRecord != emptyInputRecords.end(); ++emptyRecord)
    interface->inputs.push_back(FormalSlot{interface->variables.size(), 0, emptyRecord->second});
  slot = std::move(interface);
  return slot.get();
}

// The fields of record variable `variable` (of class `cls`, modified by
// `mod`) as variables of its function, nested records flattened further.
bool Flattener::addRecordFields(FunctionInterface& interface, const FormalVariable& variable, ClassNode* cls,
                                const ast::Modification* mod, std::vector<FormalVariable>& out, int depth) {
  if (depth > 16) {
    diags_.errorf(variable.decl->range, "records nested too deeply in '{}'", variable.name);
    return false;
  }
  bool ok = true;
  for (const RecordField& field : recordFields(cls)) {
    const ast::Component& decl = *field.decl;
    // Constants are the same in every record of the class: not data.
    if (decl.variability == ast::Variability::Constant) continue;
    auto type = resolveDeclType(decl, field.declaredIn, Scope{nullptr, field.declaredIn, nullptr});
    if (!type) {
      ok = false;
      continue;
    }
    const ast::Modification* fieldMod = nullptr;
    if (mod)
      for (const ast::ElementModification& arg : mod->arguments)
        if (arg.path.str() == decl.name) fieldMod = arg.modification.get();
    FormalVariable formal = variable;
    formal.decl = &decl;
    formal.declaredIn = field.declaredIn;
    formal.name = variable.name + "." + decl.name;
    if (fieldMod && fieldMod->binding) {
      formal.binding = fieldMod->binding.get();
      formal.bindingIn = variable.bindingIn;
    } else {
      formal.binding = field.binding;
      formal.bindingIn = field.bindingIn;
    }
    if (type->leaf == LeafType::None) {
      if (!isRecordClass(type->cls) || !type->subscripts.empty()) {
        diags_.unsupported(decl.range, fmt::format("field '{}' of record '{}' inside a function", decl.name,
                                                   cls->path()));
        ok = false;
        continue;
      }
      interface.recordTypes[formal.name] = type->cls;
      ok = addRecordFields(interface, formal, type->cls, fieldMod, out, depth + 1) && ok;
      continue;
    }
    if (type->leaf == LeafType::String && variable.causality == flat::Causality::Input) {
      // Media records name their substance; functions rarely read it. (A
      // record output's or local's String field is a String variable of
      // the function like any other.)
      interface.stringFields.emplace(formal.name, decl.range);
      continue;
    }
    if (type->leaf == LeafType::Clock) {
      diags_.unsupported(decl.range, fmt::format("a Clock field of a record inside a function ('{}')", formal.name));
      ok = false;
      continue;
    }
    formal.type = baseType(type->leaf);
    // A field of an array of records is an array too (RecordArrays.cpp).
    formal.hasOwnDims = !type->subscripts.empty();
    formal.isArray = formal.hasOwnDims || variable.isArray;
    out.push_back(formal);
  }
  return ok;
}

// The components and algorithm sections of a function and of the functions
// it extends (spec 7.1), bases first.
bool Flattener::collectFunctionElements(ClassNode* cls, FunctionInterface& interface,
                                        std::vector<std::pair<const ast::Component*, ClassNode*>>& components,
                                        int depth) {
  const ast::ClassDef& def = *cls->def;
  const std::string name = interface.cls->path();
  if (depth > 32) {
    diags_.errorf(def.nameRange, "extends chain of '{}' is too deep (cyclic extends?)", cls->path());
    return false;
  }
  if (def.hasExternal) {
    if (def.externalLanguage != "C" && def.externalLanguage != "FORTRAN 77") {
      diags_.unsupported(def.externalRange, fmt::format("external \"{}\" functions", def.externalLanguage));
      return false;
    }
    interface.external = cls;
  }
  bool ok = true;
  if (def.form == ast::ClassForm::Extends) {
    // `redeclare function extends f`: the inherited f's elements first.
    ClassNode* base = tree_.classExtendsBase(cls);
    if (!base || !base->def || base->def->kind != ast::ClassKind::Function) {
      diags_.errorf(def.nameRange, "'function extends {}' extends no inherited function '{}' (spec 7.3.1)", def.name,
                    def.name);
      return false;
    }
    if (def.shortModification) {
      diags_.unsupported(def.range, "modifications of an extended function");
      return false;
    }
    ok = collectFunctionElements(base, interface, components, depth + 1);
  }
  for (const ast::Extends& ext : def.extends) {
    ClassNode* base = tree_.resolveBase(ext.base, cls);
    if (!base) {
      ok = false;
      continue;
    }
    if (!base->def || base->def->kind != ast::ClassKind::Function ||
        (base->def->form != ast::ClassForm::Long && base->def->form != ast::ClassForm::Extends)) {
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
    ok = collectFunctionElements(base, interface, components, depth + 1) && ok;
  }
  for (const ast::Component& decl : def.components) components.emplace_back(&decl, cls);
  for (const ast::EquationSection& section : def.equationSections) {
    diags_.errorf(section.range, "function '{}' cannot have equations; use an algorithm section (spec 12.2)",
                  name);
    ok = false;
  }
  for (const ast::AlgorithmSection& section : def.algorithmSections) {
    if (section.initial) {
      diags_.errorf(section.range, "function '{}' cannot have an initial algorithm (spec 12.2)", name);
      ok = false;
      continue;
    }
    const bool inherited = std::any_of(interface.algorithms.begin(), interface.algorithms.end(),
                                       [&](const auto& known) { return known.first == &section; });
    if (!inherited) interface.algorithms.emplace_back(&section, cls);  // once, however often inherited
  }
  if (interface.external && !interface.algorithms.empty()) {
    diags_.errorf(interface.external->def->externalRange,
                  "function '{}' has both an algorithm section and an external clause (spec 12.9)", name);
    ok = false;
  }
  return ok;
}

}  // namespace smc::flatten
