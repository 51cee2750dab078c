#include "support/TestPipeline.h"

#include "causalize/Causalize.h"
#include "clocks/Clocks.h"
#include "flatten/Flatten.h"
#include "frontend/Parser.h"
#include "statemachine/StateMachines.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include <pthread.h>

namespace smc::test {

void onCompilerStack(const std::function<void()>& body) {
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setstacksize(&attributes, size_t{64} << 20);
  auto run = [](void* argument) -> void* {
    (*static_cast<const std::function<void()>*>(argument))();
    return nullptr;
  };
  pthread_t worker;
  if (pthread_create(&worker, &attributes, run, const_cast<std::function<void()>*>(&body)) == 0)
    pthread_join(worker, nullptr);
  else
    body();  // no thread to be had: the body still runs, on this stack
  pthread_attr_destroy(&attributes);
}

std::string FlatRun::printed() const {
  std::string out;
  for (const Diagnostic& d : diags.diagnostics()) out += diags.format(d);
  return out;
}

void flattenInto(FlatRun& run, const std::string& source, const std::string& modelName,
                 const std::string& fileName) {
  run.diags.setOutput(nullptr);
  FileId file = run.sources.addBuffer(fileName, source);
  auto definition = parseFile(run.sources, file, run.diags);
  if (!definition) return;
  flatten::ClassTree tree(run.sources, run.diags, {});
  auto classes = tree.add(std::move(*definition));
  flatten::ClassNode* top = selectTopClass(tree, classes, modelName, run.diags);
  if (!top || run.diags.hasErrors()) return;
  run.flat = flattenModel(tree, top, run.diags);
}

StageResult flattenSource(const std::string& source, const std::string& modelName,
                          const std::string& fileName) {
  FlatRun run;
  flattenInto(run, source, modelName, fileName);
  StageResult result;
  result.ok = run.flat.has_value() && !run.diags.hasErrors();
  if (run.flat) result.text = flat::dumpFlat(*run.flat);
  result.diagnostics = run.printed();
  return result;
}

StageResult causalizeSource(const std::string& source, const std::string& modelName,
                            const std::string& fileName) {
  FlatRun run;
  flattenInto(run, source, modelName, fileName);
  StageResult result;
  if (run.flat) {
    auto causal = causal::causalize(std::move(*run.flat), run.diags);
    if (causal) {
      result.text = causal::dumpBlt(*causal);
      result.ok = !run.diags.hasErrors();
    }
  }
  result.diagnostics = run.printed();
  return result;
}

std::string bltOf(const std::string& source) {
  StageResult r = causalizeSource(source);
  EXPECT_TRUE(r.ok) << r.diagnostics;
  return r.text;
}

std::string causalizeErrorsOf(const std::string& source) {
  StageResult r = causalizeSource(source);
  EXPECT_FALSE(r.ok) << r.text;
  return r.diagnostics;
}

std::optional<causal::CausalModel> causalModelOf(const std::string& source, std::string* diagnostics) {
  FlatRun run;
  flattenInto(run, source, "", "test.mo");
  std::optional<causal::CausalModel> causal;
  if (run.flat) causal = causal::causalize(std::move(*run.flat), run.diags);
  if (diagnostics) *diagnostics = run.printed();
  return causal;
}

std::optional<causal::CausalModel> clockedCausalModelOf(const std::string& source, std::string& diagnostics,
                                                        const std::string& modelName) {
  FlatRun run;
  flattenInto(run, source, modelName, "test.mo");
  std::optional<causal::CausalModel> model;
  std::optional<flat::FlatModel> flat;
  if (run.flat)
    if (auto machines = statemachine::discoverStateMachines(*run.flat, run.diags))
      flat = statemachine::lowerStateMachines(std::move(*run.flat), *machines, run.diags);
  if (flat)
    if (auto partitioning = clocks::inferClocks(*flat, run.diags))
      if (auto lowered = clocks::lowerClocks(std::move(*flat), *partitioning, run.diags))
        model = causal::causalize(std::move(*lowered), run.diags);
  diagnostics = run.printed();
  return model;
}

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace smc::test
