// The one zip reader behind every archive smc opens (.fmu for check,
// simulate, verify-state, explore and cosim; .ssp for cosim). Opening reads
// the central directory and judges every entry before a byte is inflated:
// unsafe names (EntryPath.h), two entries that would unpack to the same
// file (duplicates, case or Unicode variants, a file where another entry
// needs a folder), symbolic links and other special files, encryption,
// and the size bounds of ArchiveLimits. Each finding is a Problem with a
// rule name, so `smc check` lists them all; extraction refuses an archive
// with any. Inflating is streamed in fixed-size blocks and counted against
// the declared sizes and the limits as it goes, so no entry can claim to be
// small and then grow.
#pragma once

#include "archive/ArchiveLimits.h"
#include "importer/Result.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace smc::archive {

using importer::Error;
using importer::Result;

struct Entry {
  std::string name;  // as stored in the archive
  std::string path;  // normalized (EntryPath.h); empty when the name is unsafe
  bool directory = false;
  std::uint64_t size = 0;            // uncompressed, as declared
  std::uint64_t compressedSize = 0;  // as declared
  std::uint64_t index = 0;           // in the central directory
};

struct ArchiveProblem {
  std::string rule;  // archive-entry-path, archive-duplicate-entry, ...
  std::string message;
};

class ZipArchive {
public:
  // An error when the file is missing, a directory, or not a zip archive;
  // problems with its entries are in problems(). `what` names the kind of
  // archive in messages ("FMU", "SSP"), `label` the file (default: its
  // path; "system.ssp/resources/a.fmu" for an archive inside another).
  static Result<ZipArchive> open(const std::filesystem::path& path, std::string_view what,
                                 const ArchiveLimits& limits, std::string label = {});

  ZipArchive(ZipArchive&&) noexcept;
  ZipArchive& operator=(ZipArchive&&) noexcept;
  ~ZipArchive();

  const std::filesystem::path& path() const { return path_; }
  const std::string& label() const { return label_; }
  const std::vector<Entry>& entries() const { return entries_; }
  const std::vector<ArchiveProblem>& problems() const { return problems_; }
  // The file entry whose normalized path is `path`, or null.
  const Entry* findFile(std::string_view path) const;

  // Writes every entry below `root` (which must exist), refusing an
  // archive with problems. Files are created new (O_EXCL): nothing that
  // exists is followed or overwritten.
  Result<void> extractTo(const std::filesystem::path& root) const;

private:
  struct Handle;
  ZipArchive(std::filesystem::path path, std::string label, std::string what,
             ArchiveLimits limits, std::unique_ptr<Handle> handle);
  void readDirectory();
  void judgeEntries();
  Result<void> extractFile(const Entry& entry, const std::filesystem::path& target) const;

  std::filesystem::path path_;
  std::string label_;
  std::string what_;
  ArchiveLimits limits_;
  std::unique_ptr<Handle> handle_;
  std::vector<Entry> entries_;
  std::vector<ArchiveProblem> problems_;
};

// "2 GiB", "512 MiB", "900 bytes": sizes in messages.
std::string byteCount(std::uint64_t bytes);

}  // namespace smc::archive
