// The AST built for declarations: components and their ranges (1-based
// lines, byte columns, end just after the last character), clauses, prefixes,
// modifications, imports, class forms and prefixes, and the constructs
// reported as not supported yet; all expectations worked out by hand.
#include "ParseHelpers.h"

#include <gtest/gtest.h>

namespace smc::test {
namespace {

TEST(AstDeclaration, ComponentRangesCoverPrefixesThroughDescription) {
  // Line 2: `parameter` at column 3, `Real` 13, `k` 18, `(` 22, the binding
  // `{3, 4}` 41..46, the description's closing quote 53.
  Parsed parsed = parseText(
      "model M\n"
      "  parameter Real k[2](start = {1, 2}) = {3, 4} \"gain\";\n"
      "end M;\n");
  const ast::Component* k = findComponent(onlyClass(parsed), "k");
  ASSERT_TRUE(k);
  expectRange(k->range, 2, 3, 2, 54);
  expectRange(k->nameRange, 2, 18, 2, 19);
  expectRange(k->typeName.range, 2, 13, 2, 17);
  ASSERT_EQ(k->subscripts.size(), 1u);
  expectRange(k->subscripts[0]->range, 2, 20, 2, 21);
  ASSERT_TRUE(k->modification);
  expectRange(k->modification->range, 2, 22, 2, 47);
  ASSERT_TRUE(k->modification->binding);
  expectRange(k->modification->binding->range, 2, 41, 2, 47);
  EXPECT_EQ(k->range.begin.file, parsed.file);
  EXPECT_EQ(k->description, "gain");
}

TEST(AstDeclaration, RangeEndsOnTheLineOfTheLastToken) {
  Parsed parsed = parseText("model M\n  Real x =\n    1 +\n   22;\nend M;\n");
  const ast::Component* x = findComponent(onlyClass(parsed), "x");
  ASSERT_TRUE(x);
  expectRange(x->range, 2, 3, 4, 6);
  expectRange(x->modification->binding->range, 3, 5, 4, 6);
}

TEST(AstDeclaration, ClauseWithTwoNamesGivesTwoComponentsSharingTheType) {
  Parsed parsed = parseText("model M\n  parameter Real a = 1, b(start = 2) \"second\";\nend M;\n");
  const ast::ClassDef& cls = onlyClass(parsed);
  ASSERT_EQ(cls.components.size(), 2u);
  const ast::Component& a = cls.components[0];
  const ast::Component& b = cls.components[1];
  EXPECT_EQ(a.name, "a");
  EXPECT_EQ(b.name, "b");
  for (const ast::Component* c : {&a, &b}) {
    EXPECT_EQ(c->typeName.str(), "Real");
    EXPECT_EQ(c->variability, ast::Variability::Parameter);
  }
  ASSERT_TRUE(a.modification && a.modification->binding);
  EXPECT_EQ(a.modification->binding->integer, 1);
  EXPECT_TRUE(a.description.empty());
  ASSERT_TRUE(b.modification);
  EXPECT_FALSE(b.modification->binding);
  ASSERT_EQ(b.modification->arguments.size(), 1u);
  EXPECT_EQ(b.modification->arguments[0].path.str(), "start");
  EXPECT_EQ(b.description, "second");
  // Both start at `parameter`; each ends with its own declaration.
  expectRange(a.range, 2, 3, 2, 23);
  expectRange(b.range, 2, 3, 2, 46);
  expectRange(b.nameRange, 2, 25, 2, 26);
}

TEST(AstDeclaration, ModificationArgumentsKeepEachFinalNestingAndBindings) {
  Parsed parsed = parseText(
      "model M\n"
      "  Real x(each final start = 1, fixed = true, nominal(min = 0) = 2 \"n\", a.b = 3) = 4;\n"
      "  Real y := 5;\n"
      "end M;\n");
  const ast::ClassDef& cls = onlyClass(parsed);
  const ast::Component* x = findComponent(cls, "x");
  ASSERT_TRUE(x && x->modification);
  const ast::Modification& m = *x->modification;
  ASSERT_EQ(m.arguments.size(), 4u);
  EXPECT_TRUE(m.arguments[0].each);
  EXPECT_TRUE(m.arguments[0].final);
  EXPECT_EQ(m.arguments[0].path.str(), "start");
  EXPECT_EQ(m.arguments[0].modification->binding->integer, 1);
  EXPECT_FALSE(m.arguments[1].each);
  EXPECT_EQ(m.arguments[1].modification->binding->kind, ast::ExprKind::Boolean);
  EXPECT_TRUE(m.arguments[1].modification->binding->boolean);
  const ast::ElementModification& nominal = m.arguments[2];
  ASSERT_EQ(nominal.modification->arguments.size(), 1u);
  EXPECT_EQ(nominal.modification->arguments[0].path.str(), "min");
  EXPECT_EQ(nominal.modification->binding->integer, 2);
  EXPECT_EQ(nominal.description, "n");
  EXPECT_EQ(m.arguments[3].path.parts, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(m.binding->integer, 4);
  EXPECT_FALSE(m.assignStyle);
  const ast::Component* y = findComponent(cls, "y");
  ASSERT_TRUE(y && y->modification);
  EXPECT_TRUE(y->modification->assignStyle);
  EXPECT_EQ(y->modification->binding->integer, 5);
}

TEST(AstDeclaration, RedeclarationsInModificationsAreMarked) {
  Parsed parsed = parseText(
      "model M\n"
      "  extends B(redeclare Real x = 1, replaceable Real y, redeclare type T = Real, z = 2);\n"
      "end M;\n");
  const ast::ClassDef& cls = onlyClass(parsed);
  ASSERT_EQ(cls.extends.size(), 1u);
  const auto& args = cls.extends[0].modification->arguments;
  ASSERT_EQ(args.size(), 4u);
  EXPECT_TRUE(args[0].isRedeclaration);
  EXPECT_EQ(args[0].path.str(), "x");
  EXPECT_TRUE(args[1].isRedeclaration);
  EXPECT_EQ(args[1].path.str(), "y");
  EXPECT_TRUE(args[2].isRedeclaration);
  EXPECT_EQ(args[2].path.str(), "T");
  EXPECT_FALSE(args[3].isRedeclaration);
  // The new declarations themselves are kept.
  ASSERT_TRUE(args[0].redeclaredComponent);
  EXPECT_EQ(args[0].redeclaredComponent->typeName.str(), "Real");
  ASSERT_TRUE(args[0].redeclaredComponent->modification);
  EXPECT_EQ(args[0].redeclaredComponent->modification->binding->integer, 1);
  ASSERT_TRUE(args[1].redeclaredComponent);
  EXPECT_TRUE(args[1].redeclaredComponent->isReplaceable);
  ASSERT_TRUE(args[2].redeclaredClass);
  EXPECT_EQ(args[2].redeclaredClass->kind, ast::ClassKind::Type);
  EXPECT_EQ(args[2].redeclaredClass->shortBase.str(), "Real");
}

TEST(AstDeclaration, ConstrainingClausesAreKeptWithTheirModifications) {
  Parsed parsed = parseText(
      "model M\n"
      "  replaceable Resistor r(R = 1) constrainedby TwoPin(v(start = 0));\n"
      "  replaceable model Load = Resistor constrainedby TwoPin;\n"
      "  extends B(redeclare replaceable Capacitor c constrainedby OnePort);\n"
      "end M;\n");
  const ast::ClassDef& cls = onlyClass(parsed);
  ASSERT_EQ(cls.components.size(), 1u);
  ASSERT_TRUE(cls.components[0].constrainedBy);
  EXPECT_EQ(cls.components[0].constrainedBy->type.str(), "TwoPin");
  ASSERT_TRUE(cls.components[0].constrainedBy->modification);
  EXPECT_EQ(cls.components[0].constrainedBy->modification->arguments[0].path.str(), "v");
  ASSERT_EQ(cls.classes.size(), 1u);
  ASSERT_TRUE(cls.classes[0]->constrainedBy);
  EXPECT_EQ(cls.classes[0]->constrainedBy->type.str(), "TwoPin");
  const auto& redeclared = cls.extends[0].modification->arguments[0].redeclaredComponent;
  ASSERT_TRUE(redeclared && redeclared->constrainedBy);
  EXPECT_EQ(redeclared->constrainedBy->type.str(), "OnePort");
}

TEST(AstDeclaration, ElementPrefixesAndVisibility) {
  Parsed parsed = parseText(
      "model M\n"
      "  flow Real f;\n"
      "  stream Real s;\n"
      "  constant Integer c = 1;\n"
      "  discrete input Real d;\n"
      "  final output Real o;\n"
      "  inner outer Real io;\n"
      "  replaceable Real r;\n"
      "  redeclare Real rd;\n"
      "  Real cond if c > 0;\n"
      "protected\n"
      "  Real hidden;\n"
      "public\n"
      "  Real shown;\n"
      "end M;\n");
  const ast::ClassDef& cls = onlyClass(parsed);
  ASSERT_EQ(cls.components.size(), 11u);
  EXPECT_EQ(findComponent(cls, "f")->connectorKind, ast::ConnectorKind::Flow);
  EXPECT_EQ(findComponent(cls, "s")->connectorKind, ast::ConnectorKind::Stream);
  EXPECT_EQ(findComponent(cls, "c")->variability, ast::Variability::Constant);
  EXPECT_EQ(findComponent(cls, "d")->variability, ast::Variability::Discrete);
  EXPECT_EQ(findComponent(cls, "d")->causality, ast::Causality::Input);
  EXPECT_EQ(findComponent(cls, "o")->causality, ast::Causality::Output);
  EXPECT_TRUE(findComponent(cls, "o")->isFinal);
  EXPECT_TRUE(findComponent(cls, "io")->isInner);
  EXPECT_TRUE(findComponent(cls, "io")->isOuter);
  EXPECT_TRUE(findComponent(cls, "r")->isReplaceable);
  EXPECT_TRUE(findComponent(cls, "rd")->isRedeclare);
  ASSERT_TRUE(findComponent(cls, "cond")->condition);
  EXPECT_EQ(findComponent(cls, "cond")->condition->kind, ast::ExprKind::Binary);
  EXPECT_EQ(findComponent(cls, "f")->visibility, ast::Visibility::Public);
  EXPECT_EQ(findComponent(cls, "hidden")->visibility, ast::Visibility::Protected);
  EXPECT_EQ(findComponent(cls, "shown")->visibility, ast::Visibility::Public);
}

TEST(AstDeclaration, TypeSubscriptsAndDeclarationSubscriptsAreSeparate) {
  Parsed parsed = parseText("model M\n  Real[2] a[3, :];\nend M;\n");
  const ast::Component* a = findComponent(onlyClass(parsed), "a");
  ASSERT_TRUE(a);
  ASSERT_EQ(a->typeSubscripts.size(), 1u);
  EXPECT_EQ(a->typeSubscripts[0]->integer, 2);
  ASSERT_EQ(a->subscripts.size(), 2u);
  EXPECT_EQ(a->subscripts[0]->integer, 3);
  EXPECT_EQ(a->subscripts[1]->kind, ast::ExprKind::Colon);
}

TEST(AstDeclaration, ImportsOfAllFourKinds) {
  Parsed parsed = parseText(
      "package P\n"
      "  import A.B.C;\n"
      "  import D = A.B.C;\n"
      "  import A.B.*;\n"
      "  import A.B.{C, E};\n"
      "  import G.H \"described\";\n"
      "protected\n"
      "  import X;\n"
      "end P;\n");
  const ast::ClassDef& cls = onlyClass(parsed);
  ASSERT_EQ(cls.imports.size(), 6u);
  EXPECT_EQ(cls.imports[0].kind, ast::ImportKind::Qualified);
  EXPECT_EQ(cls.imports[0].path.str(), "A.B.C");
  EXPECT_EQ(cls.imports[1].kind, ast::ImportKind::Renamed);
  EXPECT_EQ(cls.imports[1].alias, "D");
  EXPECT_EQ(cls.imports[1].path.str(), "A.B.C");
  EXPECT_EQ(cls.imports[2].kind, ast::ImportKind::Unqualified);
  EXPECT_EQ(cls.imports[2].path.str(), "A.B");
  EXPECT_EQ(cls.imports[3].kind, ast::ImportKind::Multiple);
  EXPECT_EQ(cls.imports[3].path.str(), "A.B");
  EXPECT_EQ(cls.imports[3].names, (std::vector<std::string>{"C", "E"}));
  expectRange(cls.imports[3].range, 5, 3, 5, 20);
  EXPECT_EQ(cls.imports[4].kind, ast::ImportKind::Qualified);
  EXPECT_EQ(cls.imports[4].path.str(), "G.H");
  EXPECT_FALSE(cls.imports[4].path.global);
  EXPECT_EQ(cls.imports[5].visibility, ast::Visibility::Protected);
}

TEST(AstDeclaration, ShortClassForms) {
  Parsed parsed = parseText(
      "package P\n"
      "  type T = input Real[3](min = 0) \"t\" annotation(x = 1);\n"
      "  type E = enumeration(a \"first\", b) \"e\";\n"
      "  type Open = enumeration(:);\n"
      "  connector C = .Other.Conn;\n"
      "end P;\n");
  const ast::ClassDef& cls = onlyClass(parsed);
  ASSERT_EQ(cls.classes.size(), 4u);
  const ast::ClassDef& t = *cls.classes[0];
  EXPECT_EQ(t.form, ast::ClassForm::Short);
  EXPECT_EQ(t.kind, ast::ClassKind::Type);
  EXPECT_EQ(t.shortCausality, ast::Causality::Input);
  EXPECT_EQ(t.shortBase.str(), "Real");
  ASSERT_EQ(t.shortSubscripts.size(), 1u);
  ASSERT_TRUE(t.shortModification);
  EXPECT_EQ(t.shortModification->arguments[0].path.str(), "min");
  EXPECT_EQ(t.description, "t");
  ASSERT_TRUE(t.annotation);
  const ast::ClassDef& e = *cls.classes[1];
  EXPECT_EQ(e.form, ast::ClassForm::Enumeration);
  ASSERT_EQ(e.enumLiterals.size(), 2u);
  EXPECT_EQ(e.enumLiterals[0].name, "a");
  EXPECT_EQ(e.enumLiterals[0].description, "first");
  EXPECT_EQ(e.enumLiterals[1].name, "b");
  expectRange(e.enumLiterals[1].range, 3, 35, 3, 36);
  EXPECT_EQ(e.description, "e");
  EXPECT_FALSE(e.enumColon);
  EXPECT_TRUE(cls.classes[2]->enumColon);
  EXPECT_TRUE(cls.classes[2]->enumLiterals.empty());
  EXPECT_TRUE(cls.classes[3]->shortBase.global);
  EXPECT_EQ(cls.classes[3]->shortBase.str(), ".Other.Conn");
}

TEST(AstDeclaration, ClassPrefixesAndKinds) {
  Parsed parsed = parseText(
      "encapsulated package P\n"
      "  partial model A end A;\n"
      "  expandable connector B end B;\n"
      "  operator record C end C;\n"
      "  pure function D end D;\n"
      "  impure function E end E;\n"
      "  operator function F end F;\n"
      "  operator G end G;\n"
      "  record H end H;\n"
      "  class I end I;\n"
      "  block J end J;\n"
      "protected\n"
      "  replaceable model K end K;\n"
      "end P;\n"
      "final model Z end Z;\n");
  ASSERT_TRUE(parsed.result) << parsed.messages();
  ASSERT_EQ(parsed.result->classes.size(), 2u);
  const ast::ClassDef& p = *parsed.result->classes[0];
  EXPECT_TRUE(p.isEncapsulated);
  EXPECT_EQ(p.kind, ast::ClassKind::Package);
  ASSERT_EQ(p.classes.size(), 11u);
  using K = ast::ClassKind;
  std::vector<K> kinds;
  for (const auto& c : p.classes) kinds.push_back(c->kind);
  EXPECT_EQ(kinds, (std::vector<K>{K::Model, K::ExpandableConnector, K::OperatorRecord,
                                   K::Function, K::Function, K::OperatorFunction, K::Operator,
                                   K::Record, K::Class, K::Block, K::Model}));
  EXPECT_TRUE(p.classes[0]->isPartial);
  EXPECT_TRUE(p.classes[3]->isPure);
  EXPECT_TRUE(p.classes[4]->isImpure);
  EXPECT_TRUE(p.classes[10]->isReplaceable);
  EXPECT_EQ(p.classes[10]->visibility, ast::Visibility::Protected);
  expectRange(p.classes[10]->range, 13, 3, 13, 28);
  const ast::ClassDef& z = *parsed.result->classes[1];
  EXPECT_TRUE(z.isFinal);
  expectRange(z.range, 15, 1, 15, 20);
}

TEST(AstDeclaration, WithinClauseWithAndWithoutName) {
  Parsed named = parseText("within A.B;\nmodel M end M;\n");
  ASSERT_TRUE(named.result && named.result->within);
  EXPECT_EQ(named.result->within->str(), "A.B");
  Parsed bare = parseText("within;\nmodel M end M;\n");
  ASSERT_TRUE(bare.result && bare.result->within);
  EXPECT_TRUE(bare.result->within->parts.empty());
  Parsed none = parseText("model M end M;\n");
  ASSERT_TRUE(none.result);
  EXPECT_FALSE(none.result->within);
}

TEST(AstDeclaration, ExtendsWithModificationAndAnnotation) {
  Parsed parsed = parseText(
      "model M\n"
      "  extends .Base.Partial(k = 2, x(start = 1)) annotation(IconMap(visible = false));\n"
      "end M;\n");
  const ast::ClassDef& cls = onlyClass(parsed);
  ASSERT_EQ(cls.extends.size(), 1u);
  const ast::Extends& e = cls.extends[0];
  EXPECT_EQ(e.base.str(), ".Base.Partial");
  ASSERT_TRUE(e.modification);
  EXPECT_EQ(e.modification->arguments.size(), 2u);
  ASSERT_TRUE(e.annotation);
  EXPECT_EQ(e.annotation->modification.arguments[0].path.str(), "IconMap");
}

TEST(AstDeclaration, UnsupportedConstructsAreReportedWhereTheyAre) {
  struct Case {
    const char* text;
    uint32_t line, column;
    const char* message;
  };
  const Case cases[] = {
      {"model M\n  extends B(break x, k = 1);\nend M;\n", 2, 13,
       "not supported yet: inheritance modification ('break')"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    Parsed parsed = parseText(c.text);
    EXPECT_FALSE(parsed.result);
    ASSERT_EQ(parsed.diags->diagnostics().size(), 1u) << parsed.messages();
    const Diagnostic& d = parsed.diags->diagnostics()[0];
    EXPECT_EQ(d.severity, Severity::Error);
    EXPECT_EQ(d.message, c.message);
    EXPECT_EQ(d.range.begin.line, c.line);
    EXPECT_EQ(d.range.begin.column, c.column);
  }
}

// Spec 12.4.2.1: a function argument that binds some inputs of a named
// function; the AST keeps it (flattening reports it where it is used), so
// a library file that contains one still loads.
TEST(AstDeclaration, FunctionPartialApplicationsAreKeptAsArguments) {
  EXPECT_EQ(roundTrip("f(function g(a = 1, b = x), 2)"), "f(function g(a = 1, b = x), 2)");
  EXPECT_EQ(roundTrip("f(1, h = function .P.g())"), "f(1, h = function .P.g())");
}

TEST(AstDeclaration, MismatchedEndNameIsAnError) {
  Parsed parsed = parseText("model M\n  Real x;\nend N;\n");
  EXPECT_FALSE(parsed.result);
  ASSERT_EQ(parsed.diags->diagnostics().size(), 1u);
  const Diagnostic& d = parsed.diags->diagnostics()[0];
  EXPECT_EQ(d.message, "class 'M' is closed by 'end N'");
  EXPECT_EQ(d.range.begin.line, 3u);
  EXPECT_EQ(d.range.begin.column, 5u);
}

}  // namespace
}  // namespace smc::test
