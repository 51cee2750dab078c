// Internal state of flattening, shared by the files of src/flatten:
//   Instantiate.cpp  instance tree, modifiers, extends (spec 5.6, 7)
//   DeclTypes.cpp    the predefined type or class a declaration names
//   Evaluate.cpp     constant evaluation for structure (dims, ranges, if)
//   Lower.cpp        AST expressions -> scalarized flat expressions
//   Calls.cpp        built-in function calls
//   DiscreteOps.cpp  pre, edge, change, initial, terminal, sample (spec 3.7.5)
//   ClockOps.cpp     Clock(), sample(u, c), hold, previous, sub/super/shift/backSample...
//                    (spec 16.3 - 16.5)
//   InnerOuter.cpp   outer components bound to their inner declarations (spec 5.4)
//   FunctionInterface.cpp  a function class as written: its variables and their checks
//   Functions.cpp    user functions -> flat::Function per call shape (spec 12)
//   FunctionCalls.cpp  calls of user functions: argument matching (spec 12.4)
//   Records.cpp      record values, equations and constructors (spec 12.6)
//   OperatorRecords.cpp  overloaded operators and constructors (spec 14)
//   ArrayBuiltins.cpp  cross, skew, outerProduct, diagonal, linspace... (spec 10.3)
//   Equations.cpp    equations, for/if/connect (spec 8, 9)
//   ConnectionSets.cpp  connection sets and their equations (spec 9.2)
//   ExpandableConnectors.cpp  elements of expandable connectors made present or added (spec 9.1.3)
//   WhenEquations.cpp  when, reinit, assert, terminate (spec 8.3)
//   ClockedWhen.cpp  clocked when-clauses `when clock then` (spec 16.6)
//   StateMachines.cpp  transition, initialState, activeState, ticksInState, timeInState (spec 17)
//   Graphics.cpp     Line, Text and Placement annotations of state machines (spec 17.2, 18.6)
//   Statements.cpp   algorithm sections of models and functions (spec 11)
//   VariableSubscripts.cpp  a[i]: subscripts picked at translation or at run time (spec 10.5)
//   IfEquations.cpp  if-equations whose conditions vary during simulation (spec 8.3.4)
//   ArrayBindings.cpp  ':' sizes from bindings, bindings of records and arrays of records
//   StructuralConditions.cpp  parameter conditions of discrete equations decided at translation
//   Flatten.cpp      the driver and the top class
#pragma once

#include "flatten/ClassTree.h"
#include "flatten/ConnectionGraph.h"
#include "flatten/ConnectionSets.h"
#include "flatten/ConstEval.h"
#include "flatten/FlatModel.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace smc::flatten {

struct Instance;
struct FunctionBuild;

// An array value of scalar flat expressions, row-major; dims empty = scalar.
struct Value {
  std::vector<long long> dims;
  std::vector<flat::ExprPtr> elements;

  bool isScalar() const { return dims.empty(); }
  static Value scalar(flat::ExprPtr e) { return Value{{}, {std::move(e)}}; }
};

// Where an expression is evaluated: the instance whose components it names,
// the class whose lexical scope resolves class and constant names, and the
// for-loop indices bound around it.
struct Scope {
  Instance* instance = nullptr;
  ClassNode* lexical = nullptr;
  const std::map<std::string, long long>* iterators = nullptr;
  // Names looked up before anything else: a function's variables, or the
  // fields of a record constructor while its defaults are lowered.
  const std::map<std::string, Value>* locals = nullptr;
  // Inside a function body: Var indexes the function's own variables, and
  // the operators of models (der, pre, time...) are not allowed.
  FunctionBuild* function = nullptr;
};

// A merged modification (spec 7.2): outer modifications override inner ones.
struct Mod {
  const ast::Expr* binding = nullptr;
  Scope scope;  // where binding is evaluated
  bool each = false;
  bool isFinal = false;
  std::map<std::string, Mod> children;
  SourceRange range;
  // `redeclare S s(...)` (spec 7.3): the new declaration, and the class
  // whose text holds it (its type name is looked up there). Its own
  // modification is this Mod's binding and children.
  const ast::Component* redeclare = nullptr;
  ClassNode* redeclaredIn = nullptr;
  // `redeclare package Medium = Water` (spec 7.3): the new class
  // definition, lexically inside redeclaredIn.
  const ast::ClassDef* redeclaredClass = nullptr;
  // A binding written without `each` on an array of components, handed to
  // one element: the element's value is the binding's sub-array at these
  // leading indices (spec 7.2.5, `r[3](R = {1, 2, 3})` gives r[2].R = 2).
  std::vector<long long> elementOf;

  bool empty() const { return !binding && children.empty() && !redeclare && !redeclaredClass; }
};

// Builds a Mod from what the user wrote, to be evaluated in `scope`.
Mod makeMod(const ast::Modification* modification, const Scope& scope, DiagnosticEngine& diags);
// `outer` wins over `inner` (a declaration's own modification is inner to
// the modification applied by the enclosing instance).
Mod mergeMods(const Mod& outer, const Mod& inner, DiagnosticEngine& diags);

enum class LeafType { None, Real, Integer, Boolean, String, Clock, ExternalObject };

// A record or operator record class (spec 4.7, 14).
inline bool isRecordClass(const ClassNode* cls) {
  return cls && cls->def &&
         (cls->def->kind == ast::ClassKind::Record || cls->def->kind == ast::ClassKind::OperatorRecord);
}

using flat::Constant;

struct Component;
struct Instance;

// What a component reference names: a value (of variables or constants), or
// one instance of a class (for connect()).
struct RefTarget {
  Value value;
  Instance* instance = nullptr;
  // With `wholeArrays`: a whole array of class-type components (`t` of
  // `Transition t[3]`), for size() and ndims().
  Component* wholeArray = nullptr;
  // With `connectorEnd`: a conditional component whose condition is false
  // (spec 4.4.5); connect() to it is dropped.
  Component* disabled = nullptr;
};

// One side of a connect() as scalar connectors in row-major order over
// `dims`: each a connector of class type or a primitive variable, with the
// component that holds it; or, while expandable connectors are elaborated,
// an element `element` that the expandable connector `bus` does not
// declare (spec 9.1.3).
struct ConnectorEnd {
  Instance* instance = nullptr;
  flat::ExprPtr variable;
  Component* component = nullptr;
  Instance* bus = nullptr;
  std::string element;
};
struct ConnectorEnds {
  std::vector<long long> dims;
  std::vector<ConnectorEnd> elements;
  bool disabled = false;  // it reaches a disabled conditional component (spec 4.4.5)
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
  bool isFlow = false;  // inside a component declared `flow` (its leaves are flow variables)
  // Inside a parameter record declared with annotation(Evaluate = true):
  // its fields are evaluated too (Spice3's `modelcard`).
  bool evaluate = false;
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
  // Its declaration: the one in the class body, or the one that redeclares
  // it (spec 7.3); declaredIn is the class whose text holds that declaration
  // (the lexical scope of its type name).
  const ast::Component* decl = nullptr;
  ClassNode* declaredIn = nullptr;
  // A redeclaration without dimensions keeps the original declaration's
  // (spec 7.3.2: `redeclare CellData cellData` of `CellData cellData[Ns, Np]`):
  // that declaration, and the class whose text holds it.
  const ast::Component* dimensionsFrom = nullptr;
  ClassNode* dimensionsIn = nullptr;
  const ast::Expr* condition = nullptr;  // `if cond`: the original declaration's,
  ClassNode* conditionIn = nullptr;      // and the class whose text holds it
  Instance* owner = nullptr;
  Mod mod;                          // fully merged modification
  bool isProtected = false;

