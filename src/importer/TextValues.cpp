// See TextValues.h. Built on std::from_chars: locale-independent, unlike
// strtod, so a German locale cannot turn "0.5" into 0.
#include "importer/TextValues.h"

#include <charconv>
#include <limits>
#include <system_error>

namespace smc::importer {
namespace {

std::string_view trim(std::string_view text) {
  const char* blanks = " \t\r\n";
  std::size_t first = text.find_first_not_of(blanks);
  if (first == std::string_view::npos) return {};
  std::size_t last = text.find_last_not_of(blanks);
  return text.substr(first, last - first + 1);
}

// from_chars rejects a leading '+'; XML Schema allows one (but not "+-1").
std::string_view dropPlus(std::string_view text) {
  if (text.size() > 1 && text.front() == '+' && text[1] != '-' && text[1] != '+') {
    return text.substr(1);
  }
  return text;
}

template <typename T>
std::optional<T> parseWhole(std::string_view text) {
  text = dropPlus(trim(text));
  if (text.empty()) return std::nullopt;
  T value{};
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

std::optional<double> parseReal(std::string_view text) {
  std::string_view trimmed = trim(text);
  // XML Schema's spellings; from_chars alone would read "INF" as well, but
  // would also accept "infinity", which the schema does not.
  if (trimmed == "INF" || trimmed == "+INF") return std::numeric_limits<double>::infinity();
  if (trimmed == "-INF") return -std::numeric_limits<double>::infinity();
  if (trimmed == "NaN") return std::numeric_limits<double>::quiet_NaN();
  return parseWhole<double>(trimmed);
}

std::optional<int> parseInteger(std::string_view text) { return parseWhole<int>(text); }

// from_chars reads no sign for an unsigned type: "-1" is refused, never wrapped.
std::optional<unsigned int> parseUnsigned(std::string_view text) { return parseWhole<unsigned int>(text); }

std::optional<std::int64_t> parseInteger64(std::string_view text) { return parseWhole<std::int64_t>(text); }

std::optional<std::uint64_t> parseUnsigned64(std::string_view text) { return parseWhole<std::uint64_t>(text); }

std::optional<bool> parseBoolean(std::string_view text) {
  std::string_view trimmed = trim(text);
  if (trimmed == "true" || trimmed == "1") return true;
  if (trimmed == "false" || trimmed == "0") return false;
  return std::nullopt;
}

}  // namespace smc::importer
