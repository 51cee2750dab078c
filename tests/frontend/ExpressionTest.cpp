// Expressions: precedence and associativity as the specification's grammar
// layers them (A.2.7: or < and < not < relation < +,- < *,/ < ^), literals,
// calls with named arguments, reductions and array comprehensions. The
// expected strings are the dump's infix form, where every operand that is
// itself an operator, if or range expression is parenthesised.
#include "ParseHelpers.h"

#include <gtest/gtest.h>

namespace smc::test {
namespace {

ast::ExprPtr bindingOf(Parsed& parsed) {
  if (!parsed.result || parsed.result->classes.empty() ||
      parsed.result->classes[0]->components.empty())
    return nullptr;
  auto& modification = parsed.result->classes[0]->components[0].modification;
  return modification ? std::move(modification->binding) : nullptr;
}

ast::ExprPtr parseExpression(const std::string& text) {
  Parsed parsed = parseText("model M Real r = " + text + "; end M;");
  EXPECT_TRUE(parsed.result) << parsed.messages();
  return bindingOf(parsed);
}

TEST(Expression, MultiplicationBindsTighterThanAddition) {
  EXPECT_EQ(roundTrip("1 + 2 * 3"), "1 + (2 * 3)");
  EXPECT_EQ(roundTrip("1 * 2 + 3"), "(1 * 2) + 3");
}

TEST(Expression, OperatorsOfOneLevelAssociateToTheLeft) {
  EXPECT_EQ(roundTrip("a - b - c"), "(a - b) - c");
  EXPECT_EQ(roundTrip("a / b / c"), "(a / b) / c");
  EXPECT_EQ(roundTrip("a .* b ./ c"), "(a .* b) ./ c");
}

TEST(Expression, LeadingSignAppliesToTheWholeFirstTerm) {
  EXPECT_EQ(roundTrip("-a * b + c"), "(-(a * b)) + c");
  EXPECT_EQ(roundTrip("-2 ^ 2"), "-(2 ^ 2)");
  EXPECT_EQ(roundTrip("+x"), "+x");
}

TEST(Expression, PowerTakesPrimariesOnly) {
  EXPECT_EQ(roundTrip("2 ^ (-1)"), "2 ^ (-1)");
  EXPECT_EQ(roundTrip("a .^ 2 * b"), "(a .^ 2) * b");
  // `2 ^ 3 ^ 2` is not Modelica: factor is primary [^ primary].
  EXPECT_FALSE(parseText("model M Real r = 2 ^ 3 ^ 2; end M;").result);
}

TEST(Expression, LogicalOperatorPrecedence) {
  EXPECT_EQ(roundTrip("a or b and not c"), "a or (b and (not c))");
  EXPECT_EQ(roundTrip("not a < b"), "not (a < b)");
  EXPECT_EQ(roundTrip("x + 1 >= y * 2"), "(x + 1) >= (y * 2)");
  EXPECT_EQ(roundTrip("a <> b"), "a <> b");
  // Relations do not chain.
  EXPECT_FALSE(parseText("model M Boolean r = a < b < c; end M;").result);
}

TEST(Expression, ParenthesesRegroupAndWidenTheRange) {
  EXPECT_EQ(roundTrip("(a + b) * c"), "(a + b) * c");
  ast::ExprPtr e = parseExpression("(a + b) * c");
  ASSERT_TRUE(e);
  // `model M Real r = ` is 17 bytes: `(` is at column 18.
  EXPECT_EQ(e->args[0]->range.begin.column, 18u);
  EXPECT_EQ(e->args[0]->range.end.column, 25u);
  EXPECT_EQ(e->range.begin.column, 18u);
  EXPECT_EQ(e->range.end.column, 29u);
}

TEST(Expression, RangesWithAndWithoutStep) {
  ast::ExprPtr two = parseExpression("1:n");
  ASSERT_TRUE(two);
  EXPECT_EQ(two->kind, ast::ExprKind::Range);
  EXPECT_EQ(two->args.size(), 2u);
  ast::ExprPtr three = parseExpression("0.0:0.5:2");
  ASSERT_TRUE(three);
  ASSERT_EQ(three->args.size(), 3u);
  EXPECT_DOUBLE_EQ(three->args[1]->real, 0.5);  // start:step:stop
  EXPECT_EQ(roundTrip("1:n-1"), "1:(n - 1)");
}

TEST(Expression, IfExpressionOperandsInSourceOrder) {
  ast::ExprPtr e = parseExpression("if a then 1 elseif b then 2 else 3");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind, ast::ExprKind::If);
  ASSERT_EQ(e->args.size(), 5u);
  EXPECT_EQ(e->args[0]->ref.parts[0].name, "a");
  EXPECT_EQ(e->args[3]->integer, 2);
  EXPECT_EQ(e->args[4]->integer, 3);
  EXPECT_EQ(roundTrip("1 + (if a then 1 else 2)"), "1 + (if a then 1 else 2)");
}

TEST(Expression, NumberLiterals) {
  struct Case {
    const char* text;
    ast::ExprKind kind;
    double value;
  };
  const Case cases[] = {
      {"42", ast::ExprKind::Integer, 42},     {"1.5e3", ast::ExprKind::Real, 1500},
      {"1.", ast::ExprKind::Real, 1},         {".5", ast::ExprKind::Real, 0.5},
      {"3E+2", ast::ExprKind::Real, 300},     {"2e-3", ast::ExprKind::Real, 0.002},
      {"1.E3", ast::ExprKind::Real, 1000},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    ast::ExprPtr e = parseExpression(c.text);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, c.kind);
    if (c.kind == ast::ExprKind::Integer)
      EXPECT_EQ(e->integer, static_cast<long long>(c.value));
    else
      EXPECT_DOUBLE_EQ(e->real, c.value);
    EXPECT_EQ(e->text, c.text);
  }
}

