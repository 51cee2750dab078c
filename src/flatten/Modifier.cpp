// Modifications (spec 7.2): what the user wrote becomes a Mod tree whose
// leaves remember the scope they must be evaluated in; merging lets the
// outer modification (closer to the top class) win over the inner one.
#include "flatten/Flattener.h"

#include <fmt/format.h>

namespace smc::flatten {

namespace {

// Inserts `a.b.c = ...` as nested children a -> b -> c.
Mod& nestedChild(Mod& root, const ast::Name& path) {
  Mod* node = &root;
  for (const std::string& part : path.parts) node = &node->children[part];
  return *node;
}

}  // namespace

Mod makeMod(const ast::Modification* modification, const Scope& scope, DiagnosticEngine& diags) {
  Mod mod;
  if (!modification) return mod;
  mod.range = modification->range;
  if (modification->binding) {
    mod.binding = modification->binding.get();
    mod.scope = scope;
  }
  for (const ast::ElementModification& arg : modification->arguments) {
    if (arg.redeclaredClass) {
      Mod& slot = mod.children[arg.redeclaredClass->name];
      if (!slot.empty()) {
        diags.errorf(arg.range, "'{}' is modified twice in the same modification", arg.redeclaredClass->name);
        continue;
      }
      slot.redeclaredClass = arg.redeclaredClass.get();
      slot.redeclaredIn = scope.lexical;
      slot.scope = scope;
      slot.isFinal = arg.final;
      slot.range = arg.range;
      continue;
    }
    const ast::Component* redeclared = arg.redeclaredComponent.get();
    Mod inner = makeMod(redeclared ? redeclared->modification.get() : arg.modification.get(), scope, diags);
    if (redeclared) {
      inner.redeclare = redeclared;
      inner.redeclaredIn = scope.lexical;
    }
    inner.each = arg.each;
    inner.isFinal = arg.final;
    inner.range = arg.range;
    Mod& slot = nestedChild(mod, arg.path);
    if (!slot.empty()) {
      diags.errorf(arg.range, "'{}' is modified twice in the same modification", arg.path.str());
      continue;
    }
    slot = std::move(inner);
  }
  return mod;
}

Mod mergeMods(const Mod& outer, const Mod& inner, DiagnosticEngine& diags) {
  if (outer.empty()) return inner;
  if (inner.empty()) return outer;
  Mod merged = inner;
  if (outer.binding) {
    if (inner.isFinal && inner.binding) {
      diags.error(outer.range, "cannot modify an element declared final");
      diags.note(inner.range, "final modification is here");
    } else {
      merged.binding = outer.binding;
      merged.elementOf = outer.elementOf;
      merged.scope = outer.scope;
      merged.each = outer.each;
      merged.range = outer.range;
    }
  }
  merged.isFinal = merged.isFinal || outer.isFinal;
  if (outer.redeclare) {
    merged.redeclare = outer.redeclare;
    merged.redeclaredIn = outer.redeclaredIn;
  }
  if (outer.redeclaredClass) {
    merged.redeclaredClass = outer.redeclaredClass;
    merged.redeclaredIn = outer.redeclaredIn;
    if (!outer.binding) merged.scope = outer.scope;
  }
  for (const auto& [name, child] : outer.children) {
    auto it = merged.children.find(name);
    if (it == merged.children.end())
      merged.children.emplace(name, child);
    else
      it->second = mergeMods(child, it->second, diags);
  }
  return merged;
}

}  // namespace smc::flatten
