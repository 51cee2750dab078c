// Linking with lld as a library (see Linker.h and shared/TOOLCHAIN.md).
//
// lld reads its inputs from files only, so the object and the version script
// live in memfd_create descriptors and are passed as /proc/self/fd/N. The
// output goes to a private temporary directory (lld writes through a
// temporary file next to its output, which a memfd cannot host) and is read
// back. The link runs inside a CrashRecoveryContext because lld's fatal()
// would otherwise end smc itself; CommonLinkerContext::destroy() resets lld
// for the next link in the same process.
//
// Arguments, in the order a C compiler driver would give them for -shared:
// crti, crtbeginS, our object, the runtime as --whole-archive (nothing in our
// object references its fmi2* functions), SUNDIALS, -lm -lc, libgcc,
// crtendS, crtn. `{ global: fmi2*; local: *; };` keeps every other symbol
// (CVODE, the runtime's helpers, smc_model) out of the importer's namespace;
// --no-undefined turns a missing symbol into an error now rather than at
// dlopen; --build-id=none keeps the output a function of the inputs only;
// --strip-debug drops the runtime's debug information (and the build paths
// in it) but keeps the symbol table for backtraces.
#include "codegen/Linker.h"

#include <algorithm>
#include <lld/Common/CommonLinkerContext.h>
#include <lld/Common/Driver.h>
#include <llvm/Support/CrashRecoveryContext.h>
#include <llvm/Support/raw_ostream.h>

#include <sys/mman.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <mutex>

namespace smc::codegen {

namespace {

// An anonymous in-memory file readable by path as /proc/self/fd/N.
class MemoryFile {
public:
  MemoryFile(const char* name, llvm::ArrayRef<char> contents) {
    fd_ = memfd_create(name, MFD_CLOEXEC);
    if (fd_ < 0) return;
    size_t written = 0;
    while (written < contents.size()) {
      ssize_t n = ::write(fd_, contents.data() + written, contents.size() - written);
      if (n <= 0) {
        ::close(fd_);
        fd_ = -1;
        return;
      }
      written += static_cast<size_t>(n);
    }
  }
  ~MemoryFile() {
    if (fd_ >= 0) ::close(fd_);
  }
  MemoryFile(const MemoryFile&) = delete;
  MemoryFile& operator=(const MemoryFile&) = delete;

  bool valid() const { return fd_ >= 0; }
  std::string path() const { return "/proc/self/fd/" + std::to_string(fd_); }

private:
  int fd_ = -1;
};

// A fresh directory under the system temp directory, removed on scope exit.
class TempDirectory {
public:
  TempDirectory() {
    std::error_code error;
    std::string pattern =
        (std::filesystem::temp_directory_path(error) / "smc-link-XXXXXX").string();
    if (error) pattern = "/tmp/smc-link-XXXXXX";
    if (mkdtemp(pattern.data())) path_ = pattern;
  }
  ~TempDirectory() {
    std::error_code ignored;
    if (!path_.empty()) std::filesystem::remove_all(path_, ignored);
  }
  TempDirectory(const TempDirectory&) = delete;
  TempDirectory& operator=(const TempDirectory&) = delete;

