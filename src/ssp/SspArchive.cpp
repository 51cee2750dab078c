// Unpacks an .ssp with the shared archive reader; see SspArchive.h.
#include "ssp/SspArchive.h"

#include <fmt/format.h>

namespace smc::ssp {

importer::Result<SspArchive> openSsp(const std::filesystem::path& path,
                                     const archive::ArchiveLimits& limits) {
  importer::Result<archive::ZipArchive> zip = archive::ZipArchive::open(path, "SSP", limits);
  if (!zip) return zip.error();
  importer::Result<archive::UnpackedArchive> unpacked =
      archive::UnpackedArchive::extract(*zip, "smc-ssp-");
  if (!unpacked) return unpacked.error();
  std::filesystem::path ssd = unpacked->file("SystemStructure.ssd");
  std::error_code ec;
  if (!std::filesystem::is_regular_file(ssd, ec))
    return importer::Error{fmt::format(
        "'{}' is not an SSP: SystemStructure.ssd missing from the top level of the archive",
        path.string())};
  SsdReadOptions options;
  options.confinement.root = unpacked->root();
  options.confinement.rootLabel = path.string();
  options.confinement.rootDescription = "the archive";
  options.maxXmlBytes = limits.maxXmlBytes;
  // Locations name the file inside the archive, not the temporary copy.
  SsdReadResult description = readSsd(ssd, path.string() + "/SystemStructure.ssd", options);
  return SspArchive{std::move(unpacked).value(), std::move(description)};
}

}  // namespace smc::ssp
