#include "flatten/ClassTree.h"

#include "frontend/Parser.h"
#include "frontend/ResourceLimits.h"

#include <algorithm>
#include <filesystem>
#include <utility>

namespace smc::flatten {

namespace fs = std::filesystem;

ClassNode* ClassNode::child(const std::string& childName) const {
  auto found = childByName.find(childName);
  return found == childByName.end() ? nullptr : found->second;
}

void ClassNode::adopt(std::unique_ptr<ClassNode> node) {
  childByName.emplace(node->name, node.get());
  children.push_back(std::move(node));
}

std::string ClassNode::path() const {
  if (!parent) return "";
  std::string prefix = parent->path();
  return prefix.empty() ? name : prefix + "." + name;
}

namespace {

// The classes the language predefines besides the built-in Real, Integer,
// Boolean and String (spec 4.9: StateSelect for the stateSelect attribute,
// AssertionLevel for assert(); spec 12.9.7: ExternalObject, the base of
// every external object class).
constexpr const char* kPredefinedClasses =
    "type StateSelect = enumeration(never, avoid, default, prefer, always);\n"
    "type AssertionLevel = enumeration(warning, error);\n"
    "class ExternalObject end ExternalObject;\n";

}  // namespace

ClassTree::ClassTree(SourceManager& sources, DiagnosticEngine& diags,
                     std::vector<std::string> libraryPaths)
    : sources_(sources), diags_(diags), libraryPaths_(std::move(libraryPaths)) {
  const FileId id = sources_.addBuffer("<predefined>", kPredefinedClasses);
  auto definition = parseFile(sources_, id, diags_);
  if (!definition) return;
  files_.push_back(std::make_unique<ast::StoredDefinition>(std::move(*definition)));
  for (const auto& cls : files_.back()->classes) attach(&predefined_, *cls);
}

void ClassTree::attach(ClassNode* parent, const ast::ClassDef& def) {
  if (ClassNode* placeholder = parent->child(def.name); placeholder && !placeholder->def) {
    // A library member's own file, or a user's file of the same class
    // (`smc Lib/Sub/M.mo -I <root>`), which then stands for it.
    placeholder->def = &def;
    const fs::path file = std::exchange(placeholder->unparsedFile, {});
    for (const auto& nested : def.classes) attach(placeholder, *nested);
    // Parsed for its own sake, it gets its members in parsed().
    if (file.filename() == "package.mo") addDirectoryMembers(placeholder, file.parent_path().string());
    return;
  }
  auto node = std::make_unique<ClassNode>();
  node->def = &def;
  node->parent = parent;
  node->name = def.name;
  for (const auto& nested : def.classes) attach(node.get(), *nested);
  if (ClassNode* existing = parent->child(def.name)) {
    diags_.errorf(def.nameRange, "class '{}' is defined twice", def.name);
    if (existing->def) diags_.note(existing->def->nameRange, "previous definition is here");
    return;
  }
  parent->adopt(std::move(node));
}

std::vector<ClassNode*> ClassTree::add(ast::StoredDefinition definition) {
  files_.push_back(std::make_unique<ast::StoredDefinition>(std::move(definition)));
  const ast::StoredDefinition& file = *files_.back();
  ClassNode* parent = &root_;
  if (file.within && !file.within->parts.empty()) {
    parent = find(file.within->parts, true, &root_);
    if (!parent) {
      diags_.errorf(file.within->range, "package '{}' named by 'within' was not found",
                    file.within->str());
      return {};
    }
  }
  std::vector<ClassNode*> added;
  for (const auto& cls : file.classes) {
    attach(parent, *cls);
    if (ClassNode* node = parent->child(cls->name); node && node->def == cls.get())
      added.push_back(node);
  }
  return added;
}

ClassNode* ClassTree::parsed(ClassNode* node) {
  // A placeholder whose file failed stays without a definition: every
  // later lookup of it misses, as the first did (reported once).
  if (node->unparsedFile.empty()) return node->def ? node : nullptr;
  const std::string path = std::exchange(node->unparsedFile, {});
  const bool parsedOk = parseAndAdd(path);
  if (node->def) {
    if (fs::path(path).filename() == "package.mo") addDirectoryMembers(node, fs::path(path).parent_path().string());
    return node;
  }
  // A file that does not parse has been reported; one that defines
  // something else has not.
  if (parsedOk)
    diags_.errorf({}, "library file '{}' should define class '{}' (spec 13.4), but does not", path, node->path());
  return nullptr;
}

bool ClassTree::parseAndAdd(const std::string& path) {
  FileId id;
  if (!sources_.addFile(path, id)) {
    diags_.errorf({}, "cannot read library file '{}'", path);
    return false;
  }
  auto definition = parseFile(sources_, id, diags_);
  if (!definition) return false;
  add(std::move(*definition));
  return true;
}

void ClassTree::addDirectoryMembers(ClassNode* package, const std::string& dir) {
  std::error_code error;
  std::vector<std::pair<std::string, fs::path>> members;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir, error)) {
    const fs::path& path = entry.path();
    if (entry.is_directory(error)) {
      // A directory without package.mo is not a package (spec 13.4.1).
      if (fs::is_regular_file(path / "package.mo", error)) members.emplace_back(path.filename().string(), path / "package.mo");
    } else if (path.extension() == ".mo" && path.filename() != "package.mo") {
      members.emplace_back(path.stem().string(), path);
    }
  }
  // Sorted, so that the tree does not depend on the directory's order.
  std::sort(members.begin(), members.end());
  for (auto& [name, path] : members) {
    if (package->child(name)) continue;  // also defined in package.mo: that one is reported if parsed
    auto node = std::make_unique<ClassNode>();
    node->parent = package;
    node->name = name;
    node->unparsedFile = path.string();
    package->adopt(std::move(node));
  }
}

