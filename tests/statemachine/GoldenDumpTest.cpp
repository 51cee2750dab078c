// Golden `smc --dump=sm` tests, one small model per construct in
// tests/statemachine/golden/: X.mo is flattened, its machines discovered
// and lowered, and the dump compared with X.sm. Each X.sm was checked line
// by line against the chapter's StateMachineSemantics model (transition
// order, immediate/delayed choice, reset vectors, guards, merging) before
// it was committed; a change in the lowering shows up here as a diff.
#include "statemachine/StateMachines.h"
#include "support/TestPipeline.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace smc::test {
namespace {

std::string smDump(const std::filesystem::path& model, std::string& diagnostics) {
  FlatRun run;
  flattenInto(run, readFile(model.string()), "", model.filename().string());
  diagnostics = run.printed();
  if (!run.flat || run.diags.hasErrors()) return "";
  auto machines = statemachine::discoverStateMachines(*run.flat, run.diags);
  if (!machines) return diagnostics = run.printed(), "";
  auto lowered = statemachine::lowerStateMachines(*run.flat, *machines, run.diags);
  diagnostics = run.printed();
  if (!lowered) return "";
  return statemachine::dumpStateMachines(*run.flat, *machines, &*lowered);
}

TEST(StateMachineGoldenDump, EveryConstructDumpsExactlyAsReviewed) {
  std::filesystem::path dir = std::string(SMC_SOURCE_DIR) + "/tests/statemachine/golden";
  int compared = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".mo") continue;
    SCOPED_TRACE(entry.path().filename().string());
    std::filesystem::path expected = entry.path();
    expected.replace_extension(".sm");
    ASSERT_TRUE(std::filesystem::exists(expected)) << "missing " << expected;
    std::string diagnostics;
    std::string dump = smDump(entry.path(), diagnostics);
    ASSERT_FALSE(dump.empty()) << diagnostics;
    EXPECT_EQ(dump, readFile(expected.string()));
    ++compared;
  }
  EXPECT_GE(compared, 5);
}

}  // namespace
}  // namespace smc::test
