// Internal state of flattening, shared by the files of src/flatten:
//   Instantiate.cpp  instance tree, modifiers, extends (spec 5.6, 7)
//   Evaluate.cpp     constant evaluation for structure (dims, ranges, if)
//   Lower.cpp        AST expressions -> scalarized flat expressions
//   Equations.cpp    equations, for/if/connect (spec 8, 9)
//   Flatten.cpp      the driver and the top class
#pragma once

#include "flatten/ClassTree.h"
#include "flatten/ConstEval.h"
#include "flatten/FlatModel.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace smc::flatten {

struct Instance;

// Where an expression is evaluated: the instance whose components it names,
// the class whose lexical scope resolves class and constant names, and the
// for-loop indices bound around it.
struct Scope {
  Instance* instance = nullptr;
  ClassNode* lexical = nullptr;
  const std::map<std::string, long long>* iterators = nullptr;
};

// A merged modification (spec 7.2): outer modifications override inner ones.
struct Mod {
  const ast::Expr* binding = nullptr;
  Scope scope;  // where binding is evaluated
  bool each = false;
  bool isFinal = false;
  std::map<std::string, Mod> children;
  SourceRange range;

  bool empty() const { return !binding && children.empty(); }
};

// Builds a Mod from what the user wrote, to be evaluated in `scope`.
Mod makeMod(const ast::Modification* modification, const Scope& scope, DiagnosticEngine& diags);
// `outer` wins over `inner` (a declaration's own modification is inner to
// the modification applied by the enclosing instance).
Mod mergeMods(const Mod& outer, const Mod& inner, DiagnosticEngine& diags);

enum class LeafType { None, Real, Integer, Boolean, String };

// An array value of scalar flat expressions, row-major; dims empty = scalar.
struct Value {
  std::vector<long long> dims;
  std::vector<flat::ExprPtr> elements;

  bool isScalar() const { return dims.empty(); }
  static Value scalar(flat::ExprPtr e) { return Value{{}, {std::move(e)}}; }
};

using flat::Constant;

struct Component;
struct Instance;

// What a component reference names: a value (of variables or constants), or
// one instance of a class (for connect()).
struct RefTarget {
  Value value;
  Instance* instance = nullptr;
};

// One instance of a class: the model, a sub-model, or an element of an
// array of sub-models.
struct Instance {
  std::string path;  // dotted instance name, "" for the top
  ClassNode* cls = nullptr;
  Instance* parent = nullptr;
  flat::Variability variability = flat::Variability::Continuous;  // inherited prefix
  flat::Causality causality = flat::Causality::Local;             // top-level interface only
  bool isProtected = false;
  int depth = 0;

  // Declared components in instantiation order, and by name.
  std::vector<Component*> order;
  std::map<std::string, std::unique_ptr<Component>> components;
  // Equation sections of the class and of its bases, with their lexical scope.
  struct Section {
    const ast::EquationSection* section;
    ClassNode* lexical;
  };
  std::vector<Section> sections;
  std::vector<std::pair<const ast::AlgorithmSection*, ClassNode*>> algorithms;
};

struct Component {
  std::string name;
  const ast::Component* decl = nullptr;
  ClassNode* declaredIn = nullptr;  // class whose body declares it (lexical scope)
  Instance* owner = nullptr;
  Mod mod;                          // fully merged modification
  bool isProtected = false;

  enum class State { Pending, Busy, Done } state = State::Pending;
  std::vector<long long> dims;
  LeafType leaf = LeafType::None;
  ClassNode* cls = nullptr;                           // class type (leaf == None)
  std::vector<flat::VarId> vars;                      // leaf: one per element
  std::vector<std::unique_ptr<Instance>> elements;    // class: one per element
};

class Flattener {
public:
  Flattener(ClassTree& tree, DiagnosticEngine& diags) : tree_(tree), diags_(diags) {}

  std::optional<flat::FlatModel> run(ClassNode* top);

  // --- Instantiate.cpp
  void instantiateClass(Instance& inst, ClassNode* cls, const Mod& mod);
  Component* component(Instance& inst, const std::string& name);  // instantiates on demand
  void ensureInstantiated(Component& c);

  // --- Evaluate.cpp
  std::optional<Constant> evaluate(const ast::Expr& expr, const Scope& scope);
  std::optional<Constant> evaluateFlat(const flat::Expr& expr, SourceRange where);
  std::optional<long long> evaluateInteger(const ast::Expr& expr, const Scope& scope);
  std::optional<std::vector<long long>> evaluateRange(const ast::Expr& expr, const Scope& scope);

  // --- Lower.cpp
  std::optional<Value> lower(const ast::Expr& expr, const Scope& scope);
  std::optional<Value> lowerRef(const ast::ComponentRef& ref, const Scope& scope);
  std::optional<RefTarget> resolveRef(const ast::ComponentRef& ref, const Scope& scope);

  // --- Equations.cpp
  void lowerEquations(Instance& inst);

  flat::FlatModel& model() { return model_; }
  DiagnosticEngine& diags() { return diags_; }
  ClassTree& tree() { return tree_; }

private:
  // Instantiate.cpp helpers
  void addElements(Instance& inst, ClassNode* cls, const Mod& mod, bool inheritedProtected,
                   int extendsDepth);
  void instantiateLeaf(Component& c, LeafType leaf, const Mod& typeMod);
  void setAttributes(Component& c, const Mod& mod);
  std::optional<std::vector<long long>> evaluateDims(Component& c, ClassNode*& typeClass,
                                                     LeafType& leaf, Mod& typeMod,
                                                     ast::Causality& typeCausality);

  // Equations.cpp helpers
  void lowerEquation(const ast::Equation& eq, const Scope& scope, bool initial);
  void lowerConnect(const ast::Equation& eq, const Scope& scope, bool initial);
  void addEquation(flat::ExprPtr lhs, flat::ExprPtr rhs, SourceRange range, bool initial,
                   const std::string& origin);
  void addValueEquation(const Value& lhs, const Value& rhs, SourceRange range, bool initial,
                        const std::string& origin);

  // Lower.cpp helpers
  std::optional<Value> lowerCall(const ast::Expr& call, const Scope& scope);
  std::optional<Value> lowerBinary(const ast::Expr& expr, const Scope& scope);
  std::optional<Value> lowerArray(const ast::Expr& expr, const Scope& scope);
  std::optional<Value> lowerReduction(const ast::Expr& call, const std::string& name,
                                      const Scope& scope);
  struct ConstantDecl {
    const ast::Component* decl = nullptr;
    ClassNode* owner = nullptr;
    size_t used = 0;  // parts of the reference naming the class
  };
  ConstantDecl findConstant(const std::vector<std::string>& names, bool global, ClassNode* lexical);
  std::optional<Value> lowerPackageConstant(const ast::ComponentRef& ref, const Scope& scope);
  std::optional<Value> selectSubscripts(const Value& whole, const ast::RefPart& part,
                                        const Scope& scope);

  ClassTree& tree_;
  DiagnosticEngine& diags_;
  flat::FlatModel model_;
  std::unique_ptr<Instance> top_;
  std::set<const ast::Component*> constantsInProgress_;  // package constants being lowered
  std::optional<long long> currentEnd_;  // size of the dimension `end` stands for
};

// Helpers shared by the files above.
std::string refText(const ast::ComponentRef& ref);
bool isBuiltinTypeName(const ast::Name& name, LeafType& leaf);

}  // namespace smc::flatten