  enum class State { Pending, Busy, Done } state = State::Pending;
  std::vector<long long> dims;
  LeafType leaf = LeafType::None;
  ClassNode* cls = nullptr;                           // class type (leaf == None)
  std::vector<flat::VarId> vars;                      // leaf: one per element
  std::vector<std::unique_ptr<Instance>> elements;    // class: one per element
  // An `outer` component: the inner component it stands for (spec 5.4). Its
  // leaf, cls, dims and vars are copies of the inner's; its instances are
  // the inner's, reached through component().
  Component* inner = nullptr;
  // `inner outer` of a class type: the inner declaration (spec 5.4: two
  // declarations with one name). The component itself is the outer part,
  // which local references reach; outers below reach this inner part,
  // which takes the declaration's modifications. innerOnly marks it.
  std::unique_ptr<Component> innerPart;
  bool innerOnly = false;
  // A conditional component (`Real u if cond`, spec 4.4.5) whose condition
  // is false: it has no variables or instances, connections to it are
  // removed, and any other use of it is an error.
  bool disabled = false;
  // A non-parameter element declared in an expandable connector (spec
  // 9.1.3): instantiated only once a connect() makes it present; `absent`
  // when none did, so that it has no variables and any use is an error.
  bool potentiallyPresent = false;
  bool absent = false;
  bool connected = false;  // a connect() makes it present
  // Where an expression first read it before connects were elaborated
  // (bindings are lowered during instantiation): an error unless some
  // connect() makes it present.
  std::optional<SourceRange> readBeforeElaboration;
};

struct ExpandableElaboration;

// A declaration's type (spec 4.4.2): a predefined type, reached through
// short class definitions such as `type Voltage = Real(unit = "V")`, or a
// long class; with the array subscripts collected on the way, each with the
// scope it is evaluated in.
struct DeclType {
  LeafType leaf = LeafType::None;
  // The long class when leaf == None; the enumeration when leaf == Integer
  // for an enumeration type (its values are the literals' ordinals).
  ClassNode* cls = nullptr;
  std::vector<std::pair<const ast::Expr*, Scope>> subscripts;
  Mod typeMod;  // modifications of the short class definitions on the way
  ast::Causality causality = ast::Causality::None;  // from `type T = input Real`
};

// A scalar-typed variable of a function as written (FunctionInterface.cpp).
// A record variable is one of these per field (spec 12.6: records are
// structured data), so the flat function sees only scalars and arrays.
struct FormalVariable {
  const ast::Component* decl = nullptr;  // its declaration; for a field of a record variable, the field's
  ClassNode* declaredIn = nullptr;       // the class whose body declares it
  std::string name;                      // as the body names it: "x", or "c.re" for field re of record c
  // Its binding (null if none) and the class whose scope evaluates it: the
  // declaration's own, or for a field the record variable's modification of
  // it (`output Complex c(re = x)`), else the field's default.
  const ast::Expr* binding = nullptr;
  ClassNode* bindingIn = nullptr;
  flat::Causality causality = flat::Causality::Local;
  flat::BaseType type = flat::BaseType::Real;
  bool isArray = false;  // declared with dimensions (of its own or of its type)
  // Dimensions of its own: isArray without those of an array of records
  // this is a field of (`v.re` of `Complex v[3]` has none).
  bool hasOwnDims = false;
  int record = -1;       // a field: its record variable in FunctionInterface::records
};

// A record variable of a function: its fields are FormalVariables.
struct RecordFormal {
  std::string name;
  ClassNode* cls = nullptr;
  const ast::Component* decl = nullptr;
  ClassNode* declaredIn = nullptr;
  std::vector<size_t> fields;  // indices into FunctionInterface::variables, declaration order
  // `input Complex c = Complex(0)`: a binding of the whole record.
  const ast::Expr* binding = nullptr;
  // An array of records (`input Complex v[:]`): how many dimensions it
  // has. Each field is then an array whose leading dimensions are the
  // records' (v.re[k] is v[k].re), sized per call shape like any array.
  size_t rank = 0;
};

// An input or output as a caller sees it: one variable, or a record's fields.
struct FormalSlot {
  size_t first = 0;  // index into FunctionInterface::variables
  size_t count = 1;
  int record = -1;   // index into FunctionInterface::records, or -1
};

// A function class as written, before its sizes are known: the array
// inputs take their sizes from each call (spec 12.4.4), so the flat
// function is built per call shape (Functions.cpp).
struct FunctionInterface {
  ClassNode* cls = nullptr;
  std::vector<FormalVariable> variables;  // inputs, then outputs, then locals
  size_t numInputs = 0;   // variables that are inputs (a record input counts its fields)
  size_t numOutputs = 0;
  std::vector<RecordFormal> records;
  // A declaration smc cannot build yet, reported when a call needs the function.
  std::optional<std::pair<SourceRange, std::string>> unsupported;
  // Every record variable and record field by its name ("c", "c.p"): its class.
  std::map<std::string, ClassNode*> recordTypes;
  // String fields of record variables ("data.name"), which a flat function
  // cannot hold yet: left out, and an error where the body reads one.
  std::map<std::string, SourceRange> stringFields;
  std::vector<FormalSlot> inputs, outputs;  // in declaration order
  std::vector<std::pair<const ast::AlgorithmSection*, ClassNode*>> algorithms;
  // Variables whose values the declared dimensions read (`Real y[n]`), not
  // only their sizes (`Real y[size(x, 1)]`), and String inputs: fixed per
  // call shape when the call's argument is known at translation.
  std::set<std::string> sizeNames;
  // The String inputs among them that no dimension reads: a call whose
  // argument varies (a line read from a file) leaves such an input a
  // String variable of the function.
  std::set<std::string> freeStringInputs;
  // Variables the algorithm assigns (the first name of each target).
  std::set<std::string> assignedNames;
  // The class whose `external "C"` clause is the body (spec 12.9), if any.
  ClassNode* external = nullptr;
};

// What a call fixes of the function it calls: the dimensions of each
// declared input it gives, and the values of the inputs the sizes read.
struct CallShape {
  std::vector<std::optional<std::vector<long long>>> inputDims;  // per declared input; empty = default
  std::map<std::string, flat::ExprPtr> sizeValues;              // literals
  std::set<std::string> varyingStrings;  // String inputs given values not known at translation
  SourceRange call;  // where size mismatches are reported

  std::string key() const;
};

// The arguments of a call matched to the inputs of the function it calls
// (FunctionCalls.cpp): per declared input, its value if given.
struct CallArguments {
  const FunctionInterface* interface = nullptr;
  std::string name;                         // the function's
  std::vector<std::optional<Value>> given;  // per declared input
  std::vector<SourceRange> ranges;          // of the given arguments
};

// The calls of a user function a call makes: one, or for a vectorized call
// (spec 12.4.6) one per element of the arrays it spreads over, row-major.
struct ElementCalls {
  bool vectorized = false;
  std::vector<long long> dims;  // of a vectorized call
  std::vector<flat::ExprPtr> calls;
};

// A user function while it is built (Functions.cpp).
struct FunctionBuild {
  const FunctionInterface* interface = nullptr;
  const CallShape* shape = nullptr;  // the call shape it is built for
  uint32_t index = 0;  // in FlatModel::functions
  flat::Function fn;
  std::map<std::string, Value> names;  // its declared variables by name
  std::set<flat::VarId> iterators;     // for-loop variables: not assignable
  std::map<std::string, int> localNames;  // locals added by addFunctionLocal, per base name
  // The dimensions of its arrays of records, by variable name ("v").
  std::map<std::string, std::vector<long long>> recordDims;
};

// The scalar fields of a record-valued operand keyed by their name relative
// to the record ("a", "p.x", "v[2]"), in declaration order.
using Leaves = std::vector<std::pair<std::string, flat::ExprPtr>>;

// One side of an equation or assignment: an ordinary value, or a record
// (a record variable or a record constructor call).
struct Operand {
  bool isRecord = false;
  Value value;
  Leaves leaves;
  ClassNode* cls = nullptr;  // the record's class
};

// The value of field `field` ("re", "p.x") among a record's leaves: a
// scalar, or with `isArray` the vector of its elements ("v[1]", "v[2]"...);
// empty when there is none.
Value fieldValue(const Leaves& leaves, const std::string& field, bool isArray);
// Whether two records have the same fields (spec 6.4: type compatible).
bool sameFields(const Leaves& a, const Leaves& b);

