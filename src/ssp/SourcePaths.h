// Where the files an SSD names may be. A component's `source` and a
// parameter binding's `source` are URIs resolved against the SSD's folder
// (SSP 1.0 section 5.3.2: relative references, or file: URIs). A system
// description comes from someone else, and reading a file it names can
// reveal that file (a parse error quotes its lines), so every source must
// lie inside a confinement folder: the unpacked archive of an .ssp, always;
// the folder of a bare .ssd, unless the user passes --allow-outside. Paths
// are compared after resolving "..", symbolic links and percent escapes.
#pragma once

#include "importer/Result.h"

#include <filesystem>
#include <string>
#include <string_view>

namespace smc::ssp {

struct SourceConfinement {
  // The folder every source must resolve inside.
  std::filesystem::path root;
  // How messages name a file below `root`: "<rootLabel>/<relative path>"
  // ("system.ssp/resources/a.fmu"), or the relative path alone when empty.
  std::string rootLabel;
  // "the archive" or "the folder of the SSD": what a refusal says the file
  // must lie in.
  std::string rootDescription;
  // Whether --allow-outside applies (a bare .ssd; never an .ssp, which is
  // self-contained), and whether it was given: absolute paths and ".."
  // beyond root are then accepted.
  bool outsideAllowable = false;
  bool allowOutside = false;
};

struct ResolvedSource {
  std::filesystem::path path;  // where to read it
  std::string label;           // how messages name it
};

// Resolves `source` against `base` (a folder inside the confinement); an
// error saying why it is refused (never anything about a file outside).
importer::Result<ResolvedSource> resolveSource(std::string_view source,
                                               const std::filesystem::path& base,
                                               const SourceConfinement& confinement);

}  // namespace smc::ssp
