// Libraries that come as C sources (flat::SourceLibrary, the MSL's
// ModelicaExternalC): compiled file by file into an archive, which the FMU
// links like any static library, so that only the members the model's
// functions need go into it. The archive is kept in the LibraryCache under
// a key hashing the compiler's identity and each file preprocessed (its
// text with every header it includes), so a second model that uses the
// library reads it back instead of compiling it.
#pragma once

#include "externalc/CCompiler.h"
#include "externalc/LibraryCache.h"
#include "flatten/FlatModel.h"

#include <functional>
#include <string>
#include <vector>

namespace smc::externalc {

struct LibraryArchive {
  bool ok = false;
  bool fromCache = false;
  std::vector<char> bytes;
  // When not ok: the file that failed and what the C compiler said.
  std::string failedFile;
  std::vector<CDiagnostic> diagnostics;
};

// Optimizes a module of C code and emits its object: the code generator's
// own pipeline and target, so that library code is built as the model's is.
using ObjectEmitter = std::function<bool(llvm::Module& module, llvm::SmallVectorImpl<char>& object,
                                         std::string& error)>;

LibraryArchive buildSourceLibrary(const flat::SourceLibrary& library, const LibraryCache& cache,
                                  const ObjectEmitter& emit);

// Builds every source library of the model; reports a failure at the
// library's annotation, with the C compiler's messages as notes.
bool buildSourceLibraries(const flat::FlatModel& model, const ObjectEmitter& emit,
                          std::vector<std::vector<char>>& archives, DiagnosticEngine& diags);

}  // namespace smc::externalc
