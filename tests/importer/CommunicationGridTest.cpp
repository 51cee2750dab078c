// Communication points: t_k = start + k*h, the last one exactly at stop.
#include "importer/CommunicationGrid.h"

#include <gtest/gtest.h>

#include <cmath>

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