// Arrays of records as leaves (RecordArrays.cpp): element k's field f is the
// leaf "[k].f" ("[1,2].v[3]" in a matrix of records with an array field).
bool isRecordArray(const Leaves& leaves);
// The dimensions of the array of records these leaves hold.
std::vector<long long> recordArrayDims(const Leaves& leaves);
// Field `field` of every element of an array of records: an array whose
// leading dimensions are the records' and the rest the field's own.
Value recordArrayFieldValue(const Leaves& leaves, const std::string& field, bool fieldIsArray);
// The leaves of a record or an array of records whose fields hold these
// values (by field name, in declaration order), the first `recordRank`
// dimensions of each indexing records (0: one record, "f[2]").
void appendFieldLeaves(Leaves& out, const std::vector<std::pair<std::string, Value>>& fields, size_t recordRank);
// The leaf name of element k of field `field` whose dimensions are `dims`.
std::string fieldLeafName(const std::string& field, const std::vector<long long>& dims, size_t recordRank,
                          long long k);
// A reference's names joined without subscripts ("v[k].re" -> "v.re"), as a
// function names the variables of its records.
std::string functionRecordName(const ast::ComponentRef& ref);

// Elements of a field of a function's array of records that a reference
// selects: their value, whose first `recordRank` dimensions index records.
struct FieldSelection {
  Value value;
  size_t recordRank = 0;
};

// Equated scalar pairs (left, right) of an equation or assignment.
using Pairs = std::vector<std::pair<flat::ExprPtr, flat::ExprPtr>>;

// A component of a record class, in constructor order (spec 12.6).
struct RecordField {
  const ast::Component* decl = nullptr;
  ClassNode* declaredIn = nullptr;
  // Its default: the declaration's binding, or the one a modification of
  // the extends clause that inherits it gives (`extends Base(mu = 2)`),
  // with the class whose scope evaluates it.
  const ast::Expr* binding = nullptr;
  ClassNode* bindingIn = nullptr;
};

// One subscript of a reference, lowered: the 0-based indices it picks
// (`kept`: the dimension stays in the result, as for ':' or a vector), or an
// Integer expression that varies during simulation (`variable`).
struct SubscriptPick {
  std::vector<long long> indices;
  bool kept = false;
  flat::ExprPtr variable;
  // Inside a function: a vector subscript whose indices vary when it runs
  // (`x[i:i + 1]`), a kept dimension of that many elements.
  std::vector<flat::ExprPtr> variables;
};
bool hasVariablePick(const std::vector<SubscriptPick>& picks);
// The elements of `whole` that constant picks select.
Value selectPicked(const Value& whole, const std::vector<SubscriptPick>& picks);
// The same for an array of shape `dims` whose elements are made on demand
// (elementAt takes a row-major index): a reference such as x[i] to an array
// of n variables then costs O(1), not O(n), which keeps the unrolling of a
// for-equation over x linear in n.
Value selectPicked(const std::vector<long long>& dims, const std::vector<SubscriptPick>& picks,
                   const std::function<flat::ExprPtr(size_t)>& elementAt);

// Where an equation is lowered.
struct EquationContext {
  bool initial = false;              // an initial equation section
  flat::WhenBranch* when = nullptr;  // inside a when-clause: equations become actions
  // Inside a when-clause: its `(a, b) = f(x)` equations, as statements
  // (WhenTuples.cpp turns such a clause into a when-statement).
  std::vector<flat::Statement>* whenTuples = nullptr;
  // Inside a clocked when-clause (spec 16.6): the clock every equation of the
  // clause is tagged with; the equations stay ordinary equations.
  flat::ExprPtr clock;
  // Inside a branch of an if-equation whose condition varies during
  // simulation: that condition (connect() and when are not allowed there).
  const ast::Expr* varyingCondition = nullptr;
};

// Where a statement is lowered.
struct StatementContext {
  Scope scope;
  bool initial = false;    // an initial algorithm section
  bool inWhen = false;     // inside a when-statement
  bool inLoop = false;     // inside a while-loop (or a for-loop of a function)
  bool inControl = false;  // inside if, for or while: no when-statement allowed
};

// The arguments of assert(condition, message, level).
struct AssertCall {
  flat::ExprPtr condition, message;
  flat::AssertLevel level = flat::AssertLevel::Error;
};

class Flattener {
public:
  Flattener(ClassTree& tree, DiagnosticEngine& diags) : tree_(tree), diags_(diags) {}

  std::optional<flat::FlatModel> run(ClassNode* top);
  void setExternalRunner(std::shared_ptr<flat::ExternalRunner> runner) { model_.externalRunner = std::move(runner); }
  void setCDefines(std::vector<std::string> defines) { model_.cDefines = std::move(defines); }

  // --- Instantiate.cpp
  void instantiateClass(Instance& inst, ClassNode* cls, const Mod& mod);
  // `cls` as a view with the classes `mod` and its own body redeclare
  // replaced (spec 7.3), or `cls` when none is.
  ClassNode* withRedeclaredClasses(ClassNode* cls, const Mod& mod);
  Component* component(Instance& inst, const std::string& name);  // instantiates on demand
  // Gives `c` its declaration `decl` (written in `cls`) and modification,
  // or the redeclaration that `outer` carries (spec 7.3).
  void declare(Component& c, const ast::Component& decl, ClassNode* cls, const Mod& outer);
  // `redeclare T x(...)` as an element of a class body: replaces the
  // inherited x.
  void redeclareInherited(Instance& inst, const ast::Component& decl, ClassNode* cls, const Mod& outer);
  void ensureInstantiated(Component& c);
  // One instance of `typeClass` per element of `c` (already sized), each
  // with its part of `classMod` (and of `elementBindings` when given).
  void instantiateElements(Component& c, ClassNode* typeClass, flat::Variability variability, const Mod& classMod,
                           const std::vector<Mod>& elementBindings);

  // --- Evaluate.cpp
  std::optional<Constant> evaluate(const ast::Expr& expr, const Scope& scope);
  // evaluate() of an expression already lowered.
  std::optional<Constant> evaluateLowered(const Value& value, SourceRange where, const Scope& scope);
  std::optional<Constant> evaluateFlat(const flat::Expr& expr, SourceRange where);
  std::optional<long long> evaluateInteger(const ast::Expr& expr, const Scope& scope);
  // The value of a conditional component's condition (spec 4.4.5); false,
  // reported, when it is not a Boolean known at translation.
  bool conditionHolds(const Component& c);
  // The size of an array dimension given by a type (spec 10.1): the number
  // of literals of an enumeration (`Integer table[L, L]`), 2 for Boolean;
  // empty for any other expression.
  std::optional<long long> enumerationDimension(const ast::Expr& dimension, const Scope& scope);
  // The enumeration type `names` denotes, through short class definitions
  // (`type F = E`); null when it denotes none.
  ClassNode* enumerationType(const std::vector<std::string>& names, bool global, const Scope& scope);
  std::optional<std::vector<long long>> evaluateRange(const ast::Expr& expr, const Scope& scope);
  // `for i in r, j in s`: each index with its values, evaluated at compile
  // time. `what` names the construct in the error for a missing range.
  using IndexRanges = std::vector<std::pair<std::string, std::vector<long long>>>;
  std::optional<IndexRanges> evaluateIndexRanges(const std::vector<ast::ForIndex>& indices,
                                                 const Scope& scope, const char* what);
  // Calls `body` once per combination of index values (the first index
  // varies slowest) with a scope that binds them; stops at the first false.
  bool forEachIndexCombination(const IndexRanges& ranges, const Scope& scope,
                               const std::function<bool(const Scope&)>& body);

  // --- Lower.cpp
  // The flat form of `expr`; the outermost call also checks its Integer
  // arithmetic on literals (IntegerConstants.cpp).
  std::optional<Value> lower(const ast::Expr& expr, const Scope& scope);
  std::optional<Value> lowerExpression(const ast::Expr& expr, const Scope& scope);
  // Empty, reported, when the value does not fit in 32 bits (IntegerRange.h).
  std::optional<Value> lowerIntegerLiteral(long long value, SourceRange range);
  std::optional<Value> lowerRef(const ast::ComponentRef& ref, const Scope& scope);
  // `connectorEnd`: the reference is an argument of connect(), where a
  // disabled conditional component is allowed (RefTarget::disabled).
  std::optional<RefTarget> resolveRef(const ast::ComponentRef& ref, const Scope& scope,
                                      bool wholeArrays = false, bool connectorEnd = false);

