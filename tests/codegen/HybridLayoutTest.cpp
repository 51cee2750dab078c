// Layout and modelDescription.xml of hybrid models: hidden variables have
// slots after every visible one but no ScalarVariable, discrete variables
// are discrete (exact when initialization keeps their start, calculated
// when it computes them), discrete Reals carry SMC_VAR_DISCRETE, and
// numberOfEventIndicators counts the zero crossings.
#include "FmiRules.h"
#include "HybridModels.h"
#include "codegen/Layout.h"
#include "codegen/ModelDescription.h"
#include "smc/model.h"

#include <gtest/gtest.h>
#include <pugixml.hpp>

namespace smc::codegen {
namespace {

using namespace testing;

class HybridLayoutTest : public ::testing::Test {
protected:
  HybridLayoutTest() : diags(sources) { diags.setOutput(nullptr); }

  const VarInfo& info(const Layout& layout, const causal::CausalModel& model,
                      const std::string& name) {
    for (const VarInfo& v : layout.vars)
      if (model.flat.variables[v.id].name == name) return v;
    throw std::runtime_error("no variable " + name);
  }

  std::string describe(const causal::CausalModel& model) {
    std::optional<Layout> layout = buildLayout(model, diags);
    if (!layout) return {};
    return modelDescriptionXml(model, *layout, "Id", "{01234567-89ab-cdef-0123-456789abcdef}");
  }

  static pugi::xml_node variable(const pugi::xml_document& doc, const std::string& name) {
    return doc.child("fmiModelDescription")
        .child("ModelVariables")
        .find_child_by_attribute("ScalarVariable", "name", name.c_str());
  }

