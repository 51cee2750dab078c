// Unpacks an .ssp with the importer's zip-slip-safe extraction; see
// SspArchive.h.
#include "ssp/SspArchive.h"

#include "importer/FmuArchive.h"

#include <fmt/format.h>

namespace smc::ssp {

importer::Result<SspArchive> openSsp(const std::filesystem::path& path) {
  importer::Result<importer::TempDirectory> directory =
      importer::extractZip(path, "smc-ssp-", "SSP");
  if (!directory) return directory.error();
  std::filesystem::path ssd = directory->path() / "SystemStructure.ssd";
  std::error_code ec;
  if (!std::filesystem::is_regular_file(ssd, ec))
    return importer::Error{fmt::format(
        "'{}' is not an SSP: SystemStructure.ssd missing from the top level of the archive",
        path.string())};
  SspArchive archive{std::move(directory).value(), {}};
  // Locations name the file inside the archive, not the temporary copy.
  archive.description = readSsd(ssd, path.string() + "/SystemStructure.ssd");
  return archive;
}

}  // namespace smc::ssp
