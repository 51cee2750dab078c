// Small helpers for writing SVG text by hand: numbers in a short, fixed
// format (so output is byte-for-byte reproducible), XML escaping, colors.
#pragma once

#include "diagram/Geometry.h"
#include "flatten/FlatModel.h"

#include <string>
#include <vector>

namespace smc::diagram {

// At most two decimals, no trailing zeros, never "-0".
std::string formatNumber(double value);
// "x,y"
std::string formatPoint(Vec p);
// "x1,y1 x2,y2 ..." for polygon/polyline points.
std::string formatPoints(const std::vector<Vec>& points);
// Text with &, <, >, " and ' escaped, and control characters (not allowed
// in XML 1.0) replaced by spaces.
std::string escapeXml(const std::string& text);
// "rgb(r,g,b)"
std::string rgb(flat::GraphicColor color);

}  // namespace smc::diagram
