// Runs the checks of Check.h in order. A later stage only runs when the
// earlier one produced something to look at (no XML, no semantic rules;
// no binary, no export check), so each mistake is reported once, at its
// cause.
#include "check/Check.h"

#include "check/Archive.h"
#include "check/BinaryExports.h"
#include "check/ModelView.h"
#include "check/SchemaCheck.h"
#include "check/SemanticRules.h"
#include "check/XmlReporter.h"

#include <fmt/format.h>
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

CheckResult checkFmuUnsorted(const std::filesystem::path& fmuPath) {
  CheckResult result;
  result.fmuLabel = fmuPath.string();
  importer::Result<FmuZip> zip = FmuZip::open(fmuPath);
  if (!zip) {
    result.readable = false;
    addArchiveProblem(result, "archive-unreadable", zip.error().message);
    return result;
  }
  checkEntryNames(*zip, result.fmuLabel, result.problems);
  if (!zip->contains(kModelDescription)) {
    addArchiveProblem(result, "archive-model-description",
                      "modelDescription.xml is missing from the top level of the archive");
    return result;
  }
  importer::Result<std::string> xml = zip->read(kModelDescription);
  if (!xml) {
    result.readable = false;
    addArchiveProblem(result, "archive-unreadable", xml.error().message);
    return result;
  }
  std::string xmlLabel = fmt::format("{}/{}", result.fmuLabel, kModelDescription);
  pugi::xml_document document;
  std::string modelIdentifier = checkDescription(*xml, xmlLabel, document, result);
  if (modelIdentifier.empty()) return result;  // nothing names the binary

  XmlReporter report(xmlLabel, *xml, result.problems);
  pugi::xml_node root = document.document_element();
  pugi::xml_node coSimulation = root.child("CoSimulation");
  std::string binaryName = fmt::format("binaries/linux64/{}.so", modelIdentifier);
  if (!zip->contains(binaryName)) {
    report.error(coSimulation, coSimulation.attribute("modelIdentifier"), "binary-missing",
                 fmt::format("the FMU has no {} for this platform", binaryName));
    return result;
  }
  importer::Result<std::string> bytes = zip->read(binaryName);
  if (!bytes) {
    report.error(coSimulation, "binary-missing", bytes.error().message);
    return result;
  }
  importer::Result<BinaryFacts> binary = readBinaryFacts(*bytes, binaryName);
  if (!binary) {
    report.error(coSimulation, coSimulation.attribute("modelIdentifier"), "binary-platform",
                 binary.error().message);
    return result;
  }
  if (!binary->platformProblem.empty()) {
    report.error(coSimulation, coSimulation.attribute("modelIdentifier"), "binary-platform",
                 fmt::format("{} cannot run here: {}", binaryName, binary->platformProblem));
  }
  checkExports(*binary, root, binaryName, report);
  return result;
}

}  // namespace

CheckResult checkFmu(const std::filesystem::path& fmuPath) {
  CheckResult result = checkFmuUnsorted(fmuPath);
  sortProblems(result);
  return result;
}

void printResult(const CheckResult& result, std::ostream& out) {
  for (const Problem& p : result.problems) {
    const char* severity = p.severity == Severity::Error ? "error" : "warning";
    if (p.line > 0) {
      out << fmt::format("{}:{}:{}: {}: {} [{}]\n", p.file, p.line, p.column, severity, p.message,
                         p.rule);
    } else {
      out << fmt::format("{}: {}: {} [{}]\n", p.file, severity, p.message, p.rule);
    }
  }
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
}

int exitStatus(const std::vector<CheckResult>& results) {
  int status = 0;
  for (const CheckResult& result : results) {
    if (!result.readable) return 2;
    if (result.errorCount() > 0) status = 1;
  }
  return status;
}

int runCheck(const std::vector<std::string>& fmuPaths, std::ostream& out) {
  std::vector<CheckResult> results;
  for (const std::string& path : fmuPaths) {
    results.push_back(checkFmu(path));
    printResult(results.back(), out);
  }
  return exitStatus(results);
}

}  // namespace smc::check
