// Helpers for the diagram tests: draw Modelica text held in memory, and
// read back the geometry of the SVG elements (rectangles, path ends).
#pragma once

#include <pugixml.hpp>

#include <optional>
#include <string>
#include <vector>

namespace smc::test {

struct Drawing {
  std::string svg;          // empty when the model did not flatten or has no machine
  std::string diagnostics;  // every diagnostic, as smc prints them
  pugi::xml_document doc;
  bool wellFormed = false;  // the SVG parsed as XML
};

// Parses, flattens, discovers and draws `source`.
void drawSource(Drawing& drawing, const std::string& source);

struct Rect {
  double x = 0, y = 0, w = 0, h = 0;
};
struct Point {
  double x = 0, y = 0;
};

// Every number written in `text` ("M 1,2 L -3.5,4" gives 1 2 -3.5 4).
std::vector<double> numbersIn(const std::string& text);
// The first and last point of a path's `d` or a polyline's `points`.
Point firstPoint(const std::string& data);
Point lastPoint(const std::string& data);
double distance(Point a, Point b);

// The rect of class "state" for the state `path`.
std::optional<Rect> stateRect(const pugi::xml_document& doc, const std::string& path);
// The distance from `p` to the outline of `r` (0 on the border).
double distanceToBorder(const Rect& r, Point p);
bool overlap(const Rect& a, const Rect& b);
bool inside(const Rect& inner, const Rect& outer);

// Reads a whole file (empty when unreadable).
std::string fileText(const std::string& path);

}  // namespace smc::test
