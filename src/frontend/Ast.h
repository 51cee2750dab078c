// The abstract syntax tree: a faithful, source-ranged image of what the user
// wrote (Modelica 3.6, Appendix A), with no lookup or evaluation done yet.
// ANTLR's parse tree never leaves src/frontend; everything after works on
// these plain structs.
#pragma once

#include "frontend/Source.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace smc::ast {

struct Expr;
struct Modification;
struct ClassDef;
using ExprPtr = std::unique_ptr<Expr>;

// ---------------------------------------------------------------- names ---

// One part of a component reference: `b[1, i]` in `a.b[1, i].c`.
struct RefPart {
  std::string name;
  std::vector<ExprPtr> subscripts;  // a ':' subscript is an Expr of kind Colon
  SourceRange range;
};

// `a.b[1].c`, or `.Modelica.Constants.pi` when `global` (leading dot).
struct ComponentRef {
  bool global = false;
  std::vector<RefPart> parts;
  SourceRange range;
};

// A type or class name: `Modelica.SIunits.Voltage` (no subscripts).
struct Name {
  bool global = false;
  std::vector<std::string> parts;
  SourceRange range;

  std::string str() const;  // dotted, with a leading '.' when global
};

// ---------------------------------------------------------- expressions ---

enum class ExprKind {
  Real,        // 1.5, 1e-3 (`real` holds the value, `text` the spelling)
  Integer,     // 42 (`integer`)
  String,      // "text" (`text`, escapes already decoded)
  Boolean,     // true / false (`boolean`)
  Ref,         // component reference (`ref`)
  Call,        // f(args) / der(x) / sum(x for i in ...) (`callee`, `args`, `named`, `iterators`)
  Unary,       // `op` applied to args[0]
  Binary,      // args[0] `op` args[1]
  If,          // if args[0] then args[1] elseif args[2] then args[3] ... else args.back()
  Range,       // args[0]:args[1] or args[0]:args[1]:args[2] (start:step:stop)
  Array,       // {a, b, c} (`args`), or {e for i in r} (`args[0]`, `iterators`)
  Matrix,      // [a, b; c, d] (`rows`)
  Tuple,       // (a, , b) on the left of a multi-assignment; empty slots are null
  End,         // `end` inside a subscript
  Colon,       // `:` as a subscript
  Der,         // unused by the parser (der is a Call); reserved
  // `function f(a = x)` as a function argument (spec 12.4.2.1): `ref` names
  // the function, `named` binds some of its inputs.
  PartialApplication,
};

enum class Op {
  // unary
  Negate, Plus, Not,
  // binary arithmetic
  Add, Sub, Mul, Div, Pow, ElemAdd, ElemSub, ElemMul, ElemDiv, ElemPow,
  // relations
  Less, LessEq, Greater, GreaterEq, Equal, NotEqual,
  // logical
  And, Or,
};

// `i in 1:n` in a for-loop or reduction; `range` is null for `for i loop`
// (range deduced from use).
struct ForIndex {
  std::string name;
  ExprPtr range;
  SourceRange source;
};

struct NamedArg {
  std::string name;
  ExprPtr value;
  SourceRange range;
};

struct Expr {
  ExprKind kind;
  SourceRange range;

  double real = 0;
  long long integer = 0;
  bool boolean = false;
  std::string text;

  ComponentRef ref;                // Ref; Call's callee as well
  Op op = Op::Add;                 // Unary, Binary
  std::vector<ExprPtr> args;       // operands / positional arguments
  std::vector<NamedArg> named;     // Call: name = value arguments
  std::vector<ForIndex> iterators; // Call or Array comprehension
  std::vector<std::vector<ExprPtr>> rows;  // Matrix
  // A `function f` partial application argument is not supported: the parser
  // reports it.
};

// ---------------------------------------------------------- modification ---

struct Component;
struct ClassDef;

