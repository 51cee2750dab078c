// User functions (spec 12): the variable table (inputs, outputs, locals),
// statements of the body, calls with positional, named and default
// arguments, several outputs, recursion, evaluation at compile time, and
// the located errors for what a function may not contain; arrays inside
// functions, specialized to the sizes of each call (FunctionArrays).
#include "FlatFixture.h"

#include <gtest/gtest.h>

using namespace smc::test;
using smc::flat::BaseType;
using smc::flat::Causality;
using smc::flat::ExprKind;
using smc::flat::StatementKind;

namespace {

TEST(Functions, VariablesAreInputsThenOutputsThenLocals) {
  auto r = flattenToModel(R"(model M
  function f
    output Real y;
    input Real a;
  protected
    Integer k;
  public
    output Boolean ok;
    input Integer b = 2;
  algorithm
    k := b;
    y := a * k;
    ok := y > 0;
  end f;
  Real z = f(time);
end M;
)");
  ASSERT_TRUE(r.model) << r.diagnostics;
  ASSERT_EQ(r.model->functions.size(), 1u);
  const auto& f = r.model->functions[0];
  EXPECT_EQ(f.name, "M.f");
  EXPECT_EQ(f.numInputs, 2u);
  EXPECT_EQ(f.numOutputs, 2u);
  std::vector<std::string> names;
  for (const auto& v : f.variables) names.push_back(v.name);
  EXPECT_EQ(names, (std::vector<std::string>{"a", "b", "y", "ok", "k"}));
  EXPECT_EQ(f.variables[1].type, BaseType::Integer);
  EXPECT_EQ(f.variables[3].type, BaseType::Boolean);
  EXPECT_EQ(f.variables[0].causality, Causality::Input);
  EXPECT_EQ(f.variables[2].causality, Causality::Output);
  EXPECT_EQ(f.variables[4].causality, Causality::Local);
  ASSERT_TRUE(f.variables[1].binding);
  EXPECT_EQ(f.variables[1].binding->integer, 2);
  ASSERT_EQ(f.body.size(), 3u);
  EXPECT_EQ(f.body[0].kind, StatementKind::Assign);
  EXPECT_EQ(f.body[0].target, 4u);                 // k
  EXPECT_EQ(f.body[0].value->var, 1u);             // b
  EXPECT_EQ(f.body[1].target, 2u);                 // y
  // The call fills the defaulted input; its value is the first output.
  const auto& call = *r.model->equations.at(0).rhs;
  ASSERT_EQ(call.kind, ExprKind::FunctionCall);
  EXPECT_EQ(call.function, 0u);
  EXPECT_EQ(call.output, 0u);
  ASSERT_EQ(call.args.size(), 2u);
  EXPECT_EQ(call.args[0]->kind, ExprKind::Time);
  EXPECT_EQ(call.args[1]->integer, 2);
  EXPECT_EQ(smc::flat::typeOf(call, *r.model), BaseType::Real);
}

TEST(Functions, NamedArgumentsAndDefaultsThatUseOtherInputs) {
  const std::string text = flatText(R"(model M
  function g
    input Real a;
    input Real b = 2 * a;
    input Real c = a + b;
    output Real y;
  algorithm
    y := a + b + c;
  end g;
  Real u = g(time);
  Real v = g(c = 1, a = time);
  Real w = g(3, 4);
end M;
)");
  EXPECT_TRUE(has(text, "  u = M.g(time, 2 * time, time + 2 * time);\n")) << text;
  EXPECT_TRUE(has(text, "  v = M.g(time, 2 * time, 1);\n")) << text;
  EXPECT_TRUE(has(text, "  w = M.g(3, 4, 3 + 4);\n")) << text;
}

TEST(Functions, EachFunctionIsBuiltOnceInOrderOfFirstUse) {
  auto r = flattenToModel(R"(package P
  function f input Real x; output Real y; algorithm y := 2 * x; end f;
  function g input Real x; output Real y; algorithm y := f(x) + 1; end g;
  model M
    Real a = g(time);
    Real b = f(time);
    Real c = g(a);
  end M;
end P;
)", "P.M");
  ASSERT_TRUE(r.model) << r.diagnostics;
  const auto& fs = r.model->functions;
  ASSERT_EQ(fs.size(), 2u);
  EXPECT_EQ(fs[0].name, "P.g");
  EXPECT_EQ(fs[1].name, "P.f");
  EXPECT_EQ(r.model->equations[1].rhs->function, 1u);
  EXPECT_EQ(r.model->equations[2].rhs->function, 0u);
  // Inside g, f(x) is a call of function 1 on g's input.
  const auto& inner = *fs[0].body.at(0).value->args[0];
  EXPECT_EQ(inner.kind, ExprKind::FunctionCall);
  EXPECT_EQ(inner.function, 1u);
  EXPECT_EQ(inner.args[0]->kind, ExprKind::Var);
  EXPECT_EQ(inner.args[0]->var, 0u);
}

TEST(Functions, SeveralOutputsInEquationsAndAssignments) {
  auto r = flattenToModel(R"(model M
  function h
    input Real x;
    output Real a;
    output Integer b;
    output Real c;
  algorithm
    a := x; b := 2; c := 3 * x;
  end h;
  Real p, r, s, t;
  Integer q;
equation
  (p, , r) = h(time);
  s = h(2 * time) + 1;
algorithm
  (t, q) := h(1);
end M;
)");
  ASSERT_TRUE(r.model) << r.diagnostics;
  const auto& m = *r.model;
  const auto& tuple = m.equations.at(0);
  ASSERT_EQ(tuple.lhs->kind, ExprKind::Tuple);
  ASSERT_EQ(tuple.lhs->args.size(), 3u);
  EXPECT_EQ(tuple.lhs->args[0]->var, varId(m, "p"));
  EXPECT_EQ(tuple.lhs->args[1], nullptr);
  EXPECT_EQ(tuple.lhs->args[2]->var, varId(m, "r"));
  EXPECT_EQ(tuple.rhs->kind, ExprKind::FunctionCall);
  ASSERT_EQ(m.algorithms.size(), 1u);
  const auto& st = m.algorithms[0].statements.at(0);
  EXPECT_EQ(st.kind, StatementKind::TupleAssign);
  ASSERT_EQ(st.targets.size(), 2u);
  EXPECT_EQ(st.targets[0], varId(m, "t"));
  EXPECT_EQ(st.targets[1], varId(m, "q"));
  std::string text = smc::flat::dumpFlat(m);
  EXPECT_TRUE(has(text, "  (p, , r) = M.h(time);\n  s = M.h(2 * time) + 1;\n")) << text;
  EXPECT_TRUE(has(text, "algorithm\n  (t, q) := M.h(1);\n")) << text;
}

TEST(Functions, ForLoopIteratorBecomesAnIntegerLocal) {
  auto r = flattenToModel(R"(model M
  function tri
    input Integer n;
    output Integer s = 0;
  algorithm
    for i in 1:n loop
      s := s + i;
    end for;
    for i in n:-2:1 loop
      s := s - i;
    end for;
  end tri;
  Integer k = tri(integer(time));
end M;
)");
  ASSERT_TRUE(r.model) << r.diagnostics;
  const auto& f = r.model->functions.at(0);
  ASSERT_EQ(f.variables.size(), 4u);
  EXPECT_EQ(f.variables[2].name, "i");
  EXPECT_EQ(f.variables[2].type, BaseType::Integer);
  EXPECT_EQ(f.variables[3].name, "i$2");
  const auto& loop = f.body.at(0);
  EXPECT_EQ(loop.kind, StatementKind::For);
  EXPECT_EQ(loop.iterator, 2u);
  EXPECT_EQ(loop.rangeStart->integer, 1);
  EXPECT_EQ(loop.rangeStep->integer, 1);
  EXPECT_EQ(loop.rangeStop->var, 0u);
  EXPECT_EQ(loop.branches.at(0).at(0).value->args[1]->var, 2u);
  EXPECT_EQ(f.body.at(1).iterator, 3u);
  EXPECT_EQ(f.body.at(1).rangeStep->kind, ExprKind::Unary);
  std::string text = smc::flat::dumpFlat(*r.model);
  EXPECT_TRUE(has(text, "  for i in 1:n loop\n    s := s + i;\n  end for;\n")) << text;
  EXPECT_TRUE(has(text, "  for i$2 in n:-2:1 loop\n    s := s - i$2;\n  end for;\n")) << text;
}

TEST(Functions, ControlStatementsLower) {
  auto r = flattenToModel(R"(model M
  function steps
    input Real x;
    output Integer n;
  protected
    Real rest;
  algorithm
    n := 0;
    rest := x;
    assert(x >= 0, "x must not be negative");
    while true loop
      if rest < 1 then
        break;
      elseif rest > 100 then
        n := -1;
        return;
      else
        rest := rest / 2;
      end if;
      n := n + 1;
    end while;
  end steps;
  Integer k = steps(time);
end M;
)");
  ASSERT_TRUE(r.model) << r.diagnostics;
  const auto& body = r.model->functions.at(0).body;
  ASSERT_EQ(body.size(), 4u);
  EXPECT_EQ(body[2].kind, StatementKind::Assert);
  EXPECT_EQ(body[2].message->text, "x must not be negative");
  const auto& loop = body[3];
  EXPECT_EQ(loop.kind, StatementKind::While);
  const auto& branch = loop.branches.at(0).at(0);
  EXPECT_EQ(branch.kind, StatementKind::If);
  EXPECT_EQ(branch.conditions.size(), 2u);
  ASSERT_EQ(branch.branches.size(), 3u);
  EXPECT_EQ(branch.branches[0].at(0).kind, StatementKind::Break);
  EXPECT_EQ(branch.branches[1].at(1).kind, StatementKind::Return);
}

TEST(Functions, RecursionIsAllowed) {
  auto r = flattenToModel(R"(model M
  function fact
    input Integer n;
    output Integer f;
  algorithm
    f := if n <= 1 then 1 else n * fact(n - 1);
  end fact;
  Integer k = fact(integer(time));
end M;
)");
  ASSERT_TRUE(r.model) << r.diagnostics;
  ASSERT_EQ(r.model->functions.size(), 1u);
  const auto& value = *r.model->functions[0].body.at(0).value;  // if n <= 1 then 1 else n * fact(n - 1)
  const auto& recursive = *value.args[2]->args[1];
  EXPECT_EQ(recursive.kind, ExprKind::FunctionCall);
  EXPECT_EQ(recursive.function, 0u);
}

TEST(Functions, CallsOfConstantsAreEvaluatedAtCompileTime) {
  // sumTo(4) = 1 + 2 + 3 + 4 = 10 and fact(3) = 6 size arrays.
  const std::string text = flatText(R"(model M
  function sumTo
    input Integer n;
    output Integer s;
  protected
    Integer i;
  algorithm
    s := 0;
    i := 0;
    while i < n loop
      i := i + 1;
      s := s + i;
    end while;
  end sumTo;
  function fact
    input Integer n;
    output Integer f;
  algorithm
    f := if n <= 1 then 1 else n * fact(n - 1);
  end fact;
  Real x[sumTo(4)];
  Real y[fact(3)];
equation
  x = fill(1, sumTo(4));
  y = fill(2, 6);
end M;
)");
  EXPECT_TRUE(has(text, "  Real x[10];\n")) << text;
  EXPECT_FALSE(has(text, "x[11]")) << text;
  EXPECT_TRUE(has(text, "  Real y[6];\n")) << text;
  EXPECT_FALSE(has(text, "y[7]")) << text;
}

TEST(Functions, CompileTimeEvaluationReportsAFailedAssert) {
  std::string d = flattenErrors(R"(model M
  function half
    input Integer n;
    output Integer h;
  algorithm
    assert(mod(n, 2) == 0, "odd");
    h := div(n, 2);
  end half;
  Real x[half(3)];
end M;
)");
  EXPECT_TRUE(has(d, "test.mo:6:5: error: assertion failed in 'M.half' at compile time: odd")) << d;
}

// Only a function's own arrays are sliced when it runs; a slice of a
// constant with bounds that vary is refused where it is written.
TEST(Functions, AVaryingSliceOfAConstantArrayIsALocatedError) {
  std::string d = flattenErrors(R"(model M
  constant Real c[4] = {1, 2, 3, 4};
  function f
    input Integer i;
    output Real y;
  algorithm
    y := sum(c[i:i + 1]);
  end f;
  Real y = f(integer(time) + 1);
end M;
)");
  EXPECT_TRUE(has(d, "test.mo:7:14: error: not supported yet: a slice of 'c' whose bounds vary during simulation"))
      << d;
}

// `false and f(x)` needs no f(x) at translation, even when only the FMU
// could compute it (the MSL tables' file-name argument).
TEST(Functions, AShortCircuitedExternalCallIsNotNeededAtTranslation) {
  const std::string text = flatText(R"(model M
  function ext
    input Real x;
    output Real y;
    external "C" y = some_c_function(x);
  end ext;
  parameter Boolean useFile = false;
  Real x[if useFile and ext(1) > 0 then 3 else 2] = {time, 2 * time};
end M;
)");
  EXPECT_TRUE(has(text, "Real x[2];")) << text;
}

TEST(Functions, PackageConstantsFoldInsideTheBody) {
  const std::string text = flatText(R"(package P
  constant Real g = 9.81;
  function weight input Real m; output Real w; algorithm w := m * g; end weight;
  model M Real w = weight(time); end M;
end P;
)", "P.M");
  EXPECT_TRUE(has(text, "algorithm\n  w := m * 9.81;\nend P.weight;\n")) << text;
}

TEST(Functions, TooManyArgumentsIsALocatedError) {
  std::string d = flattenErrors(
      "model M\n  function f input Real a; output Real y; algorithm y := a; end f;\n  Real z = f(1, 2);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:3:12: error: function 'M.f' takes 1 input(s), 2 given")) << d;
}

