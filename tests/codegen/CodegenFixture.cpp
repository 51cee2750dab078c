// See CodegenFixture.h.
#include "CodegenFixture.h"

#include "ClockedModels.h"

#include <fmt/format.h>

namespace smc::codegen::testing {

namespace {

CodegenOptions namedAfter(const causal::CausalModel& model) {
  CodegenOptions options;
  options.sourceFileName = model.flat.name + ".mo";
  return options;
}

}  // namespace

CodegenFixture::CodegenFixture() : diags(sources) { diags.setOutput(nullptr); }

std::string CodegenFixture::dump(const causal::CausalModel& model) {
  return dumpLlvm(model, namedAfter(model), diags).value_or("");
}

std::string CodegenFixture::errors() const {
  std::string text;
  for (const Diagnostic& d : diags.diagnostics()) text += d.message + "\n";
  return text;
}

std::string FmuFixture::build(const causal::CausalModel& model) {
  return build(model, model.flat.name + ".fmu", namedAfter(model));
}

std::string FmuFixture::build(const causal::CausalModel& model, const std::string& file,
                              const CodegenOptions& options) {
  const std::string path = scratch.file(file);
  if (!writeFmu(model, options, path, diags)) {
    for (const Diagnostic& d : diags.diagnostics()) ADD_FAILURE() << d.message;
    return "";
  }
  return path;
}

const causal::CausalModel* causalOrFail(const ClockedModel& clocked) {
  if (!clocked.model) ADD_FAILURE() << clocked.messages;
  return clocked.model ? &*clocked.model : nullptr;
}

std::string functionBody(const std::string& ir, const std::string& name) {
  const size_t start = ir.find("define internal i32 @" + name + "(");
  if (start == std::string::npos) return "";
  return ir.substr(start, ir.find("\n}\n", start) - start);
}

size_t countLinesStartingWith(const std::string& text, const std::string& what) {
  size_t n = 0;
  const std::string line = "\n" + what;
  for (size_t at = text.find(line); at != std::string::npos; at = text.find(line, at + 1)) ++n;
  return n;
}

std::string lagChainSource(int n, const std::string& coupling) {
  return fmt::format(R"(model Chain
  parameter Integer n = {};
  Real x[n](each start = 0, each fixed = true);
equation
  der(x[1]) = 1 - x[1];
  for i in 2:n loop
    der(x[i]) = {};
  end for;
end Chain;
)",
                     n, coupling);
}

std::string stateRingSource(int n) {
  std::string states, transitions;
  for (int j = 1; j <= n; ++j) {
    states += fmt::format("  block S{0}\n    outer output Integer v;\n  equation\n    v = previous(v) + {0};\n"
                          "  end S{0};\n  S{0} s{0};\n",
                          j);
    transitions += fmt::format("  transition(s{}, s{}, true, immediate = false);\n", j, j % n + 1);
  }
  return fmt::format("model Ring\n  inner Integer v(start = 0);\n{}  Clock clk = Clock(1, 100);\n"
                     "equation\n  when clk then\n  end when;\n  initialState(s1);\n{}end Ring;\n",
                     states, transitions);
}

}  // namespace smc::codegen::testing
