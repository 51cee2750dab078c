// Communication points: t_k = start + k*h, the last one exactly at stop.
#include "importer/CommunicationGrid.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

using smc::importer::CommunicationGrid;

TEST(CommunicationGrid, StepDividingTheIntervalGivesThatManySteps) {
  auto grid = CommunicationGrid::make(0.0, 1.0, 0.1);
  ASSERT_TRUE(grid) << grid.error().message;
  EXPECT_EQ(grid->stepCount(), 10u);
  EXPECT_EQ(grid->point(0), 0.0);
  EXPECT_EQ(grid->point(7), 7 * 0.1);  // computed from k, not by summing
  EXPECT_EQ(grid->point(10), 1.0);
  EXPECT_FALSE(grid->lastStepShortened());
}

TEST(CommunicationGrid, RatioJustBelowAnIntegerIsNotAnExtraStep) {
  // 0.3 / 0.1 == 2.9999999999999996 in binary floating point.
  ASSERT_LT(0.3 / 0.1, 3.0);
  auto grid = CommunicationGrid::make(0.0, 0.3, 0.1);
  ASSERT_TRUE(grid);
  EXPECT_EQ(grid->stepCount(), 3u);
  EXPECT_EQ(grid->point(3), 0.3);
  EXPECT_FALSE(grid->lastStepShortened());
}

TEST(CommunicationGrid, FinalStepIsShortenedToLandOnStopTime) {
  // 1 / 0.3: three full steps reach 0.9, a fourth of 0.1 reaches 1.
  auto grid = CommunicationGrid::make(0.0, 1.0, 0.3);
  ASSERT_TRUE(grid);
  EXPECT_EQ(grid->stepCount(), 4u);
  EXPECT_EQ(grid->point(3), 3 * 0.3);
  EXPECT_EQ(grid->point(4), 1.0);
  EXPECT_NEAR(grid->point(4) - grid->point(3), 0.1, 1e-15);
  EXPECT_TRUE(grid->lastStepShortened());
}

TEST(CommunicationGrid, NonZeroStartOffsetsEveryPoint) {
  auto grid = CommunicationGrid::make(1.0, 2.0, 0.25);
  ASSERT_TRUE(grid);
  EXPECT_EQ(grid->stepCount(), 4u);
  EXPECT_EQ(grid->point(1), 1.25);
  EXPECT_EQ(grid->point(4), 2.0);
}

TEST(CommunicationGrid, EmptyIntervalHasOnlyTheStartPoint) {
  auto grid = CommunicationGrid::make(3.0, 3.0, 0.1);
  ASSERT_TRUE(grid);
  EXPECT_EQ(grid->stepCount(), 0u);
  EXPECT_EQ(grid->point(0), 3.0);
}

TEST(CommunicationGrid, RejectsBadTimesAndSteps) {
  EXPECT_FALSE(CommunicationGrid::make(0.0, 1.0, 0.0));
  EXPECT_FALSE(CommunicationGrid::make(0.0, 1.0, -0.1));
  EXPECT_FALSE(CommunicationGrid::make(2.0, 1.0, 0.1));
  EXPECT_FALSE(CommunicationGrid::make(0.0, INFINITY, 0.1));
  auto tiny = CommunicationGrid::make(0.0, 1.0, 1e-12);
  ASSERT_FALSE(tiny);
  EXPECT_NE(tiny.error().message.find("too small"), std::string::npos);
  auto backwards = CommunicationGrid::make(2.0, 1.0, 0.1);
  EXPECT_NE(backwards.error().message.find("before start time"), std::string::npos);
}

// --output-times: further points inside the interval join the steps in
// order; those at a step, outside the interval or repeated add nothing.
TEST(CommunicationGrid, FurtherPointsJoinTheStepsInOrder) {
  auto grid = CommunicationGrid::make(0.0, 1.0, 0.5);
  ASSERT_TRUE(grid);
  CommunicationGrid finer = grid->withPoints({0.75, 0.1, 0.5, -1.0, 2.0, 0.1});
  ASSERT_EQ(finer.stepCount(), 4u);
  EXPECT_EQ(finer.point(0), 0.0);
  EXPECT_EQ(finer.point(1), 0.1);
  EXPECT_EQ(finer.point(2), 0.5);
  EXPECT_EQ(finer.point(3), 0.75);
  EXPECT_EQ(finer.point(4), 1.0);
  EXPECT_TRUE(finer.variableSteps());
  EXPECT_FALSE(grid->variableSteps());
}

TEST(CommunicationGrid, OutputTimesAreReadFromLinesOrACsvsFirstColumn) {
  const auto dir = std::filesystem::temp_directory_path();
  const auto csv = dir / "smc_output_times.csv";
  {
    std::ofstream out(csv);
    out << "\"time\",\"x\"\n0.25,1\n\n1e-3,2\n";
  }
  auto times = smc::importer::readOutputTimes(csv);
  ASSERT_TRUE(times) << times.error().message;
  EXPECT_EQ(*times, (std::vector<double>{0.25, 1e-3}));
  {
    std::ofstream out(csv);
    out << "0.5\nsoon\n";
  }
  auto bad = smc::importer::readOutputTimes(csv);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("smc_output_times.csv:2: 'soon' is not a time"), std::string::npos)
      << bad.error().message;
  std::filesystem::remove(csv);
  EXPECT_FALSE(smc::importer::readOutputTimes(dir / "smc_no_such_times.csv"));
}
