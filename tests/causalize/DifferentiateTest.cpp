// Symbolic differentiation with respect to time: the rules of the
// operators and built-ins, piecewise-constant parts, and what cannot be
// differentiated. Variable derivatives come from a callback: x has der(x)
// (variable 2), k is constant in time.
#include "causalize/Differentiate.h"

#include <gtest/gtest.h>

namespace {

using namespace smc;
using flat::Builtin;
using flat::ExprPtr;
using flat::makeBinary;
using flat::makeCall;
using flat::makeReal;
using flat::makeVar;
using flat::Op;

const flat::VarId x = 0, k = 1;

// f has no derivative annotation; g(u, n) has derivative g_der(u, n, du),
// its second input not differentiated (an Integer).
flat::FlatModel names() {
  flat::FlatModel m;
  m.functions.resize(3);
  m.functions[0].name = "f";
  m.functions[0].numInputs = 1;
  m.functions[1].name = "g";
  m.functions[1].numInputs = 2;
  m.functions[1].derivative = flat::FunctionDerivative{2, {flat::InputDerivative::Differentiated,
                                                           flat::InputDerivative::None}};
  m.functions[2].name = "g_der";
  m.variables.resize(3);
  m.variables[0].name = "x";
  m.variables[1].name = "k";
  m.variables[2].name = "der(x)";
  return m;
}

// d/dt of `e` as text, or the diagnostics when it cannot be differentiated.
std::string derivative(const ExprPtr& e) {
  SourceManager sources;
  DiagnosticEngine diags(sources);
  diags.setOutput(nullptr);
  auto derivativeOf = [](flat::VarId v, SourceRange where) {
    return v == x ? makeVar(2, where) : makeReal(0, where);
  };
  const flat::FlatModel model = names();
  ExprPtr d = causal::timeDerivative(e, derivativeOf, model.functions, diags);
  if (d) return flat::toString(*d, names());
  std::string messages;
  for (const Diagnostic& report : diags.diagnostics()) messages += report.message + "\n";
  return messages;
}

TEST(Differentiate, ProductAndQuotientRules) {
  EXPECT_EQ(derivative(makeBinary(Op::Mul, makeVar(k), makeVar(x))), "k * der(x)");
  EXPECT_EQ(derivative(makeBinary(Op::Mul, makeVar(x), makeVar(x))), "der(x) * x + x * der(x)");
  EXPECT_EQ(derivative(makeBinary(Op::Div, makeVar(x), makeVar(k))), "der(x) / k");
  EXPECT_EQ(derivative(makeBinary(Op::Div, makeVar(k), makeVar(x))), "-k * der(x) / (x * x)");
}

TEST(Differentiate, PowerWithAConstantExponentAndTime) {
  // A literal exponent is lowered at once; x^2 needs no power at all.
  EXPECT_EQ(derivative(makeBinary(Op::Pow, makeVar(x), makeReal(3))), "3.0 * x ^ 2.0 * der(x)");
  EXPECT_EQ(derivative(makeBinary(Op::Pow, makeVar(x), flat::makeInteger(2))), "2 * x * der(x)");
  EXPECT_EQ(derivative(makeBinary(Op::Pow, makeVar(x), makeVar(k))), "k * x ^ (k - 1.0) * der(x)");
  EXPECT_EQ(derivative(makeBinary(Op::Mul, makeReal(2), flat::makeTime())), "2.0");
}

TEST(Differentiate, BuiltinsFollowTheChainRule) {
  EXPECT_EQ(derivative(makeCall(Builtin::Sin, {makeVar(x)})), "cos(x) * der(x)");
  EXPECT_EQ(derivative(makeCall(Builtin::Exp, {makeBinary(Op::Mul, makeVar(k), makeVar(x))})),
            "exp(k * x) * (k * der(x))");
  EXPECT_EQ(derivative(makeCall(Builtin::Sqrt, {makeVar(x)})), "der(x) / (2.0 * sqrt(x))");
  EXPECT_EQ(derivative(makeCall(Builtin::Max, {makeVar(x), makeVar(k)})), "if x > k then der(x) else 0.0");
}

TEST(Differentiate, PiecewiseConstantPartsHaveNoDerivative) {
  EXPECT_EQ(derivative(makeCall(Builtin::Floor, {makeVar(x)})), "0.0");
  EXPECT_EQ(derivative(flat::makePre(makeVar(x))), "0.0");
  EXPECT_EQ(derivative(flat::makeIf(makeBinary(Op::Greater, makeVar(x), makeVar(k)), makeVar(x), makeVar(k))),
            "if x > k then der(x) else 0.0");
}

TEST(Differentiate, AUserFunctionWithoutDerivativeAnnotationIsNotSupportedYet) {
  EXPECT_EQ(derivative(flat::makeFunctionCall(0, 0, {makeVar(x)})),
            "not supported yet: der() of a call of 'f', which has no derivative annotation and whose body is "
            "not straight-line assignments (spec 12.7.1)\n");
}

TEST(Differentiate, AUserFunctionCallGoesThroughItsDerivativeAnnotation) {
  EXPECT_EQ(derivative(flat::makeFunctionCall(1, 0, {makeBinary(Op::Mul, makeReal(2), makeVar(x)), makeVar(k)})),
            "g_der(2.0 * x, k, 2.0 * der(x))");
}

}  // namespace
