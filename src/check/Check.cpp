// Runs the checks of Check.h in order. A later stage only runs when the
// earlier one produced something to look at (no XML, no semantic rules;
// no binary, no export check), so each mistake is reported once, at its
// cause.
#include "check/Check.h"

#include "check/BinaryExports.h"
#include "check/ElfLayout.h"
#include "check/ModelView.h"
#include "check/SchemaCheck.h"
#include "check/SemanticRules.h"
#include "check/XmlReporter.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <llvm/Support/MemoryBuffer.h>
#include <pugixml.hpp>

#include <algorithm>
#include <tuple>
#include <ostream>

namespace smc::check {
namespace {

constexpr const char* kModelDescription = "modelDescription.xml";

// Parses and checks `xml`; returns the modelIdentifier of <CoSimulation>
// when the document parsed and it is usable as a file name (empty
// otherwise: the problem is already reported).
std::string checkDescription(std::string_view xml, const std::string& fileLabel,
                             pugi::xml_document& document, CheckResult& result) {
  XmlReporter report(fileLabel, xml, result.problems);
  pugi::xml_parse_result parsed =
      document.load_buffer(xml.data(), xml.size(), pugi::parse_default, pugi::encoding_utf8);
  if (!parsed) {
    report.errorAtOffset(static_cast<std::size_t>(std::max<std::ptrdiff_t>(parsed.offset, 0)),
                         "xml-well-formed",
                         fmt::format("the model description is not well-formed XML: {}",
                                     parsed.description()));
    return {};
  }
  checkSchema(document, report);
  if (std::string_view(document.document_element().name()) != "fmiModelDescription") return {};
  ModelView model = buildModelView(document);
  checkDescriptionRules(model, report);
  checkVariableRules(model, report);
  checkStructureRules(model, report);
  for (pugi::xml_node tool : model.root.child("VendorAnnotations").children("Tool"))
    if (std::string_view(tool.attribute("name").value()) == "smc")
      for (pugi::xml_node library : tool.child("ExternalLibraries").children("Library"))
        result.externalLibraries.push_back(std::string(library.attribute("file").value()) +
                                           (library.attribute("from") ? " (compiled from C sources)" : ""));
  std::string identifier = model.root.child("CoSimulation").attribute("modelIdentifier").value();
  return isModelIdentifier(identifier) ? identifier : std::string();
}

// Archive-level problems (line 0) first, then in document order.
void sortProblems(CheckResult& result) {
  std::stable_sort(result.problems.begin(), result.problems.end(),
                   [](const Problem& a, const Problem& b) {
                     return std::tie(a.line, a.column) < std::tie(b.line, b.column);
                   });
}

void addArchiveProblem(CheckResult& result, std::string rule, std::string message) {
  Problem problem;
  problem.rule = std::move(rule);
  problem.file = result.fmuLabel;
  problem.message = std::move(message);
  result.problems.push_back(std::move(problem));
}

}  // namespace

std::size_t CheckResult::errorCount() const {
  return static_cast<std::size_t>(std::count_if(problems.begin(), problems.end(), [](const Problem& p) {
    return p.severity == Severity::Error;
  }));
}

std::size_t CheckResult::warningCount() const { return problems.size() - errorCount(); }

bool CheckResult::hasProblem(const std::string& rule) const {
  return std::any_of(problems.begin(), problems.end(),
                     [&](const Problem& p) { return p.rule == rule; });
}

CheckResult checkModelDescriptionText(std::string_view xml, const std::string& fileLabel) {
  CheckResult result;
  result.fmuLabel = fileLabel;
  pugi::xml_document document;
  checkDescription(xml, fileLabel, document, result);
  sortProblems(result);
  return result;
}

namespace {

// Reads and checks the unpacked model description and binary.
void checkUnpacked(const archive::UnpackedArchive& fmu, const archive::ArchiveLimits& limits,
                   CheckResult& result) {
  const archive::Entry* description = nullptr;
  for (const archive::Entry& entry : fmu.entries())
    if (!entry.directory && entry.path == kModelDescription) description = &entry;
  if (description == nullptr) {
    addArchiveProblem(result, "archive-model-description",
                      "modelDescription.xml is missing from the top level of the archive");
    return;
  }
  std::string xmlLabel = fmt::format("{}/{}", result.fmuLabel, kModelDescription);
  importer::Result<std::string> xml =
      archive::readBoundedFile(fmu.file(kModelDescription), limits.maxXmlBytes, xmlLabel);
  if (!xml) {
    addArchiveProblem(result, "archive-limit", xml.error().message);
    return;
  }
  pugi::xml_document document;
  std::string modelIdentifier = checkDescription(*xml, xmlLabel, document, result);
  if (modelIdentifier.empty()) return;  // nothing names the binary

  XmlReporter report(xmlLabel, *xml, result.problems);
  pugi::xml_node root = document.document_element();
  pugi::xml_node coSimulation = root.child("CoSimulation");
  std::string binaryName = fmt::format("binaries/linux64/{}.so", modelIdentifier);
  bool present = std::any_of(fmu.entries().begin(), fmu.entries().end(),
                             [&](const archive::Entry& e) { return !e.directory && e.path == binaryName; });
  if (!present) {
    report.error(coSimulation, coSimulation.attribute("modelIdentifier"), "binary-missing",
                 fmt::format("the FMU has no {} for this platform", binaryName));
    return;
  }
  // Mapped, not read: a binary may be large, and it is only looked at.
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> mapped = llvm::MemoryBuffer::getFile(
      fmu.file(binaryName).string(), /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!mapped) {
    report.error(coSimulation, "binary-missing",
                 fmt::format("cannot read {}: {}", binaryName, mapped.getError().message()));
    return;
  }
  std::string_view bytes((*mapped)->getBufferStart(), (*mapped)->getBufferSize());
  if (importer::Result<void> layout = checkElfLayout(bytes, binaryName); !layout) {
    report.error(coSimulation, coSimulation.attribute("modelIdentifier"), "binary-structure",
                 layout.error().message);
    return;
  }
  importer::Result<BinaryFacts> binary = readBinaryFacts(bytes, binaryName);
  if (!binary) {
    report.error(coSimulation, coSimulation.attribute("modelIdentifier"), "binary-platform",
                 binary.error().message);
    return;
  }
  if (!binary->platformProblem.empty()) {
    report.error(coSimulation, coSimulation.attribute("modelIdentifier"), "binary-platform",
                 fmt::format("{} cannot run here: {}", binaryName, binary->platformProblem));
  }
  checkExports(*binary, root, binaryName, report);
}

}  // namespace

CheckedFmu checkAndUnpack(const std::filesystem::path& fmuPath,
                          const archive::ArchiveLimits& limits, CheckScope scope,
                          std::string label) {
  CheckedFmu checked;
  CheckResult& result = checked.result;
  result.fmuLabel = label.empty() ? fmuPath.string() : std::move(label);
  importer::Result<archive::ZipArchive> zip =
      archive::ZipArchive::open(fmuPath, "FMU", limits, result.fmuLabel);
  if (!zip) {
    result.readable = false;
    addArchiveProblem(result, "archive-unreadable", zip.error().message);
    return checked;
  }
  for (const archive::ArchiveProblem& problem : zip->problems())
    addArchiveProblem(result, problem.rule, problem.message);
  if (!zip->problems().empty()) return checked;
  importer::Result<archive::UnpackedArchive> unpacked =
      archive::UnpackedArchive::extract(*zip, "smc-fmu-");
  if (!unpacked) {
    result.readable = false;
    addArchiveProblem(result, "archive-unreadable", unpacked.error().message);
    return checked;
  }
  if (scope == CheckScope::Everything) checkUnpacked(*unpacked, limits, result);
  sortProblems(result);
  checked.unpacked = std::move(unpacked).value();
  return checked;
}

CheckResult checkFmu(const std::filesystem::path& fmuPath, const archive::ArchiveLimits& limits) {
  return checkAndUnpack(fmuPath, limits).result;
}

std::string formatProblem(const Problem& p) {
  const char* severity = p.severity == Severity::Error ? "error" : "warning";
  if (p.line > 0)
    return fmt::format("{}:{}:{}: {}: {} [{}]", p.file, p.line, p.column, severity, p.message,
                       p.rule);
  return fmt::format("{}: {}: {} [{}]", p.file, severity, p.message, p.rule);
}

void printResult(const CheckResult& result, std::ostream& out) {
  for (const Problem& p : result.problems) out << formatProblem(p) << "\n";
  std::size_t errors = result.errorCount();
  std::size_t warnings = result.warningCount();
  auto plural = [](std::size_t n, const char* word) {
    return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
  };
  if (!result.readable) {
    out << fmt::format("{}: cannot be read\n", result.fmuLabel);
  } else if (errors > 0) {
    out << fmt::format("{}: invalid ({}, {})\n", result.fmuLabel, plural(errors, "error"),
                       plural(warnings, "warning"));
  } else {
    out << fmt::format("{}: valid ({})\n", result.fmuLabel, plural(warnings, "warning"));
  }
  // External C code is the model author's own: say what the binary carries.
  if (!result.externalLibraries.empty())
    out << fmt::format("{}: links in external C libraries: {}\n", result.fmuLabel,
                       fmt::join(result.externalLibraries, ", "));
}

int exitStatus(const std::vector<CheckResult>& results) {
  int status = 0;
  for (const CheckResult& result : results) {
    if (!result.readable) return 2;
    if (result.errorCount() > 0) status = 1;
  }
  return status;
}

int runCheck(const std::vector<std::string>& fmuPaths, const archive::ArchiveLimits& limits,
             std::ostream& out) {
  std::vector<CheckResult> results;
  for (const std::string& path : fmuPaths) {
    results.push_back(checkFmu(path, limits));
    printResult(results.back(), out);
  }
  return exitStatus(results);
}

}  // namespace smc::check
