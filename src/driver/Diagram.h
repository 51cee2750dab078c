// `smc diagram`: the front of the compile pipeline (parse -> flatten ->
// discover state machines), then the machines drawn as an SVG file.
#pragma once

#include "frontend/Diagnostics.h"

#include <string>
#include <vector>

namespace smc {

struct DiagramOptions {
  std::string inputPath;
  std::string outputPath;                 // the SVG; empty: <ModelIdentifier>.svg
  std::string modelName;                  // --model; empty: the file's only class
  std::vector<std::string> libraryPaths;  // -I and MODELICAPATH, in order
};

// Writes the SVG. Diagnostics (located as for compile, and "no state
// machine in <Model>" for a model without one) go to `diags`. Returns true
// when the file was written without errors; `writtenPath` receives its path.
bool drawDiagram(const DiagramOptions& options, SourceManager& sources, DiagnosticEngine& diags,
                 std::string* writtenPath = nullptr);

}  // namespace smc
