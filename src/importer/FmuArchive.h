// An .fmu unpacked into a private temporary directory (FMI 2.0 section 2.4:
// an FMU is a zip file with modelDescription.xml at its root), by the one
// archive reader of src/archive (entries judged first, extraction bounded).
// The directory is deleted when the FmuArchive is destroyed.
#pragma once

#include "archive/ArchiveLimits.h"
#include "archive/UnpackedArchive.h"
#include "importer/Result.h"

#include <filesystem>
#include <string>
#include <string_view>

namespace smc::importer {

class FmuArchive {
public:
  // Unpacks an FMU that has modelDescription.xml at its root. Only the
  // archive is judged here; check::checkAndUnpack (importer/Session.h)
  // also checks the model description and the binary before running.
  static Result<FmuArchive> extract(const std::filesystem::path& fmuPath,
                                    const archive::ArchiveLimits& limits = {});
  // An unpacked archive that has modelDescription.xml at its root.
  explicit FmuArchive(archive::UnpackedArchive unpacked) : unpacked_(std::move(unpacked)) {}

  // The FMU as messages name it.
  const std::string& name() const { return unpacked_.name(); }
  const std::filesystem::path& root() const { return unpacked_.root(); }
  const archive::UnpackedArchive& unpacked() const { return unpacked_; }
  std::filesystem::path modelDescriptionPath() const;
  // binaries/linux64/<modelIdentifier>.so inside the unpacked FMU.
  std::filesystem::path binaryPath(std::string_view modelIdentifier) const;
  // The resources folder as a file:// URI with a trailing slash, the form
  // fmi2Instantiate expects as fmuResourceLocation.
  std::string resourcesUri() const;

private:
  archive::UnpackedArchive unpacked_;
};

// Percent-encodes a path for use in a file:// URI (RFC 3986 section 2).
std::string fileUri(const std::filesystem::path& absolutePath);

}  // namespace smc::importer