// A class's member class: nested, or inherited through extends.
ClassNode* ClassTree::member(ClassNode* cls, const std::string& name) {
  if (cls->original) {
    if (auto it = cls->overrides.find(name); it != cls->overrides.end()) return it->second;
    ClassNode* found = member(cls->original, name);
    // A class nested in the original (or in a class it extends) is seen
    // from inside this view; a class reached through a short definition
    // (`package M = Other`) keeps its own lexical parent.
    if (found && found->def && found->parent && inherits(cls->original, found->parent, 0))
      return view(found, cls, {});
    return found;
  }
  if (ClassNode* c = cls->child(name)) return parsed(c);
  // Deeper than an instantiable chain of extends (ResourceLimits.h): stop
  // before the recursion below exhausts the stack.
  if (!cls->def || memberDepth_ > limits::kMaxExtendsDepth) return nullptr;
  // A search already under way for the same name in the same class means
  // the extends clauses form a cycle: without this, every level of the cycle
  // would search all the others again, exponentially.
  auto key = std::make_pair(static_cast<const ClassNode*>(cls), name);
  if (!searching_.insert(key).second) return nullptr;
  ++memberDepth_;
  ClassNode* found = nullptr;
  for (const ast::Extends& ext : cls->def->extends) {
    // `extends P(redeclare record State = S)` replaces P's State for this
    // class too (spec 7.3).
    if (ext.modification)
      for (const ast::ElementModification& arg : ext.modification->arguments)
        if (arg.redeclaredClass && arg.redeclaredClass->name == name) found = redeclaredClass(*arg.redeclaredClass, cls);
    if (found) break;
    ClassNode* base = baseClass(ext.base, cls);
    if (base && base != cls && (found = member(base, name))) break;
  }
  if (!found && cls->def->form == ast::ClassForm::Short) {
    ClassNode* base = baseClass(cls->def->shortBase, cls->parent);
    if (base && base != cls) found = member(base, name);
  }
  if (!found && cls->def->form == ast::ClassForm::Extends) {
    ClassNode* base = classExtendsBase(cls);
    if (base && base != cls) found = member(base, name);
  }
  --memberDepth_;
  searching_.erase(key);
  // A class inherited from a base is seen from inside this class (spec
  // 5.6.1.4): lookups from it reach this class's elements first, such as a
  // constant its extends clause modifies (`package Water extends
  // PartialMedium(nX = 1)`: PartialMedium's functions see nX = 1 in Water).
  if (found && found->def && found->parent && found->parent != cls && inherits(cls, found->parent, 0))
    return view(found, cls, {});
  return found;
}

// Spec 5.6.1.4: an extends clause's class is looked up without the elements
// that clause itself brings in (they are what is being looked up), so while
// it is resolved, member() skips it. Remembered once found, which keeps
// lookup through a chain of N extends linear instead of exponential: each
// level's base would otherwise be looked up again through every level below.
ClassNode* ClassTree::baseClass(const ast::Name& name, ClassNode* scope) {
  // Seen from a view, a base may be a view too: not the clause's one answer.
  if (scope && scope->original) {
    if (!resolvingBases_.insert(&name).second) return nullptr;
    ClassNode* base = find(name.parts, name.global, scope);
    resolvingBases_.erase(&name);
    return base;
  }
  if (auto known = bases_.find(&name); known != bases_.end()) return known->second;
  if (!resolvingBases_.insert(&name).second) return nullptr;
  ClassNode* base = find(name.parts, name.global, scope);
  resolvingBases_.erase(&name);
  if (base) bases_.emplace(&name, base);
  return base;
}

