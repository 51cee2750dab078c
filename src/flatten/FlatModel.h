// The flat model: what remains of a Modelica model after lookup,
// instantiation, modifiers and connect() (spec chapter 5 and 9): scalar
// variables with dotted names, and scalar equations over them. Variables are
// referred to by index (VarId) from here on; expressions are immutable trees
// shared between stages.
#pragma once

#include "frontend/Source.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace smc::flat {

using VarId = uint32_t;

struct Expr;
using ExprPtr = std::shared_ptr<const Expr>;

enum class ExprKind {
  Real,     // `real`
  Integer,  // `integer`
  Boolean,  // `boolean`
  String,   // `text`
  Var,      // variable `var`
  Time,     // the built-in `time`
  Unary,    // `op` args[0]
  Binary,   // args[0] `op` args[1]
  Call,     // built-in `fn`(args...)
  If,       // if args[0] then args[1] else args[2]
  Der,      // der(args[0]): args[0] is a Var before causalization
  // Discrete-time operators (spec 3.7.4, 8.3). edge(b) and change(v) are
  // lowered by flattening to `b and not pre(b)` and `v <> pre(v)`.
  Pre,       // pre(args[0]): args[0] is a Var
  // delay(expr = args[0], delayTime = args[1], delayMax = args[2]) (spec
  // 3.7.4.1; delayMax defaults to delayTime): expr's value delayTime ago.
  // The causalizer gives every delay its history buffer (`integer`, from
  // 0) and makes args[0] a Var; `boolean` is true when delayTime is known
  // to be positive at translation, so the delay reads only the past and
  // equations that use it do not depend on args[0] now.
  Delay,
  Initial,   // initial()
  Terminal,  // terminal()
  // sample(args[0] = start, args[1] = interval): a time event (Boolean),
  // ticking at start + k*interval. The clocks stage also writes
  // sample(start, interval, resolution) (args[2]): ticks at
  // start + (k*interval)/resolution, so that rational clocks are exact.
  Sample,
  // A call of the user function `function` (index into FlatModel::functions)
  // with the inputs `args`; the value is the function's output `output`.
  FunctionCall,
  // (a, , b): the left side of `(a, , b) = f(x)`; args are Vars or null.
  Tuple,
  // An element of an array variable of a function chosen by subscripts that
  // vary at run time (functions only): `integer` indexes Function::declared,
  // args are the 1-based subscripts, one per dimension.
  Element,
  // Synchronous language elements (spec 16). Flattening produces them; the
  // clocks stage (src/clocks) infers the partitions and lowers them away,
  // so the causalizer and the code generator never see them.
  ClockConstructor,  // Clock(...): `clockForm` says which form (see ClockForm)
  ClockOp,           // `clockOp`(args...) (see ClockOperator)
  // State machine operators (spec 17). Flattening produces them; the state
  // machine stage (src/statemachine) lowers them away.
  ActiveState,   // activeState(state): `text` is the state's instance path ("state1.stateX")
  TicksInState,  // ticksInState()
  TimeInState,   // timeInState()
};

// The forms of the Clock constructor (spec 16.3). Flattening fills in
// omitted defaults, so args always has the listed length.
enum class ClockForm {
  Inferred,  // Clock(): no args; the clock comes from clock inference
  Rational,  // Clock(intervalCounter = args[0], resolution = args[1]) (Integers, resolution default 1)
  Interval,  // Clock(interval = args[0]) (Real)
  Event,     // Clock(condition = args[0] (Boolean), startInterval = args[1] (Real, default 0.0))
  Solver,    // Clock(c = args[0] (a Clock expression), solverMethod = args[1] (String))
};

