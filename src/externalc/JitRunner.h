// The model's C code run in smc at translation (flatten/ExternalRunner.h).
// What the FMU would link is loaded into LLVM's ORC JIT: the Include
// annotations' unit compiled by Clang, the libraries built from C sources
// (the same cached archives the FMU gets) and the static archives, linked
// against the C library of smc's own process and the translation-time
// ModelicaUtilities (TranslationUtilities.h). Each call goes through a
// small generated function that unpacks the arguments from 8-byte cells
// and calls the C function with its C types, so any signature the external
// clause can produce can be called. Nothing is compiled or loaded until the
// first call.
#pragma once

#include "externalc/SourceLibraries.h"
#include "flatten/ExternalRunner.h"

#include <memory>

namespace smc::externalc {

std::shared_ptr<flat::ExternalRunner> makeJitRunner(ObjectEmitter emit);

}  // namespace smc::externalc