TEST(Functions, UnknownNamedArgumentIsALocatedError) {
  std::string d = flattenErrors(
      "model M\n  function f input Real a; output Real y; algorithm y := a; end f;\n  Real z = f(b = 2);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:3:14: error: function 'M.f' has no input named 'b'")) << d;
  d = flattenErrors(
      "model M\n  function f input Real a; output Real y; algorithm y := a; end f;\n  Real z = f(y = 2);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:3:14: error: 'y' is not an input of function 'M.f'")) << d;
}

TEST(Functions, ArgumentGivenTwiceIsALocatedError) {
  std::string d = flattenErrors(
      "model M\n  function f input Real a; output Real y; algorithm y := a; end f;\n  Real z = f(1, a = 2);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:3:17: error: input 'a' of 'M.f' is given twice")) << d;
}

TEST(Functions, MissingArgumentIsALocatedError) {
  std::string d = flattenErrors(
      "model M\n  function f input Real a; input Real b; output Real y; algorithm y := a + b; end f;\n"
      "  Real z = f(1);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:3:12: error: missing argument for input 'b' of 'M.f' (it has no default)")) << d;
}

TEST(Functions, ArgumentOfTheWrongTypeIsALocatedError) {
  std::string d = flattenErrors(
      "model M\n  function f input Integer n; output Real y; algorithm y := n; end f;\n  Real z = f(1.5);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:3:14: error: argument 1 ('n') of 'M.f' must be Integer, not Real")) << d;
}