// The clock conversion and clock-related operators (spec 16.4, 16.5).
// `u` may be any expression unless said otherwise; Integer arguments are
// parameter expressions. Flattening fills in omitted defaults.
enum class ClockOperator {
  Sample,       // sample(u = args[0], c = args[1]); args.size() == 1 for sample(u) (inferred clock)
  Hold,         // hold(u = args[0])
  Previous,     // previous(args[0]): args[0] is a Var
  SubSample,    // subSample(u = args[0], factor = args[1]) (factor default 0: inferred)
  SuperSample,  // superSample(u = args[0], factor = args[1]) (factor default 0: inferred)
  ShiftSample,  // shiftSample(u = args[0], shiftCounter = args[1], resolution = args[2] (default 1))
  BackSample,   // backSample(u = args[0], backCounter = args[1], resolution = args[2] (default 1))
  NoClock,      // noClock(u = args[0])
  Interval,     // interval(u = args[0]); no args for interval() of the equation's own clock
  FirstTick,    // firstTick(u = args[0]); no args for firstTick() of the equation's own clock
};

enum class Op {
  Negate, Not,                                  // unary
  Add, Sub, Mul, Div, Pow,                      // arithmetic
  Less, LessEq, Greater, GreaterEq, Equal, NotEqual,  // relations
  And, Or,                                      // logical
};

// Built-in scalar functions the code generator knows (spec 3.7).
enum class Builtin {
  Abs, Sign, Sqrt, Sin, Cos, Tan, Asin, Acos, Atan, Atan2, Sinh, Cosh, Tanh,
  Exp, Log, Log10, Min, Max, Floor, Ceil, Integer, Div, Mod, Rem,
  NoEvent, Smooth,
  SemiLinear,  // semiLinear(x, k+, k-) (spec 3.7.2)
  // String(value, significantDigits, minimumLength, leftJustified) of a
  // Real, Integer or Boolean (spec 3.7.1.2): all four arguments are there,
  // defaults filled in (significantDigits is unused but for a Real).
  String,
  // String(value, format = f) of a Real or Integer: args {value, f}, f a
  // String "[flags][width][.precision]conversion" (spec 3.7.1.2).
  StringFormat,
};

struct Expr {
  ExprKind kind = ExprKind::Real;
  double real = 0;
  long long integer = 0;
  bool boolean = false;
  std::string text;
  VarId var = 0;
  Op op = Op::Add;
  Builtin fn = Builtin::Abs;
  uint32_t function = 0;  // FunctionCall: index into FlatModel::functions
  uint32_t output = 0;    // FunctionCall: which output is the value
  ClockForm clockForm = ClockForm::Inferred;          // ClockConstructor
  ClockOperator clockOp = ClockOperator::Sample;      // ClockOp
  std::vector<ExprPtr> args;
  SourceRange range;
};

// Constructors for the common shapes (defined in FlatModel.cpp).
ExprPtr makeReal(double value, SourceRange range = {});
ExprPtr makeInteger(long long value, SourceRange range = {});
ExprPtr makeBoolean(bool value, SourceRange range = {});
ExprPtr makeString(std::string value, SourceRange range = {});
ExprPtr makeVar(VarId var, SourceRange range = {});
ExprPtr makeTime(SourceRange range = {});
ExprPtr makeUnary(Op op, ExprPtr operand, SourceRange range = {});
ExprPtr makeBinary(Op op, ExprPtr lhs, ExprPtr rhs, SourceRange range = {});
ExprPtr makeCall(Builtin fn, std::vector<ExprPtr> args, SourceRange range = {});
ExprPtr makeIf(ExprPtr condition, ExprPtr then, ExprPtr otherwise, SourceRange range = {});
ExprPtr makeDer(ExprPtr operand, SourceRange range = {});
ExprPtr makePre(ExprPtr var, SourceRange range = {});
ExprPtr makeDelay(ExprPtr value, ExprPtr delayTime, ExprPtr delayMax, SourceRange range = {});
ExprPtr makeInitial(SourceRange range = {});
ExprPtr makeTerminal(SourceRange range = {});
ExprPtr makeSample(ExprPtr start, ExprPtr interval, SourceRange range = {});
ExprPtr makeElement(uint32_t declared, std::vector<ExprPtr> subscripts, SourceRange range = {});
ExprPtr makeFunctionCall(uint32_t function, uint32_t output, std::vector<ExprPtr> inputs,
                         SourceRange range = {});
// `slots` are Vars, or null for a skipped output.
ExprPtr makeTuple(std::vector<ExprPtr> slots, SourceRange range = {});
ExprPtr makeClockConstructor(ClockForm form, std::vector<ExprPtr> args, SourceRange range = {});
ExprPtr makeClockOp(ClockOperator op, std::vector<ExprPtr> args, SourceRange range = {});

