// The files an FMU's shared object is linked from, besides the generated
// object: the smc runtime archive, SUNDIALS' static archives, the C start-up
// objects and the C libraries. Paths come from the configure-time header
// (ToolchainPaths.h); the runtime archive of an installed smc is looked up
// next to the executable first, in <bindir>/../lib/smc/.
#pragma once

#include <string>
#include <vector>

namespace smc::codegen {

struct Toolchain {
  std::string runtimeArchive;
  std::string cvodeArchive;
  std::string kinsolArchive;
  std::vector<std::string> sparseArchives;  // KLU and SuiteSparse, in link order
  std::string crti, crtbeginS, crtendS, crtn;
  std::string libgcc;
  std::string libcDir, libmDir;
  // Shared libraries the FMU depends on besides libc and libm: the
  // sanitizer runtimes when smc was built with SMC_SANITIZE, else none.
  std::vector<std::string> extraSharedLibraries;
};

// `runtimeArchive`, when not empty, overrides the runtime archive lookup.
Toolchain findToolchain(const std::string& runtimeArchive);

}  // namespace smc::codegen
