// "Did you mean" suggestions for unknown variable names.
#include "importer/NameSuggestions.h"

#include <gtest/gtest.h>

using namespace smc::importer;

namespace {
ModelDescription modelWith(std::initializer_list<const char*> names) {
  ModelDescription md;
  md.modelName = "M";
  for (const char* name : names) {
    ScalarVariable v;
    v.name = name;
    md.variables.push_back(v);
  }
  return md;
}
}  // namespace

TEST(NameSuggestions, EditDistanceCountsInsertionsDeletionsSubstitutions) {
  EXPECT_EQ(editDistance("kitten", "sitting"), 3u);
  EXPECT_EQ(editDistance("", "abc"), 3u);
  EXPECT_EQ(editDistance("same", "same"), 0u);
  EXPECT_EQ(editDistance("k", "kk"), 1u);
}

TEST(NameSuggestions, ClosestNamesComeFirst) {
  ModelDescription md = modelWith({"body.mass", "body.massflow", "spring.c", "body.mas"});
  std::vector<std::string> matches = closeMatches("body.mass", md.variables);
  ASSERT_GE(matches.size(), 2u);
  EXPECT_EQ(matches[0], "body.mass");
  EXPECT_EQ(matches[1], "body.mas");
}

TEST(NameSuggestions, UnrelatedNamesAreNotSuggested) {
  ModelDescription md = modelWith({"x", "k", "x0"});
  EXPECT_TRUE(closeMatches("temperature", md.variables).empty());
  EXPECT_EQ(unknownVariableMessage("temperature", md),
            "no variable named 'temperature' in model 'M'");
}

TEST(NameSuggestions, MessageListsSuggestionsWithOr) {
  ModelDescription md = modelWith({"x1", "x2", "y"});
  EXPECT_EQ(unknownVariableMessage("x3", md),
            "no variable named 'x3' in model 'M'; did you mean 'x1' or 'x2'?");
}

TEST(NameSuggestions, CaseOnlyDifferenceIsSuggestedHoweverManyLettersDiffer) {
  // Edit distance 11, far above the allowance of 11/3; only case differs.
  ModelDescription md = modelWith({"MAXIMUMFLOW"});
  EXPECT_EQ(closeMatches("maximumflow", md.variables), std::vector<std::string>{"MAXIMUMFLOW"});
}