// `each final x(start = 1) = 2 "comment"` inside a modification list, or an
// element redeclaration `redeclare S s(k = 2)` / `redeclare model M = N`.
struct ElementModification {
  bool each = false;
  bool final = false;
  Name path;                                  // `x` or `a.b.c`
  std::unique_ptr<Modification> modification; // may be null
  std::string description;
  bool isRedeclaration = false;               // `redeclare ...` / `replaceable ...`
  // The new declaration of a redeclaration: a component, or a short class
  // definition.
  std::unique_ptr<Component> redeclaredComponent;
  std::unique_ptr<ClassDef> redeclaredClass;
  SourceRange range;
};

// `constrainedby T(mods)` after a replaceable element (spec 7.3.2).
struct ConstrainingClause {
  Name type;
  std::unique_ptr<Modification> modification;  // may be null
  SourceRange range;
};

// `(arg, ...) = expr`, `= expr` or `:= expr`.
struct Modification {
  std::vector<ElementModification> arguments;
  ExprPtr binding;          // may be null
  bool assignStyle = false; // `:=` (only legal in some contexts)
  SourceRange range;
};

// `annotation(...)`: kept as a class modification; later stages read the
// parts they understand (experiment, solverMethod...) and ignore the rest.
struct Annotation {
  Modification modification;
  SourceRange range;
};

// ------------------------------------------------------------ equations ---

struct Equation;
using EquationList = std::vector<Equation>;

enum class EquationKind {
  Simple,   // lhs = rhs
  Connect,  // connect(lhs-ref, rhs-ref): `connectA`, `connectB`
  Call,     // a function-call equation: assert(...), transition(...), reinit(...)
  If,       // conditions[i] / branches[i]; a trailing else has no condition
  For,      // iterators, body = branches[0]
  When,     // conditions[i] / branches[i] (when ... elsewhen ...)
};

struct Equation {
  EquationKind kind;
  SourceRange range;
  ExprPtr lhs, rhs;                   // Simple; Call uses lhs (a Call expr)
  ComponentRef connectA, connectB;    // Connect
  std::vector<ExprPtr> conditions;    // If/When: one per branch (If's else: none)
  std::vector<EquationList> branches; // If/When/For bodies
  std::vector<ForIndex> iterators;    // For
  std::string description;
  std::unique_ptr<Annotation> annotation;
};

// ------------------------------------------------------------ statements ---

struct Statement;
using StatementList = std::vector<Statement>;

enum class StatementKind {
  Assign,    // lhs := rhs (lhs a Ref, or a Tuple for (a, b) := f(x))
  Call,      // f(x); (`rhs` holds the Call expr)
  If,        // conditions / branches as in Equation
  For,       // iterators, body = branches[0]
  While,     // conditions[0], body = branches[0]
  When,      // conditions / branches
  Break,
  Return,
};

struct Statement {
  StatementKind kind;
  SourceRange range;
  ExprPtr lhs, rhs;
  std::vector<ExprPtr> conditions;
  std::vector<StatementList> branches;
  std::vector<ForIndex> iterators;
  std::string description;
  std::unique_ptr<Annotation> annotation;
};

// ------------------------------------------------------------- elements ---

enum class Visibility { Public, Protected };

enum class Variability { Continuous, Discrete, Parameter, Constant };
enum class Causality { None, Input, Output };
enum class ConnectorKind { None, Flow, Stream };

// One declared component: `parameter Real k[3](each start = 1) = {1,2,3} "gain";`
// A clause declaring several names (`Real a, b;`) becomes several Components
// sharing the type part.
struct Component {
  std::string name;
  Name typeName;
  std::vector<ExprPtr> typeSubscripts;  // `Real[3] x`
  std::vector<ExprPtr> subscripts;      // `Real x[3]`
  Variability variability = Variability::Continuous;
  Causality causality = Causality::None;
  ConnectorKind connectorKind = ConnectorKind::None;
  bool isFinal = false, isInner = false, isOuter = false;
  bool isReplaceable = false, isRedeclare = false;
  std::unique_ptr<Modification> modification;  // may be null
  std::unique_ptr<ConstrainingClause> constrainedBy;  // replaceable only; may be null
  ExprPtr condition;                            // `if cond` (conditional component)
  std::string description;
  std::unique_ptr<Annotation> annotation;
  Visibility visibility = Visibility::Public;
  SourceRange range;      // the whole declaration
  SourceRange nameRange;  // just the declared name
};

