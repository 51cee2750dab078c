// The lines of a machine's panel once its states are placed (spec 17.2):
//   - a transition whose states both sit at annotated positions follows its
//     Line annotation, and its Text extent is taken relative to the Line's
//     first point (immediate = false) or last point (immediate = true);
//   - otherwise it is a straight line between the two box borders, aimed
//     along the line between the box centres; transitions between the same
//     two states (either way) are shifted sideways so they never coincide,
//     and a self-transition is a loop on one side of its box (top, right,
//     bottom, left, then further out);
//   - its text is the condition as written (or the Text string with
//     `%condition` replaced), with `priority: ` in front when priority > 1,
//     beside the perpendicular bar unless an annotation put it elsewhere, in
//     which case a dimmed line joins it to the bar;
//   - the initialState line follows its Line annotation, or comes in from
//     the left, the side automatic layouts keep free.
#include "diagram/LayoutSteps.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace smc::diagram {

namespace {

constexpr double parallelSpacing = 22;  // between transitions joining the same two states
constexpr double labelDistance = 9;     // from the bar to an automatically placed text
constexpr double joinThreshold = 28;    // a text farther from its bar than this gets a joining line

Vec midpoint(Vec a, Vec b) { return (a + b) * 0.5; }

std::string collapseWhitespace(const std::string& text) {
  std::string out;
  bool space = false;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

std::string replaceAll(std::string text, const std::string& what, const std::string& with) {
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + with.size()))
    text.replace(at, what.size(), with);
  return text;
}

}  // namespace

std::string labelText(const flat::FlatModel& model, const flat::Transition& t, long long priority) {
  std::string condition = collapseWhitespace(t.conditionText);
  if (condition.empty() && t.condition) condition = flat::toString(*t.condition, model);
  std::string body = t.text && t.text->string ? replaceAll(*t.text->string, "%condition", condition) : condition;
  return priority > 1 ? fmt::format("{}: {}", priority, body) : body;
}