// Clock: a variable of type Clock (spec 16.3). Clock variables exist only
// until the clocks stage, which replaces them by the clocks they denote.
// ExternalObject: an instance of an external object class (spec 12.9.7),
// an opaque pointer the class's constructor returns; a parameter.
enum class BaseType { Real, Integer, Boolean, String, Clock, ExternalObject };
enum class Variability { Constant, Parameter, Discrete, Continuous };
enum class Causality { Local, Input, Output };

// The stateSelect attribute of a Real (spec 4.9.3.2), in the order of the
// predefined enumeration: how strongly index reduction keeps the variable
// as a state.
enum class StateSelect { Never, Avoid, Default, Prefer, Always };

struct Attributes {
  ExprPtr start;             // null when not given
  std::optional<bool> fixed; // empty when not given
  ExprPtr min, max, nominal;
  std::string unit, displayUnit, quantity;
  StateSelect stateSelect = StateSelect::Default;
};

struct Variable {
  std::string name;  // dotted Modelica name with subscripts: `a.b[2].c`
  BaseType type = BaseType::Real;
  Variability variability = Variability::Continuous;
  Causality causality = Causality::Local;
  // Binding of a parameter or constant (may be null). A non-parameter's
  // declaration equation (`Real y = 2*x`) is moved into FlatModel::equations.
  ExprPtr binding;
  Attributes attributes;
  std::string description;
  bool isProtected = false;
  // Declared with the `flow` prefix (spec 9.2): summed to zero in its
  // connection set rather than equated.
  bool isFlow = false;
  // Declared with the `stream` prefix (spec 15.1): its connection set gives
  // no equations; inStream() of it mixes the other members (Streams.cpp).
  bool isStream = false;
  // Of an enumeration type: an Integer holding the literal's ordinal.
  bool isEnumeration = false;
  // A parameter declared with annotation(Evaluate = true): a constant once
  // its binding is fixed at translation (src/causalize/FixedValues.h).
  bool evaluate = false;
  // Synthesized by a later stage (relation states, sample counters), or an
  // external object: has a slot in the FMU but is not listed in
  // modelDescription.xml.
  bool isHidden = false;
  // Only for a clocked discretized state (its der() in a clocked
  // partition) whose der() equation is in a state machine state: Boolean
  // clocked expressions, set by src/statemachine, used by src/clocks when
  // it discretizes der(). The state moves only on ticks where
  // `discretizedActive` holds (null: always) and restarts at its start
  // value, as at the first tick, where `discretizedRestart` holds.
  ExprPtr discretizedActive, discretizedRestart;
  // Only for an ExternalObject of the model: the function (an index into
  // FlatModel::functions, one ExternalObject input, no output) that
  // destroys it when the FMU instance is freed or reset.
  std::optional<uint32_t> destructor;
  SourceRange range;  // the declaration
};

// A scalar equation lhs = rhs, with where it came from for error messages.
struct Equation {
  ExprPtr lhs, rhs;
  SourceRange range;
  std::string origin;  // instance path that contributed it ("" for the top)
  // The clock expression c of the clocked `when c then` (spec 16.6) that
  // contains this equation; null elsewhere. Only until the clocks stage.
  ExprPtr clock = nullptr;
};

enum class AssertLevel { Error, Warning };

// --- Discrete-time equations (spec 8.3.5) --------------------------------

enum class ActionKind {
  Assign,     // target = value (the left side of an equation in a when-clause)
  Reinit,     // reinit(target, value): target is a state
  Assert,     // assert(value, message, level)
  Terminate,  // terminate(message)
};

struct Action {
  ActionKind kind = ActionKind::Assign;
  VarId target = 0;
  ExprPtr value;    // Assign/Reinit: the new value; Assert: the condition
  ExprPtr message;  // Assert/Terminate: a String expression
  AssertLevel level = AssertLevel::Error;
  SourceRange range;
};

// `when c1 then ... elsewhen c2 then ... end when;` A condition may be a
// vector written {c, d}: the branch fires when any element becomes true.
struct WhenBranch {
  std::vector<ExprPtr> conditions;
  std::vector<Action> actions;
  SourceRange range;
};