struct Extends {
  Name base;
  std::unique_ptr<Modification> modification;  // may be null
  std::unique_ptr<Annotation> annotation;
  Visibility visibility = Visibility::Public;
  SourceRange range;
};

enum class ImportKind {
  Qualified,    // import A.B.C;       (name C)
  Renamed,      // import D = A.B.C;   (alias D)
  Unqualified,  // import A.B.*;
  Multiple,     // import A.B.{C, D};
};

struct Import {
  ImportKind kind;
  Name path;                       // A.B.C, or A.B for Unqualified/Multiple
  std::string alias;               // Renamed
  std::vector<std::string> names;  // Multiple
  Visibility visibility = Visibility::Public;
  SourceRange range;
};

// ---------------------------------------------------------------- classes ---

enum class ClassKind {
  Class, Model, Record, OperatorRecord, Block, Connector, ExpandableConnector,
  Type, Package, Function, OperatorFunction, Operator,
};

enum class ClassForm {
  Long,         // class A ... end A;
  Short,        // class A = B(mod);  (`shortBase`, `shortSubscripts`, `shortModification`)
  Enumeration,  // type E = enumeration(a, b);  (`enumLiterals`)
  Derivative,   // function df = der(f, x);  (`shortBase` is f; not supported downstream)
  Extends,      // class extends A(mod) ... end A;  (`shortModification` is mod;
                // not supported downstream)
};

struct EnumLiteral {
  std::string name;
  std::string description;
  SourceRange range;
};

struct EquationSection {
  bool initial = false;
  EquationList equations;
  SourceRange range;
};

struct AlgorithmSection {
  bool initial = false;
  StatementList statements;
  SourceRange range;
};

struct ClassDef {
  ClassKind kind = ClassKind::Class;
  ClassForm form = ClassForm::Long;
  std::string name;
  std::string description;
  bool isEncapsulated = false, isPartial = false, isFinal = false;
  bool isInner = false, isOuter = false, isReplaceable = false, isRedeclare = false;
  bool isPure = false, isImpure = false;  // functions
  std::unique_ptr<ConstrainingClause> constrainedBy;  // replaceable only; may be null
  Visibility visibility = Visibility::Public;  // as a nested element

  // Long form (and Extends form): elements in source order, by kind.
  std::vector<std::unique_ptr<ClassDef>> classes;
  std::vector<Component> components;
  std::vector<Extends> extends;
  std::vector<Import> imports;
  std::vector<EquationSection> equationSections;
  std::vector<AlgorithmSection> algorithmSections;
  bool hasExternal = false;  // `external "C" ...`
  SourceRange externalRange;
  std::string externalLanguage;  // "C" when not written
  std::string externalFunction;  // the called function's name; empty when not written
  // The explicit call `y = f(a, size(a, 1))` (spec 12.9.3): its output and
  // arguments; without one the default mapping applies.
  std::optional<ComponentRef> externalOutput;
  std::vector<ExprPtr> externalArgs;
  std::unique_ptr<Annotation> externalAnnotation;  // Library, Include, ...
  std::unique_ptr<Annotation> annotation;  // the class annotation

  // Short form.
  Causality shortCausality = Causality::None;  // type T = input Real
  Name shortBase;
  std::vector<ExprPtr> shortSubscripts;
  std::unique_ptr<Modification> shortModification;

  // Enumeration form; `enumColon` for `enumeration(:)`.
  std::vector<EnumLiteral> enumLiterals;
  bool enumColon = false;

  SourceRange range;
  SourceRange nameRange;
};

// One file: `within A.B;` then class definitions.
struct StoredDefinition {
  std::optional<Name> within;  // present (possibly empty) when `within` is written
  std::vector<std::unique_ptr<ClassDef>> classes;
  FileId file = 0;
};

const char* toString(ClassKind kind);
const char* toString(Op op);

}  // namespace smc::ast
