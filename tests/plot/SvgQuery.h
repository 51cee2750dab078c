// Reading produced SVG back in tests: the document must be well-formed XML
// (pugixml parses it), and tests look at elements, not at whole strings.
#pragma once

#include <gtest/gtest.h>

#include <pugixml.hpp>

#include <string>
#include <utility>
#include <vector>

namespace smc::plot::test {

inline ::testing::AssertionResult parseSvg(const std::string& text, pugi::xml_document& document) {
  pugi::xml_parse_result parsed = document.load_string(text.c_str());
  if (!parsed) {
    return ::testing::AssertionFailure()
           << "not well-formed XML: " << parsed.description() << " at offset " << parsed.offset;
  }
  if (std::string(document.document_element().name()) != "svg") {
    return ::testing::AssertionFailure() << "the root element is not <svg>";
  }
  return ::testing::AssertionSuccess();
}

// The <g class="series"> whose <title> is `name`, or an empty node.
inline pugi::xml_node seriesNamed(const pugi::xml_document& document, const std::string& name) {
  for (pugi::xpath_node found : document.select_nodes("//g[@class='series']")) {
    if (name == found.node().child("title").text().get()) return found.node();
  }
  return {};
}

// Texts of the elements matched by an XPath query, in document order.
inline std::vector<std::string> texts(const pugi::xml_document& document, const char* query) {
  std::vector<std::string> result;
  for (pugi::xpath_node found : document.select_nodes(query)) {
    result.emplace_back(found.node().text().get());
  }
  return result;
}

// The "x,y x,y ..." of a polyline.
inline std::vector<std::pair<double, double>> polylinePoints(pugi::xml_node polyline) {
  std::vector<std::pair<double, double>> points;
  std::string text = polyline.attribute("points").value();
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find(' ', pos);
    if (end == std::string::npos) end = text.size();
    std::string pair = text.substr(pos, end - pos);
    std::size_t comma = pair.find(',');
    points.emplace_back(std::stod(pair.substr(0, comma)), std::stod(pair.substr(comma + 1)));
    pos = end + 1;
  }
  return points;
}

}  // namespace smc::plot::test