struct WhenEquation {
  std::vector<WhenBranch> branches;
  SourceRange range;
  std::string origin = {};  // instance path that contributed it ("" for the top), as Equation::origin
};

// assert() in an equation section: checked after every accepted step and
// event.
struct Assertion {
  ExprPtr condition;
  ExprPtr message;
  AssertLevel level = AssertLevel::Error;
  SourceRange range;
};

// --- Algorithms and functions (spec 11, 12) --------------------------------

enum class StatementKind {
  Assign,       // target := value
  AssignElement,  // element := value; `element` is an Element expression (functions only)
  TupleAssign,  // (targets...) := value (a FunctionCall); an empty slot is skipped
  If,           // conditions[i] / branches[i]; a trailing else has no condition
  For,          // for iterator in rangeStart:rangeStep:rangeStop loop branches[0]
  While,        // while conditions[0] loop branches[0]
  When,         // when conditions[i] then branches[i] (algorithms of models only)
  Break,
  Return,
  Reinit,       // reinit(target, value) inside a when-statement
  Assert,       // assert(value, message, level)
  Terminate,    // terminate(message)
};

struct Statement {
  StatementKind kind = StatementKind::Assign;
  VarId target = 0;
  std::vector<std::optional<VarId>> targets;  // TupleAssign
  ExprPtr value;
  ExprPtr message;
  AssertLevel level = AssertLevel::Error;
  std::vector<ExprPtr> conditions;
  std::vector<std::vector<Statement>> branches;
  // When: how many consecutive `conditions` each branch has, when some
  // branch has a vector condition `{a, b}` (it fires when any of them
  // becomes true, spec 8.3.5); empty means one each. Passes that rewrite
  // every condition alike need not look at it.
  std::vector<uint32_t> conditionCounts;
  VarId iterator = 0;  // For: an Integer variable of the enclosing table
  ExprPtr element;     // AssignElement
  ExprPtr rangeStart, rangeStep, rangeStop;  // For
  SourceRange range;
};

// How many variables an equation gives values: one, or one per slot of
// `(a, , b) = f(x)`.
size_t valuesGiven(const Equation& equation);

// The [begin, end) ranges of a when-statement's `conditions`, one per
// branch (Statement::conditionCounts).
std::vector<std::pair<size_t, size_t>> whenConditionRanges(const Statement& when);

// An algorithm section of the model: its statements compute the variables
// they assign (spec 11.1). For-loops over parameter ranges are unrolled by
// flattening, so model algorithms have no For statements.
struct Algorithm {
  std::vector<Statement> statements;
  SourceRange range;
  std::string origin = {};  // instance path of the section's class ("" for the top), as Equation::origin
};

// A variable of a function as declared: a scalar, or an array whose
// elements are consecutive entries of Function::variables in row-major
// order.
struct DeclaredVariable {
  std::string name;
  Causality causality = Causality::Local;
  VarId first = 0;
  std::vector<long long> dims;  // empty for a scalar

  size_t size() const;
};

// A user-defined function (spec 12), specialized to the sizes of its array
// inputs at its calls, so every variable has a size known at translation
// and is a block of scalar `variables`. Inside its body, Var refers to
// `variables`: inputs first, then outputs, then protected locals (for-loop
// iterators included). An input's binding is its default value; an
// output's or local's binding is assigned before the body.
// annotation(derivative = f_der) of a function (spec 12.7.1): f_der takes
// the function's inputs followed by the derivatives of those marked
// Differentiated, and returns the derivatives of its outputs, in order.
// Built for the same input sizes as the function it belongs to.
enum class InputDerivative : uint8_t {
  Differentiated,  // a Real input whose derivative f_der takes
  None,            // not a Real, or `noDerivative = x`: f_der takes no derivative of it
  Zero,            // `zeroDerivative = x`: f_der may be used only while x is constant
};
struct FunctionDerivative {
  uint32_t function = 0;               // index into FlatModel::functions
  std::vector<InputDerivative> inputs;  // per scalar input
};

