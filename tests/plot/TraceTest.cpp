// Series to polylines: the pixel mapping, line breaks at non-finite
// samples, steps for discrete signals, and per-pixel-column decimation.
#include "plot/Trace.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

using smc::plot::Frame;
using smc::plot::looksDiscrete;
using smc::plot::Point;
using smc::plot::traceSeries;

namespace {

using Rows = std::vector<std::vector<double>>;

// x in [0, 3] onto 300 pixels from the left edge, y in [0, 1] onto 100
// pixels from the top: pixel x = 100 x, pixel y = 100 (1 - y).
Frame unitFrame() {
  Frame frame;
  frame.xMin = 0;
  frame.xMax = 3;
  frame.yMin = 0;
  frame.yMax = 1;
  frame.width = 300;
  frame.height = 100;
  return frame;
}

std::vector<std::pair<double, double>> pairs(const std::vector<Point>& points) {
  std::vector<std::pair<double, double>> result;
  for (Point p : points) result.emplace_back(p.x, p.y);
  return result;
}

using Pairs = std::vector<std::pair<double, double>>;

}  // namespace

TEST(Trace, FrameMapsDataOntoPixelsWithYUpwards) {
  Frame frame;
  frame.xMin = 0;
  frame.xMax = 10;
  frame.yMin = -1;
  frame.yMax = 1;
  frame.left = 100;
  frame.top = 20;
  frame.width = 200;
  frame.height = 50;
  EXPECT_DOUBLE_EQ(frame.pixelX(5), 200);
  EXPECT_DOUBLE_EQ(frame.pixelX(10), 300);
  EXPECT_DOUBLE_EQ(frame.pixelY(1), 20);
  EXPECT_DOUBLE_EQ(frame.pixelY(-1), 70);
}

TEST(Trace, StepsHoldEachValueUntilTheNextSample) {
  Rows rows = {{0, 0}, {1, 1}, {2, 1}, {3, 0}};
  auto runs = traceSeries(rows, 1, unitFrame(), true);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(pairs(runs[0]),
            (Pairs{{0, 100}, {100, 100}, {100, 0}, {200, 0}, {300, 0}, {300, 100}}));
}

TEST(Trace, ContinuousSeriesJoinSamplesDirectly) {
  Rows rows = {{0, 0}, {1, 1}, {2, 1}, {3, 0}};
  auto runs = traceSeries(rows, 1, unitFrame(), false);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(pairs(runs[0]), (Pairs{{0, 100}, {100, 0}, {200, 0}, {300, 100}}));
}

TEST(Trace, NonFiniteSamplesBreakTheLine) {
  Frame frame = unitFrame();
  frame.xMax = 6;
  frame.width = 600;
  Rows rows = {{0, 0.5}, {1, 0.25}, {2, NAN}, {3, 0.5}, {4, 0.75}, {5, INFINITY}, {6, 0.25}};
  auto runs = traceSeries(rows, 1, frame, false);
  ASSERT_EQ(runs.size(), 3u);
  EXPECT_EQ(pairs(runs[0]), (Pairs{{0, 50}, {100, 75}}));
  EXPECT_EQ(pairs(runs[1]), (Pairs{{300, 50}, {400, 25}}));
  EXPECT_EQ(pairs(runs[2]), (Pairs{{600, 75}}));  // a lone sample
}

TEST(Trace, DiscreteMeansAllFiniteValuesAreModestIntegers) {
  EXPECT_TRUE(looksDiscrete({{0, 0}, {1, 1}, {2, 1}, {3, 0}}, 1));
  EXPECT_TRUE(looksDiscrete({{0, NAN}, {1, -2}, {2, 3}}, 1));
  EXPECT_FALSE(looksDiscrete({{0, 0}, {1, 0.5}}, 1));
  EXPECT_FALSE(looksDiscrete({{0, NAN}, {1, NAN}}, 1));
  EXPECT_FALSE(looksDiscrete({{0, 1e12}, {1, 0}}, 1));
}

TEST(Trace, LongSeriesKeepAtMostFourPointsPerPixelColumnAndTheirExtremes) {
  // 100 000 samples of a sine on 700 pixels, with one sample at 10.
  constexpr std::size_t count = 100000;
  constexpr std::size_t spike = 54321;
  Rows rows(count);
  for (std::size_t i = 0; i < count; ++i) {
    double t = static_cast<double>(i) / (count - 1);
    rows[i] = {t, i == spike ? 10.0 : std::sin(40 * t)};
  }
  Frame frame;
  frame.xMin = 0;
  frame.xMax = 1;
  frame.yMin = -1;
  frame.yMax = 10;
  frame.width = 700;
  frame.height = 400;
  auto runs = traceSeries(rows, 1, frame, false);
  ASSERT_EQ(runs.size(), 1u);
  const std::vector<Point>& points = runs[0];
  EXPECT_LE(points.size(), 4u * 701u);  // 700 columns and the right edge
  EXPECT_GE(points.size(), 700u);
  auto top = std::min_element(points.begin(), points.end(),
                              [](Point a, Point b) { return a.y < b.y; });
  EXPECT_DOUBLE_EQ(top->y, 0.0);  // the spike reaches yMax
  EXPECT_DOUBLE_EQ(top->x, frame.pixelX(rows[spike][0]));
  EXPECT_DOUBLE_EQ(points.front().x, 0.0);
  EXPECT_DOUBLE_EQ(points.back().x, 700.0);
  // The sine's own extremes survive too: -1 maps to the bottom edge.
  auto bottom = std::max_element(points.begin(), points.end(),
                                 [](Point a, Point b) { return a.y < b.y; });
  EXPECT_NEAR(bottom->y, 400.0, 1e-3);
}
