// An .fmu unpacked into a private temporary directory (FMI 2.0 section 2.4:
// an FMU is a zip file with modelDescription.xml at its root). Entries whose
// names are absolute or climb out with ".." are refused (zip-slip), and the
// directory is deleted when the FmuArchive is destroyed.
#pragma once

#include "importer/Result.h"
#include "importer/TempDirectory.h"

#include <filesystem>
#include <string>
#include <string_view>

namespace smc::importer {

class FmuArchive {
public:
  static Result<FmuArchive> extract(const std::filesystem::path& fmuPath);

  const std::filesystem::path& fmuPath() const { return fmuPath_; }
  const std::filesystem::path& root() const { return directory_.path(); }
  std::filesystem::path modelDescriptionPath() const;
  // binaries/linux64/<modelIdentifier>.so inside the unpacked FMU.
  std::filesystem::path binaryPath(std::string_view modelIdentifier) const;
  // The resources folder as a file:// URI with a trailing slash, the form
  // fmi2Instantiate expects as fmuResourceLocation.
  std::string resourcesUri() const;

private:
  FmuArchive(std::filesystem::path fmuPath, TempDirectory directory)
      : fmuPath_(std::move(fmuPath)), directory_(std::move(directory)) {}

  std::filesystem::path fmuPath_;
  TempDirectory directory_;
};

// Unpacks any zip archive into a fresh temporary directory named
// "<tmp>/<prefix>XXXXXX", refusing unsafe entry names; `what` names the kind
// of archive in messages ("FMU", "SSP"). Used for .fmu and .ssp files.
Result<TempDirectory> extractZip(const std::filesystem::path& zipPath, std::string_view prefix,
                                 std::string_view what);

// Why an entry name may not be unpacked (absolute, drive letter, ".."), or
// an empty string when it is safe. Exposed for tests.
std::string unsafeEntryReason(std::string_view entryName);

// Percent-encodes a path for use in a file:// URI (RFC 3986 section 2).
std::string fileUri(const std::filesystem::path& absolutePath);

}  // namespace smc::importer
