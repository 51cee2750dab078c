#include "externalc/Dump.h"

#include "externalc/IncludeUnit.h"

namespace smc::externalc {

std::string dumpExternalC(const flat::FlatModel& model) {
  std::string out;
  if (!model.cDefines.empty()) {
    out += "/* compiled with";
    for (const std::string& define : model.cDefines) out += " -D" + define;
    out += " */\n";
  }
  out += model.externalIncludes.empty() ? "/* No Include annotations. */\n" : includeUnitText(model);
  for (const flat::SourceLibrary& library : model.sourceLibraries) {
    out += "/* library " + library.name + " from C sources in " + library.directory + ":";
    for (const std::string& file : library.files) out += " " + file;
    out += " */\n";
  }
  return out;
}

}  // namespace smc::externalc
