// In-process linking of the FMU's shared object with lld: the generated
// objects (in memory, one per partition of the module) plus the runtime, SUNDIALS and libc into
// <modelIdentifier>.so that exports exactly the fmi2* functions.
#pragma once

#include "codegen/Toolchain.h"

#include <llvm/ADT/ArrayRef.h>

#include <string>
#include <vector>

namespace smc::codegen {

struct LinkResult {
  bool ok = false;
  std::vector<char> sharedObject;
  std::string messages;  // what lld printed (errors, or warnings on success)
};

// `libraries`: static archives of external functions (spec 12.9), linked
// in where the model's objects need them; `archives`: more such archives,
// in memory (the libraries smc compiled from C sources).
LinkResult linkSharedObject(const std::vector<llvm::ArrayRef<char>>& objects,
                            const std::string& soname,
                            const Toolchain& toolchain,
                            const std::vector<std::string>& libraries = {},
                            const std::vector<llvm::ArrayRef<char>>& archives = {});

// The symbols lld reported as undefined ("undefined symbol: name"), in order.
std::vector<std::string> undefinedSymbols(const std::string& messages);

}  // namespace smc::codegen
