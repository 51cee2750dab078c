// See Svg.h.
#include "diagram/Svg.h"

#include <fmt/format.h>

namespace smc::diagram {

std::string formatNumber(double value) {
  std::string text = fmt::format("{:.2f}", value);
  while (text.back() == '0') text.pop_back();
  if (text.back() == '.') text.pop_back();
  if (text == "-0") text = "0";
  return text;
}

std::string formatPoint(Vec p) { return formatNumber(p.x) + "," + formatNumber(p.y); }

std::string formatPoints(const std::vector<Vec>& points) {
  std::string out;
  for (Vec p : points) {
    if (!out.empty()) out += ' ';
    out += formatPoint(p);
  }
  return out;
}

namespace {

// The length of the well-formed UTF-8 sequence starting at text[i], or 0.
size_t utf8Length(const std::string& text, size_t i) {
  unsigned char lead = static_cast<unsigned char>(text[i]);
  size_t n = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 0;
  if (n == 0 || i + n > text.size()) return 0;
  for (size_t k = 1; k < n; ++k)
    if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return 0;
  return n;
}

}  // namespace

std::string escapeXml(const std::string& text) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    size_t n = utf8Length(text, i);
    if (n == 0) {  // not UTF-8: an XML reader would reject the file
      out += '?';
      ++i;
      continue;
    }
    if (n > 1) {
      out.append(text, i, n);
      i += n;
      continue;
    }
    char c = text[i++];
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r') out += ' ';
        else out += c;
    }
  }
  return out;
}

std::string rgb(flat::GraphicColor color) { return fmt::format("rgb({},{},{})", color.r, color.g, color.b); }

}  // namespace smc::diagram