TEST(Expression, BooleanAndStringLiterals) {
  EXPECT_TRUE(parseExpression("true")->boolean);
  EXPECT_FALSE(parseExpression("false")->boolean);
  ast::ExprPtr s = parseExpression("\"a\" + \"b\"");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->kind, ast::ExprKind::Binary);
  EXPECT_EQ(s->args[0]->text, "a");
}

TEST(Expression, CallsWithNamedArguments) {
  ast::ExprPtr e = parseExpression("transition(a, b, c > 1, immediate = false, priority = 2)");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind, ast::ExprKind::Call);
  EXPECT_EQ(e->ref.parts[0].name, "transition");
  EXPECT_EQ(e->args.size(), 3u);
  ASSERT_EQ(e->named.size(), 2u);
  EXPECT_EQ(e->named[0].name, "immediate");
  EXPECT_FALSE(e->named[0].value->boolean);
  EXPECT_EQ(e->named[1].name, "priority");
  EXPECT_EQ(e->named[1].value->integer, 2);
  ast::ExprPtr onlyNamed = parseExpression("Clock(interval = 0.1)");
  ASSERT_TRUE(onlyNamed);
  EXPECT_TRUE(onlyNamed->args.empty());
  EXPECT_EQ(onlyNamed->named.size(), 1u);
  EXPECT_EQ(roundTrip("f()"), "f()");
}

TEST(Expression, KeywordNamedCalls) {
  EXPECT_EQ(parseExpression("der(x)")->ref.parts[0].name, "der");
  EXPECT_EQ(parseExpression("initial()")->ref.parts[0].name, "initial");
  ast::ExprPtr pure = parseExpression("pure(f(x))");
  ASSERT_TRUE(pure);
  EXPECT_EQ(pure->ref.parts[0].name, "pure");
  EXPECT_EQ(pure->args[0]->kind, ast::ExprKind::Call);
}

TEST(Expression, ReductionAndArrayComprehensions) {
  ast::ExprPtr reduction = parseExpression("max(x[i] for i in 1:n)");
  ASSERT_TRUE(reduction);
  EXPECT_EQ(reduction->kind, ast::ExprKind::Call);
  ASSERT_EQ(reduction->args.size(), 1u);
  EXPECT_EQ(reduction->args[0]->kind, ast::ExprKind::Ref);
  ASSERT_EQ(reduction->iterators.size(), 1u);
  EXPECT_EQ(reduction->iterators[0].name, "i");
  EXPECT_EQ(reduction->iterators[0].range->kind, ast::ExprKind::Range);

  ast::ExprPtr array = parseExpression("{i ^ 2 for i in 1:3, j}");
  ASSERT_TRUE(array);
  EXPECT_EQ(array->kind, ast::ExprKind::Array);
  ASSERT_EQ(array->args.size(), 1u);
  ASSERT_EQ(array->iterators.size(), 2u);
  EXPECT_FALSE(array->iterators[1].range);
  EXPECT_EQ(roundTrip("{i for i in 1:3}"), "{i for i in 1:3}");
}

TEST(Expression, ArrayMatrixAndTupleConstructors) {
  ast::ExprPtr array = parseExpression("{1, 2, 3}");
  ASSERT_TRUE(array);
  EXPECT_EQ(array->args.size(), 3u);
  ast::ExprPtr matrix = parseExpression("[1, 2; 3, 4; 5, 6]");
  ASSERT_TRUE(matrix);
  EXPECT_EQ(matrix->kind, ast::ExprKind::Matrix);
  ASSERT_EQ(matrix->rows.size(), 3u);
  EXPECT_EQ(matrix->rows[2][1]->integer, 6);
  EXPECT_EQ(roundTrip("{{1, 2}, {3}}"), "{{1, 2}, {3}}");
  EXPECT_EQ(roundTrip("[a, b; c, d]"), "[a, b; c, d]");
  EXPECT_EQ(parseExpression("{}")->args.size(), 0u);
}

TEST(Expression, ComponentReferencesWithSubscriptsAndGlobalPrefix) {
  ast::ExprPtr e = parseExpression("a.b[1, :].c");
  ASSERT_TRUE(e);
  ASSERT_EQ(e->ref.parts.size(), 3u);
  EXPECT_EQ(e->ref.parts[1].name, "b");
  ASSERT_EQ(e->ref.parts[1].subscripts.size(), 2u);
  EXPECT_EQ(e->ref.parts[1].subscripts[1]->kind, ast::ExprKind::Colon);
  // `model M Real r = a.` is 19 bytes: `b[1, :]` spans columns 20..26.
  EXPECT_EQ(e->ref.parts[1].range.begin.column, 20u);
  EXPECT_EQ(e->ref.parts[1].range.end.column, 27u);
  EXPECT_FALSE(e->ref.global);
  ast::ExprPtr global = parseExpression(".Modelica.Constants.pi");
  ASSERT_TRUE(global);
  EXPECT_TRUE(global->ref.global);
  EXPECT_EQ(roundTrip(".Modelica.Constants.pi"), ".Modelica.Constants.pi");
}

TEST(Expression, BinaryRangeSpansItsOperands) {
  ast::ExprPtr e = parseExpression("alpha * beta");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->range.begin.column, 18u);
  EXPECT_EQ(e->range.end.column, 30u);
}

}  // namespace
}  // namespace smc::test
