// The lexical class tree and class-name lookup (spec 5.3).
//
// Every class definition of every loaded file becomes a ClassNode under one
// root (the global scope). `within P;` hangs a file's classes under P. A
// simple name is looked up in the scope where it is used, then outwards
// through the enclosing classes (their nested classes, inherited nested
// classes and imports), stopping at an encapsulated class, and finally in the
// global scope, which loads top-level packages from the library path on
// demand (`A` -> `<dir>/A.mo` or `<dir>/A/package.mo`).
//
// Libraries are loaded lazily (spec 13.4): a package stored as a directory
// is its package.mo, whose other members are the directory's `X.mo` files
// and `X/` sub-directories holding a package.mo. Each such member is a
// placeholder node, named but without a definition, until a lookup reaches
// it; only then is its file parsed. Compiling a model of a large library
// parses the files it uses, not the library.
#pragma once

#include "frontend/Ast.h"
#include "frontend/Diagnostics.h"

#include <map>
#include <set>
#include <memory>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace smc::flatten {

struct Instance;

struct ClassNode {
  const ast::ClassDef* def = nullptr;  // null for the root
  ClassNode* parent = nullptr;
  std::string name;
  std::vector<std::unique_ptr<ClassNode>> children;  // source order; added by adopt()
  // The children by name: a model may nest thousands of classes (a state
  // machine's states), and every lookup passes through here.
  std::unordered_map<std::string, ClassNode*> childByName;
  // A library member not parsed yet: the file that defines it (`X.mo` or
  // `X/package.mo`); empty once parsed or for classes of parsed files.
  std::string unparsedFile;

  // A view of class `original` inside an instance that redeclares some of
  // its classes (spec 7.3: `redeclare package Medium = Water`): a member
  // named in `overrides` is its replacement; any other member is the
  // original's, seen as a view whose parent is this one, so that lookups
  // from inside it reach the replacements too. def and name are the
  // original's, parent is the view's lexical parent; no children.
  ClassNode* original = nullptr;
  std::map<std::string, ClassNode*> overrides;
  // A class that a modification defines (`redeclare model M = N(k = eps)`):
  // the instance that modification belongs to, whose components the
  // class's own modifiers name (eps), as any modifier written there would.
  Instance* definedIn = nullptr;

  // definedIn of this class, or of the class it views.
  Instance* definingInstance() const {
    const ClassNode* c = this;
    while (c->original) c = c->original;
    return c->definedIn;
  }

  ClassNode* child(const std::string& childName) const;
  void adopt(std::unique_ptr<ClassNode> node);
  std::string path() const;  // dotted, "" for the root
};

class ClassTree {
public:
  ClassTree(SourceManager& sources, DiagnosticEngine& diags, std::vector<std::string> libraryPaths);

  // Takes ownership of a parsed file and adds its classes. Returns the nodes
  // of the file's top-level classes.
  std::vector<ClassNode*> add(ast::StoredDefinition definition);

  ClassNode* root() { return &root_; }

  // Looks up a class name as written at `scope` (lexically). Reports an error
  // at `name.range` and returns null when not found.
  ClassNode* lookup(const ast::Name& name, ClassNode* scope);
  // As lookup, but silent: used where a miss is legal (a name that may be a
  // component rather than a class).
  ClassNode* find(const std::vector<std::string>& parts, bool global, ClassNode* scope);

  // The class a short class definition or an extends clause names, looked up
  // from the class that contains the clause.
  ClassNode* resolveBase(const ast::Name& name, ClassNode* owner);

  // `cls` seen with the classes in `overrides` replaced (ClassNode::original),
  // lexically inside `parent`; the same view for the same arguments. With
  // no overrides and `parent` the class's own, `cls` itself.
  // The class `name` declared in `cls` or one of its bases, or null (silent).
  ClassNode* memberOf(ClassNode* cls, const std::string& name) { return member(cls, name); }
  ClassNode* view(ClassNode* cls, ClassNode* parent, const std::map<std::string, ClassNode*>& overrides);
  // A class defined by a redeclaration in a modification (`redeclare model
  // M = N(k = 2)`), lexically inside `parent`, written in a modification
  // of instance `definedIn` (null for one in a class body); one node per
  // definition, parent and instance.
  ClassNode* redeclaredClass(const ast::ClassDef& def, ClassNode* parent, Instance* definedIn = nullptr);
  // The class that `redeclare model extends B(...) ... end B;` extends
  // (spec 7.3.1): the B that the enclosing class inherits from its bases,
  // seen from the enclosing class. Null (silent) when there is none.
  ClassNode* classExtendsBase(ClassNode* cls);
  // Whether `cls` is `base` or inherits from it (extends, class extends).
  bool isOrInherits(ClassNode* cls, ClassNode* base) { return inherits(cls, base, 0); }
  // Whether `cls` is an external object class: one that extends the
  // predefined ExternalObject (spec 12.9.7).
  bool isExternalObjectClass(ClassNode* cls);

private:
  // `node`, parsing its file first when it is an unparsed library member;
  // null (after reporting) when the file does not define it.
  ClassNode* parsed(ClassNode* node);
  // Parses `path` and adds its classes; false when it does not parse.
  bool parseAndAdd(const std::string& path);
  // Adds the members of a package stored as directory `dir` (its package.mo
  // already added as `package`) as unparsed placeholders.
  void addDirectoryMembers(ClassNode* package, const std::string& dir);
  ClassNode* findSimple(const std::string& name, ClassNode* scope);
  // Whether `cls` is `base` or extends it, directly or not.
  bool inherits(ClassNode* cls, ClassNode* base, int depth);
  ClassNode* member(ClassNode* cls, const std::string& name);
  ClassNode* baseClass(const ast::Name& name, ClassNode* scope);
  ClassNode* findImported(const std::string& name, ClassNode* scope);
  ClassNode* loadTopLevel(const std::string& name);
  // A class the language predefines (StateSelect, AssertionLevel), or null.
  ClassNode* predefined(const std::string& name) { return predefined_.child(name); }
  void attach(ClassNode* parent, const ast::ClassDef& def);

  SourceManager& sources_;
  DiagnosticEngine& diags_;
  std::vector<std::string> libraryPaths_;
  std::vector<std::unique_ptr<ast::StoredDefinition>> files_;
  ClassNode root_;
  // The predefined enumeration types: found after the model's and the
  // library path's classes, and through encapsulated classes.
  ClassNode predefined_;
  std::map<std::string, bool> triedLoading_;
  int memberDepth_ = 0;  // member() calls under way, nested through extends
  std::set<std::pair<const ClassNode*, std::string>> searching_;  // member() calls under way
  std::map<const ast::Name*, ClassNode*> bases_;  // extends and short-class bases found so far
  std::map<ClassNode*, ClassNode*> classExtendsBases_;  // classExtendsBase() found so far
  std::set<const ast::Name*> resolvingBases_;     // baseClass() calls under way
  // Views and redeclared classes, owned here, by what makes them.
  std::vector<std::unique_ptr<ClassNode>> synthesized_;
  std::map<std::tuple<ClassNode*, ClassNode*, std::vector<std::pair<std::string, ClassNode*>>>, ClassNode*> views_;
  std::map<std::tuple<const ast::ClassDef*, ClassNode*, Instance*>, ClassNode*> redeclaredClasses_;
};

}  // namespace smc::flatten
