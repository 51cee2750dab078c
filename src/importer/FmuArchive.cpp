// See FmuArchive.h.
#include "importer/FmuArchive.h"

#include <fmt/format.h>

namespace smc::importer {

std::string fileUri(const std::filesystem::path& absolutePath) {
  std::string uri = "file://";
  for (unsigned char c : absolutePath.generic_string()) {
    bool unreserved = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
                      (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' ||
                      c == '~' || c == '/';
    if (unreserved) {
      uri += static_cast<char>(c);
    } else {
      uri += fmt::format("%{:02X}", c);
    }
  }
  return uri;
}

Result<FmuArchive> FmuArchive::extract(const std::filesystem::path& fmuPath,
                                       const archive::ArchiveLimits& limits) {
  Result<archive::ZipArchive> zip = archive::ZipArchive::open(fmuPath, "FMU", limits);
  if (!zip) return zip.error();
  if (zip->problems().empty() && zip->findFile("modelDescription.xml") == nullptr)
    return Error{fmt::format("'{}' is not an FMU: modelDescription.xml missing from the "
                             "top level of the archive",
                             fmuPath.string())};
  Result<archive::UnpackedArchive> unpacked = archive::UnpackedArchive::extract(*zip, "smc-fmu-");
  if (!unpacked) return unpacked.error();
  return FmuArchive(std::move(unpacked).value());
}

std::filesystem::path FmuArchive::modelDescriptionPath() const {
  return root() / "modelDescription.xml";
}

std::filesystem::path FmuArchive::binaryPath(std::string_view modelIdentifier) const {
  return root() / "binaries" / "linux64" / (std::string(modelIdentifier) + ".so");
}

std::string FmuArchive::resourcesUri() const { return fileUri(root() / "resources") + "/"; }

}  // namespace smc::importer
