// Instantiation (spec 5.6): builds the instance tree of the top class.
//
// A class instance collects its elements (own and inherited through extends,
// spec 7.1) as pending components; each component is instantiated on first
// use or in declaration order, whichever comes first, so that `Real x[n]`
// may precede `parameter Integer n`. A component of a predefined type
// (Real, Integer, Boolean, String, or a short class chain ending in one)
// becomes one flat variable per array element; a component of a class type
// becomes one child instance per element. A `Clock` component (spec 16.3)
// is a discrete variable of type Clock. An `outer` component gets no
// variables of its own: it stands for its inner declaration (InnerOuter.cpp).
#include "flatten/Flattener.h"
#include "frontend/Parser.h"
#include "flatten/Graphics.h"
#include "frontend/ResourceLimits.h"

#include <fmt/format.h>

namespace smc::flatten {

namespace {

// annotation(Evaluate = true) on a declaration (spec 18.3).
bool asksForEvaluation(const ast::Component& decl) {
  if (!decl.annotation) return false;
  for (const ast::ElementModification& arg : decl.annotation->modification.arguments)
    if (arg.path.str() == "Evaluate" && arg.modification && arg.modification->binding &&
        arg.modification->binding->kind == ast::ExprKind::Boolean)
      return arg.modification->binding->boolean;
  return false;
}

// Whether two merged modifications say the same, written alike (spec
// 7.1.4 asks for identical elements after modification).
bool sameModification(const Mod& a, const Mod& b) {
  if (a.each != b.each || a.isFinal != b.isFinal || a.redeclare != b.redeclare ||
      a.redeclaredClass != b.redeclaredClass || a.children.size() != b.children.size() ||
      (a.binding == nullptr) != (b.binding == nullptr))
    return false;
  if (a.binding && expressionText(*a.binding) != expressionText(*b.binding)) return false;
  for (const auto& [name, child] : a.children) {
    auto other = b.children.find(name);
    if (other == b.children.end() || !sameModification(child, other->second)) return false;
  }
  return true;
}

flat::Variability toFlat(ast::Variability v) {
  switch (v) {
    case ast::Variability::Continuous: return flat::Variability::Continuous;
    case ast::Variability::Discrete: return flat::Variability::Discrete;
    case ast::Variability::Parameter: return flat::Variability::Parameter;
    case ast::Variability::Constant: return flat::Variability::Constant;
  }
  return flat::Variability::Continuous;
}

// The more restrictive of two variabilities (a parameter record's fields are
// parameters).
flat::Variability strictest(flat::Variability a, flat::Variability b) {
  return static_cast<int>(a) < static_cast<int>(b) ? a : b;
}

}  // namespace

flat::BaseType baseType(LeafType leaf) {
  switch (leaf) {
    case LeafType::Integer: return flat::BaseType::Integer;
    case LeafType::Boolean: return flat::BaseType::Boolean;
    case LeafType::String: return flat::BaseType::String;
    case LeafType::Clock: return flat::BaseType::Clock;
    case LeafType::ExternalObject: return flat::BaseType::ExternalObject;
    case LeafType::Real:
    case LeafType::None: return flat::BaseType::Real;
  }
  return flat::BaseType::Real;
}

// "[2,3]" for the flat name of element `index` (row-major) of `dims`.
std::string subscriptText(const std::vector<long long>& dims, long long index) {
  if (dims.empty()) return "";
  std::vector<long long> subs(dims.size());
  for (size_t d = dims.size(); d-- > 0;) {
    subs[d] = index % dims[d] + 1;
    index /= dims[d];
  }
  return fmt::format("[{}]", fmt::join(subs, ","));
}

namespace {

long long product(const std::vector<long long>& dims) {
  long long n = 1;
  for (long long d : dims) n *= d;
  return n;
}

// The instance whose class declares the outermost connector around
// `inst` (the instance itself when it is no connector): where a flow
// variable of that connector is inside.
const Instance& connectorHolder(const Instance& inst) {
  const Instance* holder = &inst;
  while (holder->parent && isConnectorClass(holder->cls)) holder = holder->parent;
  return *holder;
}

}  // namespace

bool isConnectorClass(const ClassNode* cls) {
  if (!cls || !cls->def) return false;
  return cls->def->kind == ast::ClassKind::Connector || cls->def->kind == ast::ClassKind::ExpandableConnector;
}

bool isBuiltinTypeName(const ast::Name& name, LeafType& leaf) {
  if (name.parts.size() != 1) return false;
  const std::string& n = name.parts[0];
  if (n == "Real") leaf = LeafType::Real;
  else if (n == "Integer") leaf = LeafType::Integer;
  else if (n == "Boolean") leaf = LeafType::Boolean;
  else if (n == "String") leaf = LeafType::String;
  else if (n == "Clock") leaf = LeafType::Clock;
  else return false;
  return true;
}

void Flattener::instantiateClass(Instance& inst, ClassNode* cls, const Mod& mod) {
  cls = withRedeclaredClasses(cls, mod);
  inst.cls = cls;
  // A class instantiated while another's extends clauses are being followed
  // (a modifier that needs a parameter's value) starts its own chain.
  std::vector<ClassNode*> outerChain;
  outerChain.swap(extendsChain_);
  addElements(inst, cls, mod, inst.isProtected, 0);
  extendsChain_.swap(outerChain);
  for (const auto& [name, child] : mod.children) {
    if (!inst.components.count(name) && !child.redeclaredClass)
      diags_.errorf(child.range, "'{}' is not a component of '{}'", name, cls->path());
  }
  // Elements of an expandable connector wait for the connects that make
  // them present (spec 9.1.3); parameters are always present.
  const bool expandable = cls->def && cls->def->kind == ast::ClassKind::ExpandableConnector;
  hasExpandableConnectors_ = hasExpandableConnectors_ || expandable;
  const bool fixedInstance =
      inst.variability == flat::Variability::Parameter || inst.variability == flat::Variability::Constant;
  for (Component* c : inst.order) {
    const bool fixedElement =
        c->decl->variability == ast::Variability::Parameter || c->decl->variability == ast::Variability::Constant;
    if (expandable && !fixedInstance && !fixedElement) {
      c->potentiallyPresent = true;
      potentiallyPresent_.push_back(c);
      continue;
    }
    ensureInstantiated(*c);
  }
}

ClassNode* Flattener::withRedeclaredClasses(ClassNode* cls, const Mod& mod) {
  std::map<std::string, ClassNode*> overrides;
  // `redeclare package Medium = ...` in the class body replaces the
  // inherited Medium for the bases as well.
  if (cls->def)
    for (const auto& nested : cls->def->classes)
      if (nested->isRedeclare) overrides[nested->name] = tree_.redeclaredClass(*nested, cls);
  for (const auto& [name, child] : mod.children) {
    if (!child.redeclaredClass) continue;
    ClassNode* replaced = tree_.memberOf(cls, name);
    if (!replaced || !replaced->def) {
      diags_.errorf(child.range, "'redeclare {}' replaces nothing: '{}' has no class called '{}' (spec 7.3)", name,
                    cls->path(), name);
      continue;
    }
    if (!replaced->def->isReplaceable && !replaced->def->isRedeclare) {
      diags_.errorf(child.range, "class '{}' cannot be redeclared: it is not declared replaceable (spec 7.3)", name);
      diags_.note(replaced->def->nameRange, fmt::format("'{}' is declared here", name));
      continue;
    }
    overrides[name] = tree_.redeclaredClass(*child.redeclaredClass, child.redeclaredIn, child.scope.instance);
  }
  if (overrides.empty()) return cls;
  return tree_.view(cls, cls->parent, overrides);
}

void Flattener::addElements(Instance& inst, ClassNode* cls, const Mod& mod, bool inheritedProtected,
                            int extendsDepth) {
  const ast::ClassDef& def = *cls->def;
  for (size_t i = 0; i < extendsChain_.size(); ++i) {
    if (extendsChain_[i] != cls) continue;
    // Spec 7.1: a class must not inherit from itself, directly or not.
    std::string cycle;
    for (size_t j = i; j < extendsChain_.size(); ++j) cycle += extendsChain_[j]->path() + " extends ";
    ClassNode* start = extendsChain_[i];
    diags_.errorf(start->def->nameRange, "cyclic extends: {}{}", cycle, cls->path());
    return;
  }
  struct ChainEntry {
    std::vector<ClassNode*>& chain;
    ChainEntry(std::vector<ClassNode*>& c, ClassNode* cls) : chain(c) { chain.push_back(cls); }
    ~ChainEntry() { chain.pop_back(); }
  } entry(extendsChain_, cls);
  if (extendsDepth > limits::kMaxExtendsDepth) {
    // Not a cycle (that is caught above), just a very long chain.
    diags_.errorf(def.nameRange, "'{}' is more than {} levels of extends deep (limit)", cls->path(),
                  limits::kMaxExtendsDepth);
    return;
  }
  Scope here{&inst, cls, nullptr};
  switch (def.form) {
    case ast::ClassForm::Long: break;
    case ast::ClassForm::Short: {
      LeafType leaf;
      if (isBuiltinTypeName(def.shortBase, leaf)) {
        diags_.errorf(def.nameRange, "'{}' is a predefined type alias and cannot be instantiated as a class",
                      cls->path());
        return;
      }
      if (!def.shortSubscripts.empty()) {
        diags_.unsupported(def.range, "array dimensions in a short class definition of a class type");
        return;
      }
      ClassNode* base = tree_.resolveBase(def.shortBase, cls);
      if (!base) return;
      if (cls->original) base = tree_.view(base, base->parent, cls->overrides);
      // Evaluated where the definition is written: in the instance whose
      // modification defines the class, if one does.
      Mod own = makeMod(def.shortModification.get(), Scope{cls->definingInstance(), cls->parent, nullptr}, diags_);
      addElements(inst, base, mergeMods(mod, own, diags_), inheritedProtected, extendsDepth + 1);
      return;
    }
    case ast::ClassForm::Enumeration:
      diags_.unsupported(def.range, "enumeration types");
      return;
    case ast::ClassForm::Derivative:
      diags_.unsupported(def.range, "derivative function definitions");
      return;
    case ast::ClassForm::Extends: {
      // Spec 7.3.1: the inherited class of this name, modified, plus this
      // body's own elements.
      ClassNode* base = tree_.classExtendsBase(cls);
      if (!base) {
        diags_.errorf(def.nameRange, "'{} extends {}' extends nothing: no base class of '{}' has a class '{}' "
                                     "(spec 7.3.1)",
                      ast::toString(def.kind), def.name, cls->parent ? cls->parent->path() : std::string(),
                      def.name);
        return;
      }
      if (cls->original && base->def) base = tree_.view(base, base->parent, cls->overrides);
      Mod own = makeMod(def.shortModification.get(), here, diags_);
      addElements(inst, base, mergeMods(mod, own, diags_), inheritedProtected, extendsDepth + 1);
      break;
    }
  }
  for (const ast::Import& imp : def.imports) (void)imp;  // resolved lazily by ClassTree
  for (const ast::Extends& ext : def.extends) {
    ClassNode* base = tree_.resolveBase(ext.base, cls);
    if (!base) continue;
    LeafType leaf;
    if (!base->def || isBuiltinTypeName(ext.base, leaf)) {
      diags_.unsupported(ext.range, "extending a predefined type");
      continue;
    }
    Mod extMod = makeMod(ext.modification.get(), here, diags_);
    // `extends P(redeclare package Medium = M)`: P's declarations, and the
    // classes nested in it, see M (spec 7.3).
    base = withRedeclaredClasses(base, extMod);
    // The classes this instance redeclares are redeclared in its bases too,
    // over those of the extends clause.
    if (cls->original && base->def) base = tree_.view(base, base->parent, cls->overrides);
    addElements(inst, base, mergeMods(mod, extMod, diags_),
                inheritedProtected || ext.visibility == ast::Visibility::Protected, extendsDepth + 1);
  }
  for (const ast::Component& decl : def.components) {
    if (decl.connectorKind == ast::ConnectorKind::Flow && !isConnectorClass(inst.cls)) {
      diags_.errorf(decl.range, "'flow' is only allowed on the elements of a connector (spec 9.3); '{}' is in {} '{}'",
                    decl.name, ast::toString(inst.cls->def->kind), inst.cls->def->name);
      continue;
    }
    if (decl.connectorKind == ast::ConnectorKind::Stream && !isConnectorClass(inst.cls)) {
      diags_.errorf(decl.range, "'stream' is only allowed on the elements of a connector (spec 15.1); '{}' is in {} '{}'",
                    decl.name, ast::toString(inst.cls->def->kind), inst.cls->def->name);
      continue;
    }
    Mod outer;
    if (auto it = mod.children.find(decl.name); it != mod.children.end()) outer = it->second;
    if (decl.isRedeclare) {
      redeclareInherited(inst, decl, cls, outer);
      continue;
    }
    if (auto it = inst.components.find(decl.name); it != inst.components.end()) {
      // Identical declarations, inherited or repeated locally, are one
      // element (spec 7.1.3), also when they are so only once modified
      // (spec 7.1.4: Fluid's `extends PartialTwoPortTransport(m_flow(
      // stateSelect = ...))` beside a base that declares m_flow with that
      // stateSelect); others clash.
      if (declarationText(decl) == declarationText(*it->second->decl)) continue;
      if (declarationHeadText(decl) == declarationHeadText(*it->second->decl) && !decl.constrainedBy &&
          !outer.redeclare &&
          sameModification(mergeMods(outer, makeMod(decl.modification.get(), Scope{&inst, cls, nullptr}, diags_), diags_),
                           it->second->mod))
        continue;
      diags_.errorf(decl.nameRange, "component '{}' is declared twice", decl.name);
      diags_.note(it->second->decl->nameRange, "previous declaration is here");
      continue;
    }
    auto c = std::make_unique<Component>();
    c->name = decl.name;
    c->owner = &inst;
    c->condition = decl.condition.get();
    c->conditionIn = cls;
    c->isProtected = inheritedProtected || decl.visibility == ast::Visibility::Protected;
    declare(*c, decl, cls, outer);
    inst.order.push_back(c.get());
    inst.components.emplace(decl.name, std::move(c));
  }
  for (const ast::EquationSection& section : def.equationSections)
    inst.sections.push_back({&section, cls});
  for (const ast::AlgorithmSection& section : def.algorithmSections)
    inst.algorithms.emplace_back(&section, cls);
  if (def.hasExternal) diags_.unsupported(def.externalRange, "external functions");
}

void Flattener::declare(Component& c, const ast::Component& decl, ClassNode* cls, const Mod& outer) {
  const Scope here{c.owner, cls, nullptr};
  Mod own = makeMod(decl.modification.get(), here, diags_);
  Mod constraint;
  if (decl.constrainedBy) constraint = makeMod(decl.constrainedBy->modification.get(), here, diags_);
  c.decl = &decl;
  c.declaredIn = cls;
  if (!outer.redeclare) {
    // A constraining clause's modifiers apply to the default as well.
    c.mod = mergeMods(outer, mergeMods(own, constraint, diags_), diags_);
    return;
  }
  if (!decl.isReplaceable) {
    diags_.errorf(outer.range, "'{}' cannot be redeclared: it is not declared replaceable (spec 7.3)", decl.name);
    diags_.note(decl.nameRange, fmt::format("'{}' is declared here", decl.name));
    Mod kept = outer;
    kept.redeclare = nullptr;
    c.mod = mergeMods(kept, own, diags_);
    return;
  }
  // The original declaration's modifiers carry over to the new one, or,
  // when it has a constraining clause, that clause's do (spec 7.3.2).
  c.decl = outer.redeclare;
  c.declaredIn = outer.redeclaredIn;
  if (outer.redeclare->subscripts.empty() && !decl.subscripts.empty()) {
    c.dimensionsFrom = &decl;
    c.dimensionsIn = cls;
  }
  Mod carried = decl.constrainedBy ? constraint : own;
  Mod replacement = outer;
  replacement.redeclare = nullptr;
  c.mod = mergeMods(replacement, carried, diags_);
}

void Flattener::redeclareInherited(Instance& inst, const ast::Component& decl, ClassNode* cls, const Mod& outer) {
  auto it = inst.components.find(decl.name);
  if (it == inst.components.end()) {
    diags_.errorf(decl.nameRange, "'redeclare {}' replaces nothing: no inherited element is called '{}' (spec 7.3)",
                  decl.name, decl.name);
    return;
  }
  Component& c = *it->second;
  if (c.state != Component::State::Pending) return;  // cannot happen: instantiation is lazy
  // As if the extends clause's modification had redeclared it; what the
  // enclosing instance applies to x still wins.
  Mod asRedeclaration = mergeMods(outer, makeMod(decl.modification.get(), Scope{&inst, cls, nullptr}, diags_), diags_);
  asRedeclaration.redeclare = &decl;
  asRedeclaration.redeclaredIn = cls;
  if (!asRedeclaration.range.valid()) asRedeclaration.range = decl.range;
  declare(c, *c.decl, c.declaredIn, asRedeclaration);
}

Component* Flattener::component(Instance& inst, const std::string& name) {
  auto it = inst.components.find(name);
  if (it == inst.components.end()) return nullptr;
  ensureInstantiated(*it->second);
  Component* c = it->second.get();
  if (c->state != Component::State::Done) return nullptr;
  // An outer component stands for its inner declaration (spec 5.4).
  return c->inner ? c->inner : c;
}

// Resolves the component's type through short class definitions down to a
// predefined type or a long class, collecting dimensions and modifications.
std::optional<std::vector<long long>> Flattener::evaluateDims(Component& c, ClassNode*& typeClass,
                                                              LeafType& leaf, Mod& typeMod,
                                                              ast::Causality& typeCausality) {
  auto type = resolveDeclType(*c.decl, c.declaredIn, Scope{c.owner, c.declaredIn, nullptr});
  if (!type) return std::nullopt;
  if (c.dimensionsFrom) {
    // The original declaration's dimensions come first, as if written on the redeclaration.
    std::vector<std::pair<const ast::Expr*, Scope>> kept;
    for (const auto& s : c.dimensionsFrom->subscripts) kept.emplace_back(s.get(), Scope{c.owner, c.dimensionsIn, nullptr});
    type->subscripts.insert(type->subscripts.begin(), kept.begin(), kept.end());
  }
  leaf = type->leaf;
  typeClass = type->cls;
  typeMod = type->typeMod;
  typeCausality = type->causality;
  const auto& all = type->subscripts;
  if (!typeMod.empty()) {
    // The type's own modifiers belong to each element of an array of it
    // (`type MassFraction = Real(min = 0)` for `MassFraction X[n]`).
    std::function<void(Mod&)> markEach = [&](Mod& m) {
      m.each = true;
      for (auto& [name, child] : m.children) markEach(child);
    };
    markEach(typeMod);
    c.mod = mergeMods(c.mod, typeMod, diags_);
  }

  // Each dimension with its size; ':' sizes come from the binding.
  std::vector<std::pair<const ast::Expr*, long long>> sized;
  for (const auto& [expr, where] : all) {
    if (expr->kind == ast::ExprKind::Colon) {
      sized.emplace_back(expr, 0);
      continue;
    }
    if (auto literals = enumerationDimension(*expr, where)) {
      sized.emplace_back(expr, *literals);
      continue;
    }
    auto n = evaluateInteger(*expr, where);
    if (!n) return std::nullopt;
    if (*n < 0) {
      diags_.errorf(expr->range, "array dimension must not be negative, got {}", *n);
      return std::nullopt;
    }
    sized.emplace_back(expr, *n);
  }
  if (!deduceColonDims(c, sized)) return std::nullopt;
  std::vector<long long> dims;
  for (const auto& [expr, n] : sized) dims.push_back(n);
  return dims;
}

bool Flattener::conditionHolds(const Component& c) {
  const ast::Expr& condition = *c.condition;
  const unsigned errorsBefore = diags_.errorReports();
  auto value = evaluate(condition, Scope{c.owner, c.conditionIn, nullptr});
  if (!value || value->kind != Constant::Boolean) {
    if (diags_.errorReports() == errorsBefore || value)
      diags_.errorf(condition.range,
                    "the condition of the conditional component '{}' must be a Boolean parameter "
                    "expression (spec 4.4.5)",
                    c.name);
    else
      diags_.note(condition.range,
                  fmt::format("the condition of the conditional component '{}' must be known at "
                              "translation (spec 4.4.5)",
                              c.name));
    return false;
  }
  return value->boolean;
}

void Flattener::ensureInstantiated(Component& c) {
  if (c.state == Component::State::Done) return;
  if (c.state == Component::State::Busy) {
    diags_.errorf(c.decl->nameRange, "the declaration of '{}' depends on itself", c.name);
    return;
  }
  c.state = Component::State::Busy;
  if (c.condition && !conditionHolds(c)) {
    c.disabled = true;  // also after an error: later uses then say nothing more
    c.state = Component::State::Done;
    return;
  }
  if (c.decl->isOuter && !c.innerOnly) {
    bindOuter(c);
    c.state = Component::State::Done;
    if (c.decl->isInner && c.inner && c.leaf == LeafType::None) addInnerPart(c);
    return;
  }
  ClassNode* typeClass = nullptr;
  LeafType leaf = LeafType::None;
  Mod typeMod;
  ast::Causality typeCausality = ast::Causality::None;
  auto dims = evaluateDims(c, typeClass, leaf, typeMod, typeCausality);
  if (!dims) {
    // Already reported; an empty component keeps later uses from cascading.
    c.state = Component::State::Done;
    return;
  }
  c.dims = *dims;
  Instance& owner = *c.owner;
  flat::Variability variability = strictest(toFlat(c.decl->variability), owner.variability);
  std::string base = owner.path.empty() ? c.name : owner.path + "." + c.name;

  if (leaf == LeafType::Clock) {
    // A clock is defined by equations at run time (spec 16.3).
    if (variability == flat::Variability::Parameter || variability == flat::Variability::Constant) {
      diags_.errorf(c.decl->range, "Clock '{}' cannot be a {} (spec 16.3)", c.name,
                    variability == flat::Variability::Parameter ? "parameter" : "constant");
      c.state = Component::State::Done;
      return;
    }
  }
  if (leaf != LeafType::None) {
    c.leaf = leaf;
    flat::Causality causality = flat::Causality::Local;
    ast::Causality declared = c.decl->causality;
    if (declared == ast::Causality::None) declared = typeCausality;
    if (owner.depth == 0 || owner.causality != flat::Causality::Local) {
      if (declared == ast::Causality::Input) causality = flat::Causality::Input;
      if (declared == ast::Causality::Output) causality = flat::Causality::Output;
      if (owner.depth > 0 && declared == ast::Causality::None) causality = owner.causality;
    }
    if (!withinElementLimit(c.dims, c.decl->range, "component") ||
        !reserveScalars(product(c.dims), c.decl->range)) {
      c.state = Component::State::Done;
      return;
    }
    long long n = product(c.dims);
    for (long long i = 0; i < n; ++i) {
      flat::Variable v;
      v.name = base + subscriptText(c.dims, i);
      v.type = baseType(leaf);
      v.variability = variability;
      if (leaf != LeafType::Real && variability == flat::Variability::Continuous)
        v.variability = flat::Variability::Discrete;  // spec 4.5: non-Real is discrete
      // Constructed once, when the instance is initialized (spec 12.9.7),
      // an opaque pointer that no FMI variable shows.
      if (leaf == LeafType::ExternalObject) {
        v.variability = flat::Variability::Parameter;
        v.isHidden = true;
      }
      v.causality = causality;
      v.description = c.decl->description;
      v.isProtected = c.isProtected;
      v.isFlow = c.decl->connectorKind == ast::ConnectorKind::Flow || owner.isFlow;
      v.isStream = c.decl->connectorKind == ast::ConnectorKind::Stream;
      v.range = c.decl->range;
      v.evaluate = v.variability == flat::Variability::Parameter && (owner.evaluate || asksForEvaluation(*c.decl));
      if (typeClass && typeClass->def->form == ast::ClassForm::Enumeration) {
        // Its literals' ordinals; it starts at the first (spec 4.9.5).
        const auto literals = static_cast<long long>(typeClass->def->enumLiterals.size());
        v.isEnumeration = true;
        v.attributes.min = flat::makeInteger(1, c.decl->range);
        v.attributes.max = flat::makeInteger(literals, c.decl->range);
        v.attributes.start = flat::makeInteger(1, c.decl->range);
      }
      const auto id = static_cast<flat::VarId>(model_.variables.size());
      if (v.isEnumeration) enumerationTypes_[id] = typeClass->def;
      if (v.isFlow) connections_.addFlowVariable(id, v.range, connectorHolder(owner).path);
      c.vars.push_back(id);
      model_.variables.push_back(std::move(v));
    }
    c.state = Component::State::Done;
    setAttributes(c, c.mod);
    if (leaf == LeafType::ExternalObject) bindExternalObject(c, typeClass);
    return;
  }

  if (containsItself(c, typeClass) || !withinElementLimit(c.dims, c.decl->range, "component") ||
      !reserveScalars(product(c.dims), c.decl->range)) {
    c.state = Component::State::Done;
    return;
  }
  c.cls = typeClass;
  c.state = Component::State::Done;
  Mod classMod = c.mod;
  // A record's binding modifies its fields; an array of records' binding
  // modifies each element's (ArrayBindings.cpp).
  std::vector<Mod> elementBindings;
  if (c.mod.binding) {
    classMod.binding = nullptr;
    const ast::Expr& binding = *c.mod.binding;
    if (!isRecordClass(typeClass)) {
      diags_.unsupported(c.mod.range, "a binding equation for a component of a class type");
    } else if (!c.mod.elementOf.empty() && !c.dims.empty()) {
      diags_.unsupported(c.mod.range, "an array of records bound by a modifier split over an array of components");
    } else if (!c.mod.elementOf.empty()) {
      // `cell(cellData = cells)` on an array `cell` without `each`: element
      // [i, j] is bound to the record cells[i, j] (spec 7.2.5).
      std::string element = "[";
      for (size_t d = 0; d < c.mod.elementOf.size(); ++d)
        element += (d ? "," : "") + std::to_string(c.mod.elementOf[d] + 1);
      if (auto fields = fieldOfMods(binding, typeClass, c.mod.scope, element + "]."))
        classMod = mergeMods(classMod, *fields, diags_);
    } else if (c.dims.empty()) {
      // The component's own modifications (`R r(b = 3) = ...`) still win.
      if (auto fields = recordBindingMods(binding, typeClass, c.mod.scope))
        classMod = mergeMods(classMod, *fields, diags_);
    } else if (auto perElement = recordArrayBindingMods(binding, c, typeClass)) {
      elementBindings = std::move(*perElement);
    }
  }
  instantiateElements(c, typeClass, variability, classMod, elementBindings);
}

void Flattener::instantiateElements(Component& c, ClassNode* typeClass, flat::Variability variability,
                                    const Mod& classMod, const std::vector<Mod>& elementBindings) {
  Instance& owner = *c.owner;
  const std::string base = owner.path.empty() ? c.name : owner.path + "." + c.name;
  long long n = product(c.dims);
  std::optional<flat::PlacementGraphic> placement;
  for (long long i = 0; i < n; ++i) {
    auto element = std::make_unique<Instance>();
    element->path = base + subscriptText(c.dims, i);
    element->parent = &owner;
    element->variability = variability;
    element->isProtected = c.isProtected;
    element->isFlow = c.decl->connectorKind == ast::ConnectorKind::Flow || owner.isFlow;
    element->evaluate = variability == flat::Variability::Parameter && (owner.evaluate || asksForEvaluation(*c.decl));
    element->depth = owner.depth + 1;
    if (owner.depth == 0) {
      if (c.decl->causality == ast::Causality::Input) element->causality = flat::Causality::Input;
      if (c.decl->causality == ast::Causality::Output) element->causality = flat::Causality::Output;
    }
    Mod elementMod = classMod;
    if (!c.dims.empty()) {
      // Modifiers without `each` are split over the elements (spec 7.2.5).
      std::vector<long long> index(c.dims.size());
      for (size_t d = c.dims.size(), rest = static_cast<size_t>(i); d-- > 0;) {
        index[d] = static_cast<long long>(rest % static_cast<size_t>(c.dims[d]));
        rest /= static_cast<size_t>(c.dims[d]);
      }
      for (auto& [name, child] : elementMod.children) splitForElement(child, index);
    }
    if (!elementBindings.empty()) elementMod = mergeMods(elementMod, elementBindings[i], diags_);
    // Blocks, models and classes are listed so that later stages can tell
    // state instances and their contents apart; records and connectors are
    // structured variables, not instances of behaviour.
    // The Placement annotation (read once for all elements of an array, so
    // a malformed one warns once) tells `smc diagram` where a state sits.
    ast::ClassKind kind = typeClass->def->kind;
    if (kind == ast::ClassKind::Block || kind == ast::ClassKind::Model || kind == ast::ClassKind::Class) {
      if (i == 0) placement = readPlacementGraphic(c.decl->annotation.get(), diags_);
      model_.instances.push_back({element->path, typeClass->path(), c.decl->range, placement});
    }
    // Listed before it is filled: a modifier of the component may refer to
    // the component itself (`S s(c = s.a + 1)`).
    c.elements.push_back(std::move(element));
    instantiateClass(*c.elements.back(), typeClass, elementMod);
  }
}

// The part of `m` that one element of an array of components takes: every
// binding not under `each` selects that element's value (spec 7.2.5).
void Flattener::splitForElement(Mod& m, const std::vector<long long>& index) {
  if (m.each) return;
  if (m.binding) m.elementOf.insert(m.elementOf.end(), index.begin(), index.end());
  for (auto& [name, child] : m.children) splitForElement(child, index);
}

// Spec 5.6: instantiation must terminate, so a class cannot contain a
// component of its own class, directly (`model A A a; end A;`) or through
// other components. Names the component that closes the loop.
bool Flattener::containsItself(const Component& c, ClassNode* typeClass) {
  for (const Instance* owner = c.owner; owner; owner = owner->parent) {
    if (owner->cls != typeClass) continue;
    std::string where = c.owner->path.empty() ? c.name : c.owner->path + "." + c.name;
    diags_.errorf(c.decl->nameRange,
                  "component '{}' is again an instance of '{}', which contains it: "
                  "instantiation would never end",
                  where, typeClass->path());
    return true;
  }
  return false;
}

}  // namespace smc::flatten