  // --- Equations.cpp
  void lowerEquations(Instance& inst);

  // --- DeclTypes.cpp
  // Reports and returns empty when the type is not found or not usable.
  std::optional<DeclType> resolveDeclType(const ast::Component& decl, ClassNode* declaredIn,
                                          const Scope& scope);

  // --- Lower.cpp: properties of lowered expressions in `scope`
  flat::BaseType typeOf(const flat::Expr& e, const Scope& scope) const;
  // Only literals, parameters and constants (and pure functions of them).
  bool isParameterExpression(const flat::Expr& e, const Scope& scope) const;
  // A range of lowered bounds that differ by a constant, in a function (Lower.cpp).
  std::optional<Value> shiftedRange(const Value& from, const Value& to, const Scope& scope, SourceRange where);
  // A scalar of a type assignable to `type`; reports "<what> must be ..." otherwise.
  flat::ExprPtr expectScalar(const std::optional<Value>& value, flat::BaseType type,
                             SourceRange range, const std::string& what, const Scope& scope);

  // --- FunctionInterface.cpp
  // The user function a call names, or null (silent).
  ClassNode* calledFunction(const ast::Expr& call, const Scope& scope);
  // Whether `call` calls a built-in function: its name is one, and no
  // function of that name is found first by lexical lookup.
  bool callsBuiltin(const ast::Expr& call, const Scope& scope);
  std::optional<std::vector<long long>> argumentDims(const ast::Expr& arg, const Scope& scope);
  // The component instance `a` of a call `a.f(...)` that names a function
  // of a's class (spec 5.3.2), or null when the call names no component.
  Instance* functionOwner(const ast::Expr& call, const Scope& scope);
  // The long function class behind `function g = f;`; null when reported.
  // A short definition that modifies f's inputs (`function g = f(k = 2)`)
  // is added to `modifying`, outermost first; without that list such a
  // definition is reported as not supported.
  ClassNode* definingFunction(ClassNode* cls, std::vector<ClassNode*>* modifying = nullptr);
  // The interface of a long function class, built once; null when reported.
  const FunctionInterface* functionInterface(ClassNode* cls);

  // --- Functions.cpp
  // The index of the flat function for `interface` specialized to `shape`,
  // building it on first use; empty when it cannot be built (reported).
  std::optional<uint32_t> specializeFunction(const FunctionInterface& interface, const CallShape& shape);
  // The function `annotation(derivative = ...)` names, built for the same
  // input sizes as function `index` (spec 12.7.1); empty when it has none.
  std::optional<flat::FunctionDerivative> functionDerivative(const FunctionInterface& interface,
                                                             const CallShape& shape, uint32_t index);

  // --- FunctionCalls.cpp
  // f(args): a FunctionCall of scalar output 0 with every input filled in
  // (defaults included); null when reported.
  // A call statement (`asStatement`) may call a function without outputs.
  flat::ExprPtr lowerFunctionCall(const ast::Expr& call, ClassNode* cls, const Scope& scope,
                                  bool asStatement = false);
  // f(args) in an expression: the value of its first output, or, when array
  // arguments are given to scalar inputs, the array of the elementwise
  // calls (spec 12.4.6).
  std::optional<Value> callFunction(const ast::Expr& call, ClassNode* cls, const Scope& scope);
  // ModelicaServices.cpp: the URI of loadResource resolved at translation.
  bool isLoadResource(ClassNode* cls);
  std::optional<Value> lowerLoadResource(const ast::Expr& call, const CallArguments& arguments, const Scope& scope);
  // The value of declared output `output` of `call` (as lowerFunctionCall
  // returns it): a scalar or an array of FunctionCalls.
  Value functionOutput(const flat::ExprPtr& call, size_t output) const;

  // --- Records.cpp
  // An ordinary value, or a record's (or an array of records') fields.
  std::optional<Operand> lowerOperand(const ast::Expr& expr, const Scope& scope);
  // The record class `expr` involves by its form, silently: a record
  // variable or constant, a record constructor, a call of a function whose
  // output is a record, or an operator, if-expression or array with such
  // an operand (whose value may still be a non-record, as `c1 == c2`).
  ClassNode* recordTypeOf(const ast::Expr& expr, const Scope& scope);
  // The fields of `expr`, which must be a record compatible with `cls`
  // (reported as "<what> must be ..." otherwise).
  std::optional<Leaves> recordLeaves(const ast::Expr& expr, ClassNode* cls, const Scope& scope,
                                     const std::string& what);
  // Whether a record operand (or each element of an array of records) is of
  // class `cls` or has the same fields (spec 6.4).
  bool fitsRecordClass(const Operand& operand, ClassNode* cls);
  // A record binding other than a constructor or a reference (`Complex y =
  // u*k`): each field bound to a synthesized `$field` call, which lowers to
  // that field of the binding's value (lowerFieldOf).
  // `prefix` ("[2].") picks one element of an array of records.
  std::optional<Mod> fieldOfMods(const ast::Expr& binding, ClassNode* cls, const Scope& scope,
                                 const std::string& prefix = "");
  std::optional<Value> lowerFieldOf(const ast::Expr& call, const Scope& scope);
  // Binds `field` of `mods` to a synthesized expression, which it keeps alive.
  void bindSynthesized(Mod& mods, const std::string& field, std::unique_ptr<ast::Expr> expr, const Scope& scope);
  // An operator applied to records whose value is not a record (`c1 == c2`).
  std::optional<Value> recordOperatorValue(const ast::Expr& expr, const Scope& scope);
  // Lowers both sides and pairs their scalars (element by element, or field
  // by field for records); empty when reported.
  std::optional<Pairs> pairSides(const ast::Expr& lhs, const ast::Expr& rhs, const Scope& scope,
                                 SourceRange range);
  std::vector<RecordField> recordFields(ClassNode* cls);
  // A field of a predefined type (Real, Integer, ...), not of a record.
  bool isPrimitiveField(const RecordField& field);
  // The record class a call constructs, or null (silent).
  ClassNode* recordConstructor(const ast::Expr& call, const Scope& scope);
  // `R r = R(1, b = 2)`: the constructor's arguments as modifications of
  // the fields of `r`, to be merged under the component's own ones.
  std::optional<Mod> constructorMods(const ast::Expr& call, ClassNode* cls, const Scope& scope);
  // `R r = other`: modifications binding each field of r to `other.field`.
  std::optional<Mod> referenceMods(const ast::Expr& reference, ClassNode* cls, const Scope& scope);
  // Every scalar variable of an instance keyed by its relative name.
  void collectLeaves(Instance& inst, const std::string& prefix,
                     std::vector<std::pair<std::string, flat::VarId>>& out);

  // --- WhenEquations.cpp (also used by Statements.cpp)
  std::optional<AssertCall> lowerAssertCall(const ast::Expr& call, const Scope& scope);
  // The message of assert() or terminate(): one String literal, or
  // literals joined by '+' with String() of run-time values; null when
  // reported.
  flat::ExprPtr lowerMessage(const ast::Expr& message, const Scope& scope, const char* what);
  // terminate(message).
  flat::ExprPtr lowerTerminateCall(const ast::Expr& call, const Scope& scope);
  // reinit(x, e): the state and the new value.
  std::optional<std::pair<flat::VarId, flat::ExprPtr>> lowerReinit(const ast::Expr& call,
                                                                   const Scope& scope);
  // The condition of a when-clause, one element per entry of `{c1, c2}`.
  std::optional<std::vector<flat::ExprPtr>> lowerWhenConditions(const ast::Expr& condition,
                                                                const Scope& scope);

  // --- Statements.cpp
  void lowerStatements(const ast::StatementList& statements, StatementContext& context,
                       std::vector<flat::Statement>& out);

