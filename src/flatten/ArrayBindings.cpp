// Bindings that shape a component (spec 10.1, 12.6):
//  - `Real x[:] = {1, 2, 3}`: a ':' dimension takes its size from the
//    binding, which may also come from a modifier (`extends M(t = {...})`);
//  - `R r = R(...)` / `R r = other`: a record's binding becomes
//    modifications of its fields;
//  - `R t[:] = {R(...), R(...)}`: an array of records bound element by
//    element, each element like a single record.
// Sizes are taken from the shape of array constructors without lowering
// record constructors (which have no flat value); other bindings are
// lowered to learn their size.
#include "flatten/Flattener.h"

#include <fmt/format.h>

namespace smc::flatten {

namespace {

std::string sizeText(const std::vector<long long>& dims) {
  return dims.empty() ? std::string("a scalar") : fmt::format("size [{}]", fmt::join(dims, ", "));
}

// The elements of nested array constructors `{{a, b}, {c, d}}` in row-major
// order, with the sizes of the nesting levels; a comprehension or any other
// expression is one element.
void collectArrayElements(const ast::Expr& e, size_t depth, std::vector<long long>& dims,
                          std::vector<const ast::Expr*>& out, bool& regular) {
  if (e.kind != ast::ExprKind::Array || !e.iterators.empty()) {
    if (depth < dims.size()) regular = false;
    out.push_back(&e);
    return;
  }
  auto n = static_cast<long long>(e.args.size());
  if (depth == dims.size()) dims.push_back(n);
  else if (dims[depth] != n) regular = false;
  for (const auto& arg : e.args) collectArrayElements(*arg, depth + 1, dims, out, regular);
}

}  // namespace

std::optional<std::vector<long long>> Flattener::bindingDims(const ast::Expr& binding, const Scope& scope) {
  if (binding.kind == ast::ExprKind::Array && binding.iterators.empty()) {
    if (binding.args.empty()) return std::vector<long long>{0};
    auto inner = bindingDims(*binding.args[0], scope);
    if (!inner) return std::nullopt;
    for (size_t k = 1; k < binding.args.size(); ++k) {
      auto other = bindingDims(*binding.args[k], scope);
      if (!other) return std::nullopt;
      if (*other != *inner) {
        diags_.errorf(binding.args[k]->range, "the elements of this array differ in size: {} and {}",
                      sizeText(*inner), sizeText(*other));
        return std::nullopt;
      }
    }
    inner->insert(inner->begin(), static_cast<long long>(binding.args.size()));
    return inner;
  }
  if (binding.kind == ast::ExprKind::Call && recordConstructor(binding, scope)) return std::vector<long long>{};
  if (binding.kind == ast::ExprKind::Ref) {
    auto target = resolveRef(binding.ref, scope);
    if (!target) return std::nullopt;
    if (target->instance) return std::vector<long long>{};  // a record
    return target->value.dims;
  }
  auto value = lower(binding, scope);
  if (!value) return std::nullopt;
  return value->dims;
}

bool Flattener::deduceColonDims(Component& c, std::vector<std::pair<const ast::Expr*, long long>>& dims) {
  bool hasColon = false;
  for (const auto& [expr, size] : dims) hasColon = hasColon || expr->kind == ast::ExprKind::Colon;
  if (!hasColon) return true;
  const ast::Expr* colon = nullptr;
  for (const auto& [expr, size] : dims)
    if (expr->kind == ast::ExprKind::Colon && !colon) colon = expr;
  if (!c.mod.binding) {
    diags_.errorf(colon->range,
                  "the size of '{}' is given by ':' but it has no binding to take the size from (spec 10.1)",
                  c.name);
    return false;
  }
  auto bound = bindingDims(*c.mod.binding, c.mod.scope);
  if (!bound) return false;
  // A binding split over an array of components: one element's part.
  const size_t split = c.mod.elementOf.size();
  if (split > 0) {
    if (bound->size() < split) {
      diags_.errorf(c.mod.binding->range,
                    "this modifier of an array of components has no 'each', so its value must have one "
                    "element per component, but it is {}",
                    sizeText(*bound));
      return false;
    }
    bound->erase(bound->begin(), bound->begin() + static_cast<long>(split));
  }
  if (bound->size() != dims.size()) {
    diags_.errorf(c.mod.binding->range, "the binding of '{}' is {}, but '{}' is declared with {} dimension(s)",
                  c.name, sizeText(*bound), c.name, dims.size());
    return false;
  }
  for (size_t d = 0; d < dims.size(); ++d)
    if (dims[d].first->kind == ast::ExprKind::Colon) dims[d].second = (*bound)[d];
  return true;
}

std::optional<Mod> Flattener::recordBindingMods(const ast::Expr& binding, ClassNode* typeClass,
                                                const Scope& scope) {
  ClassNode* constructed = recordConstructor(binding, scope);
  ClassNode* longClass = constructed;
  for (int guard = 0; longClass && longClass->def->form == ast::ClassForm::Short && guard < 32; ++guard)
    longClass = tree_.find(longClass->def->shortBase.parts, longClass->def->shortBase.global, longClass->parent);
  if (constructed && longClass == typeClass && operatorFunctions(constructed, "'constructor'").empty()) {
    // `R r = R(1, b = 2)`: the arguments modify r's fields.
    return constructorMods(binding, constructed, scope);
  }
  // A constructor of another record class (a subtype, spec 6.4: `BaseData
  // material = M330_50A()`) goes field by field below, as any record value.
  bool plainReference = binding.kind == ast::ExprKind::Ref && !binding.ref.global && scope.instance &&
                        scope.instance->components.count(binding.ref.parts[0].name);
  for (const ast::RefPart& part : binding.ref.parts) plainReference = plainReference && part.subscripts.empty();
  if (plainReference) {
    // `R r = other`: each field of r is bound to the same field of other.
    return referenceMods(binding, typeClass, scope);
  }
  // Any other record value: an operator record's constructor or operators,
  // a function returning a record, a record constant.
  return fieldOfMods(binding, typeClass, scope);
}

std::optional<std::vector<Mod>> Flattener::recordArrayBindingMods(const ast::Expr& binding, Component& c,
                                                                  ClassNode* typeClass) {
  std::vector<long long> dims;
  std::vector<const ast::Expr*> elements;
  bool regular = true;
  collectArrayElements(binding, 0, dims, elements, regular);
  if (!regular || binding.kind != ast::ExprKind::Array || !binding.iterators.empty()) {
    // Any other array of records (`{R(k) for k in 1:n}`, an array
    // component): element k's fields are those of element k of the value.
    std::vector<Mod> out;
    long long n = 1;
    for (long long d : c.dims) n *= d;
    for (long long k = 0; k < n; ++k) {
      auto mods = fieldOfMods(binding, typeClass, c.mod.scope, subscriptText(c.dims, k) + ".");
      if (!mods) return std::nullopt;
      out.push_back(std::move(*mods));
    }
    return out;
  }
  if (dims != c.dims) {
    diags_.errorf(binding.range, "the binding of '{}' has {} but '{}' is declared with {}", c.name,
                  sizeText(dims), c.name, sizeText(c.dims));
    return std::nullopt;
  }
  std::vector<Mod> out;
  for (const ast::Expr* element : elements) {
    auto mods = recordBindingMods(*element, typeClass, c.mod.scope);
    if (!mods) return std::nullopt;
    out.push_back(std::move(*mods));
  }
  return out;
}

}  // namespace smc::flatten
