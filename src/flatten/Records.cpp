// Records as structured variables (spec 4.7, 12.6). A record component is
// already flattened to one variable per scalar field; this file lets whole
// records appear on either side of an equation or assignment:
//
//   r1 = r2;             -> one equation per field, matched by name
//   r = R(1, b = 2);     -> the constructor's fields, matched the same way
//   R r = R(1, b = 2);   -> the arguments become modifications of r's fields
//
// A record constructor's inputs are the record's fields other than
// constants, in declaration order (inherited fields first). A field that is
// not given takes its declared binding, which may use the fields before it.
// Records used anywhere else (in an expression, as a function argument) are
// reported as not supported yet.
#include "flatten/Flattener.h"

#include <fmt/format.h>

#include <set>

namespace smc::flatten {

void Flattener::collectLeaves(Instance& inst, const std::string& prefix,
                              std::vector<std::pair<std::string, flat::VarId>>& out) {
  for (Component* c : inst.order) {
    ensureInstantiated(*c);
    if (c->inner) {
      // An outer component: the inner's variables under the outer's name.
      if (c->leaf != LeafType::None) {
        for (size_t i = 0; i < c->vars.size(); ++i)
          out.emplace_back(prefix + c->name + subscriptText(c->dims, static_cast<long long>(i)), c->vars[i]);
      } else {
        for (size_t i = 0; i < c->inner->elements.size(); ++i)
          collectLeaves(*c->inner->elements[i],
                        prefix + c->name + subscriptText(c->dims, static_cast<long long>(i)) + ".", out);
      }
      continue;
    }
    if (c->leaf != LeafType::None) {
      for (flat::VarId id : c->vars) {
        const std::string& full = model_.variables[id].name;
        out.emplace_back(prefix + full.substr(inst.path.empty() ? 0 : inst.path.size() + 1), id);
      }
    } else {
      for (auto& element : c->elements)
        collectLeaves(*element, prefix + element->path.substr(inst.path.empty() ? 0 : inst.path.size() + 1) + ".",
                      out);
    }
  }
}

ClassNode* Flattener::recordConstructor(const ast::Expr& call, const Scope& scope) {
  if (call.kind != ast::ExprKind::Call || callsBuiltin(call, scope)) return nullptr;
  std::vector<std::string> parts;
  for (const auto& p : call.ref.parts) parts.push_back(p.name);
  ClassNode* cls = tree_.find(parts, call.ref.global, scope.lexical ? scope.lexical : tree_.root());
  return isRecordClass(cls) ? cls : nullptr;
}

bool Flattener::isPrimitiveField(const RecordField& field) {
  Scope where{nullptr, field.declaredIn, nullptr};
  auto type = resolveDeclType(*field.decl, field.declaredIn, where);
  return type && type->leaf != LeafType::None;
}

std::vector<RecordField> Flattener::recordFields(ClassNode* cls) {
  std::vector<RecordField> fields;
  for (int guard = 0; cls && cls->def->form == ast::ClassForm::Short; ++guard) {
    if (guard > 32) return fields;
    if (cls->def->shortModification) {
      diags_.unsupported(cls->def->range, "record constructors of a short record definition with modifications");
      return fields;
    }
    cls = tree_.resolveBase(cls->def->shortBase, cls);
  }
  if (!cls || !cls->def) return fields;
  // Each base's fields, with the defaults its extends clause modifies; a
  // `redeclare record extends R` extends the R the enclosing class inherits.
  std::vector<std::pair<ClassNode*, const ast::Modification*>> bases;
  if (cls->def->form == ast::ClassForm::Extends)
    bases.emplace_back(tree_.classExtendsBase(cls), cls->def->shortModification.get());
  for (const ast::Extends& ext : cls->def->extends)
    bases.emplace_back(tree_.resolveBase(ext.base, cls), ext.modification.get());
  for (const auto& [base, modification] : bases) {
    if (!base) continue;
    std::vector<RecordField> inherited = recordFields(base);
    if (modification)
      for (const ast::ElementModification& arg : modification->arguments) {
        RecordField* target = nullptr;
        for (RecordField& field : inherited)
          if (arg.path.parts.size() == 1 && field.decl->name == arg.path.parts[0]) target = &field;
        const bool isBinding = arg.modification && arg.modification->binding && !arg.isRedeclaration;
        if (target && isBinding) {
          target->binding = arg.modification->binding.get();
          target->bindingIn = cls;
        } else if (!target || isBinding ||
                   (arg.modification && !arg.modification->arguments.empty() && !isPrimitiveField(*target))) {
          // Attributes without a value (`x(start = 1)`) of a field of a
          // predefined type do not change its default.
          diags_.unsupported(arg.range, fmt::format("this modification of the extends clause of record '{}' "
                                                    "(only `field = value` is supported)",
                                                    cls->path()));
        }
      }
    fields.insert(fields.end(), inherited.begin(), inherited.end());
  }
  for (const ast::Component& decl : cls->def->components)
    fields.push_back({&decl, cls, decl.modification ? decl.modification->binding.get() : nullptr, cls});
  return fields;
}

namespace {

// A constructor call's arguments: every field of the record, and the
// expression given for each input field, keyed by the field's name.
struct ConstructorArgs {
  std::vector<RecordField> fields;
  std::map<std::string, const ast::Expr*> given;
};

// Matches the call's arguments to the record's input fields (spec 12.6);
// reports and returns false on a mismatch.
bool matchConstructorArgs(Flattener& self, DiagnosticEngine& diags, const ast::Expr& call,
                                 ClassNode* cls, ConstructorArgs& out) {
  out.fields = self.recordFields(cls);
  std::vector<const RecordField*> inputs;
  for (const RecordField& f : out.fields)
    if (f.decl->variability != ast::Variability::Constant) inputs.push_back(&f);
  const std::string name = cls->path();
  if (!call.iterators.empty()) {
    diags.errorf(call.range, "record constructor '{}' does not accept an iterator ('for') argument", name);
    return false;
  }
  if (call.args.size() > inputs.size()) {
    diags.errorf(call.range, "record constructor '{}' takes {} argument(s), {} given", name, inputs.size(),
                 call.args.size());
    return false;
  }
  bool ok = true;
  for (size_t i = 0; i < call.args.size(); ++i) out.given[inputs[i]->decl->name] = call.args[i].get();
  for (const ast::NamedArg& arg : call.named) {
    bool isInput = false, isField = false;
    for (const RecordField& f : out.fields)
      if (f.decl->name == arg.name) {
        isField = true;
        isInput = f.decl->variability != ast::Variability::Constant;
      }
    if (!isInput) {
      if (isField)
        diags.errorf(arg.range, "field '{}' of record '{}' is a constant and cannot be given", arg.name, name);
      else
        diags.errorf(arg.range, "record '{}' has no field named '{}'", name, arg.name);
      ok = false;
      continue;
    }
    if (out.given.count(arg.name)) {
      diags.errorf(arg.range, "field '{}' of record '{}' is given twice", arg.name, name);
      ok = false;
      continue;
    }
    out.given[arg.name] = arg.value.get();
  }
  for (const RecordField* f : inputs) {
    bool hasDefault = f->binding != nullptr;
    if (!out.given.count(f->decl->name) && !hasDefault) {
      diags.errorf(call.range, "missing value for field '{}' of record constructor '{}' (it has no default)",
                   f->decl->name, name);
      ok = false;
    }
  }
  return ok;
}

}  // namespace

std::optional<Mod> Flattener::constructorMods(const ast::Expr& call, ClassNode* cls, const Scope& scope) {
  ConstructorArgs args;
  if (!matchConstructorArgs(*this, diags_, call, cls, args)) return std::nullopt;
  Mod mods;
  mods.range = call.range;
  for (const auto& [field, expr] : args.given) {
    Mod child;
    child.binding = expr;
    child.scope = scope;
    child.range = expr->range;
    mods.children.emplace(field, std::move(child));
  }
  return mods;
}

std::optional<Mod> Flattener::referenceMods(const ast::Expr& reference, ClassNode* cls, const Scope& scope) {
  for (const ast::RefPart& part : reference.ref.parts)
    if (!part.subscripts.empty()) {
      diags_.unsupported(reference.range, "a record binding to an element of an array");
      return std::nullopt;
    }
  auto target = resolveRef(reference.ref, scope);
  if (!target) return std::nullopt;
  // A record of another class (a subtype, spec 6.4) gives the fields of
  // `cls` it has; a field it lacks is reported where it is read.
  if (!target->instance || !isRecordClass(target->instance->cls)) {
    diags_.errorf(reference.range, "the binding must be a record of class '{}'", cls->path());
    return std::nullopt;
  }
  Mod mods;
  mods.range = reference.range;
  for (const RecordField& field : recordFields(cls)) {
    if (field.decl->variability == ast::Variability::Constant) continue;  // equal by declaration
    auto expr = std::make_unique<ast::Expr>();
    expr->kind = ast::ExprKind::Ref;
    expr->range = reference.range;
    expr->ref.global = reference.ref.global;
    expr->ref.range = reference.range;
    for (const ast::RefPart& part : reference.ref.parts) expr->ref.parts.push_back({part.name, {}, part.range});
    expr->ref.parts.push_back({field.decl->name, {}, reference.range});
    bindSynthesized(mods, field.decl->name, std::move(expr), scope);
  }
  return mods;
}

namespace {

std::optional<Leaves> leavesOfArgs(Flattener& self, DiagnosticEngine& diags, const ConstructorArgs& args,
                                    ClassNode* cls, const Scope& scope);

// The scalar fields of `R(args)`.
std::optional<Leaves> constructorLeaves(Flattener& self, DiagnosticEngine& diags, const ast::Expr& call,
                                               ClassNode* cls, const Scope& scope) {
  ConstructorArgs args;
  if (!matchConstructorArgs(self, diags, call, cls, args)) return std::nullopt;
  return leavesOfArgs(self, diags, args, cls, scope);
}

// The scalar fields of a record of class `cls` whose fields `args` gives
// (evaluated in `scope`), the others taking their defaults.
std::optional<Leaves> leavesOfArgs(Flattener& self, DiagnosticEngine& diags, const ConstructorArgs& args,
                                    ClassNode* cls, const Scope& scope) {
  const std::string name = cls->path();
  std::map<std::string, Value> known;  // fields so far, visible to later defaults
  Leaves out;
  for (const RecordField& f : args.fields) {
    const ast::Component& decl = *f.decl;
    Scope recordScope{nullptr, f.declaredIn, nullptr, &known};
    auto type = self.resolveDeclType(decl, f.declaredIn, recordScope);
    if (!type) return std::nullopt;
    // A ':' size is the value's (`parameter Real tab[:, :] = [...]`):
    // -1 until the value is known.
    std::vector<long long> dims;
    for (const auto& [expr, where] : type->subscripts) {
      if (expr->kind == ast::ExprKind::Colon) {
        dims.push_back(-1);
        continue;
      }
      auto n = self.evaluateInteger(*expr, where);
      if (!n) return std::nullopt;
      dims.push_back(*n);
    }
    auto it = args.given.find(decl.name);
    const ast::Expr* source = it != args.given.end() ? it->second : f.binding;
    Scope defaultScope{nullptr, f.bindingIn, nullptr, &known};
    const Scope& sourceScope = it != args.given.end() ? scope : defaultScope;
    bool isConstant = decl.variability == ast::Variability::Constant;
    if (!source) {  // only a constant without value gets here
      diags.errorf(decl.nameRange, "constant field '{}' of record '{}' has no value", decl.name, name);
      return std::nullopt;
    }
    const bool deduced = std::find(dims.begin(), dims.end(), -1) != dims.end();
    if (type->leaf == LeafType::None) {
      if (deduced) {
        diags.unsupported(decl.range, "array dimensions given by ':' in a record field that is a record");
        return std::nullopt;
      }
      if (!dims.empty()) {
        diags.unsupported(source->range, "arrays of records in record constructors");
        return std::nullopt;
      }
      auto operand = self.lowerOperand(*source, sourceScope);
      if (!operand) return std::nullopt;
      if (!operand->isRecord) {
        diags.errorf(source->range, "field '{}' of record '{}' needs a record value of class '{}'", decl.name,
                     name, type->cls->path());
        return std::nullopt;
      }
      if (!isConstant)
        for (const auto& [leaf, e] : operand->leaves) out.emplace_back(decl.name + "." + leaf, e);
      continue;
    }
    auto value = self.lower(*source, sourceScope);
    if (!value) return std::nullopt;
    if (deduced && value->dims.size() == dims.size())
      for (size_t d = 0; d < dims.size(); ++d)
        if (dims[d] == -1) dims[d] = value->dims[d];
    if (value->dims != dims) {
      auto text = [](const std::vector<long long>& d) {
        return d.empty() ? std::string("a scalar") : fmt::format("size [{}]", fmt::join(d, ", "));
      };
      diags.errorf(source->range, "the value of field '{}' of record '{}' is {} but the field is {}", decl.name,
                   name, text(value->dims), text(dims));
      return std::nullopt;
    }
    flat::BaseType fieldType = baseType(type->leaf);
    for (const auto& e : value->elements) {
      flat::BaseType actual = self.typeOf(*e, sourceScope);
      if (!flat::isAssignable(fieldType, actual)) {
        diags.errorf(source->range, "field '{}' of record '{}' is {}, not {}", decl.name, name,
                     flat::toString(fieldType), flat::toString(actual));
        return std::nullopt;
      }
    }
    known[decl.name] = *value;
    if (isConstant) continue;  // not part of the record's variables' equations
    for (size_t i = 0; i < value->elements.size(); ++i)
      out.emplace_back(decl.name + subscriptText(dims, static_cast<long long>(i)), value->elements[i]);
  }
  return out;
}

}  // namespace

std::optional<Operand> Flattener::lowerOperand(const ast::Expr& expr, const Scope& scope) {
  Operand out;
  if (expr.kind == ast::ExprKind::Ref) {
    if (ClassNode* cls = refRecordType(expr.ref, scope)) {
      if (scope.function && scope.function->interface->recordTypes.count(functionRecordName(expr.ref)))
        return functionRecordOperand(expr.ref, scope);
      const bool isComponent =
          !expr.ref.global && scope.instance && component(*scope.instance, expr.ref.parts[0].name);
      if (!isComponent) return recordConstantOperand(expr.ref, scope);
      if (slicesComponentArrays(expr.ref, scope)) return recordsThroughSlices(expr.ref, cls, scope);
      auto target = resolveRef(expr.ref, scope, /*wholeArrays=*/true);
      if (!target) return std::nullopt;
      if (target->wholeArray) return recordArrayOperand(*target->wholeArray, expr.range);
      if (!target->instance) {
        diags_.errorf(expr.range, "'{}' must be a record of class '{}'", refText(expr.ref), cls->path());
        return std::nullopt;
      }
    }
    auto target = resolveRef(expr.ref, scope);
    if (!target) return std::nullopt;
    if (!target->instance) {
      out.value = std::move(target->value);
      return out;
    }
    Instance& inst = *target->instance;
    if (!isRecordClass(inst.cls)) {
      diags_.unsupported(expr.range, fmt::format("using '{}' (of class type '{}') as a value", refText(expr.ref),
                                                 inst.cls->path()));
      return std::nullopt;
    }
    std::vector<std::pair<std::string, flat::VarId>> leaves;
    collectLeaves(inst, "", leaves);
    out.isRecord = true;
    out.cls = inst.cls;
    for (const auto& [leaf, id] : leaves) out.leaves.emplace_back(leaf, flat::makeVar(id, expr.range));
    return out;
  }
  if (expr.kind == ast::ExprKind::Call && isRecordFill(expr, scope)) return recordFill(expr, scope);
  if (expr.kind == ast::ExprKind::Call && fieldOf_.count(&expr)) return fieldOfOperand(expr, scope);
  if (expr.kind == ast::ExprKind::Call && !callsBuiltin(expr, scope)) {
    if (ClassNode* cls = recordConstructor(expr, scope)) {
      if (!operatorFunctions(cls, "'constructor'").empty()) return overloadedConstructor(expr, cls, scope);
      auto leaves = constructorLeaves(*this, diags_, expr, cls, scope);
      if (!leaves) return std::nullopt;
      out.isRecord = true;
      out.cls = cls;
      out.leaves = std::move(*leaves);
      return out;
    }
    if (ClassNode* fn = calledFunction(expr, scope); fn && recordTypeOf(expr, scope))
      return recordFunctionCall(expr, fn, scope);
  }
  if ((expr.kind == ast::ExprKind::Binary || expr.kind == ast::ExprKind::Unary) && recordTypeOf(expr, scope))
    return applyOperator(expr, scope);
  if (expr.kind == ast::ExprKind::If && recordTypeOf(expr, scope)) return recordIfExpression(expr, scope);
  if (expr.kind == ast::ExprKind::Array && recordTypeOf(expr, scope)) return recordArrayConstructor(expr, scope);
  auto value = lower(expr, scope);
  if (!value) return std::nullopt;
  out.value = std::move(*value);
  return out;
}

ClassNode* Flattener::recordTypeOf(const ast::Expr& expr, const Scope& scope) {
  int budget = 64;
  return recordTypeWithin(expr, scope, budget);
}

// Record expressions are small (`u*b/a`), while ordinary ones can be long
// chains (`x1 + x2 + ... + x1000`) that every level of lowering asks about:
// the search gives up after `budget` nodes, keeping lowering linear.
ClassNode* Flattener::recordTypeWithin(const ast::Expr& expr, const Scope& scope, int& budget) {
  if (--budget < 0) return nullptr;
  switch (expr.kind) {
    case ast::ExprKind::Ref: return refRecordType(expr.ref, scope);
    case ast::ExprKind::Call: {
      if (isRecordFill(expr, scope)) return recordTypeWithin(*expr.args[0], scope, budget);
      if (callsBuiltin(expr, scope)) return nullptr;
      if (ClassNode* cls = recordConstructor(expr, scope)) return cls;
      ClassNode* fn = calledFunction(expr, scope);
      if (!fn || !fn->def || fn->def->hasExternal || fn->def->isPartial ||
          (fn->def->form != ast::ClassForm::Long && fn->def->form != ast::ClassForm::Extends))
        return nullptr;
      const FunctionInterface* interface = functionInterface(fn);
      if (!interface || interface->outputs.empty() || interface->outputs[0].record < 0) return nullptr;
      return interface->records[static_cast<size_t>(interface->outputs[0].record)].cls;
    }
    case ast::ExprKind::Unary:
    case ast::ExprKind::Binary:
    case ast::ExprKind::Array:
      for (const auto& arg : expr.args)
        if (arg)
          if (ClassNode* cls = recordTypeWithin(*arg, scope, budget)) return cls;
      return nullptr;
    case ast::ExprKind::If:
      for (size_t i = 1; i < expr.args.size(); i += 2)
        if (ClassNode* cls = recordTypeWithin(*expr.args[i], scope, budget)) return cls;
      return recordTypeWithin(*expr.args.back(), scope, budget);
    default: return nullptr;
  }
}

ClassNode* Flattener::refRecordType(const ast::ComponentRef& ref, const Scope& scope) {
  const std::string& first = ref.parts[0].name;
  if (!ref.global && scope.iterators && scope.iterators->count(first)) return nullptr;
  if (!ref.global && scope.function) {
    auto& types = scope.function->interface->recordTypes;
    if (auto it = types.find(functionRecordName(ref)); it != types.end()) return it->second;
  }
  if (!ref.global && scope.locals && scope.locals->count(first)) return nullptr;
  Component* c = !ref.global && scope.instance ? component(*scope.instance, first) : nullptr;
  if (c) {
    for (size_t i = 0;; ++i) {
      if (c->inner) c = c->inner;
      ensureInstantiated(*c);
      if (c->disabled || c->leaf != LeafType::None || !c->cls) return nullptr;
      if (i + 1 == ref.parts.size()) return isRecordClass(c->cls) ? c->cls : nullptr;
      if (c->elements.empty()) return nullptr;
      c = component(*c->elements[0], ref.parts[i + 1].name);
      if (!c) return nullptr;
    }
  }
  // A record constant of a package (`Modelica.ComplexMath.j`).
  std::vector<std::string> names;
  for (const auto& part : ref.parts) names.push_back(part.name);
  const ConstantDecl found = findConstant(names, ref.global, scope.lexical);
  const ast::Component* decl = found.decl;
  ClassNode* owner = found.owner;
  if (!decl || found.used + 1 != names.size() || !decl->subscripts.empty()) return nullptr;
  std::vector<std::string> typeParts = decl->typeName.parts;
  ClassNode* type = tree_.find(typeParts, decl->typeName.global, owner);
  for (int guard = 0; type && type->def && type->def->form == ast::ClassForm::Short && guard < 32; ++guard)
    type = tree_.find(type->def->shortBase.parts, type->def->shortBase.global, type->parent);
  return isRecordClass(type) ? type : nullptr;
}

std::optional<Operand> Flattener::functionRecordOperand(const ast::ComponentRef& ref, const Scope& scope) {
  const bool recordArray = scope.function->recordDims.count(ref.parts[0].name) > 0;
  for (size_t i = recordArray ? 1 : 0; i < ref.parts.size(); ++i)
    if (!ref.parts[i].subscripts.empty()) {
      diags_.errorf(ref.parts[i].range, "'{}' is a record, not an array", ref.parts[i].name);
      return std::nullopt;
    }
  const std::string name = functionRecordName(ref);
  const FunctionInterface& interface = *scope.function->interface;
  Operand out;
  out.isRecord = true;
  out.cls = interface.recordTypes.at(name);
  std::vector<std::pair<std::string, Value>> selectedFields;
  size_t selectedRank = 0;
  for (const FormalVariable& formal : interface.variables) {
    if (formal.name.compare(0, name.size() + 1, name + ".") != 0) continue;
    auto it = scope.locals->find(formal.name);
    if (it == scope.locals->end()) continue;
    const std::string relative = formal.name.substr(name.size() + 1);
    if (recordArray) {
      // The records `ref` selects ("[k].re"), or the one it picks ("re").
      auto selected = selectRecordField(formal.name, ref, ref.parts.size(), scope);
      if (!selected) return std::nullopt;
      selectedRank = selected->recordRank;
      selectedFields.emplace_back(relative, std::move(selected->value));
      continue;
    }
    const Value& value = it->second;
    for (size_t k = 0; k < value.elements.size(); ++k) {
      flat::ExprPtr e = value.elements[k];
      if (e->kind == flat::ExprKind::Var) e = flat::makeVar(e->var, ref.range);
      out.leaves.emplace_back(relative + subscriptText(value.dims, static_cast<long long>(k)), e);
    }
  }
  appendFieldLeaves(out.leaves, selectedFields, selectedRank);
  return out;
}

std::optional<Operand> Flattener::recordArrayOperand(Component& c, SourceRange range) {
  Operand out;
  out.isRecord = true;
  out.cls = c.cls;
  for (size_t k = 0; k < c.elements.size(); ++k) {
    std::vector<std::pair<std::string, flat::VarId>> leaves;
    collectLeaves(*c.elements[k], "", leaves);
    const std::string prefix = subscriptText(c.dims, static_cast<long long>(k)) + ".";
    for (const auto& [leaf, id] : leaves)
      if (model_.variables[id].variability != flat::Variability::Constant)
        out.leaves.emplace_back(prefix + leaf, flat::makeVar(id, range));
  }
  return out;
}

std::optional<Operand> Flattener::recordConstantOperand(const ast::ComponentRef& ref, const Scope& scope) {
  std::vector<std::string> names;
  for (const auto& part : ref.parts) names.push_back(part.name);
  const ConstantDecl found = findConstant(names, ref.global, scope.lexical);
  const ast::Component* decl = found.decl;
  if (decl && !found.binding && decl->modification && !decl->modification->arguments.empty())
    return recordConstantOfModification(found, ref);
  if (!decl || !found.binding) {
    diags_.unsupported(ref.range, fmt::format("record constant '{}' without a binding", refText(ref)));
    return std::nullopt;
  }
  if (++constantDepth_ > 32) {
    --constantDepth_;
    diags_.errorf(ref.range, "the value of record constant '{}' depends on itself", refText(ref));
    return std::nullopt;
  }
  auto operand = lowerOperand(*found.binding, Scope{nullptr, found.bindingIn, nullptr});
  --constantDepth_;
  if (!operand) return std::nullopt;
  if (!operand->isRecord) {
    diags_.errorf(found.binding->range, "the value of record constant '{}' is not a record",
                  decl->name);
    return std::nullopt;
  }
  return operand;
}

std::optional<Operand> Flattener::recordConstantOfModification(const ConstantDecl& found,
                                                               const ast::ComponentRef& ref) {
  // `constant R[1] data(each a = 1, each b = 2)`: each element's fields are
  // the modification's values, the others their defaults.
  const ast::Component& decl = *found.decl;
  Scope where{nullptr, found.owner, nullptr};
  auto type = resolveDeclType(decl, found.owner, where);
  if (!type) return std::nullopt;
  if (type->leaf != LeafType::None || !isRecordClass(type->cls)) {
    diags_.errorf(ref.range, "'{}' is not a record constant", decl.name);
    return std::nullopt;
  }
  std::vector<long long> dims;
  for (const auto& [expr, scope] : type->subscripts) {
    auto n = expr->kind == ast::ExprKind::Colon ? std::nullopt : evaluateInteger(*expr, scope);
    if (!n) {
      if (expr->kind == ast::ExprKind::Colon)
        diags_.unsupported(expr->range, "a ':' size of a record constant given by modifications");
      return std::nullopt;
    }
    dims.push_back(*n);
  }
  ConstructorArgs args;
  args.fields = recordFields(type->cls);
  for (const ast::ElementModification& arg : decl.modification->arguments) {
    const bool simple = arg.path.parts.size() == 1 && arg.modification && arg.modification->binding &&
                        arg.modification->arguments.empty() && !arg.isRedeclaration;
    if (!simple || (!dims.empty() && !arg.each)) {
      diags_.unsupported(arg.range, fmt::format("this modification of record constant '{}' (only `field = value`, "
                                                "with 'each' for an array of records)",
                                                decl.name));
      return std::nullopt;
    }
    const std::string& field = arg.path.parts[0];
    if (std::none_of(args.fields.begin(), args.fields.end(),
                     [&](const RecordField& f) { return f.decl->name == field; })) {
      diags_.errorf(arg.range, "record '{}' has no field named '{}'", type->cls->path(), field);
      return std::nullopt;
    }
    args.given[field] = arg.modification->binding.get();
  }
  for (const RecordField& f : args.fields)
    if (f.decl->variability != ast::Variability::Constant && !f.binding && !args.given.count(f.decl->name)) {
      diags_.errorf(decl.nameRange, "record constant '{}' gives no value for field '{}' (it has no default)",
                    decl.name, f.decl->name);
      return std::nullopt;
    }
  if (++constantDepth_ > 32) {
    --constantDepth_;
    diags_.errorf(ref.range, "the value of record constant '{}' depends on itself", refText(ref));
    return std::nullopt;
  }
  auto leaves = leavesOfArgs(*this, diags_, args, type->cls, where);
  --constantDepth_;
  if (!leaves) return std::nullopt;
  Operand out;
  out.isRecord = true;
  out.cls = type->cls;
  if (dims.empty()) {
    out.leaves = std::move(*leaves);
    return out;
  }
  long long count = 1;
  for (long long d : dims) count *= d;
  for (long long k = 0; k < count; ++k)
    for (const auto& [leaf, e] : *leaves) out.leaves.emplace_back(subscriptText(dims, k) + "." + leaf, e);
  return out;
}

std::optional<Operand> Flattener::recordArrayConstructor(const ast::Expr& expr, const Scope& scope) {
  Operand out;
  out.isRecord = true;
  auto addElement = [&](const ast::Expr& element, const Scope& where, size_t count, size_t k) {
    auto operand = lowerOperand(element, where);
    if (!operand) return false;
    if (!operand->isRecord) {
      diags_.errorf(element.range, "the elements of an array of records must all be records");
      return false;
    }
    if (!out.cls) out.cls = operand->cls;
    if (isRecordArray(operand->leaves)) {
      // An element that is itself an array of records adds its dimensions
      // after this one's: element k's "[i].f" is "[k,i].f".
      const std::string index = "[" + std::to_string(k + 1) + ",";
      for (const auto& [leaf, e] : operand->leaves) out.leaves.emplace_back(index + leaf.substr(1), e);
      return true;
    }
    const std::string prefix = subscriptText({static_cast<long long>(count)}, static_cast<long long>(k)) + ".";
    for (const auto& [leaf, e] : operand->leaves) out.leaves.emplace_back(prefix + leaf, e);
    return true;
  };
  if (expr.iterators.empty()) {
    for (size_t k = 0; k < expr.args.size(); ++k)
      if (!addElement(*expr.args[k], scope, expr.args.size(), k)) return std::nullopt;
    return out;
  }
  auto ranges = evaluateIndexRanges(expr.iterators, scope, "array constructor");
  if (!ranges) return std::nullopt;
  if (ranges->size() != 1) {
    diags_.unsupported(expr.range, "an array of records built with more than one iterator");
    return std::nullopt;
  }
  const size_t count = (*ranges)[0].second.size();
  size_t k = 0;
  bool ok = forEachIndexCombination(*ranges, scope, [&](const Scope& where) {
    return addElement(*expr.args[0], where, count, k++);
  });
  if (!ok) return std::nullopt;
  return out;
}

bool Flattener::isRecordFill(const ast::Expr& call, const Scope& scope) {
  int budget = 16;
  return call.args.size() >= 2 && call.ref.parts.size() == 1 && call.ref.parts[0].name == "fill" &&
         callsBuiltin(call, scope) && recordTypeWithin(*call.args[0], scope, budget);
}

std::optional<Operand> Flattener::recordFill(const ast::Expr& call, const Scope& scope) {
  // fill(r, n1, n2, ...): every element is the record r (spec 10.3.3).
  std::vector<long long> dims;
  for (size_t i = 1; i < call.args.size(); ++i) {
    auto n = evaluateInteger(*call.args[i], scope);
    if (!n) return std::nullopt;
    if (*n < 0) {
      diags_.errorf(call.args[i]->range, "array dimension must not be negative, got {}", *n);
      return std::nullopt;
    }
    dims.push_back(*n);
  }
  if (!withinElementLimit(dims, call.range, "an array of records")) return std::nullopt;
  auto element = lowerOperand(*call.args[0], scope);
  if (!element) return std::nullopt;
  if (!element->isRecord || isRecordArray(element->leaves)) {
    diags_.unsupported(call.args[0]->range, "fill() of an array of records");
    return std::nullopt;
  }
  Operand out;
  out.isRecord = true;
  out.cls = element->cls;
  long long count = 1;
  for (long long d : dims) count *= d;
  for (long long k = 0; k < count; ++k)
    for (const auto& [leaf, e] : element->leaves) out.leaves.emplace_back(subscriptText(dims, k) + "." + leaf, e);
  return out;
}

std::optional<Operand> Flattener::recordIfExpression(const ast::Expr& expr, const Scope& scope) {
  // Leading conditions known at translation pick their branch, and the
  // branches not taken are never lowered (in a function they may not fit
  // the sizes of this call: `if size(X, 1) == nX then R(X = X) else ...`).
  size_t open = 0;
  for (; open + 1 < expr.args.size(); open += 2) {
    auto condition = lower(*expr.args[open], scope);
    if (!condition) return std::nullopt;
    std::optional<bool> choice = literalCondition(*condition, expr.args[open]->range);
    if (!choice) break;
    if (*choice) return lowerOperand(*expr.args[open + 1], scope);
  }
  // Field by field: `if c then r1 else r2` has field f = if c then r1.f else r2.f.
  std::optional<Operand> result = lowerOperand(*expr.args.back(), scope);
  if (!result) return std::nullopt;
  for (size_t i = expr.args.size() - 1; i >= open + 2; i -= 2) {
    const ast::Expr& conditionExpr = *expr.args[i - 2];
    flat::ExprPtr condition =
        expectScalar(lower(conditionExpr, scope), flat::BaseType::Boolean, conditionExpr.range, "the condition", scope);
    auto branch = condition ? lowerOperand(*expr.args[i - 1], scope) : std::nullopt;
    if (!branch) return std::nullopt;
    if (!branch->isRecord || !result->isRecord || !sameFields(branch->leaves, result->leaves)) {
      diags_.errorf(expr.range, "the branches of this if-expression must be records with the same fields");
      return std::nullopt;
    }
    for (size_t k = 0; k < result->leaves.size(); ++k)
      result->leaves[k].second = flat::makeIf(condition, branch->leaves[k].second, result->leaves[k].second,
                                              expr.range);
  }
  return result;
}

std::optional<Leaves> Flattener::recordLeaves(const ast::Expr& expr, ClassNode* cls, const Scope& scope,
                                              const std::string& what) {
  auto operand = lowerOperand(expr, scope);
  if (!operand) return std::nullopt;
  if (!operand->isRecord) {
    diags_.errorf(expr.range, "{} must be a record of class '{}'", what, cls->path());
    return std::nullopt;
  }
  if (!fitsRecordClass(*operand, cls)) {
    diags_.errorf(expr.range, "{} must be a record of class '{}', not of class '{}'", what, cls->path(),
                  operand->cls ? operand->cls->path() : std::string("?"));
    return std::nullopt;
  }
  return std::move(operand->leaves);
}

bool Flattener::fitsRecordClass(const Operand& operand, ClassNode* cls) {
  if (!operand.isRecord) return false;
  if (operand.cls == cls) return true;
  // A record of another class with the same fields is type compatible (spec 6.4).
  std::set<std::string> expected;
  for (const RecordField& field : recordFields(cls))
    if (field.decl->variability != ast::Variability::Constant) expected.insert(field.decl->name);
  std::set<std::string> given;
  for (const auto& [leaf, e] : operand.leaves) {
    // An array of records ("[2].re") is checked by its elements' fields.
    std::string field = leaf.front() == '[' ? leaf.substr(leaf.find("].") + 2) : leaf;
    given.insert(field.substr(0, field.find_first_of(".[")));
  }
  return expected == given;
}

std::optional<Value> Flattener::lowerFieldOf(const ast::Expr& call, const Scope& scope) {
  auto operand = fieldOfOperand(call, scope);
  if (!operand) return std::nullopt;
  if (operand->isRecord) {
    diags_.errorf(call.range, "field '{}' of this binding is a record, which is not allowed here",
                  fieldOf_.at(&call).second);
    return std::nullopt;
  }
  return std::move(operand->value);
}

std::optional<Operand> Flattener::fieldOfOperand(const ast::Expr& call, const Scope& scope) {
  const auto& [record, field] = fieldOf_.at(&call);
  auto operand = lowerOperand(*record, scope);
  if (!operand) return std::nullopt;
  if (!operand->isRecord) {
    diags_.errorf(record->range, "this binding must be a record");
    return std::nullopt;
  }
  // A field that is a record ("p.x" leaves) or an array of records
  // ("cells[1,2].Q"): its leaves relative to it.
  Operand out;
  for (const auto& [leaf, e] : operand->leaves) {
    if (leaf.size() <= field.size() || leaf.compare(0, field.size(), field) != 0) continue;
    const std::string rest = leaf.substr(field.size());
    if (rest.front() == '.') out.leaves.emplace_back(rest.substr(1), e);
    else if (rest.front() == '[' && rest.find("].") != std::string::npos) out.leaves.emplace_back(rest, e);
  }
  if (!out.leaves.empty()) {
    out.isRecord = true;
    return out;
  }
  // Any other field: its value, a scalar or an array ("v[1]", "v[2]").
  out.value = fieldValue(operand->leaves, field, false);
  if (out.value.elements.empty()) out.value = fieldValue(operand->leaves, field, true);
  if (out.value.elements.empty()) {
    diags_.errorf(record->range, "this record has no field '{}'", field);
    return std::nullopt;
  }
  return out;
}

std::optional<Mod> Flattener::fieldOfMods(const ast::Expr& binding, ClassNode* cls, const Scope& scope,
                                          const std::string& prefix) {
  Mod mods;
  mods.range = binding.range;
  for (const RecordField& field : recordFields(cls)) {
    if (field.decl->variability == ast::Variability::Constant) continue;
    auto expr = std::make_unique<ast::Expr>();
    expr->kind = ast::ExprKind::Call;
    expr->range = binding.range;
    expr->ref.range = binding.range;
    expr->ref.parts.push_back({"$field", {}, binding.range});
    fieldOf_[expr.get()] = {&binding, prefix + field.decl->name};
    bindSynthesized(mods, field.decl->name, std::move(expr), scope);
  }
  return mods;
}

void Flattener::bindSynthesized(Mod& mods, const std::string& field, std::unique_ptr<ast::Expr> expr,
                                const Scope& scope) {
  Mod child;
  child.binding = expr.get();
  child.scope = scope;
  child.range = expr->range;
  mods.children.emplace(field, std::move(child));
  synthesized_.push_back(std::move(expr));
}

std::optional<Value> Flattener::recordOperatorValue(const ast::Expr& expr, const Scope& scope) {
  auto operand = applyOperator(expr, scope);
  if (!operand) return std::nullopt;
  if (operand->isRecord) {
    diags_.errorf(expr.range, "this expression is a record of class '{}', which is not allowed here (only as a "
                              "side of an equation, a binding, or a function argument)",
                  operand->cls ? operand->cls->path() : std::string("?"));
    return std::nullopt;
  }
  return std::move(operand->value);
}

Value fieldValue(const Leaves& leaves, const std::string& field, bool isArray) {
  Value out;
  for (const auto& [leaf, e] : leaves) {
    if (!isArray && leaf == field) return Value::scalar(e);
    if (isArray && leaf.size() > field.size() && leaf.compare(0, field.size(), field) == 0 &&
        leaf[field.size()] == '[')
      out.elements.push_back(e);
  }
  if (!isArray) return out;
  // The last element's subscripts are the sizes ("v[3, 2]": [3, 2]).
  out.dims = {static_cast<long long>(out.elements.size())};
  for (auto it = leaves.rbegin(); it != leaves.rend(); ++it) {
    const std::string& leaf = it->first;
    if (leaf.size() <= field.size() || leaf.compare(0, field.size(), field) != 0 || leaf[field.size()] != '[')
      continue;
    std::vector<long long> dims;
    size_t at = field.size() + 1;
    while (at < leaf.size() && leaf[at] != ']') {
      size_t end = leaf.find_first_of(",]", at);
      if (end == std::string::npos) break;
      dims.push_back(std::atoll(leaf.substr(at, end - at).c_str()));
      at = leaf[end] == ',' ? leaf.find_first_not_of(' ', end + 1) : end;
    }
    long long count = 1;
    for (long long d : dims) count *= d;
    if (!dims.empty() && count == static_cast<long long>(out.elements.size())) out.dims = dims;
    break;
  }
  return out;
}

bool sameFields(const Leaves& a, const Leaves& b) {
  if (a.size() != b.size()) return false;
  for (size_t k = 0; k < a.size(); ++k)
    if (a[k].first != b[k].first) return false;
  return true;
}

std::optional<Pairs> Flattener::pairSides(const ast::Expr& lhs, const ast::Expr& rhs, const Scope& scope,
                                          SourceRange range) {
  auto a = lowerOperand(lhs, scope);
  auto b = a ? lowerOperand(rhs, scope) : std::nullopt;
  if (!a || !b) return std::nullopt;
  Pairs pairs;
  if (!a->isRecord && !b->isRecord) {
    if (a->value.dims != b->value.dims) {
      auto text = [](const Value& v) {
        return v.isScalar() ? std::string("a scalar") : fmt::format("size [{}]", fmt::join(v.dims, ", "));
      };
      diags_.errorf(range, "the two sides of this equation differ in size: {} and {}", text(a->value),
                    text(b->value));
      return std::nullopt;
    }
    for (size_t i = 0; i < a->value.elements.size(); ++i)
      pairs.emplace_back(a->value.elements[i], b->value.elements[i]);
    return pairs;
  }
  if (a->isRecord != b->isRecord) {
    const Operand& record = a->isRecord ? *a : *b;
    diags_.errorf(range, "one side of this equation is a record of class '{}', the other is not a record",
                  record.cls->path());
    return std::nullopt;
  }
  // A constant field is equal by declaration: a side that lacks it (a
  // function's record output has no slot for it) needs no equation; nor
  // does a String field, which a function's record output leaves out.
  auto isConstant = [&](const flat::ExprPtr& e) {
    if (e->kind != flat::ExprKind::Var) return false;
    const flat::Variable& v = model_.variables[e->var];
    return v.variability == flat::Variability::Constant || v.type == flat::BaseType::String;
  };
  std::map<std::string, flat::ExprPtr> right(b->leaves.begin(), b->leaves.end());
  for (const auto& [leaf, e] : a->leaves) {
    auto it = right.find(leaf);
    if (it == right.end() && isConstant(e)) continue;
    if (it == right.end()) {
      diags_.errorf(range, "the records of this equation do not match: the left side has field '{}', the right "
                           "side has not",
                    leaf);
      return std::nullopt;
    }
    flat::ExprPtr other = it->second;
    right.erase(it);
    // A parameter field is fixed before simulation, so no equation can
    // determine it: both sides must already agree.
    if (isParameterExpression(*e, scope) && isParameterExpression(*other, scope)) {
      flat::ConstantEvaluator evaluator(model_);
      auto x = evaluator.evaluate(*e);
      auto y = x ? evaluator.evaluate(*other) : std::nullopt;
      bool same = x && y && x->kind != Constant::String && y->kind != Constant::String &&
                  (x->kind == Constant::Boolean ? y->kind == Constant::Boolean && x->boolean == y->boolean
                                                : y->kind != Constant::Boolean && x->asReal() == y->asReal());
      if (!same) {
        diags_.errorf(range, "field '{}' is a parameter on both sides of this record equation, which cannot set "
                             "it; its two values must be equal before simulation",
                      leaf);
        return std::nullopt;
      }
      continue;
    }
    pairs.emplace_back(e, other);
  }
  for (const auto& [leaf, e] : right) {
    if (isConstant(e)) continue;
    diags_.errorf(range, "the records of this equation do not match: the right side has field '{}', the left "
                         "side has not",
                  leaf);
    return std::nullopt;
  }
  return pairs;
}

}  // namespace smc::flatten
