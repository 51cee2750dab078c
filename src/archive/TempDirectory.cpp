// mkdtemp-based scratch directory and the list of live ones; see
// TempDirectory.h.
#include "archive/TempDirectory.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <set>
#include <string>
#include <system_error>
#include <vector>

namespace smc::archive {
namespace {

// The live directories, for removal on a signal. Guarded by one mutex:
// the signal thread removes them while the worker may create another.
struct LiveDirectories {
  std::mutex mutex;
  std::set<std::filesystem::path> paths;
};

LiveDirectories& live() {
  static LiveDirectories* directories = new LiveDirectories;  // never destroyed: used until exit
  return *directories;
}

}  // namespace

importer::Result<TempDirectory> TempDirectory::create(std::string_view prefix) {
  const char* tmp = std::getenv("TMPDIR");
  std::string base = (tmp != nullptr && *tmp != '\0') ? tmp : "/tmp";
  std::string pattern = fmt::format("{}/{}XXXXXX", base, prefix);
  // mkdtemp rewrites the Xs in place, so it needs a mutable buffer.
  std::vector<char> buffer(pattern.begin(), pattern.end());
  buffer.push_back('\0');
  std::lock_guard lock(live().mutex);
  if (mkdtemp(buffer.data()) == nullptr) {
    return importer::Error{fmt::format("cannot create a temporary directory under '{}': {}",
                                       base, std::strerror(errno))};
  }
  std::filesystem::path path(buffer.data());
  live().paths.insert(path);
  return TempDirectory(std::move(path));
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
  std::lock_guard lock(live().mutex);
  std::error_code ignored;  // best effort: a destructor has nobody to tell
  std::filesystem::remove_all(path_, ignored);
  live().paths.erase(path_);
  path_.clear();
}

void TempDirectory::removeAllLive() noexcept {
  std::lock_guard lock(live().mutex);
  for (const std::filesystem::path& path : live().paths) {
    std::error_code ignored;
    std::filesystem::remove_all(path, ignored);
  }
  live().paths.clear();
}

}  // namespace smc::archive