  flat::FlatModel& model() { return model_; }
  DiagnosticEngine& diags() { return diags_; }
  ClassTree& tree() { return tree_; }

private:
  // Instantiate.cpp helpers
  void addElements(Instance& inst, ClassNode* cls, const Mod& mod, bool inheritedProtected,
                   int extendsDepth);
  void instantiateLeaf(Component& c, LeafType leaf, const Mod& typeMod);
  bool containsItself(const Component& c, ClassNode* typeClass);
  flat::ExprPtr hoistConversions(const flat::ExprPtr& e, const Scope& scope);
  // ResourceLimits.cpp: false (reported at `range`) when an array of `dims`
  // has more elements than the limit, or when `count` more scalars would
  // take the whole model past it.
  bool withinElementLimit(const std::vector<long long>& dims, SourceRange range, const char* what);
  bool reserveScalars(long long count, SourceRange range);
  void setAttributes(Component& c, const Mod& mod);
  // Checks that external object `c` (of class `cls`) is bound to a call of
  // its class's constructor and gives it its destructor (ExternalObjects.cpp).
  void bindExternalObject(Component& c, ClassNode* cls);
  // The value of a modifier's binding: the sub-array Mod::elementOf
  // selects, when set.
  std::optional<Value> lowerModBinding(const Mod& m);
  std::optional<std::vector<long long>> evaluateDims(Component& c, ClassNode*& typeClass,
                                                     LeafType& leaf, Mod& typeMod,
                                                     ast::Causality& typeCausality);

  // Equations.cpp helpers
  void lowerEquation(const ast::Equation& eq, const Scope& scope, EquationContext& context);

  // Connect.cpp
  void lowerConnect(const ast::Equation& eq, const Scope& scope, bool initial);
  // One side of a connect(), expanded to scalar connectors; with
  // `undeclaredElements`, a name that an expandable connector does not
  // declare is an end of its own rather than an error.
  std::optional<ConnectorEnds> expandConnectorEnds(const ast::ComponentRef& ref, const Scope& scope,
                                                   bool undeclaredElements = false);
  // Whether connect() sees `ref` as an outside connector (spec 9.2): its
  // first name is a connector (or a variable) of the scope's own class.
  bool assertConnectedParameters(flat::VarId a, flat::VarId b, const ast::Equation& eq);
  bool isOutsideConnector(const ast::ComponentRef& ref, const Scope& scope);
  // Pairs two scalar connectors' primitive components by relative name
  // (false when reported).
  bool connectInstances(Instance& a, bool aOutside, Instance& b, bool bOutside, const ast::Equation& eq,
                        const std::string& origin);
  // cardinality(c) (spec 3.7.4.3): how many connect-equations name c.
  std::optional<Value> lowerCardinality(const ast::Expr& call, const Scope& scope);
  void countConnects(Instance& inst);
  // Calls `visit` for each connect-equation of `inst` and the instances it
  // holds, under the for-loop indices and parameter if-branches around it.
  using ConnectVisitor = std::function<void(const ast::Equation&, const Scope&)>;
  // Visits the connect-equations and the Connections.* equations (spec
  // 9.4) of the instance tree.
  void visitConnects(Instance& inst, const ConnectVisitor& visit);
  void visitConnects(const ast::Equation& eq, const Scope& scope, const ConnectVisitor& visit);

  // ExpandableConnectors.cpp (spec 9.1.3)
  // Makes every expandable connector hold the elements its connects use:
  // declared ones that a connect() names become present, undeclared ones
  // are added with the type of what they connect to, connected expandable
  // connectors get the union of their elements, and the rest are absent.
  void elaborateExpandableConnectors();
  void noteConnect(const ast::Equation& eq, const Scope& scope, ExpandableElaboration& state);
  void augment(ExpandableElaboration& state);
  // A reference (at `range`) to an absent element of an expandable connector.
  void reportAbsentElement(const Component& c, SourceRange range);
  Component& addBusElement(Instance& bus, const std::string& name, const Component& like,
                           const std::vector<long long>& dims, const std::vector<flat::VarId>& variables,
                           const std::vector<Instance*>& instances);
  // Adds the connection of two primitive variables (false when reported).
  bool connectPrimitives(flat::VarId a, bool aOutside, flat::VarId b, bool bOutside, const ast::Equation& eq,
                         const std::string& origin);
  void lowerSimpleEquation(const ast::Equation& eq, const Scope& scope, EquationContext& context);
  void lowerTupleEquation(const ast::Equation& eq, const Scope& scope, EquationContext& context);

  // WhenEquations.cpp helpers
  void lowerWhenEquation(const ast::Equation& eq, const Scope& scope, EquationContext& context);
  // A when-equation with `(a, b) = f(x)` equations as an algorithm with one
  // when-statement (WhenTuples.cpp); false after reporting why not.
  bool addWhenAsAlgorithm(const flat::WhenEquation& when, std::vector<std::vector<flat::Statement>> tuples);
  void lowerCallEquation(const ast::Equation& eq, const Scope& scope, EquationContext& context);
  // The checks of lowerWhenConditions on an already lowered condition.
  std::optional<std::vector<flat::ExprPtr>> checkWhenConditions(const std::optional<Value>& value,
                                                                const ast::Expr& condition, const Scope& scope);

  // Statements.cpp helpers
  void lowerAlgorithms(Instance& inst);
  void lowerStatement(const ast::Statement& s, StatementContext& context,
                      std::vector<flat::Statement>& out);
  void lowerAssignment(const ast::Statement& s, StatementContext& context,
                       std::vector<flat::Statement>& out);
  void lowerCallStatement(const ast::Statement& s, StatementContext& context,
                          std::vector<flat::Statement>& out);
  void lowerForStatement(const ast::Statement& s, StatementContext& context,
                         std::vector<flat::Statement>& out);
  void lowerWhenStatement(const ast::Statement& s, StatementContext& context,
                          std::vector<flat::Statement>& out);
  // The variable a statement assigns, checked to be assignable there.
  std::optional<flat::VarId> assignedVariable(const flat::ExprPtr& target, SourceRange range,
                                              const Scope& scope);
  bool overlappingAssignment(const Pairs& pairs, const FunctionBuild& build) const;
  // A new protected local of a function (a loop iterator, a staged value).
  flat::VarId addFunctionLocal(FunctionBuild& build, const std::string& base, flat::BaseType type,
                               SourceRange range);
  // The value of a condition known at translation, else empty.
  std::optional<bool> knownCondition(const flat::Expr& condition, const Scope& scope);
  // `target := value` with target a variable, checked; false after a report.
  bool appendAssignment(const flat::ExprPtr& target, const flat::ExprPtr& value, const ast::Statement& s,
                        const Scope& scope, std::vector<flat::Statement>& out);
  bool lowerChosenAssignment(const flat::ExprPtr& chain, const flat::ExprPtr& value, const ast::Statement& s,
                             const Scope& scope, std::vector<flat::Statement>& out);
  bool lowerElementAssignment(const flat::ExprPtr& element, const flat::ExprPtr& value, const ast::Statement& s,
                              const Scope& scope, std::vector<flat::Statement>& out);
  // (a, , b) := f(x) / (a, , b) = f(x): the targets and the call.
  std::optional<std::pair<std::vector<std::optional<flat::VarId>>, flat::ExprPtr>> lowerTupleCall(
      const ast::Expr& tuple, const ast::Expr& call, const Scope& scope);

  // FunctionCalls.cpp helpers
  std::optional<Scope> shortDefinitionScope(const ast::Expr& call, ClassNode* shortDefinition, const Scope& scope);
  std::optional<CallArguments> matchCallArguments(const ast::Expr& call, ClassNode* cls, const Scope& scope,
                                                  bool asStatement);
  flat::ExprPtr buildFunctionCall(const CallArguments& arguments, SourceRange call, const Scope& scope);

