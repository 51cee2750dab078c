// The symbols of spec 17.2 "State Machine Graphics", drawn on a laid-out
// panel: rounded state boxes with their names, transition lines with a
// filled (reset = true) or open (reset = false) arrow head, the
// perpendicular bar (near the start for immediate = false, near the end
// otherwise), the inverse fork at the start of a synchronize transition,
// the transition text, and the initialState line with its bullet.
#include "diagram/Render.h"

#include "diagram/Svg.h"

#include <fmt/format.h>

namespace smc::diagram {

namespace {

constexpr double stateStrokeWidth = 1.5;
constexpr double stateNameFontSize = 12;
constexpr double compositeNameBaseline = 18;  // within the header row
constexpr double bulletRadius = 4;

std::vector<Vec> shifted(const std::vector<Vec>& points, Vec by) {
  std::vector<Vec> out;
  for (Vec p : points) out.push_back(p + by);
  return out;
}

std::string pathData(const Route& route, Vec by) {
  std::vector<Vec> p = shifted(route.points, by);
  if (p.empty()) return {};
  std::string d = "M " + formatPoint(p[0]);
  if (route.shape == RouteShape::Cubic && p.size() == 4)
    return d + " C " + formatPoint(p[1]) + " " + formatPoint(p[2]) + " " + formatPoint(p[3]);
  if (route.shape == RouteShape::Smooth && p.size() >= 3) {
    d += " L " + formatPoint((p[0] + p[1]) * 0.5);
    for (size_t i = 1; i + 1 < p.size(); ++i) d += " Q " + formatPoint(p[i]) + " " + formatPoint((p[i] + p[i + 1]) * 0.5);
    return d + " L " + formatPoint(p.back());
  }
  for (size_t i = 1; i < p.size(); ++i) d += " L " + formatPoint(p[i]);
  return d;
}

// The arrow head at the end of `points` (absolute coordinates).
void arrowHead(const std::vector<Vec>& points, bool filled, flat::GraphicColor color, double strokeWidth,
               std::string& out) {
  if (points.size() < 2) return;
  Vec tip = points.back();
  Vec direction{1, 0};
  for (size_t i = points.size() - 1; i > 0; --i) {
    if (length(tip - points[i - 1]) > 1e-9) {
      direction = normalized(tip - points[i - 1]);
      break;
    }
  }
  Vec base = tip - direction * arrowLength;
  Vec side = perpendicular(direction) * arrowHalfWidth;
  std::vector<Vec> head = {base + side, tip, base - side};
  if (filled)
    out += fmt::format("    <polygon class=\"arrow-head filled\" points=\"{}\" fill=\"{}\" stroke=\"{}\" "
                       "stroke-width=\"1\"/>\n",
                       formatPoints(head), rgb(color), rgb(color));
  else
    out += fmt::format("    <polyline class=\"arrow-head open\" points=\"{}\" fill=\"none\" stroke=\"{}\" "
                       "stroke-width=\"{}\"/>\n",
                       formatPoints(head), rgb(color), formatNumber(strokeWidth));
}

void renderText(const Label& label, Vec by, const std::string& cls, std::string& out) {
  out += fmt::format("    <text class=\"{}\" x=\"{}\" y=\"{}\" text-anchor=\"{}\" font-size=\"{}\" fill=\"{}\">{}</text>\n",
                     cls, formatNumber(label.position.x + by.x), formatNumber(label.position.y + by.y),
                     label.anchor, formatNumber(label.fontSize), rgb(label.color), escapeXml(label.text));
}

void renderTransition(const TransitionDrawing& t, Vec by, std::string& out) {
  const std::string color = rgb(t.color);
  out += fmt::format("  <g class=\"transition\" data-from=\"{}\" data-to=\"{}\" data-immediate=\"{}\" "
                     "data-reset=\"{}\" data-synchronize=\"{}\" data-priority=\"{}\">\n",
                     escapeXml(t.from), escapeXml(t.to), t.immediate, t.reset, t.synchronize, t.priority);
  out += fmt::format("    <path class=\"transition-line\" d=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"/>\n",
                     pathData(t.route, by), color, formatNumber(t.strokeWidth));
  std::vector<Vec> points = shifted(flattenRoute(t.route), by);
  arrowHead(points, t.reset, t.color, t.strokeWidth, out);
  PointOnPath bar = barPosition(t);
  Vec across = perpendicular(bar.direction) * barHalfLength;
  Vec barCenter = bar.point + by;
  out += fmt::format("    <line class=\"transition-bar\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" "
                     "stroke-width=\"{}\"/>\n",
                     formatNumber((barCenter + across).x), formatNumber((barCenter + across).y),
                     formatNumber((barCenter - across).x), formatNumber((barCenter - across).y), color,
                     formatNumber(t.strokeWidth + 0.5));
  if (t.synchronize && points.size() >= 2) {
    // Two prongs leaving the from-state that join into the line: the
    // "inverse fork" of a transition that waits for the sub-machines.
    PointOnPath start = walk(points, 0);
    Vec join = walk(points, forkLength).point;
    Vec spread = perpendicular(start.direction) * forkHalfWidth;
    out += fmt::format("    <polyline class=\"synchronize-fork\" points=\"{}\" fill=\"none\" stroke=\"{}\" "
                       "stroke-width=\"{}\"/>\n",
                       formatPoints({start.point + spread, join, start.point - spread}), color,
                       formatNumber(t.strokeWidth));
  }
  if (t.joinLabel)
    out += fmt::format("    <line class=\"label-joiner\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" "
                       "stroke-opacity=\"0.45\" stroke-width=\"1\"/>\n",
                       formatNumber(t.joinFrom.x + by.x), formatNumber(t.joinFrom.y + by.y),
                       formatNumber(t.joinTo.x + by.x), formatNumber(t.joinTo.y + by.y), color);
  renderText(t.label, by, "transition-text", out);
  out += "  </g>\n";
}

void renderInitial(const InitialDrawing& initial, Vec by, std::string& out) {
  const std::string color = rgb(initial.color);
  out += fmt::format("  <g class=\"initial-state\" data-state=\"{}\">\n", escapeXml(initial.state));
  out += fmt::format("    <path class=\"initial-line\" d=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"1.5\"/>\n",
                     pathData(initial.route, by), color);
  std::vector<Vec> points = shifted(flattenRoute(initial.route), by);
  if (!points.empty())
    out += fmt::format("    <circle class=\"initial-bullet\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\"/>\n",
                       formatNumber(points[0].x), formatNumber(points[0].y), formatNumber(bulletRadius), color);
  arrowHead(points, true, initial.color, 1.5, out);
  out += "  </g>\n";
}

void renderState(const StateDrawing& state, const statemachine::StateMachines& machines, Vec by,
                 std::string& out) {
  const Box box{state.box.x + by.x, state.box.y + by.y, state.box.w, state.box.h};
  const std::string color = rgb(stateColor);
  out += fmt::format("  <rect class=\"state\" data-state=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" "
                     "rx=\"8\" fill=\"white\" stroke=\"{}\" stroke-width=\"{}\"/>\n",
                     escapeXml(state.path), formatNumber(box.x), formatNumber(box.y), formatNumber(box.w),
                     formatNumber(box.h), color, formatNumber(stateStrokeWidth));
  bool composite = !state.subPanels.empty();
  Vec name = composite ? Vec{box.center().x, box.y + compositeNameBaseline}
                       : Vec{box.center().x, box.center().y + 0.35 * stateNameFontSize};
  out += fmt::format("  <text class=\"state-name\" x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"{}\" "
                     "font-weight=\"bold\" fill=\"{}\">{}</text>\n",
                     formatNumber(name.x), formatNumber(name.y), formatNumber(stateNameFontSize), color,
                     escapeXml(state.name));
  for (size_t k = 0; k < state.subPanels.size(); ++k)
    renderPanel(state.subPanels[k], machines, Vec{box.x, box.y} + state.subOffsets[k], out);
  for (double x : state.separators)
    renderSeparator(box.x + x, box.y + state.subOffsets[0].y, box.bottom() - 6, out);
}

}  // namespace

void renderSeparator(double x, double top, double bottom, std::string& out) {
  out += fmt::format("  <line class=\"parallel-separator\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" "
                     "stroke-width=\"1\" stroke-dasharray=\"6 4\"/>\n",
                     formatNumber(x), formatNumber(top), formatNumber(x), formatNumber(bottom), rgb(stateColor));
}

void renderPanel(const Panel& panel, const statemachine::StateMachines& machines, Vec offset, std::string& out) {
  const statemachine::Machine& m = machines.machines[panel.machine];
  out += fmt::format("<g class=\"machine\" data-machine=\"{}\">\n", escapeXml(m.name));
  for (const StateDrawing& state : panel.states) renderState(state, machines, offset, out);
  for (const TransitionDrawing& t : panel.transitions) renderTransition(t, offset, out);
  renderInitial(panel.initial, offset, out);
  out += "</g>\n";
}

}  // namespace smc::diagram