TEST(FunctionArrays, EachCallShapeBuildsItsOwnFunctionWithScalarizedArrays) {
  auto r = flattenToModel(R"(model M
  function total
    input Real u[:];
    output Real s;
  algorithm
    s := sum(u);
  end total;
  Real a = total({1, 2});
  Real b = total({1, 2, 3});
  Real c = total({4, 5});
end M;
)");
  ASSERT_TRUE(r.model) << r.diagnostics;
  ASSERT_EQ(r.model->functions.size(), 2u);  // sizes 2 and 3; the third call reuses the first
  const auto& two = r.model->functions[0];
  const auto& three = r.model->functions[1];
  EXPECT_EQ(two.numInputs, 2u);
  EXPECT_EQ(three.numInputs, 3u);
  ASSERT_EQ(two.declared.size(), 2u);
  EXPECT_EQ(two.declared[0].name, "u");
  EXPECT_EQ(two.declared[0].dims, (std::vector<long long>{2}));
  EXPECT_EQ(two.variables[1].name, "u[2]");
  EXPECT_EQ(r.model->equations.at(2).rhs->function, 0u);
  EXPECT_EQ(r.model->equations.at(2).rhs->args.size(), 2u);
}

TEST(FunctionArrays, AnOutputSizedByAnInputValueNeedsThatValueAtTranslation) {
  auto r = flattenToModel(R"(model M
  function ramp
    input Integer n;
    output Real y[n];
  algorithm
    for k in 1:n loop
      y[k] := k;
    end for;
  end ramp;
  parameter Integer n = 3;
  Real y[n] = ramp(n);
end M;
)");
  ASSERT_TRUE(r.model) << r.diagnostics;
  ASSERT_EQ(r.model->functions.size(), 1u);
  const auto& f = r.model->functions[0];
  EXPECT_EQ(f.numOutputs, 3u);
  // y[k] := k with k a loop variable: an element chosen when the loop runs.
  ASSERT_EQ(f.body.size(), 1u);
  ASSERT_EQ(f.body[0].kind, StatementKind::For);
  ASSERT_EQ(f.body[0].branches[0].size(), 1u);
  EXPECT_EQ(f.body[0].branches[0][0].kind, StatementKind::AssignElement);
  EXPECT_EQ(f.body[0].branches[0][0].element->kind, ExprKind::Element);
  // Each element of the model's y is its own output of the call.
  EXPECT_EQ(r.model->equations.at(2).rhs->output, 2u);
  std::string d = flattenErrors(R"(model M
  function ramp
    input Integer n;
    output Real y[n];
  algorithm
    y := fill(1, n);
  end ramp;
  Integer n = integer(time);
  Real y = sum(ramp(n));
end M;
)");
  EXPECT_TRUE(has(d, "test.mo:9:16: error: not supported yet: calling 'M.ramp' with input 'n' that varies: array "
                     "sizes in the function depend on its value"))
      << d;
}

