// Where everything of a state machine diagram goes, before any SVG is
// written: one Panel per machine, holding its state boxes (a state that
// contains machines holds their panels, side by side), the route of each
// transition and of the initialState line, and each transition's text.
// Coordinates are SVG pixels relative to the panel's top-left corner.
#pragma once

#include "diagram/Geometry.h"
#include "flatten/FlatModel.h"
#include "statemachine/StateMachines.h"

#include <string>
#include <vector>

namespace smc::diagram {

// The chapter's recommended colors (spec 17.2).
inline constexpr flat::GraphicColor stateColor{95, 95, 95};
inline constexpr flat::GraphicColor transitionLineColor{175, 175, 175};
inline constexpr flat::GraphicColor transitionTextColor{95, 95, 95};

// The size of transition texts without a Text fontSize.
inline constexpr double transitionFontSize = 11;

// Pixels per Modelica diagram unit for annotated positions (the scale grows
// when states must be enlarged to hold their sub-machines).
inline constexpr double unitScale = 4;

enum class RouteShape {
  Polyline,  // straight segments through the points
  Smooth,    // Smooth.Bezier: quadratic pieces through the segment midpoints
  Cubic,     // one cubic Bezier: start, two control points, end
};

struct Route {
  RouteShape shape = RouteShape::Polyline;
  std::vector<Vec> points;
};

// The route as a polyline close to what is drawn, for measuring along it.
std::vector<Vec> flattenRoute(const Route& route);

struct Label {
  std::string text;
  Vec position;               // of the baseline, at the side given by `anchor`
  std::string anchor;         // SVG text-anchor: "start", "middle" or "end"
  double fontSize = 11;
  flat::GraphicColor color = transitionTextColor;
  Box bounds;                 // estimated extent of the text
};

struct TransitionDrawing {
  size_t source = 0;  // index into FlatModel::transitions
  std::string from, to;
  bool immediate = true, reset = true, synchronize = false;
  long long priority = 1;
  Route route;
  flat::GraphicColor color = transitionLineColor;
  double strokeWidth = 1.5;
  Label label;
  // A dimmed line from the perpendicular bar to the text, when they are apart.
  bool joinLabel = false;
  Vec joinFrom, joinTo;
};

struct InitialDrawing {
  std::string state;
  Route route;  // from the bullet to the initial state
  flat::GraphicColor color = transitionLineColor;
};

struct Panel;

struct StateDrawing {
  std::string path, name;
  Box box;
  // The machines inside this state, each at an offset from the box's corner,
  // and the x positions (box-relative) of the dashed lines between them.
  std::vector<Panel> subPanels;
  std::vector<Vec> subOffsets;
  std::vector<double> separators;
};

struct Panel {
  size_t machine = 0;  // index into StateMachines::machines
  double width = 0, height = 0;
  std::vector<StateDrawing> states;  // in state number order
  std::vector<TransitionDrawing> transitions;  // in source order
  InitialDrawing initial;
};

// Where the perpendicular bar of a transition sits (spec 17.2): near the
// first point for immediate = false (after the fork of a synchronize
// transition), near the last point, before the arrow head, otherwise.
PointOnPath barPosition(const TransitionDrawing& transition);
inline constexpr double barHalfLength = 6;
inline constexpr double arrowLength = 10, arrowHalfWidth = 4.5;
inline constexpr double forkLength = 10, forkHalfWidth = 5;

// The panel of machine `machine`, with its sub-machines laid out inside
// their states.
Panel layoutMachine(const flat::FlatModel& model, const statemachine::StateMachines& machines, size_t machine);

// Estimated width of `text` in a sans-serif font of `fontSize` pixels.
double textWidth(const std::string& text, double fontSize);

}  // namespace smc::diagram
