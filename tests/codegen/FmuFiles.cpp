// Implementation of the FMU test helpers (see FmuFiles.h).
#include "FmuFiles.h"

#include <pugixml.hpp>
#include <zip.h>

#include <dlfcn.h>

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace smc::codegen::testing {

ScratchDirectory::ScratchDirectory() {
  std::string pattern =
      (std::filesystem::temp_directory_path() / "smc-codegen-test-XXXXXX").string();
  if (mkdtemp(pattern.data())) path_ = pattern;
}

ScratchDirectory::~ScratchDirectory() {
  std::error_code ignored;
  if (!path_.empty()) std::filesystem::remove_all(path_, ignored);
}

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<std::string> zipEntryNames(const std::string& zipPath) {
  std::vector<std::string> names;
  int code = 0;
  zip_t* archive = zip_open(zipPath.c_str(), ZIP_RDONLY, &code);
  if (!archive) return names;
  const zip_int64_t count = zip_get_num_entries(archive, 0);
  for (zip_int64_t i = 0; i < count; ++i)
    names.emplace_back(zip_get_name(archive, static_cast<zip_uint64_t>(i), 0));
  zip_close(archive);
  return names;
}

std::string zipEntry(const std::string& zipPath, const std::string& name) {
  int code = 0;
  zip_t* archive = zip_open(zipPath.c_str(), ZIP_RDONLY, &code);
  if (!archive) return {};
  std::string contents;
  zip_stat_t stat;
  if (zip_stat(archive, name.c_str(), 0, &stat) == 0) {
    if (zip_file_t* file = zip_fopen(archive, name.c_str(), 0)) {
      contents.resize(stat.size);
      zip_int64_t read = zip_fread(file, contents.data(), stat.size);
      if (read != static_cast<zip_int64_t>(stat.size)) contents.clear();
      zip_fclose(file);
    }
  }
  zip_close(archive);
  return contents;
}

std::map<std::string, fmi2ValueReference> valueReferences(const std::string& modelDescription) {
  std::map<std::string, fmi2ValueReference> refs;
  pugi::xml_document doc;
  doc.load_string(modelDescription.c_str());
  for (pugi::xml_node sv :
       doc.child("fmiModelDescription").child("ModelVariables").children("ScalarVariable"))
    refs[sv.attribute("name").value()] = sv.attribute("valueReference").as_uint();
  return refs;
}

LoadedFmu::LoadedFmu(const std::string& sharedObject, const std::string& path) {
  {
    std::ofstream out(path, std::ios::binary);
    out.write(sharedObject.data(), static_cast<std::streamsize>(sharedObject.size()));
  }
  handle_ = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle_) {
    error_ = dlerror();
    return;
  }
  auto load = [&](auto*& fn, const char* name) {
    fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(dlsym(handle_, name));
    if (!fn) error_ += std::string("missing ") + name + "; ";
  };
  load(instantiate, "fmi2Instantiate");
  load(freeInstance, "fmi2FreeInstance");
  load(setupExperiment, "fmi2SetupExperiment");
  load(enterInitializationMode, "fmi2EnterInitializationMode");
  load(exitInitializationMode, "fmi2ExitInitializationMode");
  load(doStep, "fmi2DoStep");
  load(getReal, "fmi2GetReal");
  load(setReal, "fmi2SetReal");
  load(getInteger, "fmi2GetInteger");
  load(setInteger, "fmi2SetInteger");
  load(getBoolean, "fmi2GetBoolean");
  load(getString, "fmi2GetString");
  load(setString, "fmi2SetString");
  load(terminate, "fmi2Terminate");
  if (!error_.empty()) {
    dlclose(handle_);
    handle_ = nullptr;
  }
}

LoadedFmu::~LoadedFmu() {
  if (handle_) dlclose(handle_);
}

namespace {

std::vector<std::string>* gMessages = nullptr;

void logger(fmi2ComponentEnvironment, fmi2String instance, fmi2Status status, fmi2String category,
            fmi2String message, ...) {
  if (!gMessages) return;
  char text[4096];
  va_list args;
  va_start(args, message);
  std::vsnprintf(text, sizeof text, message, args);
  va_end(args);
  gMessages->push_back(std::string(instance ? instance : "") + " [" +
                       (category ? category : "") + "] status " +
                       std::to_string(static_cast<int>(status)) + ": " + text);
}

}  // namespace

const fmi2CallbackFunctions* testCallbacks(std::vector<std::string>* messages) {
  gMessages = messages;
  static const fmi2CallbackFunctions callbacks = {logger, std::calloc, std::free, nullptr,
                                                  nullptr};
  return &callbacks;
}

}  // namespace smc::codegen::testing
