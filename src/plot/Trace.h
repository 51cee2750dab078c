// One series of a result turned into the polylines that draw it, in pixel
// coordinates: non-finite samples break the line, discrete signals become
// steps, and long results are thinned to a few points per pixel column.
#pragma once

#include <cstddef>
#include <vector>

namespace smc::plot {

struct Point {
  double x = 0.0, y = 0.0;
};

// Data ranges and the pixel rectangle they map onto (y grows downwards).
struct Frame {
  double xMin = 0.0, xMax = 1.0, yMin = 0.0, yMax = 1.0;
  double left = 0.0, top = 0.0, width = 1.0, height = 1.0;

  double pixelX(double x) const { return left + (x - xMin) / (xMax - xMin) * width; }
  double pixelY(double y) const { return top + (yMax - y) / (yMax - yMin) * height; }
};

// True when every finite value of rows[*][column] is an integer of modest
// size and at least one is finite: a Boolean, Integer or enumeration signal,
// drawn as steps.
bool looksDiscrete(const std::vector<std::vector<double>>& rows, std::size_t column);

// The runs of finite samples of rows[*][column] against rows[*][0], each a
// polyline (a single point when a run has one sample). Consecutive samples
// in the same pixel column are reduced to the first, lowest, highest and
// last of them, in their original order: at most four points per column,
// however long the result, and a one-sample spike keeps its extreme. With
// `steps`, each value holds until the next sample.
std::vector<std::vector<Point>> traceSeries(const std::vector<std::vector<double>>& rows,
                                            std::size_t column, const Frame& frame, bool steps);

}  // namespace smc::plot
