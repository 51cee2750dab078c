// Strict text-to-number conversions shared by the modelDescription parser
// and `--set`: the whole string must be consumed (surrounding blanks aside),
// so "1.5x" or "" is an error rather than a silently truncated value.
// Spellings follow XML Schema, which modelDescription.xml uses: an optional
// leading '+', INF/-INF/NaN for doubles, true/false/1/0 for booleans.
#pragma once

#include <optional>
#include <string_view>

namespace smc::importer {

std::optional<double> parseReal(std::string_view text);
std::optional<int> parseInteger(std::string_view text);
std::optional<unsigned int> parseUnsigned(std::string_view text);
std::optional<bool> parseBoolean(std::string_view text);

}  // namespace smc::importer
