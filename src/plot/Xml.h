// Text that is safe inside an SVG document: variable names such as
// `activeState(off)`, `a<b` or `say "hi"` come straight from CSV headers.
#pragma once

#include <string>
#include <string_view>

namespace smc::plot {

// Escapes & < > " ' for element text and attribute values alike, and
// replaces what XML 1.0 forbids (control characters, invalid UTF-8,
// U+FFFE/U+FFFF) with U+FFFD, so the document always stays well-formed.
std::string escapeXml(std::string_view text);

}  // namespace smc::plot
