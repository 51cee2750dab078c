// renderSvg and writeSvg; see Plot.h. The picture, back to front: white
// background, grid at the ticks, the series clipped to the plot area, the
// frame with tick marks and labels, axis titles, the title, and the legend
// to the right of the plot. Layout.h decides where each part goes.
#include "plot/Layout.h"
#include "plot/Plot.h"
#include "plot/Xml.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>

namespace smc::plot {
namespace {

using importer::Error;
using importer::Result;
using importer::SimulationResult;

// Ten distinguishable colors (the "category10" set); after ten series the
// colors repeat with a dash pattern so the lines still differ.
constexpr std::array<std::string_view, 10> palette = {
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
    "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"};
constexpr std::array<std::string_view, 4> dashPatterns = {"", "6 3", "2 3", "8 3 2 3"};

// "…" and the last characters of a long name: the end of a dotted name
// ("body.frame_a.r_0[1]") is what tells series apart.
std::string shortened(std::string_view name, std::size_t maxChars) {
  std::size_t count = codePointCount(name);
  if (count <= maxChars || maxChars < 2) return std::string(name);
  std::size_t skip = count - (maxChars - 1);
  std::size_t start = 0;
  for (std::size_t seen = 0; start < name.size(); ++start) {
    if ((static_cast<unsigned char>(name[start]) & 0xC0) == 0x80) continue;
    if (seen++ == skip) break;
  }
  return "\u2026" + std::string(name.substr(start));
}

std::string coordinate(double value) { return fmt::format("{:.1f}", value); }

void drawGrid(std::string& out, const Layout& layout) {
  const Frame& f = layout.frame;
  out += "<g class=\"grid\" stroke=\"#e3e3e3\" stroke-width=\"1\">\n";
  for (double value : layout.xTicks.values) {
    std::string x = coordinate(f.pixelX(value));
    fmt::format_to(std::back_inserter(out), "<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>\n",
                   x, coordinate(f.top), coordinate(f.top + f.height));
  }
  for (double value : layout.yTicks.values) {
    std::string y = coordinate(f.pixelY(value));
    // The zero line is darker: the sign of a value is often what matters.
    fmt::format_to(std::back_inserter(out), "<line x1=\"{1}\" y1=\"{0}\" x2=\"{2}\" y2=\"{0}\"{3}/>\n",
                   y, coordinate(f.left), coordinate(f.left + f.width),
                   value == 0.0 ? " stroke=\"#aaaaaa\"" : "");
  }
  out += "</g>\n";
}

void drawSeries(std::string& out, const SimulationResult& result,
                const std::vector<std::size_t>& columns, const Frame& frame) {
  // The clip leaves room for half a line width at the edges of the area.
  fmt::format_to(std::back_inserter(out),
                 "<defs><clipPath id=\"plot-area\"><rect x=\"{}\" y=\"{}\" width=\"{}\" "
                 "height=\"{}\"/></clipPath></defs>\n",
                 coordinate(frame.left - 2), coordinate(frame.top - 2), coordinate(frame.width + 4),
                 coordinate(frame.height + 4));
  out += "<g clip-path=\"url(#plot-area)\" fill=\"none\" stroke-width=\"1.5\" "
         "stroke-linejoin=\"round\" stroke-linecap=\"round\">\n";
  for (std::size_t i = 0; i < columns.size(); ++i) {
    std::string_view color = palette[i % palette.size()];
    std::string_view dashes = dashPatterns[(i / palette.size()) % dashPatterns.size()];
    fmt::format_to(std::back_inserter(out), "<g class=\"series\" stroke=\"{}\"", color);
    if (!dashes.empty()) fmt::format_to(std::back_inserter(out), " stroke-dasharray=\"{}\"", dashes);
    fmt::format_to(std::back_inserter(out), "><title>{}</title>\n",
                   escapeXml(result.columns[columns[i]]));
    bool steps = looksDiscrete(result.rows, columns[i]);
    for (const std::vector<Point>& run : traceSeries(result.rows, columns[i], frame, steps)) {
      if (run.size() == 1) {  // a polyline of one point would be invisible
        fmt::format_to(std::back_inserter(out),
                       "<circle cx=\"{}\" cy=\"{}\" r=\"2\" fill=\"{}\" stroke=\"none\"/>\n",
                       coordinate(run[0].x), coordinate(run[0].y), color);
        continue;
      }
      out += "<polyline points=\"";
      for (std::size_t k = 0; k < run.size(); ++k) {
        if (k > 0) out += ' ';
        fmt::format_to(std::back_inserter(out), "{:.1f},{:.1f}", run[k].x, run[k].y);
      }
      out += "\"/>\n";
    }
    out += "</g>\n";
  }
  out += "</g>\n";
}

void drawAxes(std::string& out, const Layout& layout, const std::string& xTitle,
              const std::string& yTitle) {
  const Frame& f = layout.frame;
  double bottom = f.top + f.height;
  fmt::format_to(std::back_inserter(out),
                 "<rect class=\"frame\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" "
                 "stroke=\"#444444\"/>\n",
                 coordinate(f.left), coordinate(f.top), coordinate(f.width), coordinate(f.height));
  out += "<g class=\"x-axis\" text-anchor=\"middle\">\n";
  for (std::size_t i = 0; i < layout.xTicks.values.size(); ++i) {
    std::string x = coordinate(f.pixelX(layout.xTicks.values[i]));
    fmt::format_to(std::back_inserter(out),
                   "<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#444444\"/>"
                   "<text x=\"{0}\" y=\"{3}\">{4}</text>\n",
                   x, coordinate(bottom), coordinate(bottom + tickLength),
                   coordinate(bottom + tickLength + fontSize + 3), escapeXml(layout.xTicks.labels[i]));
  }
  fmt::format_to(std::back_inserter(out), "<text class=\"axis-title\" x=\"{}\" y=\"{}\">{}</text>\n",
                 coordinate(f.left + f.width / 2), coordinate(bottom + 42), escapeXml(xTitle));
  out += "</g>\n<g class=\"y-axis\" text-anchor=\"end\">\n";
  for (std::size_t i = 0; i < layout.yTicks.values.size(); ++i) {
    std::string y = coordinate(f.pixelY(layout.yTicks.values[i]));
    fmt::format_to(std::back_inserter(out),
                   "<line x1=\"{1}\" y1=\"{0}\" x2=\"{2}\" y2=\"{0}\" stroke=\"#444444\"/>"
                   "<text x=\"{3}\" y=\"{0}\" dy=\"0.35em\">{4}</text>\n",
                   y, coordinate(f.left - tickLength), coordinate(f.left),
                   coordinate(f.left - tickLength - 4), escapeXml(layout.yTicks.labels[i]));
  }
  if (!yTitle.empty()) {
    fmt::format_to(std::back_inserter(out),
                   "<text class=\"axis-title\" text-anchor=\"middle\" "
                   "transform=\"translate({},{}) rotate(-90)\">{}</text>\n",
                   coordinate(10 + fontSize), coordinate(f.top + f.height / 2), escapeXml(yTitle));
  }
  out += "</g>\n";
}

void drawLegend(std::string& out, const SimulationResult& result,
                const std::vector<std::size_t>& columns, const Layout& layout) {
  const Frame& f = layout.frame;
  // Rows that fit beside the plot; the last one says how many are left out.
  auto fitting = static_cast<std::size_t>(std::max(1.0, std::floor(f.height / legendRowHeight)));
  std::size_t shown = columns.size() <= fitting ? columns.size() : fitting - 1;
  out += "<g class=\"legend\">\n";
  for (std::size_t i = 0; i < shown; ++i) {
    double y = f.top + legendRowHeight * (static_cast<double>(i) + 0.5);
    std::string_view dashes = dashPatterns[(i / palette.size()) % dashPatterns.size()];
    fmt::format_to(std::back_inserter(out),
                   "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"2\"{}/>",
                   coordinate(layout.legendLeft), coordinate(y),
                   coordinate(layout.legendLeft + legendSampleLength), coordinate(y),
                   palette[i % palette.size()],
                   dashes.empty() ? std::string() : fmt::format(" stroke-dasharray=\"{}\"", dashes));
    const std::string& name = result.columns[columns[i]];
    fmt::format_to(std::back_inserter(out), "<text x=\"{}\" y=\"{}\" dy=\"0.35em\">{}</text>\n",
                   coordinate(layout.legendLeft + legendSampleLength + 6), coordinate(y),
                   escapeXml(shortened(name, layout.legendChars)));
  }
  if (shown < columns.size()) {
    double y = f.top + legendRowHeight * (static_cast<double>(shown) + 0.5);
    fmt::format_to(std::back_inserter(out), "<text x=\"{}\" y=\"{}\" dy=\"0.35em\">\u2026 and {} more</text>\n",
                   coordinate(layout.legendLeft), coordinate(y), columns.size() - shown);
  }
  out += "</g>\n";
}

}  // namespace

Result<std::string> renderSvg(const SimulationResult& result, const PlotOptions& options) {
  if (Result<void> checked = checkResult(result, options); !checked) return checked.error();
  Result<std::vector<std::size_t>> columns = selectColumns(result, options);
  if (!columns) return columns.error();
  std::string yTitle = columns->size() == 1 ? result.columns[columns->front()] : std::string();
  Result<Layout> layout = computeLayout(result, *columns, options, !yTitle.empty());
  if (!layout) return layout.error();

  std::string out;
  fmt::format_to(std::back_inserter(out),
                 "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                 "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
                 "viewBox=\"0 0 {0} {1}\" font-family=\"sans-serif\" font-size=\"{2}\" "
                 "fill=\"#222222\">\n"
                 "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n",
                 options.width, options.height, fontSize);
  drawGrid(out, *layout);
  drawSeries(out, result, *columns, layout->frame);
  drawAxes(out, *layout, result.columns[0], yTitle);
  if (!options.title.empty()) {
    fmt::format_to(std::back_inserter(out),
                   "<text class=\"title\" x=\"{}\" y=\"{}\" text-anchor=\"middle\" "
                   "font-size=\"{}\" font-weight=\"bold\">{}</text>\n",
                   coordinate(options.width / 2), coordinate(14 + titleSize), titleSize,
                   escapeXml(options.title));
  }
  drawLegend(out, result, *columns, *layout);
  out += "</svg>\n";
  return out;
}

Result<void> writeSvg(const std::filesystem::path& path, const SimulationResult& result,
                      const PlotOptions& options) {
  Result<std::string> svg = renderSvg(result, options);
  if (!svg) return svg.error();
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) return Error{fmt::format("cannot write '{}': {}", path.string(), std::strerror(errno))};
  out << *svg;
  out.flush();
  if (!out) return Error{fmt::format("cannot write '{}': write failed", path.string())};
  return {};
}

}  // namespace smc::plot