// The body of an external function (spec 12.9): one call of a C function.
// Each argument is a scalar value (double, or int for Integers, Booleans
// and enumerations, or a String literal passed as a constant C string: a
// String input is known per call shape), the address of one of the function's arrays (row-major,
// its declared index), or the address of a scalar output; array sizes are
// scalar values (`size(a, 1)` is known per call shape), of C type size_t
// in the default call form.
enum class ExternalArgKind : uint8_t { Value, Size, Array, OutputAddress };
struct ExternalArg {
  ExternalArgKind kind = ExternalArgKind::Value;
  ExprPtr value;          // Value, Size
  uint32_t declared = 0;  // Array: index into Function::declared
  VarId variable = 0;     // OutputAddress
};
// A library the Library annotation names that is not in its directory as a
// static archive. It matters only if the C function stays undefined at the
// link: a function built only to be evaluated at translation, or one whose
// symbol another library defines, needs nothing from it.
struct MissingLibrary {
  std::string name;       // as written: "ModelicaExternalC"
  std::string directory;  // where lib<name>.a was looked for
  SourceRange range;      // the Library annotation
};
// C code an external function's Include annotation gives (spec 12.9.4):
// the model's C translation unit holds each distinct one once, in order,
// with the IncludeDirectory its function names on the include path.
struct ExternalInclude {
  std::string code;                      // the annotation's text, escapes resolved
  std::string directory;                 // IncludeDirectory, resolved (may not exist)
  SourceRange range;                     // the string literal, quotes included
};
// A library the Library annotation names that comes as C sources rather
// than an archive (the MSL's ModelicaExternalC): smc compiles these files,
// in `directory`, into an archive of its own (src/externalc).
struct SourceLibrary {
  std::string name;                      // as written: "ModelicaExternalC"
  std::string directory;                 // where the sources are
  std::vector<std::string> files;        // relative to directory
  // Searched for headers: `directory`, then the function's IncludeDirectory.
  std::vector<std::string> includeDirectories;
  std::vector<std::string> defines;      // FlatModel::cDefines
  SourceRange range;                     // the Library annotation
};
// The language of an external function (spec 12.9.1). FORTRAN 77, as
// gfortran compiles it: the symbol is the lower-case name with an
// underscore, every argument goes by address (a scalar input from a copy),
// a matrix in column-major order, and each String's length follows the
// other arguments as a size_t.
enum class ExternalLanguage { C, Fortran77 };

struct ExternalCall {
  ExternalLanguage language = ExternalLanguage::C;
  std::string symbol;            // the C function's name
  // Declared `impure` (spec 12.3): never run at translation, whose result
  // could differ from the run's (a seed from the clock, a file's state).
  bool impure = false;
  std::optional<VarId> result;   // the scalar output its return value is
  std::vector<ExternalArg> args;
  std::vector<MissingLibrary> missingLibraries;
  SourceRange range;             // the external clause
};

struct Function {
  std::string name;  // full Modelica name, "Lib.f"
  // String inputs whose value this call shape fixes (given or defaulted
  // by an expression known at translation): the body reads the literal
  // (`if unit == "mm"` folds), so callers pass nothing for them. Other
  // String inputs are variables like any input.
  std::set<VarId> fixedStringInputs;
  std::optional<FunctionDerivative> derivative;
  std::optional<ExternalCall> external;  // instead of a body
  std::vector<Variable> variables;
  uint32_t numInputs = 0;   // scalar inputs: variables[0, numInputs)
  uint32_t numOutputs = 0;  // scalar outputs: the next numOutputs variables
  // The declared inputs, outputs and locals, in the order of `variables`
  // (iterators of for-loops are not among them).
  std::vector<DeclaredVariable> declared;
  std::vector<Statement> body;
  SourceRange range;
};

// --- State machines (spec 17) -------------------------------------------

// Graphics annotations of state machines (spec 17.2 "State Machine
// Graphics", and the graphical annotations of spec 18.6), evaluated to
// numbers at translation. Coordinates are Modelica diagram coordinates of
// the class that writes them (y up). A field that is not written is empty.
struct GraphicPoint {
  double x = 0, y = 0;
};
struct GraphicColor {
  int r = 0, g = 0, b = 0;
};