TEST(FunctionArrays, AnArgumentOfTheWrongSizeIsALocatedError) {
  std::string d = flattenErrors(R"(model M
  function dot
    input Real x[:];
    input Real y[size(x, 1)];
    output Real s;
  algorithm
    s := x * y;
  end dot;
  Real z = dot({1, 2}, {1, 2, 3});
end M;
)");
  EXPECT_TRUE(has(d, "test.mo:9:12: error: argument 'y' of 'M.dot' has size [3], but its dimension 1 must be 2"))
      << d;
  EXPECT_TRUE(has(d, "test.mo:4:18: note: the size is declared here")) << d;
  d = flattenErrors(R"(model M
  function dot
    input Real x[:];
    output Real s;
  algorithm
    s := sum(x);
  end dot;
  Real z = dot(1);
end M;
)");
  EXPECT_TRUE(has(d, "test.mo:8:16: error: argument 1 ('x') of 'M.dot' must be an array, not a scalar")) << d;
}

// An input sized by its own shape (Modelica.Math.Matrices.solve:
// `input Real A[:, size(A, 1)]`, a square matrix).
TEST(FunctionArrays, AnInputMaySizeItselfByItsOwnShape) {
  std::string d = flattenErrors(R"(model M
  function trace
    input Real A[:, size(A, 1)];
    output Real s;
  algorithm
    s := sum(A[i, i] for i in 1:size(A, 1));
  end trace;
  Real z = trace([1, 2; 3, 4]);
  Real w = trace([1, 2, 3; 4, 5, 6]);
end M;
)");
  EXPECT_FALSE(has(d, "test.mo:8:")) << d;
  EXPECT_TRUE(has(d, "test.mo:9:12: error: argument 'A' of 'M.trace' has size [2, 3], but its dimension 2 must be 2"))
      << d;
}

