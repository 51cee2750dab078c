#include "frontend/Source.h"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace smc {

namespace {

constexpr std::string_view kUtf8ByteOrderMark = "\xEF\xBB\xBF";

bool isLineEnd(char c) { return c == '\n' || c == '\r'; }

}  // namespace

FileId SourceManager::addBuffer(std::string path, std::string contents) {
  if (std::string_view(contents).substr(0, kUtf8ByteOrderMark.size()) == kUtf8ByteOrderMark)
    contents.erase(0, kUtf8ByteOrderMark.size());
  File file{std::move(path), std::move(contents), {0}};
  const std::string& text = file.contents;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;  // CRLF is one end
    if (isLineEnd(text[i])) file.lineStarts.push_back(i + 1);
  }
  files_.push_back(std::move(file));
  return static_cast<FileId>(files_.size() - 1);
}

bool SourceManager::addFile(const std::string& path, FileId& id) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return false;
  id = addBuffer(path, text.str());
  return true;
}

std::string_view SourceManager::lineText(FileId id, uint32_t line) const {
  if (id >= files_.size()) return {};
  const File& file = files_[id];
  if (line == 0 || line > file.lineStarts.size()) return {};
  const std::string_view text = file.contents;
  const size_t begin = file.lineStarts[line - 1];
  const size_t end = std::find_if(text.begin() + static_cast<std::ptrdiff_t>(begin), text.end(), isLineEnd) -
                     text.begin();
  return text.substr(begin, end - begin);
}

SourceLocation SourceManager::locate(FileId id, size_t offset) const {
  const File& file = files_[id];
  offset = std::min(offset, file.contents.size());
  // The last line starting at or before `offset`.
  auto next = std::upper_bound(file.lineStarts.begin(), file.lineStarts.end(), offset);
  const size_t line = static_cast<size_t>(next - file.lineStarts.begin());
  const size_t column = offset - file.lineStarts[line - 1] + 1;
  return {id, static_cast<uint32_t>(line), static_cast<uint32_t>(column)};
}

}  // namespace smc