ClassNode* ClassTree::findImported(const std::string& name, ClassNode* scope) {
  if (!scope->def) return nullptr;
  for (const ast::Import& imp : scope->def->imports) {
    switch (imp.kind) {
      case ast::ImportKind::Qualified:
        if (!imp.path.parts.empty() && imp.path.parts.back() == name)
          return find(imp.path.parts, true, &root_);
        break;
      case ast::ImportKind::Renamed:
        if (imp.alias == name) return find(imp.path.parts, true, &root_);
        break;
      case ast::ImportKind::Unqualified:
        if (ClassNode* package = find(imp.path.parts, true, &root_))
          if (ClassNode* c = member(package, name)) return c;
        break;
      case ast::ImportKind::Multiple:
        for (const std::string& n : imp.names)
          if (n == name) {
            std::vector<std::string> parts = imp.path.parts;
            parts.push_back(n);
            return find(parts, true, &root_);
          }
        break;
    }
  }
  return nullptr;
}

ClassNode* ClassTree::findSimple(const std::string& name, ClassNode* scope) {
  ClassNode* moved = nullptr;  // the first view seen from a class other than its own
  for (ClassNode* s = scope; s && s != &root_; s = s->parent) {
    // A base class seen from a class that inherits it: its classes are the
    // inheritor's, which any class between them may have redeclared (a
    // function of PartialMedium calling specificEnthalpy, which the medium's
    // own base replaces with `redeclare function extends`).
    ClassNode* holder = s->original && s->parent && s->parent != &root_ && inherits(s->parent, s->original, 0)
                            ? s->parent
                            : s;
    if (ClassNode* c = member(holder, name)) return c;
    if (ClassNode* c = findImported(name, s)) return c;
    if (!moved && s->original && s->original->parent && s->original->parent != s->parent) moved = s->original;
    if (s->def && s->def->isEncapsulated) break;
  }
  // An inherited class is looked up from the class that inherits it first
  // (which redeclares its classes); what is not found there is found where
  // its own text is, imports included (imports are not inherited).
  if (moved)
    if (ClassNode* c = findSimple(name, moved->parent)) return c;
  if (scope)
    for (ClassNode* s = scope; s && s != &root_; s = s->parent)
      if (s->def && s->def->isEncapsulated) return predefined(name);
  if (ClassNode* c = root_.child(name)) return c;
  if (ClassNode* c = loadTopLevel(name)) return c;
  return predefined(name);
}

ClassNode* ClassTree::find(const std::vector<std::string>& parts, bool global, ClassNode* scope) {
  if (parts.empty()) return nullptr;
  ClassNode* cls = global ? root_.child(parts[0]) : findSimple(parts[0], scope);
  if (!cls && global) cls = loadTopLevel(parts[0]);
  for (size_t i = 1; cls && i < parts.size(); ++i) cls = member(cls, parts[i]);
  return cls;
}

ClassNode* ClassTree::lookup(const ast::Name& name, ClassNode* scope) {
  ClassNode* cls = find(name.parts, name.global, scope);
  if (!cls) diags_.errorf(name.range, "class '{}' not found", name.str());
  return cls;
}

bool ClassTree::inherits(ClassNode* cls, ClassNode* base, int depth) {
  if (cls == base) return true;
  // A view of a class (with redeclared members, spec 7.3) is that class.
  auto viewed = [](ClassNode* c) {
    while (c && c->original) c = c->original;
    return c;
  };
  if (cls && base && viewed(cls) == viewed(base)) return true;
  if (!cls || !cls->def || depth > limits::kMaxExtendsDepth) return false;
  for (const ast::Extends& ext : cls->def->extends)
    if (inherits(baseClass(ext.base, cls), base, depth + 1)) return true;
  if (cls->def->form == ast::ClassForm::Extends) return inherits(classExtendsBase(cls), base, depth + 1);
  return false;
}

bool ClassTree::isExternalObjectClass(ClassNode* cls) {
  ClassNode* externalObject = predefined("ExternalObject");
  if (!cls || !cls->def || cls == externalObject) return false;
  for (const ast::Extends& ext : cls->def->extends)
    if (baseClass(ext.base, cls) == externalObject) return true;
  return false;
}

