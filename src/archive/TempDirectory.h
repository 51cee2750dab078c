// A fresh private directory (mkdtemp) under $TMPDIR or /tmp that is removed
// with everything in it when the owner goes away, so an unpacked FMU never
// outlives its simulation, even on an error path. Every live directory is
// also listed for removeOnSignals() (SignalCleanup.h), which removes them
// when the process is interrupted.
#pragma once

#include "importer/Result.h"

#include <filesystem>
#include <string_view>

namespace smc::archive {

class TempDirectory {
public:
  // Creates "<tmp>/<prefix>XXXXXX" with mode 0700.
  static importer::Result<TempDirectory> create(std::string_view prefix);

  TempDirectory(TempDirectory&& other) noexcept;
  TempDirectory& operator=(TempDirectory&& other) noexcept;
  TempDirectory(const TempDirectory&) = delete;
  TempDirectory& operator=(const TempDirectory&) = delete;
  ~TempDirectory();

  const std::filesystem::path& path() const { return path_; }

  // Removes every live TempDirectory of the process now (they stay
  // registered as empty paths). For SignalCleanup only.
  static void removeAllLive() noexcept;

private:
  explicit TempDirectory(std::filesystem::path path) : path_(std::move(path)) {}
  void remove() noexcept;

  std::filesystem::path path_;  // empty once moved from
};

}  // namespace smc::archive
