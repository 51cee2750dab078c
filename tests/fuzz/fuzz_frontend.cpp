// libFuzzer harness: the frontend (ANTLR lexer and parser, parse tree ->
// AST, syntax diagnostics) on arbitrary bytes.
//
// Each input is one Modelica file held in memory. Besides not crashing, the
// frontend must explain every failure with an error, print every
// diagnostic (the caret printer reads the source line at each range), and
// dump any AST it returns. Built as `fuzz_frontend` (clang-16, SMC_FUZZ=ON)
// and, without libFuzzer, into fuzz_regressions_test.
#include "FuzzChecks.h"
#include "frontend/Parser.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  smc::SourceManager sources;
  smc::DiagnosticEngine diags(sources);
  diags.setOutput(nullptr);
  smc::FileId file =
      sources.addBuffer("fuzz.mo", std::string(reinterpret_cast<const char*>(data), size));
  auto definition = smc::parseFile(sources, file, diags);
  if (definition) {
    std::string dump = smc::dumpAst(*definition);
    (void)dump;
  } else {
    smc::fuzz::checkFailureExplained(diags, "parseFile");
  }
  smc::fuzz::checkDiagnostics(diags);
  return 0;
}