// Line(points = ..., color = ..., thickness = ..., smooth = Smooth.Bezier)
struct LineGraphic {
  std::vector<GraphicPoint> points;  // at least two
  std::optional<GraphicColor> color;
  std::optional<double> thickness;
  bool smoothBezier = false;  // smooth = Smooth.Bezier
  SourceRange range;
};

// Text(string = ..., extent = ..., fontSize = ..., textColor = ...,
// horizontalAlignment = TextAlignment.Left)
struct TextGraphic {
  std::optional<std::string> string;  // as written: may contain "%condition"
  std::optional<std::pair<GraphicPoint, GraphicPoint>> extent;
  std::optional<double> fontSize;
  std::optional<GraphicColor> textColor;
  std::string horizontalAlignment;  // "Left", "Center", "Right"; "" when not given
  SourceRange range;
};

// Placement(transformation(extent = {{x1, y1}, {x2, y2}}, origin = {x, y},
// rotation = r)) of a component declaration: the component's box is
// origin + extent, rotated by r degrees (counter-clockwise) about origin.
struct PlacementGraphic {
  GraphicPoint extentFirst, extentSecond;
  GraphicPoint origin;
  double rotation = 0;
  SourceRange range;
};

// transition(from, to, condition, immediate, reset, synchronize, priority)
// as written in the class instance `origin` ("" for the top class). `from`
// and `to` are instance paths of block instances ("state1.stateX").
// Flattening fills the defaults: immediate = true, reset = true,
// synchronize = false, priority = 1 (parameter expressions).
struct Transition {
  std::string from, to;
  ExprPtr condition;
  ExprPtr immediate, reset, synchronize, priority;
  std::string origin;
  SourceRange range, fromRange, toRange;
  std::string conditionText;         // the condition exactly as written
  std::optional<LineGraphic> line;   // annotation(Line(...)), when given and well-formed
  std::optional<TextGraphic> text;   // annotation(Text(...)), when given and well-formed
};

// initialState(state) as written in the class instance `origin`.
struct InitialState {
  std::string state;  // instance path
  std::string origin;
  SourceRange range;
  std::optional<LineGraphic> line;  // annotation(Line(...)), when given and well-formed
};

// A component instance of a block, model or class type (not a variable),
// so that later stages can tell state instances and their contents apart:
// its variables are those named `path.` + ..., its equations those whose
// origin is `path` or starts with `path.`.
struct Instance {
  std::string path;       // "state1.stateX"
  std::string className;  // "Work.P1"
  SourceRange range;      // the component declaration
  std::optional<PlacementGraphic> placement;  // annotation(Placement(transformation(...)))
};

struct Experiment {
  std::optional<double> startTime, stopTime, interval, tolerance;
};

// A clocked partition after the clocks stage (src/clocks) has lowered it
// (spec 16.7): `equations` are solved as one sorted system for `variables`,
// only in an event iteration in which the hidden Boolean `tick` is true.
// The clocks stage defines `tick` (with ordinary equations of the model, on
// sample() time events or an event clock's condition) so that it is true in
// exactly one event iteration per tick of the partition's clock, and
// rewrites previous(v) to pre(v), which then still holds v's value of the
// previous tick (v changes only at those ticks). Between ticks, and during
// initialization, the variables keep their values (start values before the
// first tick). The equations contain no clock operator any more.
struct ClockedPartition {
  std::string clock;  // for dumps and messages: "Clock(0.2)", "subSample(Clock(0.2), 3)"
  VarId tick = 0;
  std::vector<VarId> variables;
  std::vector<Equation> equations;
  // Clocked algorithm sections (spec 16.7): each runs as one unit at the
  // partition's ticks, its variables starting from their previous() values.
  std::vector<Algorithm> algorithms;
  SourceRange range;  // the first equation of the partition
};

// --- Connection sets (spec 9.2) ------------------------------------------

// A primitive variable of a connector with its side in a connect(): outside
// for a connector of the class that writes the connect, inside for a
// connector of one of its components.
struct ConnectionElement {
  VarId var = 0;
  bool outside = false;
};