  // Functions.cpp helpers
  bool fillRecordArgument(const FunctionInterface& interface, const FormalSlot& slot, const ast::Expr& arg,
                          const Scope& scope, const std::string& what, CallArguments& out);
  bool addRecordFields(FunctionInterface& interface, const FormalVariable& variable, ClassNode* cls,
                       const ast::Modification* mod, std::vector<FormalVariable>& out, int depth);
  bool collectFunctionElements(ClassNode* cls, FunctionInterface& interface,
                               std::vector<std::pair<const ast::Component*, ClassNode*>>& components,
                               int depth);
  bool declareFunctionVariables(FunctionBuild& build, const CallShape& shape);
  bool bindKnownBinding(FunctionBuild& build, const FormalVariable& formal);
  std::optional<std::vector<long long>> functionVariableDims(const FormalVariable& formal,
                                                             const std::optional<std::vector<long long>>& given,
                                                             FunctionBuild& build, const CallShape& shape);
  void lowerFunctionBindings(FunctionBuild& build);
  void lowerFunctionBody(FunctionBuild& build);
  // --- OverdeterminedConnectors.cpp (spec 9.4)
  // Whether the record instance has an equalityConstraint function.
  bool isOverdetermined(const Instance& inst);
  // The overdetermined records inside `inst`, by path relative to it.
  void overdeterminedParts(Instance& inst, const std::string& prefix,
                           std::vector<std::pair<std::string, Instance*>>& out);
  // Whether a broken connect() of `record` gives no equations (its
  // equalityConstraint returns an empty residue); else reports at `where`.
  // A connect() the graph breaks: `0 = equalityConstraint(a, b)` per
  // residue element instead of a = b for overdetermined records a and b.
  bool addEqualityConstraint(Instance& a, Instance& b, const ast::Equation& eq, const std::string& origin);
  std::optional<ConnectionGraph::Node> graphNode(const ast::Expr& arg, const Scope& scope, const std::string& op);
  void addToConnectionGraph(const ast::Equation& eq, const Scope& scope);
  ConnectionGraph& connectionGraph();
  void lowerConnectionsEquation(const ast::Equation& eq);
  std::optional<Value> lowerConnectionsOperator(const ast::Expr& call, const Scope& scope);
  // --- ExternalFunctions.cpp
  void lowerExternalCall(FunctionBuild& build);
  bool externalArgument(const ast::Expr& arg, FunctionBuild& build, const Scope& scope,
                        std::vector<flat::ExternalArg>& out);
  void defaultExternalArguments(FunctionBuild& build, flat::ExternalCall& call);
  void addExternalLibraries(const ast::ClassDef& def, ClassNode* cls, flat::ExternalCall& call);
  void addExternalInclude(const ast::ClassDef& def, ClassNode* cls);
  // The library `name` as C sources smc builds, when it is one and they are found.
  std::optional<flat::SourceLibrary> sourceLibrary(const std::string& name, const ast::ClassDef& def,
                                                   ClassNode* cls, SourceRange where);
  // The directory the annotation argument `name` gives, else
  // modelica://<top-level package of cls>/Resources/<resources>.
  std::string annotationDirectory(const ast::Annotation* annotation, const std::string& name, ClassNode* cls,
                                  const std::string& resources, SourceRange where);
  // The directory a modelica://, file:// or plain URI names ("" after an error).
  std::string resourceDirectory(const std::string& uri, SourceRange where);

  // DiscreteOps.cpp
  // Empty without a report when `name` is not one of the operators.
  std::optional<std::optional<Value>> lowerDiscreteOperator(const ast::Expr& call,
                                                            const std::string& name,
                                                            const Scope& scope);
  void addEquation(flat::ExprPtr lhs, flat::ExprPtr rhs, SourceRange range, bool initial,
                   const std::string& origin, flat::ExprPtr clock = nullptr);
  void addValueEquation(const Value& lhs, const Value& rhs, SourceRange range, bool initial,
                        const std::string& origin);

  // ClockOps.cpp
  // Empty without a report when `name` is not a clock operator (sample is
  // routed here by DiscreteOps.cpp when its second argument is a Clock).
  std::optional<std::optional<Value>> lowerClockOperator(const ast::Expr& call, const std::string& name,
                                                         const Scope& scope);
  std::optional<Value> lowerClockConstructor(const ast::Expr& call, const Scope& scope);
  // An argument that must be a scalar parameter expression of `type`.
  // `section` is the spec section cited in the message.
  flat::ExprPtr clockIntervalArgument(const ast::Expr& arg, flat::BaseType type, const std::string& what,
                                      const Scope& scope);
  flat::ExprPtr clockParameter(const ast::Expr& arg, flat::BaseType type, const std::string& what,
                               const char* section, const Scope& scope);
  // Reports `what` below `minimum` when `e` can be evaluated now.
  bool checkAtLeast(const flat::ExprPtr& e, double minimum, bool strict, const std::string& what,
                    SourceRange range);

  // ClockedWhen.cpp
  void lowerClockedWhen(const ast::Equation& eq, flat::ExprPtr clock, const Scope& scope);

  // StateMachines.cpp
  // transition(...) / initialState(...) as an equation: appended to the
  // model's transitions / initial states.
  void lowerStateMachineEquation(const ast::Equation& eq, const Scope& scope, const EquationContext& context);
  // activeState(s), ticksInState(), timeInState() (and transition or
  // initialState misused in an expression, reported).
  std::optional<Value> lowerStateMachineOperator(const ast::Expr& call, const std::string& name,
                                                 const Scope& scope);
  // The instance path of the state `arg` names; `what` names the argument
  // in the error when it names no block instance.
  std::optional<std::string> statePath(const ast::Expr& arg, const std::string& what, const Scope& scope);

  // InnerOuter.cpp
  // Binds the outer component `c` to the inner declaration it refers to.
  bool inheritsFrom(ClassNode* cls, ClassNode* base, int depth = 0);
  void bindOuter(Component& c);
  void addInnerPart(Component& c);
  void splitForElement(Mod& m, const std::vector<long long>& index);

  // IntegerConstants.cpp: reports an overflow in Integer arithmetic on
  // literals alone; false when it did.
  bool checkLiteralArithmetic(const Value& value);

  // Lower.cpp helpers
  std::optional<Value> lowerCall(const ast::Expr& call, const Scope& scope);
  std::optional<Value> lowerStringCall(const ast::Expr& call, const Scope& scope);  // StringCalls.cpp
  std::optional<Value> lowerFormattedString(const ast::Expr& call, const flat::ExprPtr& x, flat::BaseType type,
                                            const ast::NamedArg& format, const Scope& scope);
  Value foldedString(const flat::ExprPtr& converted);
  // String(e) of an enumeration variable: its literal's name, chosen when
  // the model runs.
  std::optional<Value> enumerationName(const ast::Expr& call, const flat::ExprPtr& x, const ast::ClassDef& type,
                                       const Scope& scope);
  std::optional<std::pair<long long, bool>> enumerationStringOptions(const ast::Expr& call, const Scope& scope);
  // getInstanceName() (spec 3.7.4.6): a String literal (StringCalls.cpp).
  std::optional<Value> lowerInstanceName(const ast::Expr& call, const Scope& scope);
  std::optional<Value> lowerArrayBuiltin(const ast::Expr& call, const std::string& name, const Scope& scope);
  std::optional<Value> lowerHomotopy(const ast::Expr& call, const Scope& scope);
  // inStream(v) and actualStream(v) of stream variables (spec 15.2-15.3,
  // Streams.cpp): inStream(v) is a hidden variable whose equation
  // generateStreamEquations writes once the connection sets are known.
  std::optional<Value> lowerStreamOperator(const ast::Expr& call, const std::string& name, const Scope& scope);
  flat::VarId inStreamVariable(flat::VarId stream, SourceRange use);
  std::optional<flat::VarId> flowOfStream(flat::VarId stream, SourceRange use);
  void generateStreamEquations();
  std::optional<Value> lowerDelay(const ast::Expr& call, const Scope& scope);  // Delay.cpp
  std::optional<Value> lowerBinary(const ast::Expr& expr, const Scope& scope);
  std::optional<Value> lowerArray(const ast::Expr& expr, const Scope& scope);
  std::optional<Value> lowerReduction(const ast::Expr& call, const std::string& name,
                                      const Scope& scope);
  struct ConstantDecl {
    const ast::Component* decl = nullptr;
    ClassNode* owner = nullptr;
    size_t used = 0;  // parts of the reference naming the class
    // Its value: the declaration's binding, or the one a modification of
    // the extends clause or short definition that inherits it gives
    // (`package Water extends PartialMedium(nX = 1)`), and where that is evaluated.
    const ast::Expr* binding = nullptr;
    ClassNode* bindingIn = nullptr;
  };
  // A field (or an element of an array field) of a record constant, or of
  // an element of an array of them: `fc[2].molarMass` (Lower.cpp).
  std::optional<Value> recordConstantField(const ast::ComponentRef& ref, const ConstantDecl& found, const Scope& scope);
  // A record constant (or array of them) declared by modifications rather
  // than a binding (`constant R[1] data(each a = 1)`), Records.cpp.
  std::optional<Operand> recordConstantOfModification(const ConstantDecl& found, const ast::ComponentRef& ref);
  // The component `name` of class `cls`, declared in it or inherited.
  ConstantDecl inheritedComponent(ClassNode* cls, const std::string& name, int depth);
  ConstantDecl findConstant(const std::vector<std::string>& names, bool global, ClassNode* lexical);
  // The constant `name` of record class `record`, if it has one, and its
  // value, read through a record variable of a function (`ex.LEVEL`).
  std::optional<RecordField> recordConstantDecl(ClassNode* record, const std::string& name);
  std::optional<Value> recordClassConstant(const RecordField& field, ClassNode* record, const ast::RefPart& part,
                                           const Scope& scope);

