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

namespace smc::flatten {

namespace {

bool isRecordClass(const ClassNode* cls) {
  return cls && cls->def && cls->def->kind == ast::ClassKind::Record;
}

}  // namespace

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
  if (call.kind != ast::ExprKind::Call || isBuiltinFunctionName(simpleCalleeName(call))) return nullptr;
  std::vector<std::string> parts;
  for (const auto& p : call.ref.parts) parts.push_back(p.name);
  ClassNode* cls = tree_.find(parts, call.ref.global, scope.lexical ? scope.lexical : tree_.root());
  return isRecordClass(cls) ? cls : nullptr;
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
  for (const ast::Extends& ext : cls->def->extends) {
    ClassNode* base = tree_.resolveBase(ext.base, cls);
    if (!base) continue;
    if (ext.modification) diags_.unsupported(ext.range, "record constructors of a record whose extends has modifications");
    std::vector<RecordField> inherited = recordFields(base);
    fields.insert(fields.end(), inherited.begin(), inherited.end());
  }
  for (const ast::Component& decl : cls->def->components) fields.push_back({&decl, cls});
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
    bool hasDefault = f->decl->modification && f->decl->modification->binding;
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
  if (!target->instance || target->instance->cls != cls) {
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
    Mod child;
    child.binding = expr.get();
    child.scope = scope;
    child.range = reference.range;
    mods.children.emplace(field.decl->name, std::move(child));
    synthesized_.push_back(std::move(expr));
  }
  return mods;
}

namespace {

// The scalar fields of `R(args)`.
std::optional<Leaves> constructorLeaves(Flattener& self, DiagnosticEngine& diags, const ast::Expr& call,
                                               ClassNode* cls, const Scope& scope) {
  ConstructorArgs args;
  if (!matchConstructorArgs(self, diags, call, cls, args)) return std::nullopt;
  const std::string name = cls->path();
  std::map<std::string, Value> known;  // fields so far, visible to later defaults
  Leaves out;
  for (const RecordField& f : args.fields) {
    const ast::Component& decl = *f.decl;
    Scope recordScope{nullptr, f.declaredIn, nullptr, &known};
    auto type = self.resolveDeclType(decl, f.declaredIn, recordScope);
    if (!type) return std::nullopt;
    std::vector<long long> dims;
    for (const auto& [expr, where] : type->subscripts) {
      if (expr->kind == ast::ExprKind::Colon) {
        diags.unsupported(expr->range, "array dimensions given by ':' (deduced from the binding)");
        return std::nullopt;
      }
      auto n = self.evaluateInteger(*expr, where);
      if (!n) return std::nullopt;
      dims.push_back(*n);
    }
    auto it = args.given.find(decl.name);
    const ast::Expr* source = it != args.given.end()                     ? it->second
                              : decl.modification && decl.modification->binding ? decl.modification->binding.get()
                                                                                 : nullptr;
    const Scope& sourceScope = it != args.given.end() ? scope : recordScope;
    bool isConstant = decl.variability == ast::Variability::Constant;
    if (!source) {  // only a constant without value gets here
      diags.errorf(decl.nameRange, "constant field '{}' of record '{}' has no value", decl.name, name);
      return std::nullopt;
    }
    if (type->leaf == LeafType::None) {
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
    for (const auto& [leaf, id] : leaves) {
      if (model_.variables[id].variability == flat::Variability::Constant) continue;  // equal by declaration
      out.leaves.emplace_back(leaf, flat::makeVar(id, expr.range));
    }
    return out;
  }
  if (ClassNode* cls = recordConstructor(expr, scope)) {
    auto leaves = constructorLeaves(*this, diags_, expr, cls, scope);
    if (!leaves) return std::nullopt;
    out.isRecord = true;
    out.cls = cls;
    out.leaves = std::move(*leaves);
    return out;
  }
  auto value = lower(expr, scope);
  if (!value) return std::nullopt;
  out.value = std::move(*value);
  return out;
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
  std::map<std::string, flat::ExprPtr> right(b->leaves.begin(), b->leaves.end());
  for (const auto& [leaf, e] : a->leaves) {
    auto it = right.find(leaf);
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
  if (!right.empty()) {
    diags_.errorf(range, "the records of this equation do not match: the right side has field '{}', the left "
                         "side has not",
                  right.begin()->first);
    return std::nullopt;
  }
  return pairs;
}

}  // namespace smc::flatten