// A merged connection set as flattening turned it into equations
// equations[firstEquation, firstEquation + equationCount) (indices as
// flattening left them; for `smc --dump=connections`).
struct ConnectionSet {
  bool flow = false;
  bool stream = false;  // no equations: inStream() reads it (Streams.cpp)
  std::vector<ConnectionElement> elements;
  size_t firstEquation = 0;
  size_t equationCount = 0;
};

class ExternalRunner;  // flatten/ExternalRunner.h

struct FlatModel {
  std::string name;
  std::string description;
  std::vector<Variable> variables;
  std::vector<Equation> equations;
  std::vector<Equation> initialEquations;
  std::vector<WhenEquation> whenEquations;
  std::vector<Assertion> assertions;
  std::vector<Algorithm> algorithms;
  std::vector<Algorithm> initialAlgorithms;
  std::vector<Function> functions;
  // The static libraries external functions name (annotation Library,
  // found in their LibraryDirectory): archive paths, linked into the FMU.
  std::vector<std::string> externalLibraries;
  // Include annotations and C-source libraries of the external functions.
  std::vector<ExternalInclude> externalIncludes;
  std::vector<SourceLibrary> sourceLibraries;
  // Macros the user defines for all of the model's C code (`smc -D`), as
  // NAME or NAME=VALUE: the Include annotations' code and the libraries
  // compiled from sources, at translation and in the FMU alike.
  std::vector<std::string> cDefines;
  // Runs the pure external functions above when a value is needed at
  // translation (a constant String from Strings.substring, an array size
  // computed in C); null: such values wait for the FMU.
  std::shared_ptr<ExternalRunner> externalRunner;
  Experiment experiment;
  // annotation(solverMethod = "...") of the top class: the integration
  // method of clocked discretized continuous-time partitions whose clock
  // names none (spec 16.8.2); empty when not given.
  std::string solverMethod;
  // Set by the clocks stage when an event clock's condition may already
  // be true after initialization: the clock then ticks at the start time,
  // in an event iteration right after initialization.
  bool eventAfterInitialization = false;
  // The homotopy parameter lambda (spec 3.7.4.4), a hidden Real parameter
  // at 1 that the runtime lowers to 0 and raises back when initialization
  // fails: each homotopy(actual, simplified) of the model's equations is
  // actual + (1 - lambda) * (simplified - actual). None without homotopy().
  std::optional<VarId> homotopyLambda;
  // State machines as written; the state machine stage replaces them by
  // equations and empties these lists.
  std::vector<Transition> transitions;
  std::vector<InitialState> initialStates;
  std::vector<Instance> instances;  // every non-variable component instance
  std::vector<ConnectionSet> connectionSets;
  // Set by the clocks stage; empty before it.
  std::vector<ClockedPartition> clockedPartitions;
  SourceRange range;  // the top class
};

// Flat Modelica text (`smc --dump=flat`): the user functions, then the
// class (declarations, initial equations and algorithms, equations with the
// when-equations and assertions, algorithms), in a fixed order, with
// expressions printed with minimal parentheses.
std::string dumpFlat(const FlatModel& model);
std::string toString(const Expr& expr, const FlatModel& model);
// An expression of the body of `function` (its Vars name the function's
// variables).
std::string toString(const Expr& expr, const FlatModel& model, const Function& function);
// The type of an expression (spec 10.6 for the operators): Integer
// arithmetic stays Integer except '/' and '^'. Var refers to the variables
// of `function` when given, otherwise to the model's.
BaseType typeOf(const Expr& expr, const FlatModel& model, const Function* function = nullptr);
// A value of type `value` may be assigned to a variable of type `target`
// (the same type, or an Integer into a Real).
bool isAssignable(BaseType target, BaseType value);
const char* toString(BaseType type);  // "Real", "Integer"...
const char* toString(Builtin fn);  // the Modelica name: "sin", "noEvent"...
const char* toString(ClockOperator op);  // the Modelica name: "subSample"...
// Whether a clock operator or a Clock constructor appears anywhere in `e`.
bool mentionsClocks(const Expr& e);
// Shortest text that reads back as the same double, always with a '.' or
// exponent so it stays a Real literal.
std::string formatReal(double value);

}  // namespace smc::flat