TEST(FunctionArrays, AnArrayAssignmentReadingWhatItAssignsGoesThroughStagedValues) {
  auto r = flattenToModel(R"(model M
  function swap
    input Real u[2];
    output Real y[2];
  algorithm
    y := u;
    y := {y[2], y[1]};
  end swap;
  Real y[2] = swap({time, 1});
end M;
)");
  ASSERT_TRUE(r.model) << r.diagnostics;
  const auto& body = r.model->functions.at(0).body;
  // y[1] := u[1]; y[2] := u[2]; then two staged values before y is written.
  ASSERT_EQ(body.size(), 6u);
  const auto& f = r.model->functions[0];
  EXPECT_EQ(f.variables[body[2].target].name, "$staged");
  EXPECT_EQ(f.variables[body[3].target].name, "$staged$2");
  EXPECT_EQ(f.variables[body[4].target].name, "y[1]");
  EXPECT_EQ(body[4].value->var, body[2].target);
  // Each element reading only itself needs no staging.
  r = flattenToModel(R"(model M
  function twice
    input Real u[2];
    output Real y[2];
  algorithm
    y := u;
    y := 2 * y;
  end twice;
  Real y[2] = twice({time, 1});
end M;
)");
  ASSERT_TRUE(r.model) << r.diagnostics;
  EXPECT_EQ(r.model->functions.at(0).body.size(), 4u);
}

// A size computed by a function at translation runs its loop, indexing an
// array with the loop variable; an index out of range there is reported.
TEST(FunctionArrays, EvaluationAtTranslationIndexesArraysToo) {
  const char* source = R"(model M
  function firstTrue
    input Boolean b[:];
    output Integer index;
  algorithm
    index := 0;
    for i in 1:size(b, 1) loop
      if b[i] then
        index := i;
        return;
      end if;
    end for;
  end firstTrue;
  function pick
    input Integer u[:];
    input Integer k;
    output Integer y;
  algorithm
    y := u[k];
  end pick;
  Real z[firstTrue({false, true, false})];
  Real w[pick({1, 2}, K)];
end M;
)";
  auto replace = [&](const std::string& k) {
    std::string text = source;
    text.replace(text.find('K'), 1, k);
    return text;
  };
  auto r = flattenToModel(replace("1"));
  ASSERT_TRUE(r.model) << r.diagnostics;
  EXPECT_TRUE(has(smc::flat::dumpFlat(*r.model), "  Real z[2];\n  Real w[1];\n")) << smc::flat::dumpFlat(*r.model);
  std::string d = flattenErrors(replace("3"));
  EXPECT_TRUE(has(d, "index 3 is out of bounds for dimension 1 of 'u' (size 2) in function 'M.pick'")) << d;
}

