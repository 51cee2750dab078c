// The recursion guard (see IrRecursion.h). Which functions are recursive is
// read off LLVM's own call graph of the module: a function is recursive
// when its strongly connected component has a cycle (mutual recursion, or
// a single function calling itself). Functions the walk does not reach are
// never called, so need no guard.
#include "codegen/IrRecursion.h"

#include "smc/model.h"

#include <llvm/ADT/SCCIterator.h>
#include <llvm/Analysis/CallGraph.h>
#include <llvm/IR/IRBuilder.h>

#include <fmt/format.h>

#include <map>

namespace smc::codegen {

namespace {

// entry: depth = data->call_depth; if depth >= limit: report and fail;
// else data->call_depth = depth + 1 and go on. Every return restores depth.
void instrument(IrContext& ctx, llvm::Function& function, const flat::Function& source) {
  llvm::BasicBlock& entry = function.getEntryBlock();
  // The allocas stay in the entry block, where mem2reg promotes them.
  llvm::BasicBlock::iterator split = entry.begin();
  while (llvm::isa<llvm::AllocaInst>(&*split)) ++split;
  llvm::BasicBlock* body = entry.splitBasicBlock(split, "body");
  entry.getTerminator()->eraseFromParent();

  llvm::Value* data = function.getArg(0);
  llvm::IRBuilder<> b(&entry);
  llvm::Value* field = b.CreateStructGEP(ctx.types.modelData, data, kDataCallDepth, "call_depth.field");
  llvm::Value* depth = b.CreateLoad(ctx.types.integer, field, "call_depth");
  auto* tooDeep = llvm::BasicBlock::Create(ctx.llvm, "recursion.too_deep", &function);
  auto* enter = llvm::BasicBlock::Create(ctx.llvm, "recursion.enter", &function, body);
  b.CreateCondBr(b.CreateICmpSGE(depth, b.getInt32(kMaxRecursionDepth)), tooDeep, enter);

  b.SetInsertPoint(enter);
  b.CreateStore(b.CreateAdd(depth, b.getInt32(1)), field);
  b.CreateBr(body);

  b.SetInsertPoint(tooDeep);
  std::string message = fmt::format(
      "function '{}' (defined at {}) is called recursively more than {} levels deep: "
      "its recursion does not end, or needs more stack than an FMU can rely on",
      source.name, sourceLocation(ctx, source.range), kMaxRecursionDepth);
  b.CreateCall(runtimeFunction(ctx, RuntimeService::ReportFailure),
               {data, messageConstant(ctx, message)});
  b.CreateRet(b.getInt32(SMC_FAILED));

  // Restore before every other return (the too-deep exit never incremented).
  for (llvm::BasicBlock& block : function) {
    auto* ret = llvm::dyn_cast<llvm::ReturnInst>(block.getTerminator());
    if (!ret || &block == tooDeep) continue;
    b.SetInsertPoint(ret);
    b.CreateStore(depth, field);
  }
}

}  // namespace

void guardRecursion(IrContext& ctx) {
  std::map<const llvm::Function*, size_t> userFunctions;
  for (size_t i = 0; i < ctx.functions.size(); ++i)
    if (ctx.functions[i] && !ctx.functions[i]->isDeclaration()) userFunctions[ctx.functions[i]] = i;
  if (userFunctions.empty()) return;

  llvm::CallGraph graph(ctx.module);
  std::vector<size_t> recursive;
  for (auto scc = llvm::scc_begin(&graph); !scc.isAtEnd(); ++scc) {
    if (!scc.hasCycle()) continue;
    for (llvm::CallGraphNode* node : *scc) {
      auto found = userFunctions.find(node->getFunction());
      if (found != userFunctions.end()) recursive.push_back(found->second);
    }
  }
  // Instrumented after the walk: it changes the functions the graph holds.
  for (size_t index : recursive)
    instrument(ctx, *ctx.functions[index], ctx.model.flat.functions[index]);
}

}  // namespace smc::codegen
