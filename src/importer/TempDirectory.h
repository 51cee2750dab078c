// A fresh private directory (mkdtemp) under $TMPDIR or /tmp that is removed
// with everything in it when the owner goes away, so an unpacked FMU never
// outlives its simulation, even on an error path.
#pragma once

#include "importer/Result.h"

#include <filesystem>
#include <string_view>

namespace smc::importer {

class TempDirectory {
public:
  // Creates "<tmp>/<prefix>XXXXXX" with mode 0700.
  static Result<TempDirectory> create(std::string_view prefix);

  TempDirectory(TempDirectory&& other) noexcept;
  TempDirectory& operator=(TempDirectory&& other) noexcept;
  TempDirectory(const TempDirectory&) = delete;
  TempDirectory& operator=(const TempDirectory&) = delete;
  ~TempDirectory();

  const std::filesystem::path& path() const { return path_; }

private:
  explicit TempDirectory(std::filesystem::path path) : path_(std::move(path)) {}
  void remove() noexcept;

  std::filesystem::path path_;  // empty once moved from
};

}  // namespace smc::importer
