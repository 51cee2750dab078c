// The bounds of ElfLayout.h, read with LLVM's ELFFile (which already
// refuses header tables outside the file); segment and section extents are
// compared here, in 64 bits without overflow.
#include "check/ElfLayout.h"

#include <fmt/format.h>
#include <llvm/Object/ELF.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/MemoryBuffer.h>

namespace smc::check {
namespace {

using importer::Error;
using importer::Result;

// offset + size <= fileSize, without wrapping.
bool inside(std::uint64_t offset, std::uint64_t size, std::uint64_t fileSize) {
  return offset <= fileSize && size <= fileSize - offset;
}

template <typename ELFT>
Result<void> checkLayout(llvm::StringRef bytes, std::string_view label) {
  llvm::Expected<llvm::object::ELFFile<ELFT>> file = llvm::object::ELFFile<ELFT>::create(bytes);
  if (!file)
    return Error{fmt::format("{} is not a usable ELF file: {}", label,
                             llvm::toString(file.takeError()))};
  const std::uint64_t size = bytes.size();
  auto segments = file->program_headers();
  if (!segments)
    return Error{fmt::format("{} is truncated or corrupt: {}", label,
                             llvm::toString(segments.takeError()))};
  if (segments->empty())
    return Error{fmt::format("{} has no program headers, so it cannot be loaded", label)};
  auto outside = [&](const char* part, std::size_t index, std::uint64_t offset,
                     std::uint64_t bytes) {
    return Error{fmt::format("{} is truncated or corrupt: {} {} needs bytes {} to {}, but the "
                             "file has {}",
                             label, part, index, offset, offset + bytes, size)};
  };
  std::size_t index = 0;
  for (const auto& segment : *segments) {
    if (!inside(segment.p_offset, segment.p_filesz, size))
      return outside("segment", index, segment.p_offset, segment.p_filesz);
    ++index;
  }
  auto sections = file->sections();
  if (!sections)
    return Error{fmt::format("{} is truncated or corrupt: {}", label,
                             llvm::toString(sections.takeError()))};
  index = 0;
  for (const auto& section : *sections) {
    if (section.sh_type != llvm::ELF::SHT_NOBITS && !inside(section.sh_offset, section.sh_size, size))
      return outside("section", index, section.sh_offset, section.sh_size);
    ++index;
  }
  return {};
}

}  // namespace

Result<void> checkElfLayout(std::string_view bytes, std::string_view label) {
  llvm::StringRef data(bytes.data(), bytes.size());
  if (data.size() < llvm::ELF::EI_NIDENT || !data.startswith("\x7f" "ELF"))
    return Error{fmt::format("{} is not an ELF file", label)};
  const bool is64 = data[llvm::ELF::EI_CLASS] == llvm::ELF::ELFCLASS64;
  const bool little = data[llvm::ELF::EI_DATA] == llvm::ELF::ELFDATA2LSB;
  if (is64 && little) return checkLayout<llvm::object::ELF64LE>(data, label);
  if (is64) return checkLayout<llvm::object::ELF64BE>(data, label);
  if (little) return checkLayout<llvm::object::ELF32LE>(data, label);
  return checkLayout<llvm::object::ELF32BE>(data, label);
}

Result<void> checkElfFile(const std::filesystem::path& path, std::string_view label) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer = llvm::MemoryBuffer::getFile(
      path.string(), /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!buffer)
    return Error{fmt::format("cannot read {}: {}", label, buffer.getError().message())};
  llvm::StringRef bytes = (*buffer)->getBuffer();
  return checkElfLayout(std::string_view(bytes.data(), bytes.size()), label);
}

}  // namespace smc::check
