// The zip writer (see FmuArchive.h), on libzip. libzip only reads entry data
// when the archive is closed, so the entries' buffers must outlive
// zip_close; they belong to the caller for the whole call.
#include "codegen/FmuArchive.h"

#include <zip.h>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <system_error>

namespace smc::codegen {

namespace {

// DOS date of 1980-01-01: (year - 1980) << 9 | month << 5 | day; time 00:00:00.
constexpr zip_uint16_t kDosDate = (0 << 9) | (1 << 5) | 1;
constexpr zip_uint16_t kDosTime = 0;
// Unix mode of every entry (regular file, rw-r--r--), in the high half of
// the external attributes, rather than whatever libzip's default is.
constexpr zip_uint32_t kUnixMode = 0100644;

std::string zipError(zip_t* archive) { return zip_strerror(archive); }

bool addEntries(zip_t* archive, const std::vector<ArchiveEntry>& entries, std::string& error) {
  for (const ArchiveEntry& entry : entries) {
    zip_source_t* source =
        zip_source_buffer(archive, entry.contents.data(), entry.contents.size(), 0);
    if (!source) {
      error = zipError(archive);
      return false;
    }
    zip_int64_t index = zip_file_add(archive, entry.name.c_str(), source, ZIP_FL_ENC_UTF_8);
    if (index < 0) {
      zip_source_free(source);
      error = zipError(archive);
      return false;
    }
    const auto i = static_cast<zip_uint64_t>(index);
    // Level 1: an FMU is unpacked once per load and its size hardly
    // matters, while level 9 took longer than compiling a large model.
    if (zip_set_file_compression(archive, i, ZIP_CM_DEFLATE, 1) != 0 ||
        zip_file_set_dostime(archive, i, kDosTime, kDosDate, 0) != 0 ||
        zip_file_set_external_attributes(archive, i, 0, ZIP_OPSYS_UNIX, kUnixMode << 16) != 0) {
      error = zipError(archive);
      return false;
    }
  }
  return true;
}

}  // namespace

bool writeZipArchive(const std::string& path, const std::vector<ArchiveEntry>& entries,
                     std::string& error) {
  const std::filesystem::path target(path);
  const std::filesystem::path temp =
      target.parent_path() / ("." + target.filename().string() + ".tmp" + std::to_string(getpid()));
  std::error_code ignored;
  std::filesystem::remove(temp, ignored);

  int code = 0;
  zip_t* archive = zip_open(temp.c_str(), ZIP_CREATE | ZIP_EXCL, &code);
  if (!archive) {
    zip_error_t details;
    zip_error_init_with_code(&details, code);
    error = "cannot create " + temp.string() + ": " + zip_error_strerror(&details);
    zip_error_fini(&details);
    return false;
  }
  if (!addEntries(archive, entries, error)) {
    zip_discard(archive);
    return false;
  }
  if (zip_close(archive) != 0) {
    error = "cannot write " + temp.string() + ": " + zipError(archive);
    zip_discard(archive);
    std::filesystem::remove(temp, ignored);
    return false;
  }
  std::error_code renameError;
  std::filesystem::rename(temp, target, renameError);
  if (renameError) {
    error = "cannot rename " + temp.string() + " to " + path + ": " + renameError.message();
    std::filesystem::remove(temp, ignored);
    return false;
  }
  return true;
}

}  // namespace smc::codegen
