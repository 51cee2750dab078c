#include "frontend/Diagnostics.h"

#include "frontend/Utf8.h"

#include <algorithm>
#include <iostream>

namespace smc {

namespace {

// Longer source lines are shown as a window around the caret: a generated
// or hostile one-line model can be megabytes long, and printing it whole
// with every error would flood the terminal (and take minutes).
constexpr size_t kMaxShownLineWidth = 160;

// Errors after this many are counted but not printed: a malformed file can
// produce thousands of follow-on errors that help nobody.
constexpr unsigned kMaxPrintedErrors = 50;

const char* severityName(Severity severity) {
  switch (severity) {
    case Severity::Note: return "note";
    case Severity::Warning: return "warning";
    case Severity::Error: return "error";
  }
  return "error";
}

// The source line as shown: a control byte (but a tab) as a space and a
// byte that is not UTF-8 as '?', byte for byte, so that columns stay put
// and the terminal shows what the file holds.
std::string shownLine(std::string_view text) {
  std::string out(text);
  for (size_t i = 0; i < out.size();) {
    const unsigned char c = static_cast<unsigned char>(out[i]);
    const size_t length = frontend::utf8SequenceLength(out, i);
    if (length == 0) out[i] = '?';
    else if ((c < 0x20 && c != '\t') || c == 0x7F) out[i] = ' ';
    i += length == 0 ? 1 : length;
  }
  return out;
}

// The caret line: spaces up to the start column (tabs kept so the caret lines
// up with the source as a terminal shows it), '^', then '~' to the range end
// when the range stays on one line. Columns count bytes; the terminal shows
// a character for a whole UTF-8 sequence, so continuation bytes take no room.
std::string caretLine(std::string_view text, const SourceRange& range) {
  auto takesRoom = [&](uint32_t column) {
    return column > text.size() || !frontend::isContinuationByte(static_cast<unsigned char>(text[column - 1]));
  };
  std::string out;
  uint32_t column = range.begin.column == 0 ? 1 : range.begin.column;
  for (uint32_t i = 1; i < column && i - 1 < text.size(); ++i)
    if (takesRoom(i)) out += text[i - 1] == '\t' ? '\t' : ' ';
  out += '^';
  if (range.end.line == range.begin.line && range.end.column > column + 1) {
    uint32_t last = std::min<uint32_t>(range.end.column, static_cast<uint32_t>(text.size()) + 1);
    for (uint32_t i = column + 1; i < last; ++i)
      if (takesRoom(i)) out += '~';
  }
  return out;
}

}  // namespace

DiagnosticEngine::DiagnosticEngine(const SourceManager& sources)
    : sources_(sources), out_(&std::cerr) {}

std::string DiagnosticEngine::format(const Diagnostic& d) const {
  std::string out;
  if (d.range.valid() && d.range.begin.file < sources_.fileCount()) {
    out = fmt::format("{}:{}:{}: {}: {}\n", sources_.path(d.range.begin.file), d.range.begin.line,
                      d.range.begin.column, severityName(d.severity), d.message);
    std::string_view text = sources_.lineText(d.range.begin.file, d.range.begin.line);
    SourceRange shown = d.range;
    std::string prefix;
    if (text.size() > kMaxShownLineWidth) {
      // Keep the caret a quarter into the window; mark what was cut.
      size_t caret = d.range.begin.column == 0 ? 0 : d.range.begin.column - 1;
      size_t start = caret > kMaxShownLineWidth / 4 ? caret - kMaxShownLineWidth / 4 : 0;
      start = std::min(start, text.size());
      if (start > 0) prefix = "...";
      text = text.substr(start, kMaxShownLineWidth);
      auto shift = [&](uint32_t column) {
        return column <= start ? 1u : static_cast<uint32_t>(column - start + prefix.size());
      };
      shown.begin.column = shift(d.range.begin.column);
      shown.end.column = d.range.end.line == d.range.begin.line ? shift(d.range.end.column)
                                                                 : d.range.end.column;
    }
    if (!text.empty()) {
      std::string line = prefix + shownLine(text);
      out += line + "\n";
      out += caretLine(line, shown) + "\n";
    }
  } else {
    out = fmt::format("smc: {}: {}\n", severityName(d.severity), d.message);
  }
  return out;
}

void DiagnosticEngine::report(Severity severity, SourceRange range, std::string message) {
  if (severity == Severity::Note) {
    if (suppressingNotes_) return;
  } else {
    if (severity == Severity::Error) ++errorReports_;
    Key key{severity, range.begin.file, range.begin.line, range.begin.column, range.end.line, range.end.column, message};
    suppressingNotes_ = !seen_.insert(std::move(key)).second;
    if (suppressingNotes_) return;
  }
  Diagnostic d{severity, range, std::move(message)};
  if (severity == Severity::Error) ++errorCount_;
  if (severity == Severity::Error && errorCount_ > kMaxPrintedErrors && !announcedErrorLimit_) {
    if (out_)
      *out_ << fmt::format("smc: note: more than {} errors; the rest are not shown\n",
                           kMaxPrintedErrors)
            << std::flush;
    announcedErrorLimit_ = true;
  }
  if (out_ && !announcedErrorLimit_) *out_ << format(d) << std::flush;
  diagnostics_.push_back(std::move(d));
}

}  // namespace smc
