// The optimization pipeline of codegen/Backend.h on smc's own IR: what the
// optimized code of a run loop looks like, where that decides its speed.
#include "CodegenFixture.h"
#include "codegen/Backend.h"
#include "support/TestPipeline.h"

#include <llvm/AsmParser/Parser.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <regex>

namespace smc::codegen {
namespace {

using namespace testing;

class BackendTest : public CodegenFixture {
protected:
  // The IR text of `source` after the O2 pipeline; "" after a failure.
  // `clocked` runs the state machine and clocks stages too.
  std::string optimizedIr(const std::string& source, bool clocked = false) {
    std::string messages;
    std::optional<causal::CausalModel> model =
        clocked ? test::clockedCausalModelOf(source, messages) : test::causalModelOf(source, &messages);
    if (!model) {
      ADD_FAILURE() << messages;
      return "";
    }
    const std::string text = dump(*model);
    llvm::LLVMContext context;
    llvm::SMDiagnostic parseError;
    std::unique_ptr<llvm::Module> module = llvm::parseAssemblyString(text, parseError, context);
    if (!module) {
      ADD_FAILURE() << parseError.getMessage().str() << "\n" << errors();
      return "";
    }
    std::string error;
    std::unique_ptr<llvm::TargetMachine> machine = createTargetMachine(error);
    if (!machine) {
      ADD_FAILURE() << error;
      return "";
    }
    applyOptimizerOptions();
    optimizeModule(*module, *machine);
    std::string optimized;
    llvm::raw_string_ostream out(optimized);
    module->print(out, nullptr);
    return optimized;
  }
};

// A three-point stencil over a state array: every element reads its left
// and right neighbours.
std::string stencilSource(int n) {
  return fmt::format(R"(model Stencil
  parameter Integer n = {};
  Real x[n](each start = 1, each fixed = true);
equation
  der(x[1]) = -x[1];
  for i in 2:n - 1 loop
    der(x[i]) = x[i - 1] - 2 * x[i] + x[i + 1];
  end for;
  der(x[n]) = -x[n];
end Stencil;
)",
                     n);
}

// Carrying x[i + 1] over to the next iteration as its x[i] makes the
// vectorizer splice vectors together with shuffles, which is slower than
// loading the neighbours again (bench/runtime_speed.py, the springs).
TEST_F(BackendTest, ARunLoopLoadsItsNeighboursInEveryIterationInsteadOfCarryingThem) {
  const std::string ir = optimizedIr(stencilSource(200));
  ASSERT_FALSE(ir.empty());
  ASSERT_NE(ir.find("vector.body"), std::string::npos) << "the stencil's loop is vectorized\n" << ir;
  const std::regex carried(R"(= phi (double|<\d+ x double>) )");
  EXPECT_FALSE(std::regex_search(ir, carried)) << ir;
  EXPECT_EQ(ir.find("vector.recur"), std::string::npos) << ir;
}

// A tick sets every state's activeState flag by one loop (a run of
// `activeState(sj) = activeState == j`). With 200 states the partition is
// split into chunk functions (IrChunks.h); the flags' chunk keeps the loop
// vectorizer, and the state numbers advance in 32-bit lanes.
TEST_F(BackendTest, AMachinesActiveStateFlagsAreSetByAVectorizedLoopOf32BitLanes) {
  const std::string ir = optimizedIr(stateRingSource(200), true);
  ASSERT_FALSE(ir.empty());
  EXPECT_TRUE(std::regex_search(ir, std::regex(R"(icmp eq <\d+ x i32>)"))) << ir;
}

}  // namespace
}  // namespace smc::codegen
