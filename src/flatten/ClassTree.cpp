#include "flatten/ClassTree.h"

#include "frontend/Parser.h"
#include "frontend/ResourceLimits.h"

#include <algorithm>
#include <filesystem>

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

ClassTree::ClassTree(SourceManager& sources, DiagnosticEngine& diags,
                     std::vector<std::string> libraryPaths)
    : sources_(sources), diags_(diags), libraryPaths_(std::move(libraryPaths)) {}

void ClassTree::attach(ClassNode* parent, const ast::ClassDef& def) {
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

// A class's member class: nested, or inherited through extends.
ClassNode* ClassTree::member(ClassNode* cls, const std::string& name) {
  if (ClassNode* c = cls->child(name)) return c;
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
    ClassNode* base = baseClass(ext.base, cls);
    if (base && base != cls && (found = member(base, name))) break;
  }
  if (!found && cls->def->form == ast::ClassForm::Short) {
    ClassNode* base = baseClass(cls->def->shortBase, cls->parent);
    if (base && base != cls) found = member(base, name);
  }
  --memberDepth_;
  searching_.erase(key);
  return found;
}

// Spec 5.6.1.4: an extends clause's class is looked up without the elements
// that clause itself brings in (they are what is being looked up), so while
// it is resolved, member() skips it. Remembered once found, which keeps
// lookup through a chain of N extends linear instead of exponential: each
// level's base would otherwise be looked up again through every level below.
ClassNode* ClassTree::baseClass(const ast::Name& name, ClassNode* scope) {
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
  for (ClassNode* s = scope; s && s != &root_; s = s->parent) {
    if (ClassNode* c = member(s, name)) return c;
    if (ClassNode* c = findImported(name, s)) return c;
    if (s->def && s->def->isEncapsulated) return nullptr;
  }
  if (ClassNode* c = root_.child(name)) return c;
  return loadTopLevel(name);
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

// Loads top-level package `name` from the library path: `name.mo` or
// `name/package.mo` (spec 13.4). Sub-packages stored as directories are
// loaded together with their parent: each `*.mo` and sub-directory with a
// package.mo next to package.mo becomes a nested class.
ClassNode* ClassTree::loadTopLevel(const std::string& name) {
  if (triedLoading_[name]) return root_.child(name);
  triedLoading_[name] = true;
  for (const std::string& dir : libraryPaths_) {
    fs::path single = fs::path(dir) / (name + ".mo");
    fs::path package = fs::path(dir) / name / "package.mo";
    std::vector<fs::path> files;
    if (fs::is_regular_file(single)) {
      files.push_back(single);
    } else if (fs::is_regular_file(package)) {
      // The package file first, then its members in a fixed (sorted) order.
      files.push_back(package);
      std::vector<fs::path> members;
      for (const auto& entry : fs::recursive_directory_iterator(fs::path(dir) / name)) {
        if (entry.path().filename() == "package.mo" && entry.path() == package) continue;
        if (entry.path().extension() == ".mo") members.push_back(entry.path());
      }
      // Parents before children: shorter paths first, then by name.
      std::sort(members.begin(), members.end(), [](const fs::path& a, const fs::path& b) {
        auto depth = [](const fs::path& p) { return std::distance(p.begin(), p.end()); };
        if (depth(a) != depth(b)) return depth(a) < depth(b);
        bool aPackage = a.filename() == "package.mo", bPackage = b.filename() == "package.mo";
        if (aPackage != bPackage) return aPackage;
        return a < b;
      });
      files.insert(files.end(), members.begin(), members.end());
    } else {
      continue;
    }
    for (const fs::path& path : files) {
      FileId id;
      if (!sources_.addFile(path.string(), id)) {
        diags_.errorf({}, "cannot read library file '{}'", path.string());
        continue;
      }
      if (auto definition = parseFile(sources_, id, diags_)) add(std::move(*definition));
    }
    return root_.child(name);
  }
  return nullptr;
}

}  // namespace smc::flatten
