// Reading a result CSV back for plotting; see readCsv in Plot.h. The scanner
// follows RFC 4180 (quoted fields may hold commas, doubled quotes and line
// breaks; records end in LF, CRLF or CR) and tracks line and column so every
// error points at the offending field. Numbers go through std::from_chars,
// which reads exactly what fmt writes ("0.1", "1e-300", "nan", "-inf").
#include "plot/Plot.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <limits>
#include <optional>
#include <system_error>

namespace smc::plot {
namespace {

using importer::Error;
using importer::Result;
using importer::SimulationResult;

struct Field {
  std::string text;
  bool quoted = false;
  std::size_t line = 0, column = 0;
};

// One record (line) at a time, with positions for error messages.
class CsvScanner {
public:
  CsvScanner(std::string_view text, std::string_view origin) : text_(text), origin_(origin) {
    constexpr std::string_view byteOrderMark = "\xEF\xBB\xBF";  // as Excel writes it
    if (text_.substr(0, byteOrderMark.size()) == byteOrderMark) pos_ = byteOrderMark.size();
  }

  bool atEnd() const { return pos_ >= text_.size(); }
  std::size_t line() const { return line_; }
  std::size_t column() const { return column_; }

  // Fills `fields` with the next record; `fields` keeps its capacity.
  Result<void> readRecord(std::vector<Field>& fields) {
    std::size_t count = 0;
    while (true) {
      if (count == fields.size()) fields.emplace_back();
      Field& field = fields[count++];
      if (Result<void> read = readField(field); !read) return read;
      if (atEnd()) break;
      char c = text_[pos_];
      if (c == ',') {
        advance();
        continue;
      }
      skipLineBreak();
      break;
    }
    fields.resize(count);
    return {};
  }

  Error errorAt(std::size_t line, std::size_t column, std::string_view message) const {
    return Error{fmt::format("{}:{}:{}: {}", origin_, line, column, message)};
  }

private:
  void advance() {
    if (text_[pos_] == '\n') {
      ++line_;
      column_ = 1;
    } else {
      ++column_;
    }
    ++pos_;
  }

  void skipLineBreak() {
    if (text_[pos_] == '\r') {
      ++pos_;
      if (pos_ < text_.size() && text_[pos_] == '\n') ++pos_;
    } else {
      ++pos_;
    }
    ++line_;
    column_ = 1;
  }

  bool atFieldEnd() const {
    return atEnd() || text_[pos_] == ',' || text_[pos_] == '\n' || text_[pos_] == '\r';
  }

  Result<void> readField(Field& field) {
    field.text.clear();
    field.line = line_;
    field.column = column_;
    field.quoted = !atEnd() && text_[pos_] == '"';
    if (!field.quoted) {
      std::size_t start = pos_;
      while (!atFieldEnd()) {
        if (text_[pos_] == '"') {
          return errorAt(line_, column_, "a quote inside an unquoted field");
        }
        advance();
      }
      field.text.assign(text_.substr(start, pos_ - start));
      return {};
    }
    advance();  // the opening quote
    while (true) {
      if (atEnd()) return errorAt(field.line, field.column, "a quoted field is never closed");
      char c = text_[pos_];
      if (c == '"') {
        advance();
        if (!atEnd() && text_[pos_] == '"') {  // "" stands for one quote
          field.text += '"';
          advance();
          continue;
        }
        break;
      }
      if (c == '\r') {  // a CRLF inside quotes is one line break
        field.text += '\n';
        skipLineBreak();
        continue;
      }
      field.text += c;
      advance();
    }
    if (!atFieldEnd()) {
      return errorAt(line_, column_,
                     fmt::format("unexpected '{}' after a closing quote", text_[pos_]));
    }
    return {};
  }

