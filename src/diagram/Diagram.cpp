// The whole drawing: the model's name as a title, then the top-level
// machines (those not inside a state) side by side, dashed lines between
// them as between any parallel machines. Each panel is laid out by
// Layout.cpp and written by Render.cpp.
#include "diagram/Diagram.h"

#include "diagram/Layout.h"
#include "diagram/Render.h"
#include "diagram/Svg.h"

#include <fmt/format.h>

namespace smc::diagram {

namespace {

constexpr double titleHeight = 30;
constexpr double titleFontSize = 14;
constexpr double separatorGap = 16;  // on each side of a dashed line between top-level machines

}  // namespace

std::string drawStateMachines(const flat::FlatModel& model, const statemachine::StateMachines& machines) {
  std::vector<Panel> panels;
  for (size_t i = 0; i < machines.machines.size(); ++i)
    if (!machines.machines[i].parent) panels.push_back(layoutMachine(model, machines, i));

  double width = 0, height = 0;
  std::vector<double> lefts, separators;
  for (size_t k = 0; k < panels.size(); ++k) {
    if (k > 0) {
      separators.push_back(width + separatorGap);
      width += 2 * separatorGap;
    }
    lefts.push_back(width);
    width += panels[k].width;
    height = std::max(height, panels[k].height);
  }
  width = std::max(width, textWidth(model.name, titleFontSize) + 40);
  height += titleHeight;

  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += fmt::format("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
                     "font-family=\"sans-serif\">\n",
                     formatNumber(width), formatNumber(height));
  out += fmt::format("<title>State machines of {}</title>\n", escapeXml(model.name));
  out += "<rect class=\"background\" x=\"0\" y=\"0\" width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  out += fmt::format("<text class=\"title\" x=\"18\" y=\"20\" font-size=\"{}\" font-weight=\"bold\" fill=\"{}\">{}</text>\n",
                     formatNumber(titleFontSize), rgb(stateColor), escapeXml(model.name));
  for (size_t k = 0; k < panels.size(); ++k) renderPanel(panels[k], machines, {lefts[k], titleHeight}, out);
  for (double x : separators) renderSeparator(x, titleHeight, height - 8, out);
  out += "</svg>\n";
  return out;
}

}  // namespace smc::diagram
