// See UnpackedArchive.h.
#include "archive/UnpackedArchive.h"

#include <fmt/format.h>

#include <fstream>
#include <system_error>

namespace smc::archive {

Result<UnpackedArchive> UnpackedArchive::extract(const ZipArchive& zip, std::string_view prefix) {
  Result<TempDirectory> directory = TempDirectory::create(prefix);
  if (!directory) return directory.error();
  if (Result<void> done = zip.extractTo(directory->path()); !done)
    return done.error();  // the directory is removed on the way out
  std::filesystem::path root = directory->path();
  return UnpackedArchive(zip.label(), std::move(root), std::move(directory).value(), zip.entries());
}

UnpackedArchive UnpackedArchive::attach(std::string name, std::filesystem::path root) {
  return UnpackedArchive(std::move(name), std::move(root), std::nullopt, {});
}

std::string UnpackedArchive::label(const std::filesystem::path& unpacked) const {
  std::filesystem::path relative = unpacked.lexically_relative(root());
  if (relative.empty() || *relative.begin() == "..") return unpacked.string();
  return name_ + "/" + relative.generic_string();
}

std::string UnpackedArchive::withoutTemporaryPaths(std::string text) const {
  const std::string temporary = root().string() + "/";
  const std::string named = name_ + "/";
  for (std::size_t at = text.find(temporary); at != std::string::npos;
       at = text.find(temporary, at + named.size()))
    text.replace(at, temporary.size(), named);
  return text;
}

Result<std::string> readBoundedFile(const std::filesystem::path& path, std::uint64_t maxBytes,
                                    std::string_view label) {
  std::error_code ec;
  std::uintmax_t size = std::filesystem::file_size(path, ec);
  if (ec) return Error{fmt::format("cannot read {}: {}", label, ec.message())};
  if (size > maxBytes)
    return Error{fmt::format("{} is {} long, more than the limit of {} for XML read into "
                             "memory (--max-xml-size)",
                             label, byteCount(size), byteCount(maxBytes))};
  std::ifstream in(path, std::ios::binary);
  std::string text(static_cast<std::size_t>(size), '\0');
  if (!in || !in.read(text.data(), static_cast<std::streamsize>(size)))
    return Error{fmt::format("cannot read {}", label)};
  return text;
}

}  // namespace smc::archive
