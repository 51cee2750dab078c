// dlopen and symbol lookup for an FMU binary; see Fmu.h.
#include "importer/Fmu.h"

#include "check/ElfLayout.h"
#include "fmi/Functions.h"
#include "importer/FmuArchive.h"
#include "importer/ModelDescription.h"

#include <dlfcn.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <array>
#include <string_view>
#include <system_error>

namespace smc::importer {
namespace {

// dlsym yields void*; POSIX guarantees it converts to a function pointer.
template <typename Fn>
void bind(void* handle, const char* name, Fn& slot) {
  slot = reinterpret_cast<Fn>(dlsym(handle, name));
}

void bindAll(void* handle, Fmi2Functions& f) {
  bind(handle, "fmi2GetTypesPlatform", f.getTypesPlatform);
  bind(handle, "fmi2GetVersion", f.getVersion);
  bind(handle, "fmi2Instantiate", f.instantiate);
  bind(handle, "fmi2FreeInstance", f.freeInstance);
  bind(handle, "fmi2SetupExperiment", f.setupExperiment);
  bind(handle, "fmi2EnterInitializationMode", f.enterInitializationMode);
  bind(handle, "fmi2ExitInitializationMode", f.exitInitializationMode);
  bind(handle, "fmi2Terminate", f.terminate);
  bind(handle, "fmi2Reset", f.reset);
  bind(handle, "fmi2GetReal", f.getReal);
  bind(handle, "fmi2GetInteger", f.getInteger);
  bind(handle, "fmi2GetBoolean", f.getBoolean);
  bind(handle, "fmi2SetReal", f.setReal);
  bind(handle, "fmi2SetInteger", f.setInteger);
  bind(handle, "fmi2SetBoolean", f.setBoolean);
  bind(handle, "fmi2SetString", f.setString);
  bind(handle, "fmi2DoStep", f.doStep);
  bind(handle, "fmi2GetRealStatus", f.getRealStatus);
  bind(handle, "fmi2GetBooleanStatus", f.getBooleanStatus);
  bind(handle, "fmi2GetFMUstate", f.getFMUstate);
  bind(handle, "fmi2SetFMUstate", f.setFMUstate);
  bind(handle, "fmi2FreeFMUstate", f.freeFMUstate);
  bind(handle, "fmi2SerializedFMUstateSize", f.serializedFMUstateSize);
  bind(handle, "fmi2SerializeFMUstate", f.serializeFMUstate);
  bind(handle, "fmi2DeSerializeFMUstate", f.deSerializeFMUstate);
  bind(handle, "smcObserveEvents", f.observeEvents);
}

// Lists what is under binaries/, to explain a missing linux64 binary.
std::string binariesPresent(const FmuArchive& archive) {
  std::error_code ec;
  std::string found;
  for (std::filesystem::recursive_directory_iterator it(archive.root() / "binaries", ec), end;
       !ec && it != end; it.increment(ec)) {
    if (!it->is_regular_file(ec)) continue;
    if (!found.empty()) found += ", ";
    found += std::filesystem::relative(it->path(), archive.root(), ec).generic_string();
  }
  return found.empty() ? "the FMU contains no binaries" : "the FMU contains " + found;
}

}  // namespace

Result<std::unique_ptr<Fmu>> Fmu::load(const FmuArchive& archive,
                                       const ModelDescription& description) {
  std::filesystem::path library = archive.binaryPath(description.modelIdentifier);
  std::error_code ec;
  if (!std::filesystem::is_regular_file(library, ec)) {
    return Error{fmt::format("'{}' has no binary for this platform: binaries/linux64/{}.so "
                             "is missing ({})",
                             archive.name(), description.modelIdentifier,
                             binariesPresent(archive))};
  }
  return loadLibrary(library, archive.unpacked().label(library),
                     [&](std::string text) { return archive.unpacked().withoutTemporaryPaths(std::move(text)); });
}

Result<std::unique_ptr<Fmu>> Fmu::loadLibrary(const std::filesystem::path& library) {
  return loadLibrary(library, library.string(), [](std::string text) { return text; });
}

Result<std::unique_ptr<Fmu>> Fmu::loadLibrary(
    const std::filesystem::path& library, const std::string& label,
    const std::function<std::string(std::string)>& withoutTemporaryPaths) {
  // Never skipped (not even by --no-check): a segment past the end of a
  // truncated file would kill the process inside dlopen.
  if (Result<void> layout = check::checkElfFile(library, "the FMU binary '" + label + "'"); !layout)
    return layout.error();
  dlerror();  // clear any stale error
  void* handle = dlopen(library.c_str(), RTLD_LOCAL | RTLD_NOW);
  if (handle == nullptr) {
    const char* reason = dlerror();
    return Error{fmt::format("cannot load the FMU binary '{}': {}", label,
                             withoutTemporaryPaths(reason != nullptr ? reason : "unknown dlopen error"))};
  }
  std::unique_ptr<Fmu> fmu(new Fmu(handle, library));

  std::vector<std::string> missing;
  for (const fmi::Function& symbol : fmi::kFunctions) {
    if (dlsym(handle, std::string(symbol.name).c_str()) != nullptr) continue;
    if (symbol.interface == fmi::Interface::ModelExchange) {
      fmu->missingModelExchange_.emplace_back(symbol.name);
    } else {
      missing.emplace_back(symbol.name);
    }
  }
  if (!missing.empty()) {
    return Error{fmt::format("the FMU binary '{}' does not export {} (FMI 2.0 requires every "
                             "common and Co-Simulation function, even if unsupported)",
                             library.filename().string(), fmt::join(missing, ", "))};
  }
  bindAll(handle, fmu->functions_);

  // A string the FMU returns may be null; compare it as "" then.
  auto text = [](const char* s) { return std::string_view(s != nullptr ? s : ""); };
  std::string_view version = text(fmu->functions_.getVersion());
  if (version != "2.0") {
    return Error{fmt::format("the FMU binary '{}' implements FMI version '{}' "
                             "(fmi2GetVersion), expected '2.0'",
                             library.filename().string(), version)};
  }
  std::string_view platform = text(fmu->functions_.getTypesPlatform());
  if (platform != "default") {
    return Error{fmt::format("the FMU binary '{}' was built for types platform '{}' "
                             "(fmi2GetTypesPlatform), expected 'default'",
                             library.filename().string(), platform)};
  }
  return fmu;
}

Fmu::~Fmu() {
  if (handle_ != nullptr) dlclose(handle_);
}

}  // namespace smc::importer
