// Internal to the modelDescription parser: turns an XML node into the
// "modelDescription.xml:12: " prefix of an error message, so every error
// points at the line to fix.
#pragma once

#include "importer/Result.h"

#include <fmt/format.h>
#include <pugixml.hpp>

#include <algorithm>
#include <string>
#include <string_view>

namespace smc::importer {

struct XmlContext {
  std::string_view origin;  // file name for messages
  std::string_view text;    // the whole document, to map offsets to lines

  std::size_t lineOf(pugi::xml_node node) const {
    auto offset = static_cast<std::size_t>(std::max<std::ptrdiff_t>(node.offset_debug(), 0));
    offset = std::min(offset, text.size());
    return 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + offset, '\n'));
  }

  template <typename... Args>
  Error error(pugi::xml_node node, fmt::format_string<Args...> format, Args&&... args) const {
    return Error{fmt::format("{}:{}: {}", origin, lineOf(node),
                             fmt::format(format, std::forward<Args>(args)...))};
  }
};

}  // namespace smc::importer
