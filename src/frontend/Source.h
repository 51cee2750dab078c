// Source files and positions. Every later IR carries SourceRange so that an
// error found late (a singular system, a bad transition) still points at the
// user's line.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace smc {

using FileId = uint32_t;

// 1-based line and column; column counts bytes. line == 0 means "no location"
// (for example a variable synthesized by a later stage). A line ends at LF,
// CRLF or a lone CR (old Mac files), whichever the file uses.
struct SourceLocation {
  FileId file = 0;
  uint32_t line = 0;
  uint32_t column = 0;

  bool valid() const { return line != 0; }
};

// Inclusive begin, exclusive end (end may equal begin for a point).
struct SourceRange {
  SourceLocation begin;
  SourceLocation end;

  bool valid() const { return begin.valid(); }
};

// Owns the text of every file read in one run, so diagnostics can print the
// offending line long after parsing. A UTF-8 byte order mark at the start of
// a file is not part of its text: columns on its first line start after it.
class SourceManager {
public:
  // Returns the id of a file added from memory (tests, stdin).
  FileId addBuffer(std::string path, std::string contents);
  // Reads a file; returns false (and leaves `id` untouched) when unreadable.
  bool addFile(const std::string& path, FileId& id);

  const std::string& path(FileId id) const { return files_[id].path; }
  const std::string& contents(FileId id) const { return files_[id].contents; }
  // The text of one line, without its line end; empty when out of range.
  std::string_view lineText(FileId id, uint32_t line) const;
  // The location of a byte offset in the text (past the end: the end).
  SourceLocation locate(FileId id, size_t offset) const;
  size_t fileCount() const { return files_.size(); }

private:
  struct File {
    std::string path;
    std::string contents;
    std::vector<size_t> lineStarts;  // byte offset of each line's first byte
  };
  std::vector<File> files_;
};

}  // namespace smc