  const std::string& path() const { return path_; }

private:
  std::string path_;
};

// The FMI functions and smc's event observer (runtime/include/smc/event_observer.h).
constexpr llvm::StringLiteral kVersionScript = "{ global: fmi2*; smcObserveEvents; local: *; };\n";

bool runLld(const std::vector<std::string>& args, std::string& messages) {
  static std::once_flag once;
  std::call_once(once, [] { llvm::CrashRecoveryContext::Enable(); });

  std::vector<const char*> argv;
  for (const std::string& arg : args) argv.push_back(arg.c_str());
  llvm::raw_string_ostream out(messages);
  bool linked = false;
  llvm::CrashRecoveryContext crc;
  const bool finished = crc.RunSafely([&] {
    linked = lld::elf::link(argv, out, out, /*exitEarly=*/false, /*disableOutput=*/false);
  });
  llvm::CrashRecoveryContext cleanup;
  cleanup.RunSafely([] { lld::CommonLinkerContext::destroy(); });
  out.flush();
  while (!messages.empty() && (messages.back() == '\n' || messages.back() == ' '))
    messages.pop_back();
  if (!finished && messages.empty()) messages = "the linker stopped unexpectedly";
  return finished && linked;
}

}  // namespace

LinkResult linkSharedObject(const std::vector<llvm::ArrayRef<char>>& objects,
                            const std::string& soname, const Toolchain& t,
                            const std::vector<std::string>& libraries,
                            const std::vector<llvm::ArrayRef<char>>& archives) {
  LinkResult result;
  std::vector<std::unique_ptr<MemoryFile>> objectFiles, archiveFiles;
  bool objectsWritten = true;
  for (llvm::ArrayRef<char> object : objects) {
    objectFiles.push_back(std::make_unique<MemoryFile>("smc-model.o", object));
    objectsWritten = objectsWritten && objectFiles.back()->valid();
  }
  for (llvm::ArrayRef<char> archive : archives) {
    archiveFiles.push_back(std::make_unique<MemoryFile>("smc-library.a", archive));
    objectsWritten = objectsWritten && archiveFiles.back()->valid();
  }
  MemoryFile versionScript("smc-exports.map",
                           llvm::ArrayRef<char>(kVersionScript.data(), kVersionScript.size()));
  TempDirectory temp;
  if (!objectsWritten || !versionScript.valid() || temp.path().empty()) {
    result.messages = "cannot create temporary files for linking";
    return result;
  }
  const std::string output = temp.path() + "/" + soname;

  std::vector<std::string> args = {
      "ld.lld", "-m", "elf_x86_64", "-shared", "-soname", soname,
      "--no-undefined", "--gc-sections", "--build-id=none", "--strip-debug", "--eh-frame-hdr",
      "--hash-style=gnu", "-z", "noexecstack", "-z", "relro",
      "--version-script", versionScript.path(), "-o", output,
      // CVODE's allocations go to the instance's solver memory, which FMU
      // states copy (runtime/src/solver_memory.h).
      "--wrap=malloc", "--wrap=calloc", "--wrap=realloc", "--wrap=free",
      t.crti, t.crtbeginS};
  for (const std::unique_ptr<MemoryFile>& file : objectFiles) args.push_back(file->path());
  // Before the runtime, so that what they call of it (ModelicaError...) resolves.
  args.insert(args.end(), libraries.begin(), libraries.end());
  for (const std::unique_ptr<MemoryFile>& file : archiveFiles) args.push_back(file->path());
  args.insert(args.end(), {
      "--whole-archive", t.runtimeArchive, "--no-whole-archive"});
  args.insert(args.end(), t.sparseArchives.begin(), t.sparseArchives.end());
  args.insert(args.end(), {
      t.cvodeArchive, t.kinsolArchive,
      "-L" + t.libmDir, "-L" + t.libcDir, "-lm", "-lc", t.libgcc,
      t.crtendS, t.crtn});
  args.insert(args.end() - 2, t.extraSharedLibraries.begin(), t.extraSharedLibraries.end());
  if (!runLld(args, result.messages)) return result;

  std::ifstream in(output, std::ios::binary);
  result.sharedObject.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  if (!in.good() && !in.eof()) {
    result.messages += "cannot read the linked shared object back from " + output;
    return result;
  }
  result.ok = !result.sharedObject.empty();
  if (!result.ok) result.messages += "the linker produced an empty shared object";
  return result;
}

std::vector<std::string> undefinedSymbols(const std::string& messages) {
  constexpr std::string_view marker = "undefined symbol: ";
  std::vector<std::string> out;
  for (size_t at = messages.find(marker); at != std::string::npos; at = messages.find(marker, at)) {
    at += marker.size();
    const size_t end = messages.find_first_of("\n ", at);
    std::string name = messages.substr(at, end == std::string::npos ? std::string::npos : end - at);
    if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(std::move(name));
  }
  return out;
}

}  // namespace smc::codegen
