// The FMU's zip archive read in place with libzip: entry names are
// checked without unpacking anything, and the two files `smc check` needs
// (modelDescription.xml and the binary) are read into memory.
#pragma once

#include "check/Problem.h"
#include "importer/Result.h"

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace smc::check {

class FmuZip {
public:
  // An error when the file is missing or not a zip archive.
  static importer::Result<FmuZip> open(const std::filesystem::path& path);

  FmuZip(FmuZip&&) noexcept;
  FmuZip& operator=(FmuZip&&) noexcept;
  ~FmuZip();

  const std::vector<std::string>& entryNames() const { return names_; }
  bool contains(const std::string& name) const;
  // The entry's bytes; an error when it is missing or unreadable.
  importer::Result<std::string> read(const std::string& name) const;

private:
  struct Handle;
  explicit FmuZip(std::unique_ptr<Handle> handle, std::vector<std::string> names);

  std::unique_ptr<Handle> handle_;
  std::vector<std::string> names_;
};

// Rule archive-entry-path: entries that are absolute or contain "..".
// Uses the importer's own refusal test, so check and simulate agree.
void checkEntryNames(const FmuZip& zip, const std::string& fmuLabel,
                     std::vector<Problem>& problems);

}  // namespace smc::check