namespace {

// The text's baseline position and extent for a text at `position` aligned
// by `anchor` ("start", "middle", "end").
void setBounds(Label& label) {
  double w = textWidth(label.text, label.fontSize);
  double left = label.anchor == "start" ? label.position.x
                : label.anchor == "end" ? label.position.x - w
                                        : label.position.x - w / 2;
  label.bounds = {left, label.position.y - 0.8 * label.fontSize, w, 1.05 * label.fontSize};
}

// A text beside point `at`, on the side `side` (a unit vector).
void placeBeside(Label& label, Vec at, Vec side, double distance) {
  Vec p = at + side * distance;
  label.anchor = side.x > 0.35 ? "start" : side.x < -0.35 ? "end" : "middle";
  double lift = side.y > 0.35 ? 0.8 * label.fontSize : side.y < -0.35 ? 0 : 0.35 * label.fontSize;
  label.position = {p.x, p.y + lift};
  setBounds(label);
}

// Half the length of the chord of `box` through its centre along unit `n`.
double halfChord(const Box& box, Vec n) {
  double a = std::abs(n.x) > 1e-9 ? box.w / 2 / std::abs(n.x) : 1e300;
  double b = std::abs(n.y) > 1e-9 ? box.h / 2 / std::abs(n.y) : 1e300;
  return std::min(a, b);
}

Route mappedLine(const flat::LineGraphic& line, const MachineGeometry& geometry) {
  Route route;
  route.shape = line.smoothBezier ? RouteShape::Smooth : RouteShape::Polyline;
  for (const flat::GraphicPoint& p : line.points) route.points.push_back(geometry.toSvg(p));
  return route;
}

// The k-th self-transition loop of `box`, and the unit vector pointing away
// from the box at the loop (for its text).
Route selfLoop(const Box& box, int k, Vec& outward) {
  struct Side {
    Vec base, out, along;
    double length;
  };
  const Vec c = box.center();
  const Side sides[4] = {
      {{c.x, box.y}, {0, -1}, {1, 0}, box.w},
      {{box.right(), c.y}, {1, 0}, {0, 1}, box.h},
      {{c.x, box.bottom()}, {0, 1}, {-1, 0}, box.w},
      {{box.x, c.y}, {-1, 0}, {0, -1}, box.h},
  };
  const Side& side = sides[k % 4];
  double height = 30 + 16 * (k / 4);
  double spread = std::min(side.length * 0.25, 18.0);
  Vec p0 = side.base - side.along * spread;
  Vec p3 = side.base + side.along * spread;
  outward = side.out;
  return {RouteShape::Cubic,
          {p0, p0 + side.out * height - side.along * 12, p3 + side.out * height + side.along * 12, p3}};
}


// The attributes and text of a transition, before it is routed.
TransitionDrawing describe(const flat::FlatModel& model, const statemachine::Machine& m,
                           const statemachine::MachineTransition& t) {
  const flat::Transition& source = model.transitions[t.source];
  TransitionDrawing d;
  d.source = t.source;
  d.from = m.states[t.from - 1];
  d.to = m.states[t.to - 1];
  d.immediate = t.immediate;
  d.reset = t.reset;
  d.synchronize = t.synchronize;
  d.priority = t.priority;
  if (source.line && source.line->color) d.color = *source.line->color;
  if (source.line && source.line->thickness) d.strokeWidth = std::max(1.0, *source.line->thickness * 6);
  d.label.text = labelText(model, source, t.priority);
  d.label.fontSize = source.text && source.text->fontSize && *source.text->fontSize > 0 ? *source.text->fontSize
                                                                                          : transitionFontSize;
  if (source.text && source.text->textColor) d.label.color = *source.text->textColor;
  return d;
}

// Along the Line annotation; the text where its Text extent says, or
// beside the bar.
void followAnnotatedLine(TransitionDrawing& d, const flat::Transition& source, const MachineGeometry& geometry) {
  d.route = mappedLine(*source.line, geometry);
  PointOnPath bar = barPosition(d);
  if (source.text && source.text->extent) {
    const flat::GraphicPoint& anchor = d.immediate ? source.line->points.back() : source.line->points.front();
    Vec a = geometry.toSvg({anchor.x + source.text->extent->first.x, anchor.y + source.text->extent->first.y});
    Vec b = geometry.toSvg({anchor.x + source.text->extent->second.x, anchor.y + source.text->extent->second.y});
    const std::string& align = source.text->horizontalAlignment;
    d.label.anchor = align == "Left" ? "start" : align == "Right" ? "end" : "middle";
    double x = align == "Left" ? std::min(a.x, b.x) : align == "Right" ? std::max(a.x, b.x) : (a.x + b.x) / 2;
    d.label.position = {x, (a.y + b.y) / 2 + 0.35 * d.label.fontSize};
    setBounds(d.label);
  } else {
    placeBeside(d.label, bar.point, perpendicular(bar.direction), labelDistance);
  }
  Vec nearest = nearestPoint(d.label.bounds, bar.point);
  if (length(nearest - bar.point) > joinThreshold) {
    d.joinLabel = true;
    d.joinFrom = bar.point;
    d.joinTo = nearest;
  }
}

// The k-th loop of a self-transition, its text beyond the loop's apex.
void routeLoop(TransitionDrawing& d, const Box& box, int k) {
  Vec outward;
  d.route = selfLoop(box, k, outward);
  Vec apex = (d.route.points[1] + d.route.points[2]) * 0.5;
  Vec tip = midpoint(d.route.points[0], d.route.points[3]) * 0.25 + apex * 0.75;
  placeBeside(d.label, tip, outward, 5);
}

// A straight line between the borders, `offset` pixels along `normal` from
// the line through the box centres; the text beside the bar, on the side
// away from the pair's other transitions.
void routeStraight(TransitionDrawing& d, const Box& fromBox, const Box& toBox, Vec normal, double offset) {
  double limit = 0.7 * std::min(halfChord(fromBox, normal), halfChord(toBox, normal));
  offset = std::clamp(offset, -limit, limit);
  Vec direction = normalized(toBox.center() - fromBox.center());
  Vec start = exitPoint(fromBox, fromBox.center() + normal * offset, direction);
  Vec end = exitPoint(toBox, toBox.center() + normal * offset, direction * -1);
  d.route = {RouteShape::Polyline, {start, end}};
  PointOnPath bar = barPosition(d);
  Vec side = perpendicular(bar.direction);
  if (offset > 1e-9) side = normal;
  else if (offset < -1e-9) side = normal * -1;
  else if (side.y > 1e-9 || (std::abs(side.y) <= 1e-9 && side.x < 0)) side = side * -1;
  placeBeside(d.label, bar.point, side, labelDistance);
  // Above or below a line, the text runs from the bar towards the middle of
  // the line, not back over the state the bar is near.
  if (std::abs(side.x) <= 0.35 && std::abs(bar.direction.x) > 0.2) {
    bool rightwards = (bar.direction.x > 0) != d.immediate;
    d.label.anchor = rightwards ? "start" : "end";
    setBounds(d.label);
  }
}

}  // namespace

std::vector<Vec> flattenRoute(const Route& route) {
  const std::vector<Vec>& p = route.points;
  if (route.shape == RouteShape::Polyline || p.size() < 3) return p;
  std::vector<Vec> out;
  auto quadratic = [&](Vec a, Vec control, Vec b) {
    for (int step = 1; step <= 8; ++step) {
      double t = step / 8.0, u = 1 - t;
      out.push_back(a * (u * u) + control * (2 * u * t) + b * (t * t));
    }
  };
  if (route.shape == RouteShape::Cubic && p.size() == 4) {
    out.push_back(p[0]);
    for (int step = 1; step <= 16; ++step) {
      double t = step / 16.0, u = 1 - t;
      out.push_back(p[0] * (u * u * u) + p[1] * (3 * u * u * t) + p[2] * (3 * u * t * t) + p[3] * (t * t * t));
    }
    return out;
  }
  out.push_back(p[0]);
  out.push_back(midpoint(p[0], p[1]));
  for (size_t i = 1; i + 1 < p.size(); ++i) quadratic(midpoint(p[i - 1], p[i]), p[i], midpoint(p[i], p[i + 1]));
  out.push_back(p.back());
  return out;
}

