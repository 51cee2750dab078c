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
  auto start = decodeStart(bytes, 5);
  ASSERT_TRUE(start);
  EXPECT_EQ(start->bound, 3u);
  EXPECT_EQ(start->depth, 3u);
  EXPECT_EQ(start->path, (Path{1, 0, 2}));
  EXPECT_EQ(start->state, std::string("state\0bytes", 11));
  EXPECT_FALSE(decodeStart(bytes, 2)) << "a path deeper than the tree";
  EXPECT_FALSE(decodeStart(bytes.substr(0, 12), 5)) << "cut inside the path";
}

TEST(ExploreMessages, ASubtreeOutcomeReadsBackAndCutBytesAreAnError) {
  SubtreeOutcome outcome{"", Path{2, 1}, Figures(3)};
  outcome.figures.nodes = {0, 4, 16, 5};
  outcome.figures.periods = {0, 4, 16, 5};
  outcome.figures.resimulatedNodes = 7;
  outcome.figures.resimulatedPeriods = 9;
  std::string bytes = encodeOutcome(outcome);
  SubtreeOutcome back = decodeOutcome(bytes, 3);
  EXPECT_EQ(back.error, "");
  EXPECT_EQ(back.found, outcome.found);
  EXPECT_EQ(back.figures.nodes, outcome.figures.nodes);
  EXPECT_EQ(back.figures.periods, outcome.figures.periods);
  EXPECT_EQ(back.figures.resimulatedNodes, 7u);
  EXPECT_EQ(back.figures.resimulatedPeriods, 9u);
  for (std::size_t cut = 0; cut < bytes.size(); ++cut)
    EXPECT_EQ(decodeOutcome(bytes.substr(0, cut), 3).error, "a rank sent a subtree result that cannot be read")
        << cut;
  EXPECT_NE(decodeOutcome(bytes, 4).error, "") << "figures for another depth";
  EXPECT_EQ(decodeOutcome(encodeOutcome({"the FMU failed", std::nullopt, Figures(3)}), 3).error, "the FMU failed");
}

TEST(ExploreMessages, AnExpansionReadsBackWithItsChildrenAndCutBytesAreAnError) {
  Expansion expansion;
  expansion.nodes = 2;
  expansion.periods = 2;
  expansion.children.paths = {{0, 0}, {0, 1}};
  expansion.children.states = {"first", std::string(1000, 'x')};
  std::string bytes = encodeExpansion(expansion);
  Expansion back = decodeExpansion(bytes, 4, true);
  EXPECT_EQ(back.error, "");
  EXPECT_FALSE(back.found);
  EXPECT_EQ(back.children.paths, expansion.children.paths);
  EXPECT_EQ(back.children.states, expansion.children.states);
  EXPECT_TRUE(decodeExpansion(bytes, 4, false).children.states.empty());
  for (std::size_t cut = 0; cut < bytes.size(); cut += 7)
    EXPECT_EQ(decodeExpansion(bytes.substr(0, cut), 4, true).error,
              "a rank sent an expansion result that cannot be read")
        << cut;
}

}  // namespace
}  // namespace smc::importer::exploremsg
