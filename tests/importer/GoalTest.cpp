// The goal language of `smc explore` (importer/Goal.h), parsed against the
// Decay FMU's model description and evaluated on given values.
#include "importer/Goal.h"
#include "importer/ModelDescription.h"

#include <gtest/gtest.h>

#include <map>

namespace smc::importer {
namespace {

const ModelDescription& decay() {
  static const ModelDescription md = [] {
    auto loaded = loadModelDescription(DECAY_MODEL_DESCRIPTION);
    EXPECT_TRUE(loaded) << loaded.error().message;
    return std::move(loaded).value();
  }();
  return md;
}

// Parses `text` and evaluates it with the values given by name.
bool holds(const std::string& text, const std::map<std::string, double>& values) {
  auto goal = Goal::parse(text, decay());
  EXPECT_TRUE(goal) << goal.error().message;
  if (!goal) return false;
  std::vector<double> ordered;
  for (const ScalarVariable* v : goal->variables()) ordered.push_back(values.at(v->name));
  return goal->holdsFor(ordered);
}

std::string parseError(const std::string& text) {
  auto goal = Goal::parse(text, decay());
  return goal ? "" : goal.error().message;
}

TEST(Goal, ComparisonsAndArithmeticFollowTheUsualPrecedence) {
  EXPECT_TRUE(holds("x < 0.1", {{"x", 0.05}}));
  EXPECT_FALSE(holds("x < 0.1", {{"x", 0.1}}));
  EXPECT_TRUE(holds("x + 2 * k >= 5", {{"x", 1}, {"k", 2}}));   // 1 + 4
  EXPECT_FALSE(holds("(x + 2) * k >= 7", {{"x", 1}, {"k", 2}}));  // 6
  EXPECT_TRUE(holds("-x == -3", {{"x", 3}}));
  EXPECT_TRUE(holds("x <> k", {{"x", 1}, {"k", 2}}));
}

TEST(Goal, BooleanOperatorsAndBooleanVariables) {
  EXPECT_TRUE(holds("halved and not frozen", {{"halved", 1}, {"frozen", 0}}));
  EXPECT_FALSE(holds("halved and not frozen", {{"halved", 1}, {"frozen", 1}}));
  // and binds tighter than or.
  EXPECT_TRUE(holds("frozen or halved and x > 1", {{"frozen", 1}, {"halved", 0}, {"x", 0}}));
  EXPECT_TRUE(holds("not(x > 1)", {{"x", 0}}));
  EXPECT_TRUE(holds("true", {}));
}

TEST(Goal, NamesWithParenthesesAreOneVariable) {
  EXPECT_TRUE(holds("der(x) < 0", {{"der(x)", -1}}));
}

TEST(Goal, ErrorsNameTheColumn) {
  EXPECT_EQ(parseError("x < "), "goal: unexpected end at column 5");
  EXPECT_EQ(parseError("x < 1 )"), "goal: unexpected ')' at column 7");
  EXPECT_EQ(parseError("x # 1"), "goal: unexpected '#' at column 3");
  EXPECT_NE(parseError("xx > 1").find("goal: at column 1: no variable named 'xx' in model 'Decay'"), std::string::npos);
  EXPECT_EQ(parseError("label == 1"), "goal: at column 1: 'label' is a String, which a goal cannot compare");
}

}  // namespace
}  // namespace smc::importer
