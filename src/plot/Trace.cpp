// Tracing and per-pixel-column decimation; see Trace.h. A result of 100 000
// rows drawn 700 pixels wide would otherwise put ~140 samples on every
// pixel column: the SVG would be megabytes and the browser slow, with no
// visible gain. Keeping each column's minimum and maximum (not every n-th
// sample) keeps what the eye sees: the vertical extent of the trace there,
// including a spike one sample wide.
#include "plot/Trace.h"

#include <algorithm>
#include <cmath>

namespace smc::plot {

bool looksDiscrete(const std::vector<std::vector<double>>& rows, std::size_t column) {
  constexpr double largestExact = 2147483648.0;  // beyond, doubles are integers anyway
  bool anyFinite = false;
  for (const std::vector<double>& row : rows) {
    double value = row[column];
    if (!std::isfinite(value)) continue;
    if (std::fabs(value) >= largestExact || value != std::floor(value)) return false;
    anyFinite = true;
  }
  return anyFinite;
}

namespace {

// Builds the polylines, one pixel column of samples at a time.
class Tracer {
public:
  Tracer(const Frame& frame, bool steps) : frame_(frame), steps_(steps) {}

  void add(double x, double y) {
    Point point{frame_.pixelX(x), frame_.pixelY(y)};
    double pixelColumn = std::floor(point.x);
    if (group_.empty() || pixelColumn != groupColumn_) {
      flushGroup();
      groupColumn_ = pixelColumn;
    }
    // Upwards on screen is a smaller pixel y.
    if (group_.empty() || point.y > group_[lowest_].y) lowest_ = group_.size();
    if (group_.empty() || point.y < group_[highest_].y) highest_ = group_.size();
    group_.push_back(point);
  }

  // A non-finite sample: the current polyline ends here.
  void breakLine() {
    flushGroup();
    if (!run_.empty()) runs_.push_back(std::move(run_));
    run_.clear();
  }

  std::vector<std::vector<Point>> finish() {
    breakLine();
    return std::move(runs_);
  }

private:
  void flushGroup() {
    if (group_.empty()) return;
    std::size_t kept[] = {0, lowest_, highest_, group_.size() - 1};
    std::sort(std::begin(kept), std::end(kept));
    for (std::size_t i = 0; i < 4; ++i) {
      if (i > 0 && kept[i] == kept[i - 1]) continue;
      append(group_[kept[i]]);
    }
    group_.clear();
  }

  void append(Point point) {
    if (!run_.empty()) {
      Point previous = run_.back();
      if (previous.x == point.x && previous.y == point.y) return;
      if (steps_ && previous.y != point.y && previous.x != point.x) {
        run_.push_back({point.x, previous.y});  // hold the value until this sample
      }
    }
    run_.push_back(point);
  }

  const Frame& frame_;
  bool steps_;
  std::vector<Point> group_;  // samples of the current pixel column
  double groupColumn_ = 0.0;
  std::size_t lowest_ = 0, highest_ = 0;
  std::vector<Point> run_;
  std::vector<std::vector<Point>> runs_;
};

}  // namespace

std::vector<std::vector<Point>> traceSeries(const std::vector<std::vector<double>>& rows,
                                            std::size_t column, const Frame& frame, bool steps) {
  Tracer tracer(frame, steps);
  for (const std::vector<double>& row : rows) {
    double y = row[column];
    if (std::isfinite(y)) {
      tracer.add(row[0], y);
    } else {
      tracer.breakLine();
    }
  }
  return tracer.finish();
}

}  // namespace smc::plot
