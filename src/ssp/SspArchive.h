// An .ssp file (SSP 1.0 section 4): a zip archive holding
// SystemStructure.ssd at its root and the FMUs it names, usually under
// resources/. The archive is unpacked into a private temporary directory,
// removed when the SspArchive goes away, and the SSD is read from there so
// that its relative sources resolve inside the archive.
#pragma once

#include "importer/Result.h"
#include "importer/TempDirectory.h"
#include "ssp/SsdReader.h"

#include <filesystem>

namespace smc::ssp {

struct SspArchive {
  importer::TempDirectory directory;
  SsdReadResult description;
};

// An error when the file cannot be unpacked or has no SystemStructure.ssd;
// problems inside the SSD are in `description`.
importer::Result<SspArchive> openSsp(const std::filesystem::path& path);

}  // namespace smc::ssp
