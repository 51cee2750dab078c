// An .ssp file (SSP 1.0 section 4): a zip archive holding
// SystemStructure.ssd at its root and the FMUs it names, usually under
// resources/. The archive is unpacked by the one archive reader
// (src/archive) into a private temporary directory, removed when the
// SspArchive goes away, and the SSD is read from there with every source
// confined to the archive (ssp/SourcePaths.h).
#pragma once

#include "archive/ArchiveLimits.h"
#include "archive/UnpackedArchive.h"
#include "importer/Result.h"
#include "ssp/SsdReader.h"

#include <filesystem>

namespace smc::ssp {

struct SspArchive {
  archive::UnpackedArchive unpacked;
  SsdReadResult description;
};

// An error when the file cannot be unpacked or has no SystemStructure.ssd;
// problems inside the SSD are in `description`.
importer::Result<SspArchive> openSsp(const std::filesystem::path& path,
                                     const archive::ArchiveLimits& limits = {});

}  // namespace smc::ssp
