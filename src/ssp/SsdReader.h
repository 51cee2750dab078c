// Reads an SSP 1.0 System Structure Description into a SystemDescription.
// Namespace prefixes are ignored (elements are matched by local name, so
// "ssd:Component" and "Component" both work), parameter values come from
// inline ssv:ParameterSet elements or from .ssv files named by a binding's
// `source`, and every problem is located at its element or attribute.
// Constructs smc cannot run yet (nested systems, parameter mappings,
// mapping transformations) are errors rather than silently ignored.
#pragma once

#include "archive/ArchiveLimits.h"
#include "check/Problem.h"
#include "ssp/SourcePaths.h"
#include "ssp/SystemDescription.h"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace smc::ssp {

struct SsdReadResult {
  std::optional<SystemDescription> system;  // empty when there were errors
  std::vector<check::Problem> problems;     // errors and warnings, in file order
};

struct SsdReadOptions {
  // Where sources may lie (SourcePaths.h). An empty root: the base
  // directory, as for a bare .ssd (--allow-outside applies).
  SourceConfinement confinement{};
  // The .ssd and each .ssv file are read whole into memory.
  std::uint64_t maxXmlBytes = archive::ArchiveLimits{}.maxXmlBytes;
};

// `label` prefixes every location ("system.ssd"); component sources and
// .ssv files are resolved relative to `baseDirectory`.
SsdReadResult parseSsd(std::string_view text, const std::string& label,
                       const std::filesystem::path& baseDirectory,
                       const SsdReadOptions& options = {});
// Reads a .ssd file; its directory is the base directory. `label` names it
// in messages (default: the path).
SsdReadResult readSsd(const std::filesystem::path& path, const std::string& label = {},
                      const SsdReadOptions& options = {});

}  // namespace smc::ssp
