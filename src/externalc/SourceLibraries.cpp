#include "externalc/SourceLibraries.h"

#include "externalc/StaticData.h"

#include <llvm/Object/ArchiveWriter.h>
#include <llvm/Support/BLAKE3.h>
#include <llvm/Support/MemoryBuffer.h>

#include <fmt/format.h>

#include <filesystem>

namespace smc::externalc {

namespace {

namespace fs = std::filesystem;

// Bumped when what a cached archive holds changes shape.
constexpr const char* kCacheFormat = "smc-c-library-2";

CTranslationUnit unitOf(const flat::SourceLibrary& library, const std::string& file) {
  CTranslationUnit unit;
  unit.path = (fs::path(library.directory) / file).string();
  unit.includeDirectories = library.includeDirectories;
  unit.defines = library.defines;
  return unit;
}

void hashText(llvm::BLAKE3& hash, llvm::StringRef text) {
  const uint64_t size = text.size();
  hash.update(llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t*>(&size), sizeof size));
  hash.update(text);
}

std::string hex(llvm::ArrayRef<uint8_t> bytes) {
  std::string out;
  for (uint8_t byte : bytes) out += fmt::format("{:02x}", byte);
  return out;
}

// An archive member's name: the file's, with .o for .c ("zlib/crc32.c"
// gives "crc32.o").
std::string memberName(const std::string& file) {
  return fs::path(file).filename().replace_extension(".o").string();
}

}  // namespace

LibraryArchive buildSourceLibrary(const flat::SourceLibrary& library, const LibraryCache& cache,
                                  const ObjectEmitter& emit) {
  LibraryArchive result;
  llvm::BLAKE3 hash;
  hashText(hash, kCacheFormat);
  hashText(hash, SMC_VERSION);
  hashText(hash, compilerIdentity());
  for (const std::string& file : library.files) {
    CCompilation preprocessed = preprocess(unitOf(library, file));
    if (!preprocessed.ok) {
      result.failedFile = file;
      result.diagnostics = std::move(preprocessed.diagnostics);
      return result;
    }
    hashText(hash, file);
    hashText(hash, llvm::StringRef(preprocessed.bytes.data(), preprocessed.bytes.size()));
  }
  const std::string key = hex(hash.final<16>());
  if (std::optional<std::vector<char>> cached = cache.load(library.name, key)) {
    result.ok = result.fromCache = true;
    result.bytes = std::move(*cached);
    return result;
  }

  std::vector<llvm::SmallVector<char, 0>> objects;
  std::vector<std::string> names;
  for (const std::string& file : library.files) {
    llvm::LLVMContext context;
    CCompilation compiled = compileToModule(unitOf(library, file), context);
    if (!compiled.ok) {
      result.failedFile = file;
      result.diagnostics = std::move(compiled.diagnostics);
      return result;
    }
    gatherStaticData(*compiled.module, library.name + "." + file);
    objects.emplace_back();
    std::string error;
    if (!emit(*compiled.module, objects.back(), error)) {
      result.failedFile = file;
      result.diagnostics.push_back(unplacedError("cannot emit its object: " + error));
      return result;
    }
    names.push_back(memberName(file));
  }
  std::vector<llvm::NewArchiveMember> members;
  for (size_t i = 0; i < objects.size(); ++i) {
    llvm::NewArchiveMember member;
    member.Buf = llvm::MemoryBuffer::getMemBuffer(llvm::StringRef(objects[i].data(), objects[i].size()),
                                                  names[i], false);
    member.MemberName = names[i];
    members.push_back(std::move(member));
  }
  auto archive = llvm::writeArchiveToBuffer(members, /*WriteSymtab=*/true, llvm::object::Archive::K_GNU,
                                            /*Deterministic=*/true, /*Thin=*/false);
  if (!archive) {
    result.diagnostics.push_back(unplacedError("cannot write the archive: " + llvm::toString(archive.takeError())));
    return result;
  }
  const llvm::StringRef bytes = (*archive)->getBuffer();
  result.bytes.assign(bytes.begin(), bytes.end());
  result.ok = true;
  cache.store(library.name, key, result.bytes);
  return result;
}

bool buildSourceLibraries(const flat::FlatModel& model, const ObjectEmitter& emit,
                          std::vector<std::vector<char>>& archives, DiagnosticEngine& diags) {
  if (model.sourceLibraries.empty()) return true;
  const LibraryCache cache(LibraryCache::defaultDirectory());
  bool ok = true;
  for (const flat::SourceLibrary& library : model.sourceLibraries) {
    LibraryArchive built = buildSourceLibrary(library, cache, emit);
    if (built.ok) {
      archives.push_back(std::move(built.bytes));
      continue;
    }
    ok = false;
    diags.errorf(library.range, "cannot compile the C library '{}' from its sources in '{}'{}", library.name,
                 library.directory, built.failedFile.empty() ? "" : " (" + built.failedFile + ")");
    for (const CDiagnostic& d : built.diagnostics)
      if (d.severity != Severity::Warning) diags.note({}, describe(d));
  }
  return ok;
}

}  // namespace smc::externalc
