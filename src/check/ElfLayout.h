// Whether an ELF shared object's bytes hold everything its headers point
// at. dlopen maps each loadable segment from the file as its program
// header says; a segment that runs past the end of a truncated file is
// mapped all the same, and the first touch of the missing pages kills the
// process with SIGBUS. So before any dlopen, and in `smc check`, the file
// header, the program and section header tables, every segment's file
// bytes and every section's bytes must lie inside the file.
#pragma once

#include "importer/Result.h"

#include <filesystem>
#include <string_view>

namespace smc::check {

// An error naming the first part that lies outside the file; `label`
// names the file in it.
importer::Result<void> checkElfLayout(std::string_view bytes, std::string_view label);

// The same for a file on disk (mapped, not read).
importer::Result<void> checkElfFile(const std::filesystem::path& path, std::string_view label);

}  // namespace smc::check
