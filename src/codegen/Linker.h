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

LinkResult linkSharedObject(const std::vector<llvm::ArrayRef<char>>& objects,
                            const std::string& soname,
                            const Toolchain& toolchain);

}  // namespace smc::codegen