PointOnPath barPosition(const TransitionDrawing& transition) {
  std::vector<Vec> points = flattenRoute(transition.route);
  double total = pathLength(points);
  if (!transition.immediate) {
    double d = 14 + (transition.synchronize ? forkLength : 0);
    return walk(points, std::min(d, total / 2));
  }
  return walk(points, std::max(total - (arrowLength + 8), total / 2));
}

void routeTransitions(const flat::FlatModel& model, const MachineGeometry& geometry, Panel& panel) {
  const statemachine::Machine& m = *geometry.machine;
  std::vector<const statemachine::MachineTransition*> ordered;
  for (const auto& t : m.transitions) ordered.push_back(&t);
  std::sort(ordered.begin(), ordered.end(), [](auto* a, auto* b) { return a->source < b->source; });
  auto follows = [&](const statemachine::MachineTransition& t) {
    return model.transitions[t.source].line && geometry.annotated[t.from - 1] && geometry.annotated[t.to - 1];
  };
  auto pairOf = [](const statemachine::MachineTransition& t) {
    return std::pair<int, int>{std::min(t.from, t.to), std::max(t.from, t.to)};
  };
  // Transitions joining the same two states, in either direction: how many
  // are routed automatically, and how far the annotated lines among them
  // stray from the line between the box centres (signed, along `normal` of
  // the pair), so automatic ones can keep clear of them.
  std::map<std::pair<int, int>, int> total, seen;
  std::map<std::pair<int, int>, std::pair<double, double>> drawnOffsets;  // (sum, largest magnitude)
  for (auto* t : ordered) {
    if (!follows(*t)) {
      ++total[pairOf(*t)];
      continue;
    }
    if (t->from == t->to) continue;
    const Box& lo = panel.states[pairOf(*t).first - 1].box;
    const Box& hi = panel.states[pairOf(*t).second - 1].box;
    Vec normal = perpendicular(normalized(hi.center() - lo.center()));
    auto& [sum, largest] = drawnOffsets[pairOf(*t)];
    for (const flat::GraphicPoint& p : model.transitions[t->source].line->points) {
      Vec q = geometry.toSvg(p) - lo.center();
      double along = q.x * normal.x + q.y * normal.y;
      sum += along;
      largest = std::max(largest, std::abs(along));
    }
  }

  for (auto* t : ordered) {
    TransitionDrawing d = describe(model, m, *t);
    const Box& fromBox = panel.states[t->from - 1].box;
    const Box& toBox = panel.states[t->to - 1].box;
    const std::pair<int, int> pair = pairOf(*t);
    if (follows(*t)) {
      followAnnotatedLine(d, model.transitions[t->source], geometry);
    } else if (t->from == t->to) {
      routeLoop(d, fromBox, seen[pair]++);
    } else {
      const int k = seen[pair]++;
      const Box& lo = panel.states[pair.first - 1].box;
      const Box& hi = panel.states[pair.second - 1].box;
      Vec normal = perpendicular(normalized(hi.center() - lo.center()));
      double offset = (k - (total[pair] - 1) / 2.0) * parallelSpacing;
      if (auto drawn = drawnOffsets.find(pair); drawn != drawnOffsets.end()) {
        // Beside the annotated lines, on the side they leave free.
        double side = drawn->second.first > 0 ? -1 : 1;
        offset = side * (drawn->second.second + parallelSpacing * (k + 1));
      }
      routeStraight(d, fromBox, toBox, normal, offset);
    }
    panel.transitions.push_back(std::move(d));
  }
}

void routeInitialState(const flat::FlatModel& model, const MachineGeometry& geometry, Panel& panel) {
  const statemachine::Machine& m = *geometry.machine;
  panel.initial.state = m.states[0];
  const flat::InitialState* written = nullptr;
  for (const flat::InitialState& s : model.initialStates)
    if (s.state == m.states[0] && s.origin == m.origin) written = &s;
  if (written && written->line && geometry.annotated[0]) {
    panel.initial.route = mappedLine(*written->line, geometry);
    if (written->line->color) panel.initial.color = *written->line->color;
    return;
  }
  // From the left: automatic layouts put the initial state leftmost, so
  // no transition comes in on that side.
  const Box& box = panel.states[0].box;
  Vec end{box.x, box.y + std::min(box.h / 2, 20.0)};
  panel.initial.route = {RouteShape::Polyline, {end + Vec{-32, 0}, end}};
}

}  // namespace smc::diagram
