// The AST built for equations, statements and their sections, annotations,
// descriptions, string escapes, unicode text, quoted identifiers and `end`
// in subscripts; ranges and shapes worked out by hand from the source text.
#include "ParseHelpers.h"

#include <gtest/gtest.h>

namespace smc::test {
namespace {

TEST(AstEquation, EquationAndSectionRanges) {
  Parsed parsed = parseText(
      "model M\n"
      "  Real x;\n"
      "equation\n"
      "  der(x) = -x \"decay\";\n"
      "end M;\n");
  const ast::ClassDef& cls = onlyClass(parsed);
  ASSERT_EQ(cls.equationSections.size(), 1u);
  const ast::EquationSection& section = cls.equationSections[0];
  expectRange(section.range, 3, 1, 4, 23);
  ASSERT_EQ(section.equations.size(), 1u);
  const ast::Equation& eq = section.equations[0];
  EXPECT_EQ(eq.kind, ast::EquationKind::Simple);
  expectRange(eq.range, 4, 3, 4, 22);
  expectRange(eq.lhs->range, 4, 3, 4, 9);
  expectRange(eq.rhs->range, 4, 12, 4, 14);
  EXPECT_EQ(eq.description, "decay");
  expectRange(cls.range, 1, 1, 5, 6);
  expectRange(cls.nameRange, 1, 7, 1, 8);
}

TEST(AstEquation, ForIfWhenAndConnectEquations) {
  Parsed parsed = parseText(
      "model M\n"
      "equation\n"
      "  for i in 1:n, j loop\n"
      "    x[i, j] = 0;\n"
      "  end for;\n"
      "  if a then\n"
      "    y = 1;\n"
      "  elseif b then\n"
      "    y = 2;\n"
      "    z = 2;\n"
      "  else\n"
      "    y = 3;\n"
      "  end if;\n"
      "  when {c, d} then\n"
      "    reinit(x, 0);\n"
      "  elsewhen e then\n"
      "    w = 1;\n"
      "  end when;\n"
      "  connect(p.a[1], .q.b) \"link\";\n"
      "end M;\n");
  const ast::ClassDef& cls = onlyClass(parsed);
  ASSERT_EQ(cls.equationSections.size(), 1u);
  const ast::EquationList& eqs = cls.equationSections[0].equations;
  ASSERT_EQ(eqs.size(), 4u);

  const ast::Equation& loop = eqs[0];
  EXPECT_EQ(loop.kind, ast::EquationKind::For);
  ASSERT_EQ(loop.iterators.size(), 2u);
  EXPECT_EQ(loop.iterators[0].name, "i");
  ASSERT_TRUE(loop.iterators[0].range);
  EXPECT_EQ(loop.iterators[0].range->kind, ast::ExprKind::Range);
  EXPECT_EQ(loop.iterators[1].name, "j");
  EXPECT_FALSE(loop.iterators[1].range);
  ASSERT_EQ(loop.branches.size(), 1u);
  EXPECT_EQ(loop.branches[0].size(), 1u);

  const ast::Equation& branch = eqs[1];
  EXPECT_EQ(branch.kind, ast::EquationKind::If);
  EXPECT_EQ(branch.conditions.size(), 2u);  // the else branch has none
  ASSERT_EQ(branch.branches.size(), 3u);
  EXPECT_EQ(branch.branches[0].size(), 1u);
  EXPECT_EQ(branch.branches[1].size(), 2u);
  EXPECT_EQ(branch.branches[2].size(), 1u);
  expectRange(branch.range, 6, 3, 13, 9);

  const ast::Equation& when = eqs[2];
  EXPECT_EQ(when.kind, ast::EquationKind::When);
  ASSERT_EQ(when.conditions.size(), 2u);
  EXPECT_EQ(when.conditions[0]->kind, ast::ExprKind::Array);
  ASSERT_EQ(when.branches.size(), 2u);
  const ast::Equation& reinit = when.branches[0][0];
  EXPECT_EQ(reinit.kind, ast::EquationKind::Call);
  EXPECT_EQ(reinit.lhs->kind, ast::ExprKind::Call);
  EXPECT_EQ(reinit.lhs->ref.parts[0].name, "reinit");
  EXPECT_EQ(reinit.lhs->args.size(), 2u);
  expectRange(reinit.lhs->range, 15, 5, 15, 17);

  const ast::Equation& connect = eqs[3];
  EXPECT_EQ(connect.kind, ast::EquationKind::Connect);
  ASSERT_EQ(connect.connectA.parts.size(), 2u);
  EXPECT_EQ(connect.connectA.parts[1].name, "a");
  EXPECT_EQ(connect.connectA.parts[1].subscripts.size(), 1u);
  EXPECT_TRUE(connect.connectB.global);
  EXPECT_EQ(connect.description, "link");
}

TEST(AstEquation, InitialEquationSectionVersusInitialCall) {
  Parsed parsed = parseText(
      "model M\n"
      "initial equation\n"
      "  x = 0;\n"
      "equation\n"
      "  when initial() then\n"
      "    y = 1;\n"
      "  end when;\n"
      "  y = if initial() then 1 else 2;\n"
      "initial algorithm\n"
      "  z := 1;\n"
      "end M;\n");
  const ast::ClassDef& cls = onlyClass(parsed);
  ASSERT_EQ(cls.equationSections.size(), 2u);
  EXPECT_TRUE(cls.equationSections[0].initial);
  EXPECT_FALSE(cls.equationSections[1].initial);
  const ast::EquationList& eqs = cls.equationSections[1].equations;
  ASSERT_EQ(eqs.size(), 2u);
  EXPECT_EQ(eqs[0].conditions[0]->kind, ast::ExprKind::Call);
  EXPECT_EQ(eqs[0].conditions[0]->ref.parts[0].name, "initial");
  EXPECT_EQ(eqs[1].rhs->args[0]->ref.parts[0].name, "initial");
  ASSERT_EQ(cls.algorithmSections.size(), 1u);
  EXPECT_TRUE(cls.algorithmSections[0].initial);
}

TEST(AstEquation, AlgorithmStatements) {
  Parsed parsed = parseText(
      "function f\n"
      "algorithm\n"
      "  x := 1;\n"
      "  (a, , b) := g(x);\n"
      "  (c) := g(x);\n"
      "  print(\"hi\");\n"
      "  while x < 10 loop\n"
      "    x := x + 1;\n"
      "    break;\n"
      "  end while;\n"
      "  for i in 1:3 loop\n"
      "    return;\n"
      "  end for;\n"
      "  if x > 1 then x := 0; else x := 2; end if;\n"
      "  when x > 2 then x := 3; end when;\n"
      "end f;\n");
  const ast::ClassDef& cls = onlyClass(parsed);
  ASSERT_EQ(cls.algorithmSections.size(), 1u);
  const ast::StatementList& s = cls.algorithmSections[0].statements;
  ASSERT_EQ(s.size(), 8u);
  EXPECT_EQ(s[0].kind, ast::StatementKind::Assign);
  EXPECT_EQ(s[0].lhs->kind, ast::ExprKind::Ref);
  EXPECT_EQ(s[1].kind, ast::StatementKind::Assign);
  ASSERT_EQ(s[1].lhs->kind, ast::ExprKind::Tuple);
  ASSERT_EQ(s[1].lhs->args.size(), 3u);
  EXPECT_TRUE(s[1].lhs->args[0]);
  EXPECT_FALSE(s[1].lhs->args[1]);  // the empty slot
  EXPECT_TRUE(s[1].lhs->args[2]);
  EXPECT_EQ(s[1].rhs->kind, ast::ExprKind::Call);
  ASSERT_EQ(s[2].lhs->kind, ast::ExprKind::Tuple);
  EXPECT_EQ(s[2].lhs->args.size(), 1u);
  EXPECT_EQ(s[3].kind, ast::StatementKind::Call);
  EXPECT_EQ(s[3].rhs->ref.parts[0].name, "print");
  EXPECT_EQ(s[4].kind, ast::StatementKind::While);
  ASSERT_EQ(s[4].branches.size(), 1u);
  ASSERT_EQ(s[4].branches[0].size(), 2u);
  EXPECT_EQ(s[4].branches[0][1].kind, ast::StatementKind::Break);
  EXPECT_EQ(s[5].kind, ast::StatementKind::For);
  EXPECT_EQ(s[5].branches[0][0].kind, ast::StatementKind::Return);
  EXPECT_EQ(s[6].kind, ast::StatementKind::If);
  EXPECT_EQ(s[6].branches.size(), 2u);
  EXPECT_EQ(s[7].kind, ast::StatementKind::When);
}

TEST(AstEquation, AnnotationsOnEquationsStatementsAndClasses) {
  Parsed parsed = parseText(
      "model M\n"
      "  Real x annotation(Evaluate = true);\n"
      "equation\n"
      "  x = 1 \"one\" annotation(a = 1);\n"
      "algorithm\n"
      "  y := 2 annotation(b = 2);\n"
      "  annotation(experiment(StopTime = 2));\n"
      "end M;\n");
  const ast::ClassDef& cls = onlyClass(parsed);
  ASSERT_TRUE(cls.components[0].annotation);
  const ast::Equation& eq = cls.equationSections[0].equations[0];
  EXPECT_EQ(eq.description, "one");
  ASSERT_TRUE(eq.annotation);
  EXPECT_EQ(eq.annotation->modification.arguments[0].path.str(), "a");
  ASSERT_TRUE(cls.algorithmSections[0].statements[0].annotation);
  ASSERT_TRUE(cls.annotation);
  expectRange(cls.annotation->range, 7, 3, 7, 39);
}

TEST(AstEquation, DescriptionConcatenationAndEscapes) {
  Parsed parsed = parseText(
      "model M \"part one, \" + \"part two\"\n"
      "  String s = \"a\\\"b\\\\c\\nd\\te\\'f\\?g\";\n"
      "end M;\n");
  const ast::ClassDef& cls = onlyClass(parsed);
  EXPECT_EQ(cls.description, "part one, part two");
  const ast::Component* s = findComponent(cls, "s");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->modification->binding->kind, ast::ExprKind::String);
  EXPECT_EQ(s->modification->binding->text, "a\"b\\c\nd\te'f?g");
}

TEST(AstEquation, UnicodeInStringsAndCommentsWithByteColumns) {
  // "∑" is three bytes (E2 88 91), "é" two: columns count bytes.
  Parsed parsed = parseText(
      "model M \"température ∆\"\n"
      "  // commentaire: é ü 中文\n"
      "  /* bloc ∑ */ Real x \"naïve\";\n"
      "end M;\n");
  const ast::ClassDef& cls = onlyClass(parsed);
  EXPECT_EQ(cls.description, "température ∆");
  const ast::Component* x = findComponent(cls, "x");
  ASSERT_TRUE(x);
  EXPECT_EQ(x->description, "naïve");
  // `  /* bloc ` is 10 bytes, `∑` 3, ` */ ` 4: `Real` starts at byte 18;
  // `Real x "na` is 10 bytes, `ï` 2, `ve"` 3: the range ends after byte 32.
  expectRange(x->range, 3, 18, 3, 33);
}

TEST(AstEquation, QuotedIdentifiersKeepTheirQuotes) {
  Parsed parsed = parseText("model 'My Model'\n  Real 'x.y' = 'a\\?b'.c;\nend 'My Model';\n");
  const ast::ClassDef& cls = onlyClass(parsed);
  EXPECT_EQ(cls.name, "'My Model'");
  ASSERT_EQ(cls.components.size(), 1u);
  EXPECT_EQ(cls.components[0].name, "'x.y'");
  const ast::Expr& value = *cls.components[0].modification->binding;
  ASSERT_EQ(value.ref.parts.size(), 2u);
  EXPECT_EQ(value.ref.parts[0].name, "'a?b'");  // \? is the plain '?'
}

TEST(AstEquation, EndInsideSubscripts) {
  Parsed parsed = parseText("model M\n  Real y = x[end] + x[end - 1] + sum(x[2:end]);\nend M;\n");
  const ast::Component* y = findComponent(onlyClass(parsed), "y");
  ASSERT_TRUE(y);
  const ast::Expr& sum = *y->modification->binding;  // (x[end] + x[end - 1]) + sum(...)
  const ast::Expr& first = *sum.args[0]->args[0];
  ASSERT_EQ(first.ref.parts[0].subscripts.size(), 1u);
  EXPECT_EQ(first.ref.parts[0].subscripts[0]->kind, ast::ExprKind::End);
  const ast::Expr& call = *sum.args[1];
  const ast::Expr& range = *call.args[0]->ref.parts[0].subscripts[0];
  EXPECT_EQ(range.kind, ast::ExprKind::Range);
  EXPECT_EQ(range.args[1]->kind, ast::ExprKind::End);
}

}  // namespace
}  // namespace smc::test
