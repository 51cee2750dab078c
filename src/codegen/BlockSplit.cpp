// Cutting long basic blocks (see BlockSplit.h).
#include "codegen/BlockSplit.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>

#include <vector>

namespace smc::codegen {

void splitLongBlocks(llvm::Module& module, size_t limit) {
  if (limit == 0) return;
  for (llvm::Function& function : module) {
    std::vector<llvm::BasicBlock*> blocks;
    for (llvm::BasicBlock& block : function) blocks.push_back(&block);
    for (llvm::BasicBlock* block : blocks) {
      // Walks the block once; each cut moves the rest into a new block,
      // where counting goes on.
      size_t count = 0;
      for (auto it = block->getFirstNonPHI()->getIterator(); it != block->end(); ++it) {
        if (++count <= limit || it->isTerminator()) continue;
        llvm::Instruction* cut = &*it;
        llvm::BasicBlock* before = block;
        block = llvm::SplitBlock(before, cut);
        // A conditional branch: CodeGenPrepare merges a block into its
        // single predecessor when an unconditional branch joins them.
        llvm::Instruction* join = before->getTerminator();
        llvm::BranchInst::Create(block, block, llvm::ConstantInt::getTrue(module.getContext()), join);
        join->eraseFromParent();
        it = block->begin();
        count = 1;
      }
    }
  }
}

}  // namespace smc::codegen