ClassNode* ClassTree::classExtendsBase(ClassNode* cls) {
  if (!cls || !cls->def || cls->def->form != ast::ClassForm::Extends || !cls->parent || !cls->parent->def)
    return nullptr;
  auto [slot, fresh] = classExtendsBases_.try_emplace(cls, nullptr);
  if (!fresh) return slot->second;  // known, or being resolved (a cycle: none)
  // The bases of the class whose text holds the definition (a view of the
  // definition, inherited by another class, still extends what the
  // definition's own class inherits); the result is seen from the class
  // the definition is seen in.
  ClassNode* enclosing = cls->parent;
  ClassNode* definer = cls->original && cls->original->parent ? cls->original->parent : enclosing;
  ClassNode* found = nullptr;
  for (const ast::Extends& ext : definer->def->extends) {
    ClassNode* base = baseClass(ext.base, definer);
    if (base && base != definer && (found = member(base, cls->name))) break;
  }
  if (!found && definer->def->form == ast::ClassForm::Extends)
    if (ClassNode* base = classExtendsBase(definer)) found = member(base, cls->name);
  // Seen from the enclosing class, whose redeclarations it then reaches.
  if (found && found->def && found->parent != enclosing) found = view(found, enclosing, {});
  classExtendsBases_[cls] = found;
  return found;
}

ClassNode* ClassTree::view(ClassNode* cls, ClassNode* parent, const std::map<std::string, ClassNode*>& overrides) {
  ClassNode* original = cls->original ? cls->original : cls;
  std::map<std::string, ClassNode*> all = overrides;
  if (cls->original)
    for (const auto& [name, replacement] : cls->overrides) all.emplace(name, replacement);
  if (all.empty() && parent == original->parent) return original;
  std::vector<std::pair<std::string, ClassNode*>> key(all.begin(), all.end());
  auto slot = views_.find({original, parent, key});
  if (slot != views_.end()) return slot->second;
  auto node = std::make_unique<ClassNode>();
  node->def = original->def;
  node->name = original->name;
  node->parent = parent;
  node->original = original;
  node->overrides = std::move(all);
  ClassNode* made = node.get();
  synthesized_.push_back(std::move(node));
  views_.emplace(std::make_tuple(original, parent, std::move(key)), made);
  return made;
}

ClassNode* ClassTree::redeclaredClass(const ast::ClassDef& def, ClassNode* parent, Instance* definedIn) {
  auto key = std::make_tuple(&def, parent, definedIn);
  if (auto it = redeclaredClasses_.find(key); it != redeclaredClasses_.end()) return it->second;
  auto node = std::make_unique<ClassNode>();
  node->def = &def;
  node->name = def.name;
  node->parent = parent;
  node->definedIn = definedIn;
  for (const auto& nested : def.classes) attach(node.get(), *nested);
  ClassNode* made = node.get();
  synthesized_.push_back(std::move(node));
  redeclaredClasses_.emplace(key, made);
  return made;
}

// Spec 5.6.1: the base class is looked up in the class that holds the
// extends clause (its local classes first), then outwards.
ClassNode* ClassTree::resolveBase(const ast::Name& name, ClassNode* owner) {
  ClassNode* base = baseClass(name, owner);
  if (!base) {
    diags_.errorf(name.range, "class '{}' not found", name.str());
    return nullptr;
  }
  if (base == owner) {
    diags_.errorf(name.range, "class '{}' extends itself", owner->name);
    return nullptr;
  }
  return base;
}

// Loads top-level package `name` from the library path: `name.mo`, or
// `name/package.mo` with the rest of the directory as unparsed members
// (spec 13.4).
ClassNode* ClassTree::loadTopLevel(const std::string& name) {
  if (triedLoading_[name]) return root_.child(name);
  triedLoading_[name] = true;
  std::error_code error;
  for (const std::string& dir : libraryPaths_) {
    const fs::path single = fs::path(dir) / (name + ".mo");
    const fs::path directory = fs::path(dir) / name;
    if (fs::is_regular_file(single, error)) {
      parseAndAdd(single.string());
    } else if (fs::is_regular_file(directory / "package.mo", error)) {
      if (parseAndAdd((directory / "package.mo").string()))
        if (ClassNode* package = root_.child(name)) addDirectoryMembers(package, directory.string());
    } else {
      continue;
    }
    return root_.child(name);
  }
  return nullptr;
}

}  // namespace smc::flatten
