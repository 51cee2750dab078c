// Writes zip archives byte by byte, including the ones no zip library will
// write: two entries of one name, sizes in the headers that the data does
// not match, symbolic links, archive bombs. For tests of the archive
// reader (src/archive); libzip is used for well-formed archives elsewhere.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace smc::test {

struct RawZipEntry {
  std::string name;
  std::string data;
  bool deflate = false;
  // Unix st_mode stored in the external attributes (S_IFLNK | 0777 for a
  // symbolic link); unset: none stored.
  std::optional<std::uint32_t> unixMode{};
  // The uncompressed size written in both headers; unset: the true size.
  std::optional<std::uint32_t> declaredSize{};
};

// The archive's bytes; local headers and the central directory agree.
std::string rawZip(const std::vector<RawZipEntry>& entries);
void writeRawZip(const std::filesystem::path& path, const std::vector<RawZipEntry>& entries);

}  // namespace smc::test