TEST(FunctionArrays, ABranchWhoseConditionTheSizesDecideIsKeptOrDropped) {
  // For size 2 the first branch would index u[3]; it is dropped, not reported.
  auto r = flattenToModel(R"(model M
  function third
    input Real u[:];
    output Real y;
  algorithm
    if size(u, 1) >= 3 then
      y := u[3];
    else
      y := 0;
    end if;
  end third;
  Real a = third({1, 2});
  Real b = third({1, 2, 3});
end M;
)");
  ASSERT_TRUE(r.model) << r.diagnostics;
  ASSERT_EQ(r.model->functions.size(), 2u);
  ASSERT_EQ(r.model->functions[0].body.size(), 1u);
  EXPECT_EQ(r.model->functions[0].body[0].kind, StatementKind::Assign);
  EXPECT_EQ(r.model->functions[0].body[0].value->kind, ExprKind::Integer);
  EXPECT_EQ(r.model->functions[1].body[0].value->kind, ExprKind::Var);
}

TEST(FunctionArrays, ALocalNeverAssignedWithABindingKnownForTheShapeSizesExpressions) {
  auto r = flattenToModel(R"(model M
  function mean
    input Real u[:];
    output Real y;
  protected
    Integer n = size(u, 1);
  algorithm
    y := fill(1 / n, n) * u;
  end mean;
  Real y = mean({1, 2, 6});
end M;
)");
  ASSERT_TRUE(r.model) << r.diagnostics;
  std::string text = smc::flat::dumpFlat(*r.model);
  EXPECT_TRUE(has(text, "y := 1 / 3 * u[1] + 1 / 3 * u[2] + 1 / 3 * u[3];")) << text;
}

TEST(FunctionArrays, ACallReachedFromTheFunctionsOwnSizesIsALocatedCycleError) {
  std::string d = flattenErrors(R"(package P
  function f
    input Real x;
    output Real y[n];
  algorithm
    y := fill(x, n);
  end f;
  constant Integer n = integer(f(1) * 0) + 2;
  model M
    Real z[2] = f(time);
  end M;
end P;
)", "P.M");
  EXPECT_TRUE(has(d, "test.mo:8:32: error: function 'P.f' is called while the sizes of its own inputs and outputs "
                     "are worked out (they depend on a call of it)"))
      << d;
}

TEST(FunctionArrays, ARecursionWhoseSizesChangeAtEveryLevelStopsAtTheShapeLimit) {
  std::string d = flattenErrors(R"(model M
  function grow
    input Real u[:];
    output Real y;
  algorithm
    y := grow(cat(1, u, {1}));
  end grow;
  Real e = grow({1});
end M;
)");
  EXPECT_TRUE(has(d, "test.mo:6:10: error: function 'M.grow' is called with more than 64 different argument sizes "
                     "(a recursion whose array sizes change at every level?)"))
      << d;
}

TEST(FunctionArrays, ArraysTooLargeForTheStackAreNotSupportedYet) {
  std::string d = flattenErrors(R"(model M
  function total
    input Real u[:];
    output Real s;
  algorithm
    s := sum(u);
  end total;
  Real s = total(fill(1.0, 70000));
end M;
)");
  EXPECT_TRUE(has(d, "test.mo:8:12: error: not supported yet: calling 'M.total' with arrays this large: it would "
                     "hold 70001 scalar variables, more than 65536"))
      << d;
}

TEST(FunctionArrays, ASizeKnownOnlyWhenTheFunctionRunsIsNotSupportedYet) {
  std::string d = flattenErrors(R"(model M
  function f
    input Real u;
    output Real y;
  protected
    Integer n;
    Real w[n];
  algorithm
    n := integer(u);
    y := u;
  end f;
  Real z = f(time);
end M;
)");
  EXPECT_TRUE(has(d, "test.mo:7:12: error: not supported yet: array sizes known only when 'M.f' runs (the size of "
                     "'w')"))
      << d;
}

TEST(Functions, ADeclarationInheritedAlongTwoExtendsPathsIsOneElement) {
  auto r = flattenToModel(R"(model M
  partial function Base
    input Real x;
    output Real y;
  end Base;
  function Mid
    extends Base;
  algorithm
    y := 2 * x;
  end Mid;
  function Top
    extends Base;
    extends Mid;
  end Top;
  function Again "Mid's algorithm inherited along two paths"
    extends Mid;
    extends Top;
  end Again;
  Real z = Top(time);
  Real w = Again(time);
end M;
)");
  ASSERT_TRUE(r.model) << r.diagnostics;
  std::string text = smc::flat::dumpFlat(*r.model);
  EXPECT_TRUE(has(text, "y := 2 * x;")) << text;
}

