// libzip reading of an FMU for `smc check`; see Archive.h.
#include "check/Archive.h"

#include "importer/FmuArchive.h"

#include <fmt/format.h>
#include <zip.h>

#include <algorithm>
#include <array>
#include <system_error>

namespace smc::check {

struct FmuZip::Handle {
  zip_t* archive = nullptr;
  ~Handle() {
    if (archive != nullptr) zip_discard(archive);
  }
};

FmuZip::FmuZip(std::unique_ptr<Handle> handle, std::vector<std::string> names)
    : handle_(std::move(handle)), names_(std::move(names)) {}
FmuZip::FmuZip(FmuZip&&) noexcept = default;
FmuZip& FmuZip::operator=(FmuZip&&) noexcept = default;
FmuZip::~FmuZip() = default;

importer::Result<FmuZip> FmuZip::open(const std::filesystem::path& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    return importer::Error{fmt::format("cannot open '{}': no such file", path.string())};
  }
  if (std::filesystem::is_directory(path, ec)) {
    return importer::Error{fmt::format("'{}' is a directory, not an FMU file", path.string())};
  }
  int code = 0;
  auto handle = std::make_unique<Handle>();
  handle->archive = zip_open(path.c_str(), ZIP_RDONLY, &code);
  if (handle->archive == nullptr) {
    zip_error_t error;
    zip_error_init_with_code(&error, code);
    std::string reason = code == ZIP_ER_NOZIP ? "not a zip archive (an FMU must be a zip file)"
                                              : zip_error_strerror(&error);
    zip_error_fini(&error);
    return importer::Error{fmt::format("cannot read '{}': {}", path.string(), reason)};
  }
  std::vector<std::string> names;
  zip_int64_t count = zip_get_num_entries(handle->archive, 0);
  for (zip_int64_t i = 0; i < count; ++i) {
    const char* name = zip_get_name(handle->archive, static_cast<zip_uint64_t>(i), ZIP_FL_ENC_GUESS);
    if (name == nullptr) {
      return importer::Error{fmt::format("cannot read '{}': entry #{} has no readable name",
                                         path.string(), i)};
    }
    names.emplace_back(name);
  }
  return FmuZip(std::move(handle), std::move(names));
}

bool FmuZip::contains(const std::string& name) const {
  return std::find(names_.begin(), names_.end(), name) != names_.end();
}

importer::Result<std::string> FmuZip::read(const std::string& name) const {
  zip_int64_t index = zip_name_locate(handle_->archive, name.c_str(), 0);
  if (index < 0) return importer::Error{fmt::format("the FMU has no entry '{}'", name)};
  zip_file_t* file = zip_fopen_index(handle_->archive, static_cast<zip_uint64_t>(index), 0);
  if (file == nullptr) {
    return importer::Error{fmt::format("cannot read entry '{}': {}", name,
                                       zip_strerror(handle_->archive))};
  }
  std::string content;
  std::array<char, 64 * 1024> buffer;
  for (;;) {
    zip_int64_t n = zip_fread(file, buffer.data(), buffer.size());
    if (n < 0) {
      std::string reason = zip_file_strerror(file);
      zip_fclose(file);
      return importer::Error{fmt::format("cannot read entry '{}': {}", name, reason)};
    }
    if (n == 0) break;
    content.append(buffer.data(), static_cast<std::size_t>(n));
  }
  zip_fclose(file);
  return content;
}

void checkEntryNames(const FmuZip& zip, const std::string& fmuLabel,
                     std::vector<Problem>& problems) {
  for (const std::string& name : zip.entryNames()) {
    std::string reason = importer::unsafeEntryReason(name);
    if (reason.empty()) continue;
    Problem problem;
    problem.rule = "archive-entry-path";
    problem.file = fmuLabel;
    problem.message = fmt::format("entry '{}' cannot be unpacked safely: {}", name, reason);
    problems.push_back(std::move(problem));
  }
}

}  // namespace smc::check