  // --- Records.cpp, OperatorRecords.cpp
  ClassNode* refRecordType(const ast::ComponentRef& ref, const Scope& scope);
  ClassNode* recordTypeWithin(const ast::Expr& expr, const Scope& scope, int& budget);
  std::optional<Operand> functionRecordOperand(const ast::ComponentRef& ref, const Scope& scope);
  // RecordArrays.cpp: function variable `field` ("v.re", a field of the
  // array of records the first part of `ref` names) as `ref` selects it: the
  // first part's subscripts pick records, those of part `last` (if it is a
  // part of ref) the field's own elements.
  std::optional<FieldSelection> selectRecordField(const std::string& field, const ast::ComponentRef& ref, size_t last,
                                                  const Scope& scope);
  std::optional<Operand> recordArrayOperand(Component& c, SourceRange range);
  // RecordArrays.cpp: records of class `cls` that `ref` names through
  // arrays of components it slices (`plug.pin.v`: the v of every pin), as
  // an array of records whose dimensions are the slices'.
  std::optional<Operand> recordsThroughSlices(const ast::ComponentRef& ref, ClassNode* cls, const Scope& scope);
  // Whether `ref` passes through an array of components it does not index
  // down to one element (`plug.pin.v`, `ports[1:2].r`).
  bool slicesComponentArrays(const ast::ComponentRef& ref, const Scope& scope);
  std::optional<Operand> recordConstantOperand(const ast::ComponentRef& ref, const Scope& scope);
  std::optional<Operand> recordArrayConstructor(const ast::Expr& expr, const Scope& scope);
  std::optional<Operand> recordIfExpression(const ast::Expr& expr, const Scope& scope);
  // `$field(r, f)`: field f of record r, a record (or an array of them) or a value.
  std::optional<Operand> fieldOfOperand(const ast::Expr& call, const Scope& scope);
  // fill(r, n...) of a record r: an array of copies of it.
  bool isRecordFill(const ast::Expr& call, const Scope& scope);
  std::optional<Operand> recordFill(const ast::Expr& call, const Scope& scope);
  // `a op b` or `op a` with a record operand (spec 14.5): the one operator
  // function of the record's class that takes the operands, converting a
  // non-record operand through the class's constructors when none does.
  std::optional<Operand> applyOperator(const ast::Expr& expr, const Scope& scope);
  // The same for operands already lowered, `classes` the records' classes.
  std::optional<Operand> overloadedOperator(ast::Op operation, SourceRange range, std::vector<Operand> operands,
                                            const std::vector<ClassNode*>& classes, const Scope& scope);
  // Spec 14.4: an operator no function takes for arrays of records applies
  // to their elements (same-sized arrays, or an array and a scalar).
  bool elementwiseApplies(ast::Op operation, const std::vector<Operand>& operands);
  std::optional<Operand> elementwiseOperator(ast::Op operation, SourceRange range, const std::vector<Operand>& operands,
                                             const std::vector<ClassNode*>& classes, const Scope& scope);
  // `R(args)` of an operator record with a 'constructor' operator (spec 14.3).
  std::optional<Operand> overloadedConstructor(const ast::Expr& call, ClassNode* cls, const Scope& scope);
  // The functions an operator record class defines for `op` ("'*'").
  std::vector<ClassNode*> operatorFunctions(ClassNode* cls, const std::string& op);
  // Whether `fn` accepts these operands positionally (its other inputs have defaults).
  bool acceptsOperands(ClassNode* fn, const std::vector<Operand>& operands, const Scope& scope);
  // Calls `fn` with these operands positionally; the value of its first output.
  std::optional<Operand> callWithOperands(ClassNode* fn, const std::vector<Operand>& operands,
                                          SourceRange range, const Scope& scope);
  // The first output of a built call: a value, or a record's fields.
  Operand callResult(const flat::ExprPtr& call, const FunctionInterface& interface);
  // A call of a user function whose first output is a record (FunctionCalls.cpp):
  // that record, or for a vectorized call (spec 12.4.6) an array of them.
  std::optional<Operand> recordFunctionCall(const ast::Expr& call, ClassNode* fn, const Scope& scope);
  // The calls `arguments` make: one, or one per element of a vectorized call.
  std::optional<ElementCalls> elementCalls(const CallArguments& arguments, SourceRange range, const Scope& scope);
  flat::ExprPtr enumerationLiteral(const ast::ComponentRef& ref, const Scope& scope);
  std::optional<Value> lowerPackageConstant(const ast::ComponentRef& ref, const Scope& scope);
  // A constant's binding (written in `bindingIn`) lowered and folded to literals.
  std::optional<Value> constantLiterals(const ast::Expr& binding, ClassNode* bindingIn, SourceRange at);
  // The value of a lowered if-expression condition when it is made of
  // literals (for-loop indices are), else nullopt.
  std::optional<bool> literalCondition(const Value& condition, SourceRange where);
  std::optional<Value> selectSubscripts(const Value& whole, const ast::RefPart& part,
                                        const Scope& scope);
  // The same over an array whose elements are made on demand (see selectPicked).
  std::optional<Value> selectSubscripts(const std::vector<long long>& dims,
                                        const std::function<flat::ExprPtr(size_t)>& elementAt,
                                        const ast::RefPart& part, const Scope& scope);
  // The rest of a reference from its part `from`, which names `c`.
  std::optional<RefTarget> resolveFrom(Component* c, const ast::ComponentRef& ref, size_t from,
                                       const Scope& scope, bool wholeArrays = false,
                                       bool connectorEnd = false);
  // The component `next` names in one element of `array` (reported when missing).
  std::optional<RefTarget> resolveSlice(Component* c, const std::vector<SubscriptPick>& picks,
                                       const ast::ComponentRef& ref, size_t i, const Scope& scope);
  // Element k of an array of components, or null after reporting one not instantiated (yet).
  Instance* elementOf(const Component& array, long long k, const ast::RefPart& part);
  Component* memberOf(const Component& array, Instance& element, const ast::RefPart& next);

