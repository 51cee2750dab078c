// mkdtemp-based scratch directory; see TempDirectory.h.
#include "importer/TempDirectory.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>
#include <system_error>
#include <vector>

namespace smc::importer {

Result<TempDirectory> TempDirectory::create(std::string_view prefix) {
  const char* tmp = std::getenv("TMPDIR");
  std::string base = (tmp != nullptr && *tmp != '\0') ? tmp : "/tmp";
  std::string pattern = fmt::format("{}/{}XXXXXX", base, prefix);
  // mkdtemp rewrites the Xs in place, so it needs a mutable buffer.
  std::vector<char> buffer(pattern.begin(), pattern.end());
  buffer.push_back('\0');
  if (mkdtemp(buffer.data()) == nullptr) {
    return Error{fmt::format("cannot create a temporary directory under '{}': {}", base,
                             std::strerror(errno))};
  }
  return TempDirectory(std::filesystem::path(buffer.data()));
}

TempDirectory::TempDirectory(TempDirectory&& other) noexcept : path_(std::move(other.path_)) {
  other.path_.clear();
}

TempDirectory& TempDirectory::operator=(TempDirectory&& other) noexcept {
  if (this != &other) {
    remove();
    path_ = std::move(other.path_);
    other.path_.clear();
  }
  return *this;
}

TempDirectory::~TempDirectory() { remove(); }

void TempDirectory::remove() noexcept {
  if (path_.empty()) return;
  std::error_code ignored;  // best effort: a destructor has nobody to tell
  std::filesystem::remove_all(path_, ignored);
  path_.clear();
}

}  // namespace smc::importer
