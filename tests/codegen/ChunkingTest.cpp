// Chunked callbacks (codegen/IrChunks.h): a long list of blocks is split into
// functions of at most kBlocksPerChunk blocks, chunks of assignments are
// emitted once and called by every callback that repeats them, and short
// lists stay in place.
#include "CodegenFixture.h"
#include "codegen/IrChunks.h"
#include "support/TestPipeline.h"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <regex>
#include <set>

namespace smc::codegen {
namespace {

using namespace testing;

// Each lag's divisor reads a state at a scattered index (i^2 mod n), so
// that no stretch of its equations forms a run (AssignRuns.h: slots must
// advance evenly) and each stays a block of its own.
std::string chainSource(int n) {
  return lagChainSource(n, "(x[i - 1] - x[i]) / (1 + x[mod(i * i, n) + 1] ^ 2)");
}

// The functions named `prefix<k>` that `body` calls, in call order.
std::vector<std::string> calledFunctions(const std::string& body, const std::string& prefix) {
  std::vector<std::string> names;
  const std::regex call("call (?:i32|void) @(" + prefix + "[0-9]+)\\(");
  for (auto it = std::sregex_iterator(body.begin(), body.end(), call); it != std::sregex_iterator(); ++it)
    names.push_back((*it)[1]);
  return names;
}

size_t instructionCount(const std::string& body) { return countLinesStartingWith(body, "  "); }

class ChunkingTest : public CodegenFixture {
protected:
  std::string irOf(const std::string& source) {
    std::string messages;
    std::optional<causal::CausalModel> model = test::causalModelOf(source, &messages);
    if (!model) {
      ADD_FAILURE() << messages;
      return "";
    }
    return dump(*model);
  }
};

TEST_F(ChunkingTest, ShortCallbacksStayInOneFunction) {
  const std::string ir = irOf(chainSource(10));
  ASSERT_FALSE(ir.empty()) << errors();
  EXPECT_EQ(ir.find("@smc_equations"), std::string::npos);
  EXPECT_EQ(ir.find(".part"), std::string::npos);
}

TEST_F(ChunkingTest, LongCallbacksCallChunksOfBoundedSize) {
  const int n = 5 * static_cast<int>(kBlocksPerChunk);
  const std::string ir = irOf(chainSource(n));
  ASSERT_FALSE(ir.empty()) << errors();
  const std::vector<std::string> chunks =
      calledFunctions(functionBody(ir, "smc_compute_derivatives"), "smc_equations");
  ASSERT_GE(chunks.size(), 5u);
  size_t instructions = 0;
  for (const std::string& chunk : chunks) {
    const std::string body = functionBody(ir, chunk);
    ASSERT_FALSE(body.empty()) << chunk;
    // A chunk's equations are a handful of instructions each.
    EXPECT_LE(instructionCount(body), 16 * kBlocksPerChunk) << chunk;
    instructions += instructionCount(body);
  }
  // Every equation is in some chunk: a load, a subtraction, a division and a
  // store at least.
  EXPECT_GE(instructions, 3u * static_cast<size_t>(n));
  // Each call is checked, so a failing chunk fails the callback.
  EXPECT_EQ(countLinesStartingWith(functionBody(ir, "smc_compute_derivatives"), "chunk.done"),
            chunks.size());
}

TEST_F(ChunkingTest, EventIterationAndInitializationCallTheDerivativeChunksInsteadOfRepeatingThem) {
  const std::string ir = irOf(chainSource(4 * static_cast<int>(kBlocksPerChunk)));
  ASSERT_FALSE(ir.empty()) << errors();
  const std::vector<std::string> derivatives =
      calledFunctions(functionBody(ir, "smc_compute_derivatives"), "smc_equations");
  const std::vector<std::string> events = calledFunctions(functionBody(ir, "smc_event_update"), "smc_equations");
  const std::vector<std::string> initialization =
      calledFunctions(functionBody(ir, "smc_initialize"), "smc_equations");
  ASSERT_GE(derivatives.size(), 4u);
  // The lists may differ in their first blocks (initialization and events
  // also compute outputs), so their first chunk may be their own; after it
  // they line up with the derivative chunks.
  const std::set<std::string> eventChunks(events.begin(), events.end());
  const std::set<std::string> initialChunks(initialization.begin(), initialization.end());
  for (size_t i = 1; i < derivatives.size(); ++i) {
    EXPECT_TRUE(eventChunks.count(derivatives[i])) << derivatives[i];
    EXPECT_TRUE(initialChunks.count(derivatives[i])) << derivatives[i];
  }
  // No function is defined twice, and the equations appear once in all:
  // far fewer chunk functions than calls.
  const size_t defined = countLinesStartingWith(ir, "define internal i32 @smc_equations");
  EXPECT_LT(defined, derivatives.size() + events.size() + initialization.size() - 4);
}

TEST_F(ChunkingTest, ClockedPartitionChunksAreKeptFromTheSlpVectorizer) {
  const int n = 3 * static_cast<int>(kBlocksPerChunk);
  std::string messages;
  std::optional<causal::CausalModel> model = test::clockedCausalModelOf(fmt::format(R"(model Counters
  parameter Integer n = {};
  Integer k[n](each start = 0);
equation
  for i in 1:n loop
    when Clock(0.1) then
      k[i] = previous(k[i]) + i;
    end when;
  end for;
end Counters;
)",
                                                                                    n),
                                                                        messages);
  ASSERT_TRUE(model) << messages;
  const std::string ir = dump(*model);
  ASSERT_FALSE(ir.empty()) << errors();
  // The attribute group of each function, by name.
  auto attributesOf = [&](const std::string& name) {
    std::smatch define, group;
    if (!std::regex_search(ir, define, std::regex("define internal i32 @" + name + R"(\(.*\) #([0-9]+) \{)")))
      return std::string("(no such function)");
    std::regex_search(ir, group, std::regex("attributes #" + define[1].str() + R"( = \{([^}]*)\})"));
    return group[1].str();
  };
  const std::vector<std::string> chunks =
      calledFunctions(functionBody(ir, "smc_event_update"), "smc_event_update\\.part");
  ASSERT_GE(chunks.size(), 3u) << ir;
  for (const std::string& chunk : chunks) EXPECT_NE(attributesOf(chunk).find("noimplicitfloat"), std::string::npos) << chunk;
  EXPECT_EQ(attributesOf("smc_event_update").find("noimplicitfloat"), std::string::npos);
}

// event_update's second argument has no counterpart in a chunk of
// assignments, which takes only the model data: asking for it gives null
// (it used to index past the chunk's arguments).
TEST(SameArgumentIn, IsNullWhereTheChunkHasNoSuchArgument) {
  llvm::LLVMContext context;
  llvm::Module module("m", context);
  llvm::Type* ptr = llvm::PointerType::get(context, 0);
  llvm::Type* i32 = llvm::Type::getInt32Ty(context);
  auto* twoArguments = llvm::Function::Create(llvm::FunctionType::get(i32, {ptr, ptr}, false),
                                              llvm::GlobalValue::InternalLinkage, "parent", module);
  auto* oneArgument = llvm::Function::Create(llvm::FunctionType::get(i32, {ptr}, false),
                                             llvm::GlobalValue::InternalLinkage, "chunk", module);
  auto* sameShape = llvm::Function::Create(twoArguments->getFunctionType(), llvm::GlobalValue::InternalLinkage,
                                           "part", module);
  EXPECT_EQ(sameArgumentIn(sameShape, twoArguments->getArg(1)), sameShape->getArg(1));
  EXPECT_EQ(sameArgumentIn(oneArgument, twoArguments->getArg(0)), oneArgument->getArg(0));
  EXPECT_EQ(sameArgumentIn(oneArgument, twoArguments->getArg(1)), nullptr);
  EXPECT_EQ(sameArgumentIn(oneArgument, nullptr), nullptr);
}

}  // namespace
}  // namespace smc::codegen
