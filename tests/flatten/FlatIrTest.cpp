// The flat IR helpers on hand-built models: the text of constructs that
// flattening itself never produces in that shape (a later output of a
// function call, loops with a step), expression types, and compile-time
// calls of functions through the interpreter.
#include "flatten/ConstEval.h"
#include "flatten/FlatModel.h"

#include <gtest/gtest.h>

namespace {

using namespace smc::flat;

Variable variable(const std::string& name, BaseType type, Causality causality = Causality::Local) {
  Variable v;
  v.name = name;
  v.type = type;
  v.causality = causality;
  v.variability = type == BaseType::Real ? Variability::Continuous : Variability::Discrete;
  return v;
}

Statement assign(VarId target, ExprPtr value) {
  Statement s;
  s.kind = StatementKind::Assign;
  s.target = target;
  s.value = std::move(value);
  return s;
}

// divmod(a, b): q = div(a, b), r = a - q*b, by repeated subtraction.
Function divmod() {
  Function f;
  f.name = "divmod";
  f.variables = {variable("a", BaseType::Integer, Causality::Input), variable("b", BaseType::Integer, Causality::Input),
                 variable("q", BaseType::Integer, Causality::Output), variable("r", BaseType::Integer, Causality::Output)};
  f.numInputs = 2;
  f.numOutputs = 2;
  f.body.push_back(assign(2, makeInteger(0)));
  f.body.push_back(assign(3, makeVar(0)));
  Statement loop;
  loop.kind = StatementKind::While;
  loop.conditions = {makeBinary(Op::GreaterEq, makeVar(3), makeVar(1))};
  loop.branches = {{assign(3, makeBinary(Op::Sub, makeVar(3), makeVar(1))),
                    assign(2, makeBinary(Op::Add, makeVar(2), makeInteger(1)))}};
  f.body.push_back(loop);
  return f;
}

TEST(FlatIr, LaterOutputOfACallIsNamedAfterTheOutput) {
  FlatModel m;
  m.functions.push_back(divmod());
  ExprPtr call = makeFunctionCall(0, 1, {makeInteger(17), makeInteger(5)});
  EXPECT_EQ(toString(*call, m), "divmod(17, 5).r");
  EXPECT_EQ(toString(*makeFunctionCall(0, 0, {makeInteger(1), makeInteger(2)}), m), "divmod(1, 2)");
  EXPECT_EQ(typeOf(*call, m), BaseType::Integer);
}

TEST(FlatIr, InterpreterComputesBothOutputs) {
  FlatModel m;
  m.functions.push_back(divmod());
  ConstantEvaluator evaluator(m);
  // 17 = 3*5 + 2.
  auto q = evaluator.evaluate(*makeFunctionCall(0, 0, {makeInteger(17), makeInteger(5)}));
  auto r = evaluator.evaluate(*makeFunctionCall(0, 1, {makeInteger(17), makeInteger(5)}));
  ASSERT_TRUE(q && r) << evaluator.error().message;
  EXPECT_EQ(q->integer, 3);
  EXPECT_EQ(r->integer, 2);
}

TEST(FlatIr, InterpreterStopsAnEndlessLoop) {
  FlatModel m;
  Function f = divmod();
  f.name = "spin";
  // b = 0 never lets r drop below b.
  m.functions.push_back(f);
  ConstantEvaluator evaluator(m);
  evaluator.setStepLimit(1000);
  EXPECT_FALSE(evaluator.evaluate(*makeFunctionCall(0, 0, {makeInteger(1), makeInteger(0)})));
  EXPECT_EQ(evaluator.error().message,
            "evaluating 'spin' at compile time takes more than 1000 steps (endless loop?)");
}

TEST(FlatIr, InterpreterReportsAnUnassignedOutput) {
  FlatModel m;
  Function f = divmod();
  f.body.clear();
  m.functions.push_back(f);
  ConstantEvaluator evaluator(m);
  EXPECT_FALSE(evaluator.evaluate(*makeFunctionCall(0, 0, {makeInteger(1), makeInteger(2)})));
  EXPECT_EQ(evaluator.error().message, "output 'q' of 'divmod' is not assigned");
}

TEST(FlatIr, ForLoopWithAStepPrintsTheStep) {
  FlatModel m;
  Function f;
  f.name = "down";
  f.variables = {variable("n", BaseType::Integer, Causality::Input), variable("s", BaseType::Integer, Causality::Output),
                 variable("i", BaseType::Integer)};
  f.numInputs = 1;
  f.numOutputs = 1;
  Statement loop;
  loop.kind = StatementKind::For;
  loop.iterator = 2;
  loop.rangeStart = makeVar(0);
  loop.rangeStep = makeInteger(-2);
  loop.rangeStop = makeInteger(1);
  loop.branches = {{assign(1, makeBinary(Op::Add, makeVar(1), makeVar(2)))}};
  f.body = {assign(1, makeInteger(0)), loop};
  m.functions.push_back(f);
  m.name = "Empty";
  EXPECT_EQ(dumpFlat(m),
            "function down\n  input Integer n;\n  output Integer s;\nprotected\n  Integer i;\nalgorithm\n"
            "  s := 0;\n  for i in n:-2:1 loop\n    s := s + i;\n  end for;\nend down;\n\nclass Empty\nend Empty;\n");
  // n = 6: 6 + 4 + 2 = 12.
  ConstantEvaluator evaluator(m);
  auto value = evaluator.evaluate(*makeFunctionCall(0, 0, {makeInteger(6)}));
  ASSERT_TRUE(value) << evaluator.error().message;
  EXPECT_EQ(value->integer, 12);
}

TEST(FlatIr, TypesOfTheNewExpressionKinds) {
  FlatModel m;
  m.variables = {variable("n", BaseType::Integer), variable("x", BaseType::Real)};
  EXPECT_EQ(typeOf(*makePre(makeVar(0)), m), BaseType::Integer);
  EXPECT_EQ(typeOf(*makeSample(makeInteger(0), makeReal(0.1)), m), BaseType::Boolean);
  EXPECT_EQ(typeOf(*makeInitial(), m), BaseType::Boolean);
  EXPECT_EQ(typeOf(*makeBinary(Op::Mul, makeVar(0), makeInteger(2)), m), BaseType::Integer);
  EXPECT_EQ(typeOf(*makeBinary(Op::Div, makeVar(0), makeInteger(2)), m), BaseType::Real);
  EXPECT_EQ(typeOf(*makeCall(Builtin::SemiLinear, {makeVar(1), makeInteger(1), makeInteger(2)}), m), BaseType::Real);
  EXPECT_EQ(toString(*makeTuple({makeVar(0), nullptr, makeVar(1)}), m), "(n, , x)");
  EXPECT_TRUE(isAssignable(BaseType::Real, BaseType::Integer));
  EXPECT_FALSE(isAssignable(BaseType::Integer, BaseType::Real));
}

}  // namespace
