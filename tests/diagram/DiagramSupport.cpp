// See DiagramSupport.h.
#include "DiagramSupport.h"

#include "diagram/Diagram.h"
#include "statemachine/StateMachines.h"
#include "support/TestPipeline.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace smc::test {

void drawSource(Drawing& drawing, const std::string& source) {
  FlatRun run;
  flattenInto(run, source);
  if (run.flat) {
    auto machines = statemachine::discoverStateMachines(*run.flat, run.diags);
    if (machines && !machines->empty()) drawing.svg = diagram::drawStateMachines(*run.flat, *machines);
  }
  drawing.diagnostics = run.printed();
  if (!drawing.svg.empty()) drawing.wellFormed = static_cast<bool>(drawing.doc.load_string(drawing.svg.c_str()));
}

std::vector<double> numbersIn(const std::string& text) {
  std::vector<double> numbers;
  const char* p = text.c_str();
  while (*p) {
    if ((*p >= '0' && *p <= '9') || *p == '-' || *p == '.') {
      char* end = nullptr;
      double value = std::strtod(p, &end);
      if (end != p) {
        numbers.push_back(value);
        p = end;
        continue;
      }
    }
    ++p;
  }
  return numbers;
}

Point firstPoint(const std::string& data) {
  std::vector<double> n = numbersIn(data);
  return n.size() >= 2 ? Point{n[0], n[1]} : Point{};
}

Point lastPoint(const std::string& data) {
  std::vector<double> n = numbersIn(data);
  return n.size() >= 2 ? Point{n[n.size() - 2], n[n.size() - 1]} : Point{};
}

double distance(Point a, Point b) { return std::hypot(a.x - b.x, a.y - b.y); }

std::optional<Rect> stateRect(const pugi::xml_document& doc, const std::string& path) {
  std::string query = "//rect[@class='state'][@data-state='" + path + "']";
  pugi::xpath_node found = doc.select_node(query.c_str());
  if (!found) return std::nullopt;
  pugi::xml_node r = found.node();
  return Rect{r.attribute("x").as_double(), r.attribute("y").as_double(), r.attribute("width").as_double(),
              r.attribute("height").as_double()};
}

double distanceToBorder(const Rect& r, Point p) {
  double dx = std::max({r.x - p.x, 0.0, p.x - (r.x + r.w)});
  double dy = std::max({r.y - p.y, 0.0, p.y - (r.y + r.h)});
  if (dx > 0 || dy > 0) return std::hypot(dx, dy);
  return std::min({p.x - r.x, r.x + r.w - p.x, p.y - r.y, r.y + r.h - p.y});
}

bool overlap(const Rect& a, const Rect& b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

bool inside(const Rect& inner, const Rect& outer) {
  return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w &&
         inner.y + inner.h <= outer.y + outer.h;
}

std::string fileText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace smc::test
