// The on-disk cache of the libraries smc compiles from C sources, so that
// the second model using a library does not compile it again. An entry is
// one archive, named by a key that hashes everything its code depends on
// (see SourceLibraries.cpp), so an entry is never stale: a changed source,
// header, flag or compiler gives a new key.
//
// The directory is $SMC_CACHE_DIR, else $XDG_CACHE_HOME/smc, else
// $HOME/.cache/smc; SMC_CACHE_DIR set to the empty string turns caching
// off. Writes go to a temporary file renamed into place, so concurrent
// smc processes never see half an entry; an entry that is not a valid
// archive (a damaged disk, a hand-edited file) is ignored and replaced.
// A cache that cannot be written only costs time: nothing fails for it.
#pragma once

#include <llvm/ADT/ArrayRef.h>

#include <optional>
#include <string>
#include <vector>

namespace smc::externalc {

class LibraryCache {
public:
  // The directory the environment selects ("" when caching is off).
  static std::string defaultDirectory();

  explicit LibraryCache(std::string directory) : directory_(std::move(directory)) {}

  // The archive stored under `name` and `key`, if there is a valid one.
  std::optional<std::vector<char>> load(const std::string& name, const std::string& key) const;
  // Stores the archive; false when it could not be written.
  bool store(const std::string& name, const std::string& key, llvm::ArrayRef<char> archive) const;

  const std::string& directory() const { return directory_; }

private:
  std::string entryPath(const std::string& name, const std::string& key) const;
  std::string directory_;
};

}  // namespace smc::externalc
