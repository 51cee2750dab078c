// Writing the .fmu (a zip archive, FMI 2.0 section 2.3) reproducibly: fixed
// entry order, every entry dated 1980-01-01 00:00 (the earliest DOS time)
// with mode 0644, deflate level 9. The archive is written to a temporary file in the target
// directory and renamed over the target, so a failed run never leaves a
// truncated FMU behind.
#pragma once

#include <string>
#include <vector>

namespace smc::codegen {

struct ArchiveEntry {
  std::string name;  // path inside the archive, '/'-separated
  std::vector<char> contents;
};

// False with `error` set when the archive cannot be written.
bool writeZipArchive(const std::string& path, const std::vector<ArchiveEntry>& entries,
                     std::string& error);

}  // namespace smc::codegen
