// The bytes a split explore search sends between ranks
// (importer/ExploreMessages.h): every message reads back as written, and
// bytes cut short or altered read as an error of the result, never as a
// crash or a longer path than the tree has.
#include "importer/ExploreMessages.h"

#include <gtest/gtest.h>

namespace smc::importer::exploremsg {
namespace {

TEST(ExploreMessages, ATaskStartReadsBackWithItsState) {
  std::string bytes = encodeStart(3, {1, 0, 2}, std::string("state\0bytes", 11));
  auto start = decodeStart(bytes, 5, 3);
  ASSERT_TRUE(start);
  EXPECT_EQ(start->bound, 3u);
  EXPECT_EQ(start->depth, 3u);
  EXPECT_EQ(start->path, (Path{1, 0, 2}));
  EXPECT_EQ(start->state, std::string("state\0bytes", 11));
  EXPECT_FALSE(decodeStart(bytes, 2, 3)) << "a path deeper than the tree";
  EXPECT_FALSE(decodeStart(bytes, 5, 2)) << "a choice the tree does not have";
  EXPECT_FALSE(decodeStart(bytes.substr(0, 12), 5, 3)) << "cut inside the path";
}

TEST(ExploreMessages, ASubtreeOutcomeReadsBackAndCutBytesAreAnError) {
  SubtreeOutcome outcome{"", Path{2, 1}, Figures(3)};
  outcome.figures.nodes = {0, 4, 16, 5};
  outcome.figures.periods = {0, 4, 16, 5};
  outcome.figures.resimulatedNodes = 7;
  outcome.figures.resimulatedPeriods = 9;
  std::string bytes = encodeOutcome(outcome);
  SubtreeOutcome back = decodeOutcome(bytes, 3, 3);
  EXPECT_EQ(back.error, "");
  EXPECT_EQ(back.found, outcome.found);
  EXPECT_EQ(back.figures.nodes, outcome.figures.nodes);
  EXPECT_EQ(back.figures.periods, outcome.figures.periods);
  EXPECT_EQ(back.figures.resimulatedNodes, 7u);
  EXPECT_EQ(back.figures.resimulatedPeriods, 9u);
  for (std::size_t cut = 0; cut < bytes.size(); ++cut)
    EXPECT_EQ(decodeOutcome(bytes.substr(0, cut), 3, 3).error, "a rank sent a subtree result that cannot be read")
        << cut;
  EXPECT_NE(decodeOutcome(bytes, 4, 3).error, "") << "figures for another depth";
  EXPECT_NE(decodeOutcome(bytes, 3, 2).error, "") << "a goal through a choice the tree does not have";
}

TEST(ExploreMessages, AnErrorKeepsItsLevelAndIsNeverEmpty) {
  SubtreeOutcome failed = decodeOutcome(encodeOutcome({"the FMU failed", std::nullopt, Figures(3), 2}), 3, 2);
  EXPECT_EQ(failed.error, "the FMU failed");
  EXPECT_EQ(failed.errorLevel, 2u);
  EXPECT_EQ(errorText(""), "an FMI call failed without saying why");
  Expansion expansion;
  expansion.error = errorText("");
  EXPECT_EQ(decodeExpansion(encodeExpansion(expansion), 3, 2, true).error, "an FMI call failed without saying why");
}

TEST(ExploreMessages, AnExpansionReadsBackWithItsChildrenAndCutBytesAreAnError) {
  Expansion expansion;
  expansion.nodes = 2;
  expansion.periods = 2;
  expansion.children.paths = {{0, 0}, {0, 1}};
  expansion.children.states = {"first", std::string(1000, 'x')};
  std::string bytes = encodeExpansion(expansion);
  Expansion back = decodeExpansion(bytes, 4, 2, true);
  EXPECT_EQ(back.error, "");
  EXPECT_FALSE(back.found);
  EXPECT_EQ(back.children.paths, expansion.children.paths);
  EXPECT_EQ(back.children.states, expansion.children.states);
  EXPECT_TRUE(decodeExpansion(bytes, 4, 2, false).children.states.empty());
  EXPECT_NE(decodeExpansion(bytes, 4, 1, true).error, "") << "more children than choices";
  for (std::size_t cut = 0; cut < bytes.size(); cut += 7)
    EXPECT_EQ(decodeExpansion(bytes.substr(0, cut), 4, 2, true).error,
              "a rank sent an expansion result that cannot be read")
        << cut;
}

}  // namespace
}  // namespace smc::importer::exploremsg
