// Dynamic symbols via llvm::object::ELFObjectFileBase, compared with the
// FMI 2.0 function list (fmi/Functions.h). An FMU must export
// every function of each interface it declares, even those a capability
// flag says are unsupported (they then just return fmi2Error); when the
// flag claims support, a missing function is reported as a capability
// problem because that is the promise an importer will act on.
#include "check/BinaryExports.h"

#include "fmi/Functions.h"

#include <fmt/format.h>
#include <llvm/BinaryFormat/ELF.h>
#include <llvm/Object/ELFObjectFile.h>
#include <llvm/Object/ObjectFile.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/TargetParser/Host.h>
#include <llvm/TargetParser/Triple.h>

#include <array>
#include <map>
#include <vector>

namespace smc::check {
namespace {

// A boolean flag is claimed when "true"/"1"; maxOutputDerivativeOrder when > 0.
bool claims(pugi::xml_node coSimulation, std::string_view capability) {
  if (capability.empty()) return false;
  std::string_view value = coSimulation.attribute(std::string(capability).c_str()).value();
  if (capability == "maxOutputDerivativeOrder") return !value.empty() && value != "0";
  return value == "true" || value == "1";
}

}  // namespace

importer::Result<BinaryFacts> readBinaryFacts(std::string_view bytes, std::string_view name) {
  llvm::MemoryBufferRef buffer(llvm::StringRef(bytes.data(), bytes.size()),
                               llvm::StringRef(name.data(), name.size()));
  llvm::Expected<std::unique_ptr<llvm::object::ObjectFile>> file =
      llvm::object::ObjectFile::createObjectFile(buffer);
  if (!file) {
    return importer::Error{fmt::format("{} is not an object file: {}", name,
                                       llvm::toString(file.takeError()))};
  }
  auto* elf = llvm::dyn_cast<llvm::object::ELFObjectFileBase>(file->get());
  if (elf == nullptr) {
    return importer::Error{fmt::format("{} is not an ELF file", name)};
  }
  BinaryFacts facts;
  llvm::Triple host(llvm::sys::getProcessTriple());
  if (elf->getEType() != llvm::ELF::ET_DYN) {
    facts.platformProblem = "it is not a shared library (ELF type is not ET_DYN)";
  } else if (elf->getArch() != host.getArch()) {
    facts.platformProblem =
        fmt::format("it is built for {}, but this machine is {}",
                    llvm::Triple::getArchTypeName(elf->getArch()).str(), host.getArchName().str());
  }
  for (const llvm::object::ELFSymbolRef& symbol : elf->getDynamicSymbolIterators()) {
    llvm::Expected<std::uint32_t> flags = symbol.getFlags();
    llvm::Expected<llvm::StringRef> symbolName = symbol.getName();
    if (!flags || !symbolName) {
      llvm::consumeError(flags.takeError());
      llvm::consumeError(symbolName.takeError());
      continue;
    }
    bool defined = (*flags & llvm::object::SymbolRef::SF_Undefined) == 0;
    bool visible = symbol.getBinding() == llvm::ELF::STB_GLOBAL ||
                   symbol.getBinding() == llvm::ELF::STB_WEAK;
    if (defined && visible && symbol.getELFType() == llvm::ELF::STT_FUNC) {
      facts.exportedFunctions.insert(symbolName->str());
    }
  }
  return facts;
}

namespace {

std::string joined(const std::vector<std::string_view>& names) {
  std::string list;
  for (std::string_view name : names) list += fmt::format("{}{}", list.empty() ? "" : ", ", name);
  return list;
}

}  // namespace

// One problem per kind of omission rather than one per function: an FMU
// built without the FMI layer would otherwise print dozens of lines.
void checkExports(const BinaryFacts& binary, pugi::xml_node root, std::string_view binaryName,
                  XmlReporter& report) {
  pugi::xml_node coSimulation = root.child("CoSimulation");
  bool declaresModelExchange = static_cast<bool>(root.child("ModelExchange"));
  std::vector<std::string_view> missingRequired;
  std::vector<std::string_view> missingModelExchange;
  std::map<std::string_view, std::vector<std::string_view>> missingByCapability;
  for (const fmi::Function& function : fmi::kFunctions) {
    if (binary.exportedFunctions.contains(std::string(function.name))) continue;
    if (claims(coSimulation, function.capability)) {
      missingByCapability[function.capability].push_back(function.name);
    } else if (function.interface != fmi::Interface::ModelExchange || declaresModelExchange) {
      missingRequired.push_back(function.name);
    } else {
      missingModelExchange.push_back(function.name);
    }
  }
  for (const auto& [capability, names] : missingByCapability) {
    report.error(coSimulation, coSimulation.attribute(std::string(capability).c_str()),
                 "capability-function",
                 fmt::format("<CoSimulation> sets {}, but {} does not export {}", capability,
                             binaryName, joined(names)));
  }
  if (!missingRequired.empty()) {
    report.error(coSimulation, "fmi-function-missing",
                 fmt::format("{} does not export {} of the functions every FMI 2.0 {} FMU must: {}",
                             binaryName, missingRequired.size(),
                             declaresModelExchange ? "Model Exchange and Co-Simulation"
                                                   : "Co-Simulation",
                             joined(missingRequired)));
  }
  if (!missingModelExchange.empty()) {
    report.warning(coSimulation, "fmi-function-missing",
                   fmt::format("{} does not export the Model Exchange functions {}: fine for a "
                               "Co-Simulation-only FMU, but some importers look for all 44",
                               binaryName, joined(missingModelExchange)));
  }
}

}  // namespace smc::check
