// Locating the link inputs (see Toolchain.h). The only run-time lookup is
// the runtime archive: an installed smc carries its own copy in
// ../lib/smc/ relative to the executable, which must win over the build
// tree's path baked in at configure time.
#include "codegen/Toolchain.h"

#include "codegen/ToolchainPaths.h"

#include <filesystem>
#include <string_view>
#include <system_error>

namespace smc::codegen {

namespace {

std::string installedRuntimeArchive() {
  std::error_code error;
  std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) return {};
  std::filesystem::path candidate =
      exe.parent_path() / ".." / "lib" / "smc" / toolchain::runtimeArchiveName;
  if (!std::filesystem::is_regular_file(candidate, error)) return {};
  return candidate.lexically_normal().string();
}

}  // namespace

Toolchain findToolchain(const std::string& runtimeArchive) {
  Toolchain t;
  t.runtimeArchive = runtimeArchive;
  if (t.runtimeArchive.empty()) t.runtimeArchive = installedRuntimeArchive();
  if (t.runtimeArchive.empty()) t.runtimeArchive = toolchain::runtimeArchive;
  t.cvodeArchive = toolchain::cvodeArchive;
  t.kinsolArchive = toolchain::kinsolArchive;
  for (std::string_view rest = toolchain::sparseArchives; !rest.empty();) {
    const size_t end = rest.find(';');
    if (end != 0) t.sparseArchives.emplace_back(rest.substr(0, end));
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
  }
  t.crti = toolchain::crti;
  t.crtbeginS = toolchain::crtbeginS;
  t.crtendS = toolchain::crtendS;
  t.crtn = toolchain::crtn;
  t.libgcc = toolchain::libgcc;
  t.libcDir = toolchain::libcDir;
  t.libmDir = toolchain::libmDir;
  for (const char* library : {toolchain::asanLibrary, toolchain::ubsanLibrary})
    if (*library != '\0') t.extraSharedLibraries.emplace_back(library);
  return t;
}

}  // namespace smc::codegen
