// Laying out one machine's panel, bottom-up: a state's box must be large
// enough for its name, or for the panels of the machines it contains (laid
// out first, side by side). Then the boxes are placed:
//   - all states annotated with Placement: at their annotated positions,
//     `unitScale` pixels per diagram unit with y flipped; when boxes grown to
//     hold their contents would overlap, the scale grows until they do not;
//   - none annotated: automatically, two states side by side, three or more
//     on a circle wide enough that no two boxes touch (chords of a circle
//     do not cross the other boxes, so straight transitions stay readable);
//   - some annotated: those at their positions, the others in a row below.
// Routes.cpp then draws the transitions between the placed boxes, and the
// panel is shifted so that its drawing starts at the margin.
#include "diagram/LayoutSteps.h"

#include <cmath>
#include <numbers>

namespace smc::diagram {

namespace {

constexpr double nameFontSize = 12;
constexpr double headerHeight = 26;  // a composite state's name row
constexpr double padding = 12;
constexpr double leafHeight = 40, minLeafWidth = 80;
constexpr double minAutoGap = 130, maxAutoGap = 420;  // between automatically placed boxes: room for texts
constexpr double margin = 18;

std::string lastName(const std::string& path) {
  size_t dot = path.rfind('.');
  return dot == std::string::npos ? path : path.substr(dot + 1);
}

const flat::Instance* findInstance(const flat::FlatModel& model, const std::string& path) {
  for (const flat::Instance& instance : model.instances)
    if (instance.path == path) return &instance;
  return nullptr;
}

flat::GraphicPoint rotated(flat::GraphicPoint p, double degrees) {
  double a = degrees * std::numbers::pi / 180;
  return {p.x * std::cos(a) - p.y * std::sin(a), p.x * std::sin(a) + p.y * std::cos(a)};
}

// The annotated box in diagram units: its center and size (the bounding box
// of the rotated extent).
struct UnitBox {
  flat::GraphicPoint center;
  double w = 0, h = 0;
};

UnitBox unitBox(const flat::PlacementGraphic& placement) {
  const flat::GraphicPoint& a = placement.extentFirst;
  const flat::GraphicPoint& b = placement.extentSecond;
  double minX = 1e300, maxX = -1e300, minY = 1e300, maxY = -1e300;
  for (flat::GraphicPoint corner : {a, b, flat::GraphicPoint{a.x, b.y}, flat::GraphicPoint{b.x, a.y}}) {
    flat::GraphicPoint p = rotated(corner, placement.rotation);
    minX = std::min(minX, p.x + placement.origin.x);
    maxX = std::max(maxX, p.x + placement.origin.x);
    minY = std::min(minY, p.y + placement.origin.y);
    maxY = std::max(maxY, p.y + placement.origin.y);
  }
  return {{(minX + maxX) / 2, (minY + maxY) / 2}, maxX - minX, maxY - minY};
}

// The state's name and contents; box.w/h is the smallest size that holds them.
StateDrawing buildState(const flat::FlatModel& model, const statemachine::StateMachines& machines, size_t machine,
                        size_t state) {
  const statemachine::Machine& m = machines.machines[machine];
  StateDrawing drawing;
  drawing.path = m.states[state];
  drawing.name = lastName(drawing.path);
  double nameWidth = textWidth(drawing.name, nameFontSize) + 2 * padding;
  const std::vector<size_t>& inside = state < m.subMachines.size() ? m.subMachines[state] : std::vector<size_t>{};
  if (inside.empty()) {
    drawing.box.w = std::max(minLeafWidth, nameWidth);
    drawing.box.h = leafHeight;
    return drawing;
  }
  double x = padding, tallest = 0;
  for (size_t k = 0; k < inside.size(); ++k) {
    drawing.subPanels.push_back(layoutMachine(model, machines, inside[k]));
    drawing.subOffsets.push_back({x, headerHeight});
    x += drawing.subPanels.back().width;
    tallest = std::max(tallest, drawing.subPanels.back().height);
    if (k + 1 < inside.size()) {
      drawing.separators.push_back(x + padding);
      x += 2 * padding;
    }
  }
  drawing.box.w = std::max(x + padding, nameWidth);
  drawing.box.h = headerHeight + tallest + padding / 2;
  return drawing;
}

// Places every state at its annotated position; false when the boxes
// cannot be kept apart (for example two states at the same origin).
bool placeAnnotated(const std::vector<std::optional<UnitBox>>& annotated, std::vector<StateDrawing>& states,
                    MachineGeometry& geometry) {
  std::vector<Vec> needed;
  for (const StateDrawing& s : states) needed.push_back({s.box.w, s.box.h});
  for (int attempt = 0; attempt < 16; ++attempt, geometry.scale *= 1.25) {
    for (size_t i = 0; i < states.size(); ++i) {
      if (!annotated[i]) continue;
      const UnitBox& u = *annotated[i];
      states[i].box = boxAround(geometry.toSvg(u.center), std::max(needed[i].x, u.w * geometry.scale),
                                std::max(needed[i].y, u.h * geometry.scale));
    }
    bool apart = true;
    for (size_t i = 0; i < states.size() && apart; ++i)
      for (size_t j = i + 1; j < states.size() && apart; ++j)
        if (annotated[i] && annotated[j] && overlaps(states[i].box, states[j].box, 4)) apart = false;
    if (apart) return true;
  }
  return false;
}

// Places the states listed in `which` automatically (see the file comment),
// below `below` when given, `autoGap` apart.
void placeAutomatically(std::vector<StateDrawing>& states, const std::vector<size_t>& which,
                        std::optional<Box> below, double autoGap) {
  if (which.empty()) return;
  if (below || which.size() <= 2) {
    // A row, left to right, vertically centred on its tallest box.
    double tallest = 0;
    for (size_t i : which) tallest = std::max(tallest, states[i].box.h);
    double x = below ? below->x : 0;
    double midY = below ? below->bottom() + autoGap / 2 + tallest / 2 : 0;
    for (size_t i : which) {
      states[i].box.x = x;
      states[i].box.y = midY - states[i].box.h / 2;
      x += states[i].box.w + autoGap;
    }
    return;
  }
  double widest = 0, tallest = 0;
  for (size_t i : which) {
    widest = std::max(widest, states[i].box.w);
    tallest = std::max(tallest, states[i].box.h);
  }
  // Neighbours on the circle are a chord 2 R sin(pi/n) apart; make that
  // exceed a box diagonal plus the gap.
  const double n = static_cast<double>(which.size());
  double radius = (std::hypot(widest, tallest) + autoGap * 0.8) / (2 * std::sin(std::numbers::pi / n));
  for (size_t k = 0; k < which.size(); ++k) {
    // The first (initial) state on the left, the others clockwise.
    double angle = std::numbers::pi + 2 * std::numbers::pi * static_cast<double>(k) / n;
    Vec center{radius * std::cos(angle), radius * std::sin(angle)};
    StateDrawing& s = states[which[k]];
    s.box = boxAround(center, s.box.w, s.box.h);
  }
}

void shiftRoute(Route& route, Vec by) {
  for (Vec& p : route.points) p = p + by;
}

// Moves the panel's drawing so that it starts at the margin, and sets its size.
void fitPanel(Panel& panel) {
  std::optional<Box> bounds;
  auto add = [&](const Box& b) { bounds = bounds ? unite(*bounds, b) : b; };
  auto addPoints = [&](const std::vector<Vec>& points, double radius) {
    for (Vec p : points) add(Box{p.x - radius, p.y - radius, 2 * radius, 2 * radius});
  };
  for (const StateDrawing& s : panel.states) add(s.box);
  for (const TransitionDrawing& t : panel.transitions) {
    addPoints(flattenRoute(t.route), arrowLength);
    add(t.label.bounds);
  }
  addPoints(panel.initial.route.points, 6);
  if (!bounds) bounds = Box{};
  Vec by{margin - bounds->x, margin - bounds->y};
  for (StateDrawing& s : panel.states) {
    s.box.x += by.x;
    s.box.y += by.y;
  }
  for (TransitionDrawing& t : panel.transitions) {
    shiftRoute(t.route, by);
    t.label.position = t.label.position + by;
    t.label.bounds.x += by.x;
    t.label.bounds.y += by.y;
    t.joinFrom = t.joinFrom + by;
    t.joinTo = t.joinTo + by;
  }
  shiftRoute(panel.initial.route, by);
  panel.width = bounds->w + 2 * margin;
  panel.height = bounds->h + 2 * margin;
}

}  // namespace

double textWidth(const std::string& text, double fontSize) {
  // Count characters, not UTF-8 continuation bytes.
  size_t characters = 0;
  for (unsigned char c : text)
    if ((c & 0xC0) != 0x80) ++characters;
  return 0.6 * fontSize * static_cast<double>(characters);
}

Panel layoutMachine(const flat::FlatModel& model, const statemachine::StateMachines& machines, size_t machine) {
  const statemachine::Machine& m = machines.machines[machine];
  Panel panel;
  panel.machine = machine;
  MachineGeometry geometry;
  geometry.machine = &m;
  std::vector<std::optional<UnitBox>> annotated;
  for (size_t i = 0; i < m.states.size(); ++i) {
    panel.states.push_back(buildState(model, machines, machine, i));
    const flat::Instance* instance = findInstance(model, m.states[i]);
    annotated.push_back(instance && instance->placement ? std::optional(unitBox(*instance->placement))
                                                        : std::nullopt);
  }
  bool anyAnnotated = false;
  for (const auto& a : annotated) anyAnnotated = anyAnnotated || a.has_value();
  if (anyAnnotated && !placeAnnotated(annotated, panel.states, geometry)) {
    // Placements that cannot be kept apart are not worth following.
    for (auto& a : annotated) a.reset();
    anyAnnotated = false;
  }
  geometry.annotated.resize(m.states.size());
  std::vector<size_t> automatic;
  std::optional<Box> annotatedBounds;
  for (size_t i = 0; i < m.states.size(); ++i) {
    geometry.annotated[i] = annotated[i].has_value();
    if (!annotated[i]) {
      automatic.push_back(i);
    } else {
      annotatedBounds = annotatedBounds ? unite(*annotatedBounds, panel.states[i].box) : panel.states[i].box;
    }
  }
  // Room between boxes for the longest transition text.
  double longest = 0;
  for (const statemachine::MachineTransition& t : m.transitions)
    longest = std::max(longest, textWidth(labelText(model, model.transitions[t.source], t.priority), transitionFontSize));
  placeAutomatically(panel.states, automatic, annotatedBounds, std::clamp(longest + 40, minAutoGap, maxAutoGap));
  routeTransitions(model, geometry, panel);
  routeInitialState(model, geometry, panel);
  fitPanel(panel);
  return panel;
}

}  // namespace smc::diagram
