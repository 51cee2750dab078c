// The FMU's shared library, inspected without loading it: its dynamic
// symbol table is read with LLVM's Object library, so a broken or hostile
// binary cannot run any code during `smc check`. The functions it exports
// are then compared with the 44 functions of FMI 2.0 and with the
// capability flags of <CoSimulation>.
#pragma once

#include "check/XmlReporter.h"
#include "importer/Result.h"

#include <pugixml.hpp>

#include <set>
#include <string>
#include <string_view>

namespace smc::check {

struct BinaryFacts {
  std::set<std::string> exportedFunctions;  // defined, global or weak, dynamic
  std::string platformProblem;  // non-empty: why it cannot run on this machine
};

// Reads an ELF shared object from memory; an error when it is not one.
importer::Result<BinaryFacts> readBinaryFacts(std::string_view bytes, std::string_view name);

// Rules fmi-function-missing and capability-function, reported at the
// <CoSimulation> element of `root`.
void checkExports(const BinaryFacts& binary, pugi::xml_node root, std::string_view binaryName,
                  XmlReporter& report);

}  // namespace smc::check