// A replaceable partial function that no redeclaration replaces is an
// error at each call that reaches it, naming the function, with a note at
// its declaration.
TEST(Functions, CallingAPartialFunctionIsAnErrorAtTheCall) {
  std::string d = flattenErrors(R"(model M
  replaceable partial function enthalpy
    input Real T;
    output Real h;
  end enthalpy;
  function enthalpyAt
    input Real T;
    output Real h;
  algorithm
    h := enthalpy(T);
  end enthalpyAt;
  Real h = enthalpyAt(time);
end M;
)");
  EXPECT_TRUE(has(d, "test.mo:10:10: error: 'enthalpy' calls the partial function 'M.enthalpy', which no "
                     "redeclaration replaces here"))
      << d;
  EXPECT_TRUE(has(d, "test.mo:2:32: note: declared partial here")) << d;
}

TEST(Functions, AnExternalCallMapsArraysSizesAndOutputsAsWrittenOrByDefault) {
  auto r = flattenToModel(R"(model M
  function f
    input Real a[:];
    input Integer k;
    output Real y;
    output Real z;
  external "C" y = c_f(a, size(a, 1), 2 * k, z);
  end f;
  function g
    input Real a[:, :];
    output Real b[2];
    output Integer n;
  external "C";
  end g;
  Real y, z;
  Real b[2];
  Integer n;
equation
  (y, z) = f({1, 2, 3}, 4);
  (b, n) = g([1, 2; 3, 4]);
end M;
)");
  ASSERT_TRUE(r.model) << r.diagnostics;
  std::string text = smc::flat::dumpFlat(*r.model);
  // As written; size(a, 1) goes as a size_t, as the MSL's C prototypes expect.
  EXPECT_TRUE(has(text, "external \"C\" y = c_f(a[], size_t 3, 2 * k, &z);")) << text;
  // The default form: each array followed by its sizes, every output by address.
  EXPECT_TRUE(has(text, "external \"C\" g(a[], size_t 2, size_t 2, b[], size_t 2, &n);")) << text;
}

TEST(Functions, TimeAndModelOperatorsAreNotAvailableInside) {
  std::string d = flattenErrors(
      "model M\n  function f\n    input Real a;\n    output Real y;\n  algorithm\n    y := a * time;\n  end f;\n"
      "  Real z = f(1);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:6:14: error: 'time' cannot be used inside a function; pass it as an input (spec 12.2)"))
      << d;
  d = flattenErrors(
      "model M\n  function f\n    input Real a;\n    output Real y;\n  algorithm\n    y := pre(a);\n  end f;\n"
      "  Real z = f(1);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:6:10: error: pre() cannot be used inside a function (spec 12.2)")) << d;
}

TEST(Functions, ModelVariablesAreNotVisibleInside) {
  std::string d = flattenErrors(
      "model M\n  Real x = 1;\n  function f\n    input Real a;\n    output Real y;\n  algorithm\n    y := a + x;\n"
      "  end f;\n  Real z = f(1);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:7:14: error: 'x' is declared in an enclosing class but is not a constant")) << d;
}

TEST(Functions, PublicLocalIsALocatedError) {
  std::string d = flattenErrors(
      "model M\n  function f\n    input Real a;\n    Real t;\n    output Real y;\n  algorithm\n    y := a;\n  end f;\n"
      "  Real z = f(1);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:4:5: error: public 't' of function 'M.f' must be an input or an output")) << d;
}

TEST(Functions, AssigningAnInputIsALocatedError) {
  std::string d = flattenErrors(
      "model M\n  function f\n    input Real a;\n    output Real y;\n  algorithm\n    a := 2;\n    y := a;\n  end f;\n"
      "  Real z = f(1);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:6:5: error: input 'a' of function 'M.f' cannot be assigned (spec 12.2)")) << d;
}

TEST(Functions, AssigningTheWrongTypeIsALocatedError) {
  std::string d = flattenErrors(
      "model M\n  function f\n    input Real a;\n    output Integer y;\n  algorithm\n    y := a;\n  end f;\n"
      "  Integer z = f(1);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:6:10: error: cannot assign a Real value to the Integer variable 'y'")) << d;
}