  // VariableSubscripts.cpp
  std::optional<std::vector<SubscriptPick>> lowerSubscripts(const std::vector<long long>& dims,
                                                            const ast::RefPart& part, const Scope& scope);
  // For picks with variable subscripts: `option` gives the value for each
  // combination of their values (picks fixed to one index each); the result
  // chooses among them at run time and fails on an index out of range.
  std::optional<Value> chooseAtRunTime(
      const std::vector<long long>& dims, const std::vector<SubscriptPick>& picks, const std::string& arrayName,
      SourceRange where, const std::function<std::optional<Value>(const std::vector<SubscriptPick>&)>& option);
  // The index in build.fn.declared of the array `name` of a function, if
  // it is one.
  std::optional<uint32_t> functionArray(const FunctionBuild& build, const std::string& name) const;
  // The elements of the function array `declared` that `picks` select, with
  // Element expressions for the varying subscripts.
  Value selectElements(uint32_t declared, const std::vector<SubscriptPick>& picks, SourceRange where);
  // A call of a synthesized function that fails with "array index out of
  // bounds" naming `arrayName`; its value has type `type`.
  flat::ExprPtr indexErrorCall(flat::BaseType type, const std::string& arrayName, const std::vector<long long>& dims,
                               const std::vector<flat::ExprPtr>& indices, SourceRange where);
  // Whether `e` reads an array element through a subscript that varies
  // during simulation (it calls one of the functions above).
  bool readsVariableSubscript(const flat::Expr& e) const;

  // ArrayBindings.cpp
  // The size of a binding; record constructors are scalars.
  std::optional<std::vector<long long>> bindingDims(const ast::Expr& binding, const Scope& scope);
  // Fills the ':' dimensions of `c` from its binding; false when reported.
  bool deduceColonDims(Component& c, std::vector<std::pair<const ast::Expr*, long long>>& dims);
  // `R r = R(...)`, `R r = other` or any record value: modifications of r's fields.
  std::optional<Mod> recordBindingMods(const ast::Expr& binding, ClassNode* typeClass,
                                       const Scope& scope);
  // `R t[2] = {R(...), R(...)}`: the modifications of each element, row-major.
  std::optional<std::vector<Mod>> recordArrayBindingMods(const ast::Expr& binding, Component& c,
                                                         ClassNode* typeClass);

  // StructuralConditions.cpp
  // Parameter conditions in Integer and Boolean equations decided now.
  void foldStructuralConditions();

  // IfEquations.cpp
  void lowerVaryingIfEquation(const ast::Equation& eq, size_t firstVarying, const Scope& scope,
                              EquationContext& context);
  void lowerVaryingIfInWhen(const ast::Equation& eq, size_t firstVarying, const std::vector<flat::ExprPtr>& conditions,
                            const Scope& scope, EquationContext& context);

  ClassTree& tree_;
  DiagnosticEngine& diags_;
  flat::FlatModel model_;
  std::optional<ClassNode*> loadResourceClass_;  // ModelicaServices' loadResource, once looked up
  std::unique_ptr<Instance> top_;
  // connect-equations per connector, counted on the first cardinality().
  struct ConnectCounts {
    std::map<const Instance*, long long> byInstance;
    std::map<flat::VarId, long long> byVariable;
  };
  std::optional<ConnectCounts> connectCounts_;
  // The virtual connection graph of overdetermined connectors, built and
  // solved on first need (OverdeterminedConnectors.cpp).
  std::optional<ConnectionGraph> connectionGraph_;
  // The whole instance tree exists (equations are being lowered): the
  // connects can be counted without instantiating anything more.
  bool instantiated_ = false;
  ConnectionSets connections_;
  // Per stream variable whose inStream() the model reads: its hidden
  // variable and the first use (Streams.cpp).
  std::map<flat::VarId, std::pair<flat::VarId, SourceRange>> inStreams_;
  // The flow variables of each connector (by path), once instantiated.
  std::optional<std::unordered_map<std::string, std::vector<flat::VarId>>> flowsByConnector_;
  // Elements of expandable connectors waiting for their connects to decide
  // whether they are present (spec 9.1.3).
  std::vector<Component*> potentiallyPresent_;
  bool hasExpandableConnectors_ = false;
  bool expandablesElaborated_ = false;
  std::set<const ast::Component*> constantsInProgress_;  // package constants being lowered
  std::optional<long long> currentEnd_;  // size of the dimension `end` stands for
  int loweringDepth_ = 0;                 // nesting of lower() calls
  std::vector<ClassNode*> extendsChain_;  // classes whose elements addElements() is adding
  long long scalarElements_ = 0;          // variables and instances created (ResourceLimits.h)
  int hoistedConversions_ = 0;            // $clockedN variables made by hoistConversions()
  int clockedAsserts_ = 0;                // $assertN variables of asserts in clocked when-clauses
  // Function interfaces by class (null: reported once, not rebuilt), and
  // the flat functions built so far by class and call shape.
  std::map<ClassNode*, std::unique_ptr<FunctionInterface>> functionInterfaces_;
  // The enumeration type of each model variable of one (its literals' names).
  std::map<flat::VarId, const ast::ClassDef*> enumerationTypes_;
  int constantDepth_ = 0;  // record constants being lowered, nested
  // Lowering an initial algorithm section of the model, or a tuple
  // equation of an initial equation section: fixed=false parameters may be
  // assigned there (spec 8.6).
  bool inInitialSection_ = false;
  // The synthesized `$field` calls of fieldOfMods: the record expression and the field.
  std::map<const ast::Expr*, std::pair<const ast::Expr*, std::string>> fieldOf_;
  std::map<std::pair<ClassNode*, std::string>, uint32_t> functionIndices_;
  std::set<std::pair<ClassNode*, std::string>> failedFunctions_;
  // Functions whose inputs and outputs are being declared: a call reached from
  // their own sizes is a cycle, with no signature to call yet.
  std::set<uint32_t> declaringFunctions_;
  std::map<ClassNode*, int> specializations_;  // per class, bounded (ResourceLimits.h)
  std::set<uint32_t> indexErrorFunctions_;         // made by indexErrorCall()
  // Bindings split over arrays of components, lowered once (lowerModBinding).
  std::map<std::tuple<const ast::Expr*, Instance*, ClassNode*>, std::optional<Value>> splitBindings_;
  // Expressions made up by flattening (`other.field` for `R r = other`),
  // owned here because modifications point at AST nodes.
  std::vector<std::unique_ptr<ast::Expr>> synthesized_;
};

// Helpers shared by the files above.
std::string refText(const ast::ComponentRef& ref);
bool isBuiltinTypeName(const ast::Name& name, LeafType& leaf);
// A connector or expandable connector class.
bool isConnectorClass(const ClassNode* cls);
// An instance of an expandable connector class (spec 9.1.3).
bool isExpandableConnector(const Instance& inst);
// Whether a leaf component has a variable for every element its dimensions
// give (not so when its declaration was refused, e.g. as too large).
bool holdsEveryElement(const Component& c);
// The instances a component holds itself (its elements, and those of the
// inner part of an `inner outer`), which equations and connects walk.
std::vector<Instance*> ownedInstances(const Component& c);
// "[2,3]" for the flat name of element `index` (row-major) of `dims`.
std::string subscriptText(const std::vector<long long>& dims, long long index);
flat::BaseType baseType(LeafType leaf);
// The callee's name when it is a single unqualified identifier, else "".
std::string simpleCalleeName(const ast::Expr& call);
// Connections.branch/root/potentialRoot(...) as an equation (spec 9.4).
bool isConnectionsEquation(const ast::Equation& eq);
// Whether a condition asks the connection graph (Connections.isRoot/rooted).
bool conditionNeedsConnectionGraph(const ast::Expr& condition);
// `Boolean` used as a type name in an expression (`for b in Boolean`).
bool isBooleanTypeName(const ast::Expr& expr);
// Names handled by Calls.cpp and DiscreteOps.cpp before user functions.
bool isBuiltinFunctionName(const std::string& name);
// scalar, vector, matrix, diagonal, outerProduct, symmetric, cross, skew,
// linspace (ArrayBuiltins.cpp).
bool isArrayBuiltin(const std::string& name);
// Clock(), hold, previous, subSample... (not sample, which DiscreteOps.cpp owns).
bool isClockOperatorName(const std::string& name);
// transition, initialState, activeState, ticksInState, timeInState (spec 17).
bool isStateMachineOperatorName(const std::string& name);
// The first transition() or initialState() equation in `equations` or
// nested in their branches, or null.
const ast::Equation* findStateMachineEquation(const std::vector<ast::Equation>& equations);

}  // namespace smc::flatten
