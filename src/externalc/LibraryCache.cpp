#include "externalc/LibraryCache.h"

#include <llvm/Object/Archive.h>
#include <llvm/Support/MemoryBuffer.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <unistd.h>

namespace smc::externalc {

namespace fs = std::filesystem;

std::string LibraryCache::defaultDirectory() {
  if (const char* own = std::getenv("SMC_CACHE_DIR")) return own;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return (fs::path(xdg) / "smc").string();
  if (const char* home = std::getenv("HOME"); home && *home) return (fs::path(home) / ".cache" / "smc").string();
  return "";
}

std::string LibraryCache::entryPath(const std::string& name, const std::string& key) const {
  return (fs::path(directory_) / "c-libraries" / ("lib" + name + "-" + key + ".a")).string();
}

std::optional<std::vector<char>> LibraryCache::load(const std::string& name, const std::string& key) const {
  if (directory_.empty()) return std::nullopt;
  std::ifstream in(entryPath(name, key), std::ios::binary);
  if (!in) return std::nullopt;
  std::vector<char> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (in.bad()) return std::nullopt;
  // Only a whole, readable archive counts as a hit.
  auto buffer = llvm::MemoryBuffer::getMemBuffer(llvm::StringRef(bytes.data(), bytes.size()), "", false);
  auto archive = llvm::object::Archive::create(buffer->getMemBufferRef());
  if (!archive) {
    llvm::consumeError(archive.takeError());
    return std::nullopt;
  }
  llvm::Error error = llvm::Error::success();
  size_t members = 0;
  for (const auto& child : (*archive)->children(error)) {
    (void)child;
    ++members;
  }
  if (error) {
    llvm::consumeError(std::move(error));
    return std::nullopt;
  }
  if (members == 0) return std::nullopt;
  return bytes;
}

bool LibraryCache::store(const std::string& name, const std::string& key, llvm::ArrayRef<char> archive) const {
  if (directory_.empty()) return false;
  const fs::path path = entryPath(name, key);
  std::error_code error;
  fs::create_directories(path.parent_path(), error);
  if (error) return false;
  const fs::path temporary = path.string() + ".tmp" + std::to_string(::getpid());
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out.write(archive.data(), static_cast<std::streamsize>(archive.size()));
    if (!out.good()) {
      out.close();
      fs::remove(temporary, error);
      return false;
    }
  }
  fs::rename(temporary, path, error);
  if (!error) return true;
  fs::remove(temporary, error);
  return false;
}

}  // namespace smc::externalc
