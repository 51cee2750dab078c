// An archive unpacked by ZipArchive into its own TempDirectory, the copy
// that is then checked, loaded and run, so what `smc check` judged is
// byte for byte what runs. Messages name files as "<archive>/<entry>",
// never by the temporary path, which is gone by the time anyone reads them.
#pragma once

#include "archive/TempDirectory.h"
#include "archive/ZipArchive.h"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace smc::archive {

class UnpackedArchive {
public:
  // Unpacks into "<tmp>/<prefix>XXXXXX"; an error (the first problem) when
  // the archive has problems or extraction fails.
  static Result<UnpackedArchive> extract(const ZipArchive& zip, std::string_view prefix);
  // The copy another process of the same host unpacked (and checked) into
  // `root`, which that process keeps and removes: this one only reads it.
  // Its entries are not known here (entries() is empty).
  static UnpackedArchive attach(std::string name, std::filesystem::path root);

  // The archive as messages name it (ZipArchive::label()).
  const std::string& name() const { return name_; }
  const std::filesystem::path& root() const { return root_; }
  const std::vector<Entry>& entries() const { return entries_; }
  // The unpacked copy of entry path `inside` ("binaries/linux64/M.so").
  std::filesystem::path file(std::string_view inside) const { return root() / inside; }
  // "<archive>/<inside>" for messages, for a path below root() (or the
  // path itself when it is elsewhere).
  std::string label(const std::filesystem::path& unpacked) const;
  // Replaces every mention of root() in `text` (a dlerror() message, say)
  // by the archive's name.
  std::string withoutTemporaryPaths(std::string text) const;

private:
  UnpackedArchive(std::string name, std::filesystem::path root, std::optional<TempDirectory> directory,
                  std::vector<Entry> entries)
      : name_(std::move(name)), root_(std::move(root)), directory_(std::move(directory)),
        entries_(std::move(entries)) {}

  std::string name_;
  std::filesystem::path root_;
  std::optional<TempDirectory> directory_;  // none when attached to another process's copy
  std::vector<Entry> entries_;
};

// Reads a whole file that must not exceed `maxBytes` (XML read into
// memory); `label` names it in messages.
Result<std::string> readBoundedFile(const std::filesystem::path& path, std::uint64_t maxBytes,
                                    std::string_view label);

}  // namespace smc::archive
