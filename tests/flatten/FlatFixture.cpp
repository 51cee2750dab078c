// See FlatFixture.h.
#include "FlatFixture.h"

#include "flatten/Flatten.h"
#include "frontend/Parser.h"
#include "support/TestPipeline.h"

#include <gtest/gtest.h>

namespace smc::test {

Flattened flattenToModel(const std::string& source, const std::string& modelName) {
  SourceManager sources;
  DiagnosticEngine diags(sources);
  diags.setOutput(nullptr);
  Flattened out;
  FileId file = sources.addBuffer("test.mo", source);
  if (auto definition = parseFile(sources, file, diags)) {
    flatten::ClassTree tree(sources, diags, {});
    auto classes = tree.add(std::move(*definition));
    flatten::ClassNode* top = selectTopClass(tree, classes, modelName, diags);
    if (top && !diags.hasErrors()) out.model = flattenModel(tree, top, diags);
  }
  for (const Diagnostic& d : diags.diagnostics()) out.diagnostics += diags.format(d);
  return out;
}

flat::VarId varId(const flat::FlatModel& model, const std::string& name) {
  for (size_t i = 0; i < model.variables.size(); ++i)
    if (model.variables[i].name == name) return static_cast<flat::VarId>(i);
  ADD_FAILURE() << "no variable named " << name;
  return 0;
}

bool has(const std::string& text, const std::string& piece) { return text.find(piece) != std::string::npos; }

std::string flatText(const std::string& source, const std::string& modelName) {
  StageResult r = flattenSource(source, modelName);
  EXPECT_TRUE(r.ok) << r.diagnostics;
  return r.text;
}

std::string flattenErrors(const std::string& source, const std::string& modelName) {
  StageResult r = flattenSource(source, modelName);
  EXPECT_FALSE(r.ok) << r.text;
  return r.diagnostics;
}

}  // namespace smc::test
