// Unpacks an FMU with libzip, entry by entry, after checking every entry
// name; see FmuArchive.h.
#include "importer/FmuArchive.h"

#include <fmt/format.h>
#include <zip.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <memory>
#include <system_error>

namespace smc::importer {
namespace {

struct ZipCloser {
  void operator()(zip_t* archive) const { zip_discard(archive); }
};
struct ZipFileCloser {
  void operator()(zip_file_t* file) const { zip_fclose(file); }
};
using ZipHandle = std::unique_ptr<zip_t, ZipCloser>;
using ZipFileHandle = std::unique_ptr<zip_file_t, ZipFileCloser>;

std::string zipErrorText(int code) {
  zip_error_t error;
  zip_error_init_with_code(&error, code);
  std::string text = zip_error_strerror(&error);
  zip_error_fini(&error);
  return text;
}

Result<ZipHandle> openZip(const std::filesystem::path& fmuPath, std::string_view what) {
  std::error_code ec;
  if (!std::filesystem::exists(fmuPath, ec)) {
    return Error{fmt::format("cannot open '{}': no such file", fmuPath.string())};
  }
  if (std::filesystem::is_directory(fmuPath, ec)) {
    return Error{fmt::format("'{}' is a directory, not an {} file", fmuPath.string(), what)};
  }
  int code = 0;
  zip_t* archive = zip_open(fmuPath.c_str(), ZIP_RDONLY, &code);
  if (archive == nullptr) {
    if (code == ZIP_ER_NOZIP) {
      return Error{fmt::format("'{}' is not a zip archive (an {} must be a zip file)",
                               fmuPath.string(), what)};
    }
    return Error{fmt::format("cannot open '{}': {}", fmuPath.string(), zipErrorText(code))};
  }
  return ZipHandle(archive);
}

// Copies one file entry to disk; parent directories are created first.
Result<void> extractFile(zip_t* archive, zip_uint64_t index, const std::string& name,
                         const std::filesystem::path& target, std::string_view what) {
  std::error_code ec;
  std::filesystem::create_directories(target.parent_path(), ec);
  if (ec) {
    return Error{fmt::format("cannot create '{}': {}", target.parent_path().string(),
                             ec.message())};
  }
  ZipFileHandle entry(zip_fopen_index(archive, index, 0));
  if (!entry) {
    return Error{fmt::format("cannot read entry '{}' of the {}: {}", name, what,
                             zip_strerror(archive))};
  }
  std::ofstream out(target, std::ios::binary | std::ios::trunc);
  if (!out) return Error{fmt::format("cannot write '{}'", target.string())};
  std::array<char, 64 * 1024> buffer;
  for (;;) {
    zip_int64_t n = zip_fread(entry.get(), buffer.data(), buffer.size());
    if (n < 0) {
      return Error{fmt::format("cannot read entry '{}' of the {}: {}", name, what,
                               zip_file_strerror(entry.get()))};
    }
    if (n == 0) break;
    out.write(buffer.data(), static_cast<std::streamsize>(n));
  }
  if (!out.flush()) return Error{fmt::format("cannot write '{}'", target.string())};
  return {};
}

Result<void> extractAll(zip_t* archive, const std::filesystem::path& fmuPath,
                        const std::filesystem::path& root, std::string_view what) {
  zip_int64_t count = zip_get_num_entries(archive, 0);
  for (zip_int64_t i = 0; i < count; ++i) {
    auto index = static_cast<zip_uint64_t>(i);
    const char* rawName = zip_get_name(archive, index, ZIP_FL_ENC_GUESS);
    if (rawName == nullptr) {
      return Error{fmt::format("'{}': cannot read the name of entry #{}: {}",
                               fmuPath.string(), i, zip_strerror(archive))};
    }
    std::string name = rawName;
    if (std::string reason = unsafeEntryReason(name); !reason.empty()) {
      return Error{fmt::format("'{}': refusing to unpack entry '{}': {}", fmuPath.string(),
                               name, reason)};
    }
    std::filesystem::path target = root / std::filesystem::path(name).relative_path();
    if (name.back() == '/') {
      std::error_code ec;
      std::filesystem::create_directories(target, ec);
      if (ec) return Error{fmt::format("cannot create '{}': {}", target.string(), ec.message())};
      continue;
    }
    if (Result<void> done = extractFile(archive, index, name, target, what); !done) return done;
  }
  return {};
}

}  // namespace

std::string unsafeEntryReason(std::string_view name) {
  if (name.empty()) return "the entry has an empty name";
  if (name.front() == '/' || name.front() == '\\') return "absolute path";
  if (name.size() >= 2 && name[1] == ':') return "absolute path with a drive letter";
  // Treat backslashes as separators too: an archive made on Windows may use
  // them, and "..\\x" must not slip through.
  std::size_t begin = 0;
  while (begin <= name.size()) {
    std::size_t end = name.find_first_of("/\\", begin);
    if (end == std::string_view::npos) end = name.size();
    if (name.substr(begin, end - begin) == "..") {
      return "the path contains '..' and would escape the extraction directory";
    }
    begin = end + 1;
  }
  return {};
}

std::string fileUri(const std::filesystem::path& absolutePath) {
  std::string uri = "file://";
  for (unsigned char c : absolutePath.generic_string()) {
    bool unreserved = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
                      (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' ||
                      c == '~' || c == '/';
    if (unreserved) {
      uri += static_cast<char>(c);
    } else {
      uri += fmt::format("%{:02X}", c);
    }
  }
  return uri;
}

Result<TempDirectory> extractZip(const std::filesystem::path& zipPath, std::string_view prefix,
                                 std::string_view what) {
  Result<ZipHandle> zip = openZip(zipPath, what);
  if (!zip) return zip.error();
  Result<TempDirectory> directory = TempDirectory::create(prefix);
  if (!directory) return directory.error();
  if (Result<void> done = extractAll(zip->get(), zipPath, directory->path(), what); !done) {
    return done.error();  // the temporary directory is removed on the way out
  }
  return directory;
}

Result<FmuArchive> FmuArchive::extract(const std::filesystem::path& fmuPath) {
  Result<TempDirectory> directory = extractZip(fmuPath, "smc-fmu-", "FMU");
  if (!directory) return directory.error();
  FmuArchive archive(fmuPath, std::move(directory).value());
  std::error_code ec;
  if (!std::filesystem::is_regular_file(archive.modelDescriptionPath(), ec)) {
    return Error{fmt::format("'{}' is not an FMU: modelDescription.xml missing from the "
                             "top level of the archive",
                             fmuPath.string())};
  }
  return archive;
}

std::filesystem::path FmuArchive::modelDescriptionPath() const {
  return root() / "modelDescription.xml";
}

std::filesystem::path FmuArchive::binaryPath(std::string_view modelIdentifier) const {
  return root() / "binaries" / "linux64" / (std::string(modelIdentifier) + ".so");
}

std::string FmuArchive::resourcesUri() const { return fileUri(root() / "resources") + "/"; }

}  // namespace smc::importer