  std::string_view text_;
  std::string_view origin_;
  std::size_t pos_ = 0;
  std::size_t line_ = 1, column_ = 1;
};

std::string_view trimBlanks(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

bool equalsIgnoringCase(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
  });
}

// The value of one data field, or nothing when it is not a number.
std::optional<double> parseNumber(std::string_view field) {
  std::string_view text = trimBlanks(field);
  if (text.empty()) return std::numeric_limits<double>::quiet_NaN();  // a missing sample
  if (equalsIgnoringCase(text, "true")) return 1.0;
  if (equalsIgnoringCase(text, "false")) return 0.0;
  // from_chars rejects a leading '+', which other tools do write ("+1.5e+02").
  if (text.front() == '+') text.remove_prefix(1);
  double value = 0.0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (end != text.data() + text.size()) return std::nullopt;
  // Beyond the double range: strtod's convention (an infinity of the right
  // sign, or zero), which from_chars leaves to the caller.
  if (error == std::errc::result_out_of_range) return std::strtod(std::string(text).c_str(), nullptr);
  if (error != std::errc()) return std::nullopt;
  return value;
}

bool isBlankRecord(const std::vector<Field>& fields) {
  return fields.size() == 1 && !fields[0].quoted && trimBlanks(fields[0].text).empty();
}

}  // namespace

Result<SimulationResult> parseCsv(std::string_view text, std::string_view origin) {
  CsvScanner scanner(text, origin);
  std::vector<Field> fields;
  SimulationResult result;

  // The header: the first record that is not blank.
  while (true) {
    if (scanner.atEnd()) return Error{fmt::format("{}: no header line; the file is empty", origin)};
    if (Result<void> read = scanner.readRecord(fields); !read) return read.error();
    if (!isBlankRecord(fields)) break;
  }
  for (std::size_t i = 0; i < fields.size(); ++i) {
    const Field& field = fields[i];
    std::string name(field.quoted ? std::string_view(field.text) : trimBlanks(field.text));
    if (name.empty()) {
      return scanner.errorAt(field.line, field.column,
                             fmt::format("column {} of the header has no name", i + 1));
    }
    result.columns.push_back(std::move(name));
  }

  const std::size_t width = result.columns.size();
  while (!scanner.atEnd()) {
    std::size_t line = scanner.line();
    if (Result<void> read = scanner.readRecord(fields); !read) return read.error();
    if (isBlankRecord(fields)) continue;
    if (fields.size() > width) {
      const Field& extra = fields[width];
      return scanner.errorAt(extra.line, extra.column,
                             fmt::format("row has {} fields but the header names {} columns",
                                         fields.size(), width));
    }
    if (fields.size() < width) {
      const Field& last = fields.back();
      return scanner.errorAt(line, last.column + last.text.size() + (last.quoted ? 2 : 0),
                             fmt::format("row has {} field{} but the header names {} columns",
                                         fields.size(), fields.size() == 1 ? "" : "s", width));
    }
    std::vector<double> row(width);
    for (std::size_t i = 0; i < width; ++i) {
      std::optional<double> value = parseNumber(fields[i].text);
      if (!value) {
        return scanner.errorAt(fields[i].line, fields[i].column,
                               fmt::format("'{}' in column '{}' is not a number", fields[i].text,
                                           result.columns[i]));
      }
      row[i] = *value;
    }
    result.rows.push_back(std::move(row));
  }

  if (!result.rows.empty()) {
    result.startTime = result.rows.front()[0];
    result.stopTime = result.rows.back()[0];
  }
  return result;
}

Result<SimulationResult> readCsv(const std::filesystem::path& path) {
  std::error_code code;
  if (std::filesystem::is_directory(path, code)) {
    return Error{fmt::format("cannot read '{}': it is a directory", path.string())};
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{fmt::format("cannot read '{}': {}", path.string(), std::strerror(errno))};
  std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (in.bad()) return Error{fmt::format("cannot read '{}': read failed", path.string())};
  return parseCsv(text, path.string());
}

}  // namespace smc::plot