TEST(Functions, FunctionWithoutOutputCannotBeAValue) {
  std::string d = flattenErrors(
      "model M\n  function check\n    input Real a;\n  algorithm\n    assert(a > 0, \"positive\");\n  end check;\n"
      "  Real z = check(1);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:7:12: error: function 'M.check' has no output and cannot be used in an expression")) << d;
}

TEST(Functions, WhenStatementInsideAFunctionIsAnError) {
  std::string d = flattenErrors(
      "model M\n  function f\n    input Real a;\n    output Real y = 0;\n  algorithm\n    when a > 1 then\n"
      "      y := 1;\n    end when;\n  end f;\n  Real z = f(time);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:6:5: error: a when-statement cannot be used inside a function (spec 11.2.7)")) << d;
}

TEST(Functions, TupleWithMoreTargetsThanOutputsIsAnError) {
  std::string d = flattenErrors(
      "model M\n  function f input Real a; output Real y; algorithm y := a; end f;\n  Real p, q;\nequation\n"
      "  (p, q) = f(time);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:5:3: error: function 'M.f' has 1 output(s) but 2 are assigned here")) << d;
}

TEST(Functions, SecondAlgorithmSectionIsAnError) {
  std::string d = flattenErrors(
      "model M\n  function f\n    input Real a;\n    output Real y;\n  algorithm\n    y := a;\n  algorithm\n"
      "    y := 2 * a;\n  end f;\n  Real z = f(1);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:7:3: error: function 'M.f' has more than one algorithm section (spec 12.2)")) << d;
}

TEST(Functions, ErrorsInsideAFunctionAreReportedOnce) {
  std::string d = flattenErrors(
      "model M\n  function f\n    input Real a;\n    output Real y;\n  algorithm\n    y := a + q;\n  end f;\n"
      "  Real z = f(1);\n  Real w = f(2);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:6:14: error: use of undeclared identifier 'q'")) << d;
  EXPECT_EQ(d.find("undeclared"), d.rfind("undeclared")) << d;
}

TEST(Functions, CallingAModelIsALocatedError) {
  std::string d = flattenErrors("model M\n  model Sub Real x; end Sub;\n  Real z = Sub(1);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:3:12: error: 'M.Sub' is a model, not a function, and cannot be called")) << d;
}

TEST(Functions, AVectorizedCallAppliesTheFunctionToEachElement) {
  auto r = flattenToModel(R"(model M
  function scale
    input Real a;
    input Real k = 2;
    output Real y;
  algorithm
    y := k * a;
  end scale;
  Real z[2] = scale({1, time});
  Real w[2] = scale({1, 2}, {3, 4});
end M;
)");
  ASSERT_TRUE(r.model) << r.diagnostics;
  std::string text = smc::flat::dumpFlat(*r.model);
  EXPECT_TRUE(has(text, "z[2] = M.scale(time, 2);")) << text;
  EXPECT_TRUE(has(text, "w[2] = M.scale(2, 4);")) << text;
  EXPECT_EQ(r.model->functions.size(), 1u);
  std::string d = flattenErrors(
      "model M\n  function f input Real a; input Real b; output Real y; algorithm y := a + b; end f;\n"
      "  Real z[2] = f({1, 2}, {1, 2, 3});\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:3:25: error: the array arguments of the vectorized call of 'M.f' differ in size: [2] "
                     "and [3]"))
      << d;
  d = flattenErrors(
      "model M\n  function f input Real a; output Real y; output Real e; algorithm y := a; e := a; end f;\n"
      "  Real z[2];\n  Real e;\nalgorithm\n  (z, e) := f({1, 2});\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:6:15: error: not supported yet: a vectorized call of 'M.f' here (argument 'a' is an "
                     "array)"))
      << d;
}

TEST(Functions, CallStatementDropsTheOutputs) {
  auto r = flattenToModel(R"(model M
  function check
    input Real a;
  algorithm
    assert(a > 0, "positive");
  end check;
  Real x = time + 1;
algorithm
  check(x);
end M;
)");
  ASSERT_TRUE(r.model) << r.diagnostics;
  const auto& st = r.model->algorithms.at(0).statements.at(0);
  EXPECT_EQ(st.kind, StatementKind::TupleAssign);
  EXPECT_TRUE(st.targets.empty());
  EXPECT_EQ(st.value->kind, ExprKind::FunctionCall);
  EXPECT_EQ(r.model->functions.at(0).numOutputs, 0u);
  EXPECT_TRUE(has(smc::flat::dumpFlat(*r.model), "algorithm\n  M.check(x);\n")) << smc::flat::dumpFlat(*r.model);
}

}  // namespace
