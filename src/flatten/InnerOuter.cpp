// inner/outer components (spec 5.4).
//
// An `outer x` refers to the `inner x` of the nearest enclosing instance
// that declares one: the search starts at the instance that contains the
// instance declaring the outer, and walks up to the top model. The outer
// gets no flat variables of its own: the component records its inner
// (Component::inner) and copies the inner's type, dimensions and
// variables, and component() hands out the inner in its place, so every
// reference through the outer (`x`, `x.sub.y`, `connect(x.p, ...)`) reaches
// the inner's variables and instances. An outer contributes no equations;
// the inner's instance carries them.
//
// `inner outer x` is both: an inner for the outers below it, and itself an
// outer of an inner further up (spec 5.4: two declarations with one name).
// Of a class type, the two are kept apart: the component is bound like an
// outer, so local references reach the inner further up, and an inner part
// (Component::innerPart), instantiated with the declaration's
// modifications, is what the outers below reach; this is how a composite
// step of a StateGraph talks to the steps inside it and to the graph
// around it. Of a primitive type, the two collapse into one variable that
// every level shares, which is what chapter 17's hierarchical state
// machines rely on (an `inner outer output` merged across levels).
#include "flatten/Flattener.h"
#include "frontend/ResourceLimits.h"

#include <fmt/format.h>

namespace smc::flatten {

namespace {

std::string typeText(LeafType leaf, ClassNode* cls) {
  if (leaf != LeafType::None) return flat::toString(baseType(leaf));
  return cls ? cls->path() : "?";
}

}  // namespace

// Whether `cls` is `base` or extends it, directly or through other
// classes and short class definitions: then an inner of class `cls` is a
// subtype of an outer declared as `base` (spec 5.4 asks for a subtype; a
// subtype that does not inherit is not recognised yet).
bool Flattener::inheritsFrom(ClassNode* cls, ClassNode* base, int depth) {
  if (cls == base) return true;
  if (!cls || !cls->def || depth > limits::kMaxExtendsDepth) return false;
  if (cls->def->form == ast::ClassForm::Short) {
    LeafType leaf;
    if (isBuiltinTypeName(cls->def->shortBase, leaf)) return false;
    ClassNode* aliased = tree_.resolveBase(cls->def->shortBase, cls);
    return aliased && inheritsFrom(aliased, base, depth + 1);
  }
  for (const ast::Extends& ext : cls->def->extends) {
    LeafType leaf;
    if (isBuiltinTypeName(ext.base, leaf)) continue;
    ClassNode* parent = tree_.resolveBase(ext.base, cls);
    if (parent && inheritsFrom(parent, base, depth + 1)) return true;
  }
  if (cls->def->form == ast::ClassForm::Extends)
    if (ClassNode* parent = tree_.classExtendsBase(cls)) return inheritsFrom(parent, base, depth + 1);
  return false;
}

std::vector<Instance*> ownedInstances(const Component& c) {
  std::vector<Instance*> out;
  for (const auto& element : c.elements) out.push_back(element.get());
  if (c.innerPart)
    for (const auto& element : c.innerPart->elements) out.push_back(element.get());
  return out;
}

void Flattener::addInnerPart(Component& c) {
  auto part = std::make_unique<Component>();
  part->name = c.name;
  part->decl = c.decl;
  part->declaredIn = c.declaredIn;
  part->owner = c.owner;
  part->mod = c.mod;
  part->isProtected = c.isProtected;
  part->innerOnly = true;
  c.innerPart = std::move(part);
  ensureInstantiated(*c.innerPart);
}

void Flattener::bindOuter(Component& c) {
  // The inner declaration alone decides the value and attributes; those of
  // an `inner outer` belong to its inner part.
  if (c.decl->isInner) {
    // Checked once the type is known (below).
  } else if (c.decl->modification) {
    diags_.errorf(c.decl->modification->range,
                  "outer element '{}' cannot have a modifier; modify its inner declaration instead (spec 5.4)",
                  c.name);
    return;
  }
  if (!c.mod.empty() && !c.decl->isInner) {
    diags_.errorf(c.mod.range,
                  "outer element '{}' cannot be modified; modify its inner declaration instead (spec 5.4)",
                  c.name);
    return;
  }
  ClassNode* typeClass = nullptr;
  LeafType leaf = LeafType::None;
  Mod typeMod;
  ast::Causality typeCausality = ast::Causality::None;
  auto dims = evaluateDims(c, typeClass, leaf, typeMod, typeCausality);
  if (!dims) return;

  Component* inner = nullptr;
  std::vector<std::string> searched;
  for (Instance* level = c.owner->parent; level && !inner; level = level->parent) {
    searched.push_back(fmt::format("'{}'", level->path.empty() ? model_.name : level->path));
    auto it = level->components.find(c.name);
    if (it != level->components.end() && it->second->decl->isInner) inner = it->second.get();
  }
  if (!inner) {
    if (searched.empty())
      diags_.errorf(c.decl->nameRange,
                    "no inner declaration for outer '{}': the top model has no enclosing instance (spec 5.4)",
                    c.name);
    else
      diags_.errorf(c.decl->nameRange, "no inner declaration for outer '{}' in the enclosing instances {} (spec 5.4)",
                    c.name, fmt::join(searched, ", "));
    return;
  }
  ensureInstantiated(*inner);
  // An `inner outer` offers its inner part, or (primitive) stands for the
  // inner further up in turn.
  Component* target = inner->innerPart ? inner->innerPart.get() : inner->inner ? inner->inner : inner;
  if (inner->state != Component::State::Done || (inner->leaf == LeafType::None && !inner->cls)) return;

  std::string innerName = inner->owner->path.empty() ? inner->name : inner->owner->path + "." + inner->name;
  if (leaf != inner->leaf || (leaf == LeafType::None && !inheritsFrom(inner->cls, typeClass))) {
    diags_.errorf(c.decl->range, "outer '{}' is declared as {} but its inner declaration '{}' is {} (spec 5.4)",
                  c.name, typeText(leaf, typeClass), innerName, typeText(inner->leaf, inner->cls));
    diags_.note(inner->decl->range, "the inner declaration is here");
    return;
  }
  if (*dims != inner->dims) {
    diags_.errorf(c.decl->range, "outer '{}' has dimensions [{}] but its inner declaration '{}' has [{}] (spec 5.4)",
                  c.name, fmt::join(*dims, ", "), innerName, fmt::join(inner->dims, ", "));
    diags_.note(inner->decl->range, "the inner declaration is here");
    return;
  }
  if (c.decl->isInner && leaf != LeafType::None && !c.mod.empty()) {
    diags_.unsupported(c.mod.range, fmt::format("modifying the inner outer variable '{}' (its levels share one "
                                                "variable, whose inner declaration further up decides its value)",
                                                c.name));
    return;
  }
  c.inner = target;
  c.leaf = target->leaf;
  c.cls = target->cls;
  c.dims = target->dims;
  c.vars = target->vars;
}

}  // namespace smc::flatten
