// The static data of C code smc compiles (an Include annotation's
// `static int calls;`, ModelicaRandom.c's generator state) is part of the
// FMU state: such variables are gathered into one section, smc_c_data,
// whose bytes the runtime saves with each state and writes back when one is
// restored (runtime/src/c_static_data.c), so C code that keeps a count or
// a random generator's state between calls resumes exactly.
//
// Only variables that hold no pointer go there: a pointer (a cache of an
// open file, a buffer) written back after what it pointed to was freed
// would dangle, so such variables keep their current value. Static data is
// the process's, as in any C program: restoring a state of one instance
// sets it for every instance of the FMU in the process.
#pragma once

#include <llvm/IR/Module.h>

#include <string>

namespace smc::externalc {

inline constexpr const char* kStaticDataSection = "smc_c_data";

// Moves the module's writable pointer-free variables into the section,
// before any optimization: each becomes a hidden global of a name of its
// own (made of `unitName`, which tells the units of one link apart), which
// the optimizer leaves in place (no longer local, it cannot see all its
// uses) and the FMU's export list still hides.
void gatherStaticData(llvm::Module& module, const std::string& unitName);

}  // namespace smc::externalc
