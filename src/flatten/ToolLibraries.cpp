// The MSL names its C libraries in Library annotations but ships archives
// only for some platforms, and for ModelicaExternalC none at all: its
// readme lists the files each library is made of, and tools build them.
// This table is that list (Windows-only files left out).
#include "flatten/ToolLibraries.h"

#include <map>

namespace smc::flatten {

const std::vector<std::string>& toolLibrarySources(const std::string& name) {
  static const std::map<std::string, std::vector<std::string>> libraries = {
      {"ModelicaExternalC", {"ModelicaFFT.c", "ModelicaInternal.c", "ModelicaRandom.c", "ModelicaStrings.c"}},
      {"ModelicaIO", {"ModelicaIO.c"}},
      {"ModelicaMatIO", {"ModelicaMatIO.c", "snprintf.c"}},
      {"ModelicaStandardTables", {"ModelicaStandardTables.c", "ModelicaStandardTablesUsertab.c"}},
      {"zlib",
       {"zlib/adler32.c", "zlib/compress.c", "zlib/crc32.c", "zlib/deflate.c", "zlib/gzclose.c", "zlib/gzlib.c",
        "zlib/gzread.c", "zlib/gzwrite.c", "zlib/infback.c", "zlib/inffast.c", "zlib/inflate.c",
        "zlib/inftrees.c", "zlib/trees.c", "zlib/uncompr.c", "zlib/zutil.c"}},
  };
  static const std::vector<std::string> none;
  auto found = libraries.find(name);
  return found == libraries.end() ? none : found->second;
}

}  // namespace smc::flatten
