// The type a declaration names (spec 4.4.2): `Real`, a short class chain
// ending in a predefined type (`type Voltage = Real(unit = "V")`, whose
// modifications and array dimensions are collected on the way; a long
// `type T extends Real(...); end T;` counts as one), or a long
// class (a model, block, connector or record). Shared by instantiation,
// record constructors and user functions.
#include "flatten/Flattener.h"

#include <fmt/format.h>

namespace smc::flatten {

std::optional<DeclType> Flattener::resolveDeclType(const ast::Component& decl, ClassNode* declaredIn,
                                                   const Scope& scope) {
  DeclType type;
  for (const auto& s : decl.subscripts) type.subscripts.emplace_back(s.get(), scope);
  for (const auto& s : decl.typeSubscripts) type.subscripts.emplace_back(s.get(), scope);
  if (isBuiltinTypeName(decl.typeName, type.leaf)) return type;
  ClassNode* cls = tree_.lookup(decl.typeName, declaredIn);
  for (int guard = 0; cls; ++guard) {
    if (guard > 32) {
      diags_.errorf(decl.range, "type '{}' is defined in terms of itself", decl.typeName.str());
      return std::nullopt;
    }
    const ast::ClassDef& def = *cls->def;
    if (def.form == ast::ClassForm::Enumeration) {
      // An enumeration value is its literal's ordinal, 1 for the first
      // (spec 4.9.5: Integer(E.first) == 1); the class gives its range.
      if (def.enumColon) {
        diags_.unsupported(decl.range, fmt::format("enumeration(:) types ('{}')", cls->path()));
        return std::nullopt;
      }
      type.leaf = LeafType::Integer;
      type.cls = cls;
      return type;
    }
    if (def.kind == ast::ClassKind::Function || def.kind == ast::ClassKind::Package) {
      diags_.errorf(decl.typeName.range, "'{}' is a {} and cannot be the type of a component",
                    cls->path(), ast::toString(def.kind));
      return std::nullopt;
    }
    if (def.form != ast::ClassForm::Short && tree_.isExternalObjectClass(cls)) {
      if (!type.subscripts.empty()) {
        diags_.unsupported(decl.range, fmt::format("arrays of external objects ('{}')", decl.name));
        return std::nullopt;
      }
      type.leaf = LeafType::ExternalObject;
      type.cls = cls;
      return type;
    }
    if (def.form != ast::ClassForm::Short) {
      // `type TypeString extends String; annotation(...); end TypeString;`:
      // a long type definition that only extends a predefined type is that type.
      if (def.kind == ast::ClassKind::Type && def.components.empty() && def.extends.size() == 1) {
        Scope typeScope{nullptr, cls, nullptr};
        type.typeMod =
            mergeMods(type.typeMod, makeMod(def.extends[0].modification.get(), typeScope, diags_), diags_);
        if (isBuiltinTypeName(def.extends[0].base, type.leaf)) return type;
        cls = tree_.resolveBase(def.extends[0].base, cls);
        continue;
      }
      type.cls = cls;
      return type;
    }
    // A class a modification defines reads the components of the instance
    // that modification belongs to (ClassNode::definedIn).
    Scope typeScope{cls->definingInstance(), cls->parent, nullptr};
    type.typeMod = mergeMods(type.typeMod, makeMod(def.shortModification.get(), typeScope, diags_), diags_);
    for (const auto& s : def.shortSubscripts) type.subscripts.emplace_back(s.get(), typeScope);
    if (type.causality == ast::Causality::None) type.causality = def.shortCausality;
    if (isBuiltinTypeName(def.shortBase, type.leaf)) return type;
    cls = tree_.resolveBase(def.shortBase, cls);
  }
  return std::nullopt;
}

}  // namespace smc::flatten