  SourceManager sources;
  DiagnosticEngine diags;
};

TEST_F(HybridLayoutTest, HybridModelsSatisfyFmiRules) {
  for (const causal::CausalModel& model :
       {bouncingBall(), sampledCounter(0.5, 0.25), thermostat(), elsewhenPriority(),
        whenInitial(), algorithmWhen()}) {
    const std::string xml = describe(model);
    ASSERT_FALSE(xml.empty()) << model.flat.name;
    std::vector<std::string> violations = fmiRuleViolations(xml);
    EXPECT_TRUE(violations.empty()) << model.flat.name << ": " << violations.front() << "\n" << xml;
  }
}

TEST_F(HybridLayoutTest, HiddenVariablesComeLastAndAreNotDescribed) {
  causal::CausalModel model = bouncingBall();
  std::optional<Layout> layout = buildLayout(model, diags);
  ASSERT_TRUE(layout);
  // Visible: g e h der(h) v der(v) height bounces; hidden: h <= 0, $cond0.
  ASSERT_EQ(layout->vars.size(), 10u);
  for (size_t i = 0; i < 8; ++i) {
    EXPECT_FALSE(layout->vars[i].hidden);
    EXPECT_EQ(layout->vars[i].index, i + 1);
  }
  const VarInfo& relation = info(*layout, model, "h <= 0");
  const VarInfo& condition = info(*layout, model, "$cond0");
  EXPECT_TRUE(relation.hidden && condition.hidden);
  EXPECT_EQ(relation.index, 0u);
  EXPECT_EQ(relation.valueReference, 0);
  EXPECT_EQ(condition.valueReference, 1);
  EXPECT_EQ(layout->numBooleans, 2);
  EXPECT_EQ(relation.flags, 0);

  pugi::xml_document doc;
  ASSERT_TRUE(doc.load_string(describe(model).c_str()));
  pugi::xml_node root = doc.child("fmiModelDescription");
  EXPECT_STREQ(root.attribute("numberOfEventIndicators").value(), "1");
  size_t described = 0;
  for (pugi::xml_node sv : root.child("ModelVariables").children("ScalarVariable")) {
    ++described;
    EXPECT_EQ(std::string(sv.attribute("name").value()).find_first_of("<$"), std::string::npos);
  }
  EXPECT_EQ(described, 8u);
}

TEST_F(HybridLayoutTest, DiscreteVariableKeptAtItsStartIsExact) {
  causal::CausalModel model = bouncingBall();
  std::optional<Layout> layout = buildLayout(model, diags);
  ASSERT_TRUE(layout);
  const VarInfo& bounces = info(*layout, model, "bounces");
  EXPECT_EQ(bounces.variability, FmiVariability::Discrete);
  EXPECT_EQ(bounces.causality, FmiCausality::Local);
  EXPECT_EQ(bounces.initial, FmiInitial::Exact);
  EXPECT_EQ(bounces.flags, SMC_VAR_START_EXACT);  // Integers are discrete anyway

  pugi::xml_document doc;
  ASSERT_TRUE(doc.load_string(describe(model).c_str()));
  pugi::xml_node sv = variable(doc, "bounces");
  EXPECT_STREQ(sv.attribute("variability").value(), "discrete");
  EXPECT_STREQ(sv.attribute("initial").value(), "exact");
  EXPECT_STREQ(sv.child("Integer").attribute("start").value(), "0");
}

TEST_F(HybridLayoutTest, DiscreteRealIsFlaggedForTheRuntime) {
  causal::CausalModel model = sampledCounter(0.5, 0.25);
  std::optional<Layout> layout = buildLayout(model, diags);
  ASSERT_TRUE(layout);
  const VarInfo& last = info(*layout, model, "last");
  EXPECT_EQ(last.variability, FmiVariability::Discrete);
  EXPECT_EQ(last.causality, FmiCausality::Output);
  EXPECT_EQ(last.flags, SMC_VAR_DISCRETE | SMC_VAR_START_EXACT);
  EXPECT_EQ(last.start.real, -1.0);
  const VarInfo& counter = info(*layout, model, "$sample0.counter");
  EXPECT_TRUE(counter.hidden);
  EXPECT_EQ(counter.flags, 0);
}

TEST_F(HybridLayoutTest, DiscreteVariableComputedAtInitializationIsCalculated) {
  {
    causal::CausalModel model = whenInitial();  // k: `when initial() then k = 7`
    std::optional<Layout> layout = buildLayout(model, diags);
    ASSERT_TRUE(layout);
    EXPECT_EQ(info(*layout, model, "k").initial, FmiInitial::Calculated);
    EXPECT_FALSE(info(*layout, model, "k").startInXml);
    EXPECT_EQ(info(*layout, model, "m").initial, FmiInitial::Exact);  // not active at start
  }
  causal::CausalModel model = algorithmWhen();  // n, y: outputs of an algorithm
  std::optional<Layout> layout = buildLayout(model, diags);
  ASSERT_TRUE(layout);
  EXPECT_EQ(info(*layout, model, "n").initial, FmiInitial::Calculated);
  EXPECT_EQ(info(*layout, model, "y").initial, FmiInitial::Calculated);
  EXPECT_EQ(info(*layout, model, "y").flags, SMC_VAR_DISCRETE);
}

TEST_F(HybridLayoutTest, PreOfItselfDuringInitializationKeepsTheStart) {
  causal::CausalModel model = sampledCounter(0.5, 0.25);
  const flat::VarId count = 2;
  ASSERT_EQ(model.flat.variables[count].name, "count");
  model.initialization.push_back(assign(count, pre(count)));
  std::optional<Layout> layout = buildLayout(model, diags);
  ASSERT_TRUE(layout);
  EXPECT_EQ(layout->of(count).initial, FmiInitial::Exact);
}

TEST_F(HybridLayoutTest, HiddenStateIsAnInternalError) {
  causal::CausalModel model = bouncingBall();
  model.flat.variables[2].isHidden = true;  // h
  EXPECT_FALSE(buildLayout(model, diags));
  ASSERT_EQ(diags.errorCount(), 1u);
  EXPECT_NE(diags.diagnostics()[0].message.find("hidden variable 'h'"), std::string::npos);
}

}  // namespace
}  // namespace smc::codegen
