// Plane geometry for diagrams, in SVG pixels (x right, y down): points,
// boxes, where a ray leaves a box, and walking a given distance along a
// polyline. Small value types; everything inline.
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

namespace smc::diagram {

struct Vec {
  double x = 0, y = 0;
};

inline Vec operator+(Vec a, Vec b) { return {a.x + b.x, a.y + b.y}; }
inline Vec operator-(Vec a, Vec b) { return {a.x - b.x, a.y - b.y}; }
inline Vec operator*(Vec a, double k) { return {a.x * k, a.y * k}; }
inline double length(Vec a) { return std::hypot(a.x, a.y); }
inline Vec normalized(Vec a) {
  double n = length(a);
  return n > 1e-12 ? Vec{a.x / n, a.y / n} : Vec{1, 0};
}
// The direction turned a quarter: to the left of `a` on screen.
inline Vec perpendicular(Vec a) { return {a.y, -a.x}; }

struct Box {
  double x = 0, y = 0, w = 0, h = 0;  // top-left corner and size

  Vec center() const { return {x + w / 2, y + h / 2}; }
  double right() const { return x + w; }
  double bottom() const { return y + h; }
};

inline Box boxAround(Vec center, double w, double h) { return {center.x - w / 2, center.y - h / 2, w, h}; }

// Boxes separated by less than `gap` (touching counts as overlapping when gap > 0).
inline bool overlaps(const Box& a, const Box& b, double gap = 0) {
  return a.x < b.right() + gap && b.x < a.right() + gap && a.y < b.bottom() + gap && b.y < a.bottom() + gap;
}

// The smallest box holding `a` and `b`.
inline Box unite(const Box& a, const Box& b) {
  double x = std::min(a.x, b.x), y = std::min(a.y, b.y);
  return {x, y, std::max(a.right(), b.right()) - x, std::max(a.bottom(), b.bottom()) - y};
}

// Where the ray from `inside` (a point of the box) in direction `d` leaves
// the box.
inline Vec exitPoint(const Box& box, Vec inside, Vec d) {
  double t = 1e300;
  if (d.x > 1e-12) t = std::min(t, (box.right() - inside.x) / d.x);
  if (d.x < -1e-12) t = std::min(t, (box.x - inside.x) / d.x);
  if (d.y > 1e-12) t = std::min(t, (box.bottom() - inside.y) / d.y);
  if (d.y < -1e-12) t = std::min(t, (box.y - inside.y) / d.y);
  if (t > 1e299) return inside;
  return inside + d * t;
}

// The point of the box nearest to `p`.
inline Vec nearestPoint(const Box& box, Vec p) {
  return {std::clamp(p.x, box.x, box.right()), std::clamp(p.y, box.y, box.bottom())};
}

// The point at arc length `distance` along `points` (clamped to its ends),
// and the unit direction of the segment it lies on.
struct PointOnPath {
  Vec point;
  Vec direction;
};

inline PointOnPath walk(const std::vector<Vec>& points, double distance) {
  if (points.size() < 2) return {points.empty() ? Vec{} : points[0], {1, 0}};
  for (size_t i = 1; i < points.size(); ++i) {
    Vec segment = points[i] - points[i - 1];
    double n = length(segment);
    if (n < 1e-12) continue;
    if (distance <= n || i + 1 == points.size())
      return {points[i - 1] + segment * (std::min(distance, n) / n), segment * (1 / n)};
    distance -= n;
  }
  return {points.back(), normalized(points.back() - points.front())};
}

inline double pathLength(const std::vector<Vec>& points) {
  double total = 0;
  for (size_t i = 1; i < points.size(); ++i) total += length(points[i] - points[i - 1]);
  return total;
}

}  // namespace smc::diagram
