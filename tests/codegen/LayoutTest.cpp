// Value references and FMI attributes: the documented order (declaration
// order, each run of states followed by their derivatives, each type
// numbered from 0)
// and the role -> causality/variability/initial table of Layout.h.
#include "TestModels.h"
#include "codegen/Layout.h"
#include "smc/model.h"

#include <gtest/gtest.h>

namespace smc::codegen {
namespace {

using namespace testing;

class LayoutTest : public ::testing::Test {
protected:
  LayoutTest() : diags(sources) { diags.setOutput(nullptr); }

  const VarInfo& info(const Layout& layout, const causal::CausalModel& model,
                      const std::string& name) {
    for (const VarInfo& v : layout.vars)
      if (model.flat.variables[v.id].name == name) return v;
    throw std::runtime_error("no variable " + name);
  }

  SourceManager sources;
  DiagnosticEngine diags;
};

TEST_F(LayoutTest, DerivativeFollowsItsStateInDeclarationOrder) {
  causal::CausalModel model = dahlquist();  // flat order: k, x, y, der(x)
  std::optional<Layout> layout = buildLayout(model, diags);
  ASSERT_TRUE(layout);
  std::vector<std::string> order;
  for (const VarInfo& v : layout->vars) order.push_back(model.flat.variables[v.id].name);
  EXPECT_EQ(order, (std::vector<std::string>{"k", "x", "der(x)", "y"}));
  for (size_t i = 0; i < layout->vars.size(); ++i) {
    EXPECT_EQ(layout->vars[i].valueReference, static_cast<int32_t>(i));
    EXPECT_EQ(layout->vars[i].index, i + 1);
  }
  EXPECT_EQ(layout->numReals, 4);
  EXPECT_EQ(layout->numIntegers, 0);
  EXPECT_EQ(layout->numBooleans, 0);
}

// Consecutive states (the elements of a state array) get consecutive value
// references, and so do their derivatives, so that equations over
// neighbouring elements touch neighbouring slots.
TEST_F(LayoutTest, RunOfStatesIsFollowedByTheirDerivativesInTheSameOrder) {
  ModelBuilder m("Runs");
  const flat::VarId a = m.state("x[1]", real(0.0));
  const flat::VarId b = m.state("x[2]", real(0.0));
  m.algebraic("y", true);
  const flat::VarId c = m.state("z", real(0.0));
  m.derivative(c);  // created out of order: the layout orders by state
  m.derivative(a);
  m.derivative(b);
  std::optional<Layout> layout = buildLayout(m.model(), diags);
  ASSERT_TRUE(layout);
  std::vector<std::string> order;
  for (const VarInfo& v : layout->vars) order.push_back(m.model().flat.variables[v.id].name);
  EXPECT_EQ(order, (std::vector<std::string>{"x[1]", "x[2]", "der(x[1])", "der(x[2])", "y", "z",
                                             "der(z)"}));
  for (size_t i = 0; i < layout->vars.size(); ++i)
    EXPECT_EQ(layout->vars[i].valueReference, static_cast<int32_t>(i));
}

// Members of one numbered family of instances share a family (RunOrder.h
// groups their assignments by it); other names do not.
TEST_F(LayoutTest, NamesThatDifferOnlyInTheirNumbersShareAFamily) {
  ModelBuilder b("Families");
  for (const char* name : {"r_3.n.i", "r_12.n.i", "r[7].n.i", "r[12].n.i", "c_3.n.i"}) b.algebraic(name, true);
  causal::CausalModel model = b.model();
  std::optional<Layout> layout = buildLayout(model, diags);
  ASSERT_TRUE(layout);
  auto family = [&](const char* name) { return info(*layout, model, name).family; };
  EXPECT_EQ(family("r_3.n.i"), family("r_12.n.i"));
  EXPECT_EQ(family("r[7].n.i"), family("r[12].n.i"));
  EXPECT_NE(family("r_3.n.i"), family("c_3.n.i"));
  EXPECT_NE(family("r_3.n.i"), family("r[7].n.i"));
}

TEST_F(LayoutTest, EachTypeIsNumberedFromZero) {
  ModelBuilder m("Types");
  m.parameter("n", integer(3), flat::BaseType::Integer);
  m.parameter("r", real(1.0));
  m.input("on", boolean(true), flat::BaseType::Boolean);
  m.parameter("m", integer(4), flat::BaseType::Integer);
  m.input("u", real(0.5));
  std::optional<Layout> layout = buildLayout(m.model(), diags);
  ASSERT_TRUE(layout);
  EXPECT_EQ(info(*layout, m.model(), "n").valueReference, 0);
  EXPECT_EQ(info(*layout, m.model(), "m").valueReference, 1);
  EXPECT_EQ(info(*layout, m.model(), "r").valueReference, 0);
  EXPECT_EQ(info(*layout, m.model(), "u").valueReference, 1);
  EXPECT_EQ(info(*layout, m.model(), "on").valueReference, 0);
  EXPECT_EQ(layout->numIntegers, 2);
  EXPECT_EQ(layout->numReals, 2);
  EXPECT_EQ(layout->numBooleans, 1);
}

// set_start_values copies each start into its variable's array as that
// array's type, so the layout must hold every start in its variable's type.
TEST_F(LayoutTest, StartValuesAreHeldInTheVariablesType) {
  ModelBuilder m("Starts");
  m.parameter("r", integer(2));  // a Real parameter = 2
  std::optional<Layout> layout = buildLayout(m.model(), diags);
  ASSERT_TRUE(layout);
  const VarInfo& r = info(*layout, m.model(), "r");
  EXPECT_EQ(r.start.type, flat::BaseType::Real);
  EXPECT_EQ(r.start.real, 2.0);
}

TEST_F(LayoutTest, DahlquistRolesMapToLegalFmiAttributes) {
  causal::CausalModel model = dahlquist();
  std::optional<Layout> layout = buildLayout(model, diags);
  ASSERT_TRUE(layout);

  const VarInfo& k = info(*layout, model, "k");
  EXPECT_EQ(k.causality, FmiCausality::Parameter);
  EXPECT_EQ(k.variability, FmiVariability::Fixed);
  EXPECT_EQ(k.initial, FmiInitial::Exact);
  EXPECT_TRUE(k.startInXml);
  EXPECT_EQ(k.start.real, 1.5);
  EXPECT_EQ(k.flags, SMC_VAR_PARAMETER | SMC_VAR_START_EXACT);

  const VarInfo& x = info(*layout, model, "x");
  EXPECT_EQ(x.causality, FmiCausality::Local);
  EXPECT_EQ(x.variability, FmiVariability::Continuous);
  EXPECT_EQ(x.initial, FmiInitial::Exact);
  EXPECT_EQ(x.start.real, 1.0);
  EXPECT_EQ(x.flags, SMC_VAR_START_EXACT);

  const VarInfo& dx = info(*layout, model, "der(x)");
  EXPECT_EQ(dx.causality, FmiCausality::Local);
  EXPECT_EQ(dx.initial, FmiInitial::Calculated);
  EXPECT_FALSE(dx.startInXml);
  ASSERT_TRUE(dx.derivativeOf);
  EXPECT_EQ(*dx.derivativeOf, x.index);
  EXPECT_EQ(dx.flags, 0);

  const VarInfo& y = info(*layout, model, "y");
  EXPECT_EQ(y.causality, FmiCausality::Output);
  EXPECT_EQ(y.variability, FmiVariability::Continuous);
  EXPECT_EQ(y.initial, FmiInitial::Calculated);
  EXPECT_FALSE(y.startInXml);
}

TEST_F(LayoutTest, CalculatedParameterAndNonLiteralStartAreCalculated) {
  causal::CausalModel model = parameterChain();
  std::optional<Layout> layout = buildLayout(model, diags);
  ASSERT_TRUE(layout);
  const VarInfo& q = info(*layout, model, "q");
  EXPECT_EQ(q.causality, FmiCausality::CalculatedParameter);
  EXPECT_EQ(q.variability, FmiVariability::Fixed);
  EXPECT_EQ(q.initial, FmiInitial::Calculated);
  EXPECT_FALSE(q.startInXml);
  EXPECT_EQ(q.flags, 0);

  const VarInfo& x = info(*layout, model, "x");  // start = p
  EXPECT_EQ(x.initial, FmiInitial::Calculated);
  EXPECT_FALSE(x.startInXml);
  EXPECT_TRUE(x.startExpression);
  EXPECT_EQ(x.flags, 0);
}

TEST_F(LayoutTest, StateWithFixedFalseHasApproximateStart) {
  ModelBuilder m("Approx");
  flat::VarId x = m.state("x", real(2.0));
  m.variable(x).attributes.fixed = false;
  m.derivative(x);
  std::optional<Layout> layout = buildLayout(m.model(), diags);
  ASSERT_TRUE(layout);
  EXPECT_EQ(layout->of(x).initial, FmiInitial::Approx);
  EXPECT_TRUE(layout->of(x).startInXml);
  EXPECT_EQ(layout->of(x).start.real, 2.0);
}

TEST_F(LayoutTest, StateSolvedForByInitializationHasApproximateStart) {
  // initial equation der(x) = 0 makes x an unknown of initialization.
  causal::CausalModel model = dahlquist();
  const flat::VarId x = model.states[0];
  model.initialization.insert(model.initialization.begin(), assign(x, real(0.0)));
  std::optional<Layout> layout = buildLayout(model, diags);
  ASSERT_TRUE(layout);
  EXPECT_EQ(layout->of(x).initial, FmiInitial::Approx);
  EXPECT_TRUE(layout->of(x).startInXml);
}

TEST_F(LayoutTest, InitializationBlockThatKeepsTheStartLeavesItExact) {
  causal::CausalModel model = dahlquist();
  const flat::VarId x = model.states[0];
  model.initialization.insert(model.initialization.begin(), assign(x, real(1.0)));  // x := start
  std::optional<Layout> layout = buildLayout(model, diags);
  ASSERT_TRUE(layout);
  EXPECT_EQ(layout->of(x).initial, FmiInitial::Exact);
}

TEST_F(LayoutTest, ConstantValueFollowsOtherConstantsAndNegation) {
  ModelBuilder m("Constants");
  flat::VarId c = m.constant("c", integer(3), flat::BaseType::Integer);
  flat::VarId d = m.constant("d", unary(flat::Op::Negate, var(c)));  // Real d = -c
  std::optional<Layout> layout = buildLayout(m.model(), diags);
  ASSERT_TRUE(layout);
  EXPECT_EQ(layout->of(d).variability, FmiVariability::Constant);
  EXPECT_EQ(layout->of(d).initial, FmiInitial::Exact);
  EXPECT_EQ(layout->of(d).start.type, flat::BaseType::Real);
  EXPECT_EQ(layout->of(d).start.real, -3.0);
  EXPECT_EQ(layout->of(c).start.integer, 3);
}

TEST_F(LayoutTest, ConstantWithoutCompileTimeValueIsAnError) {
  ModelBuilder m("BadConstant");
  m.constant("c", timeExpr());
  EXPECT_FALSE(buildLayout(m.model(), diags));
  ASSERT_EQ(diags.errorCount(), 1u);
  EXPECT_NE(diags.diagnostics()[0].message.find("constant 'c'"), std::string::npos);
}

TEST_F(LayoutTest, StringVariableIsReportedAsUnsupported) {
  ModelBuilder m("Strings");
  flat::VarId s = m.parameter("s", nullptr);
  m.variable(s).type = flat::BaseType::String;
  EXPECT_FALSE(buildLayout(m.model(), diags));
  ASSERT_EQ(diags.errorCount(), 1u);
  EXPECT_NE(diags.diagnostics()[0].message.find("not supported yet: String variable 's'"),
            std::string::npos);
}

TEST_F(LayoutTest, ParameterWithoutLiteralValueIsAnError) {
  ModelBuilder m("Parameters");
  flat::VarId p = m.parameter("p", real(1.0));
  flat::VarId q = m.parameter("q", nullptr);
  m.variable(q).attributes.start = var(p);
  EXPECT_FALSE(buildLayout(m.model(), diags));
  ASSERT_EQ(diags.errorCount(), 1u);
  EXPECT_NE(diags.diagnostics()[0].message.find("parameter 'q' has no binding"), std::string::npos);
}

TEST_F(LayoutTest, InputNeedsLiteralStart) {
  ModelBuilder m("Inputs");
  flat::VarId p = m.parameter("p", real(1.0));
  m.input("u", var(p));
  EXPECT_FALSE(buildLayout(m.model(), diags));
  EXPECT_EQ(diags.errorCount(), 1u);
}

TEST_F(LayoutTest, InconsistentCausalModelIsAnInternalErrorNotACrash) {
  causal::CausalModel model = dahlquist();
  model.roles.pop_back();
  EXPECT_FALSE(buildLayout(model, diags));
  model = dahlquist();
  model.derivatives[0] = 99;
  EXPECT_FALSE(buildLayout(model, diags));
  EXPECT_EQ(diags.errorCount(), 2u);
  for (const Diagnostic& d : diags.diagnostics())
    EXPECT_EQ(d.message.rfind("internal error:", 0), 0u) << d.message;
}

}  // namespace
}  // namespace smc::codegen
