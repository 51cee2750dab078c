// Long basic blocks cut before instruction selection (codegen/BlockSplit.h):
// the pieces keep to the limit, the function stays valid, and the code
// generator's own preparation does not merge them back.
#include "codegen/Backend.h"
#include "codegen/BlockSplit.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

#include <gtest/gtest.h>

#include <algorithm>

namespace smc::codegen {
namespace {

// double sum(double* x): x[0] - x[1] - ... - x[n-1], one block of about
// 3n instructions, as a connection set's sum of flows is emitted.
std::unique_ptr<llvm::Module> longSum(llvm::LLVMContext& context, int n) {
  auto module = std::make_unique<llvm::Module>("long", context);
  module->setTargetTriple(kTargetTriple);
  llvm::IRBuilder<> b(context);
  auto* type = llvm::FunctionType::get(b.getDoubleTy(), {b.getPtrTy()}, false);
  auto* fn = llvm::Function::Create(type, llvm::GlobalValue::ExternalLinkage, "sum", *module);
  b.SetInsertPoint(llvm::BasicBlock::Create(context, "entry", fn));
  llvm::Value* total = b.CreateLoad(b.getDoubleTy(), fn->getArg(0));
  for (int i = 1; i < n; ++i) {
    llvm::Value* slot = b.CreateConstInBoundsGEP1_64(b.getDoubleTy(), fn->getArg(0), static_cast<uint64_t>(i));
    total = b.CreateFSub(total, b.CreateLoad(b.getDoubleTy(), slot));
  }
  b.CreateRet(total);
  return module;
}

size_t largestBlock(const llvm::Function& fn) {
  size_t largest = 0;
  for (const llvm::BasicBlock& block : fn) largest = std::max(largest, block.size());
  return largest;
}

TEST(BlockSplit, ABlockLongerThanTheLimitBecomesPiecesWithinIt) {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module = longSum(context, 1000);
  const llvm::Function& fn = *module->getFunction("sum");
  ASSERT_EQ(fn.size(), 1u);
  const size_t instructions = fn.front().size();
  splitLongBlocks(*module, 500);
  std::string problems;
  llvm::raw_string_ostream out(problems);
  EXPECT_FALSE(llvm::verifyModule(*module, &out)) << problems;
  EXPECT_LE(largestBlock(fn), 501u) << "500 instructions and the branch to the next piece";
  EXPECT_GE(fn.size(), instructions / 501) << "about " << instructions << " / 500 pieces";
  EXPECT_LE(fn.size(), instructions / 500 + 1);
}

TEST(BlockSplit, ShortBlocksAreLeftAlone) {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module = longSum(context, 100);
  splitLongBlocks(*module, 500);
  EXPECT_EQ(module->getFunction("sum")->size(), 1u);
}

TEST(BlockSplit, ObjectEmissionKeepsThePieces) {
  // CodeGenPrepare runs inside emitObject and merges a block into its only
  // predecessor across an unconditional branch; the pieces must reach
  // instruction selection as they are (it changes the IR in place, so the
  // module shows what instruction selection saw).
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module = longSum(context, 3 * static_cast<int>(kMaxBlockInstructions));
  std::string error;
  std::unique_ptr<llvm::TargetMachine> machine = createTargetMachine(error);
  ASSERT_TRUE(machine) << error;
  module->setDataLayout(machine->createDataLayout());
  applyOptimizerOptions();
  llvm::SmallVector<char, 0> object;
  ASSERT_TRUE(emitObject(*module, *machine, object, error)) << error;
  EXPECT_FALSE(object.empty());
  EXPECT_LE(largestBlock(*module->getFunction("sum")), kMaxBlockInstructions + 8);
}

}  // namespace
}  // namespace smc::codegen
