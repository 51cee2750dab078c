// Strict text-to-number conversions shared by the modelDescription parser,
// `--set` and the command line's numeric options: the whole string must be consumed (surrounding blanks aside),
// so "1.5x" or "" is an error rather than a silently truncated value.
// Spellings follow XML Schema, which modelDescription.xml uses: an optional
// leading '+', INF/-INF/NaN for doubles, true/false/1/0 for booleans.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace smc::importer {

std::optional<double> parseReal(std::string_view text);
std::optional<int> parseInteger(std::string_view text);
std::optional<unsigned int> parseUnsigned(std::string_view text);
std::optional<std::int64_t> parseInteger64(std::string_view text);
std::optional<std::uint64_t> parseUnsigned64(std::string_view text);
std::optional<bool> parseBoolean(std::string_view text);

}  // namespace smc::importer
