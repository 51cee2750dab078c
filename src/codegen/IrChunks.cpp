// Chunked emission (see IrChunks.h).
#include "codegen/IrChunks.h"

#include "smc/model.h"

#include <fmt/format.h>

namespace smc::codegen {

llvm::Value* sameArgumentIn(llvm::Function* chunk, llvm::Value* value) {
  const auto* argument = llvm::dyn_cast_or_null<llvm::Argument>(value);
  return argument ? chunk->getArg(argument->getArgNo()) : nullptr;
}

void emitChunked(IrContext& ctx, FunctionFrame& frame, llvm::IRBuilder<>& builder, size_t count,
                 const EmitRange& emitRange) {
  if (count <= kBlocksPerChunk) {
    emitRange(frame, builder, 0, count);
    return;
  }
  llvm::Function* parent = frame.function();
  llvm::FunctionType* type = parent->getFunctionType();
  const bool returnsStatus = !type->getReturnType()->isVoidTy();
  std::vector<llvm::Value*> arguments;
  for (llvm::Argument& argument : parent->args()) arguments.push_back(&argument);

  for (size_t begin = 0, part = 0; begin < count; begin += kBlocksPerChunk, ++part) {
    const size_t end = std::min(count, begin + kBlocksPerChunk);
    // Named after the caller, so the IR and profiles show where each came from.
    llvm::Function* chunk =
        llvm::Function::Create(type, llvm::GlobalValue::InternalLinkage,
                               fmt::format("{}.part{}", parent->getName().str(), part), ctx.module);
    chunk->addFnAttr(llvm::Attribute::NoUnwind);
    // With one call site each, the inliner would rebuild the huge function.
    chunk->addFnAttr(llvm::Attribute::NoInline);
    for (llvm::Argument& argument : parent->args())
      chunk->getArg(argument.getArgNo())->setName(argument.getName());

    llvm::IRBuilder<> chunkBuilder(ctx.llvm);
    FunctionFrame chunkFrame(ctx, chunkBuilder, chunk);
    emitRange(chunkFrame, chunkBuilder, begin, end);
    if (returnsStatus)
      chunkBuilder.CreateRet(chunkBuilder.getInt32(SMC_OK));
    else
      chunkBuilder.CreateRetVoid();

    llvm::CallInst* status = builder.CreateCall(chunk, arguments);
    if (!returnsStatus) continue;
    status->setName(fmt::format("part{}.status", part));
    llvm::BasicBlock* next = llvm::BasicBlock::Create(ctx.llvm, fmt::format("part{}.done", part), parent);
    builder.CreateCondBr(builder.CreateICmpNE(status, builder.getInt32(SMC_OK)), frame.failBlock(), next);
    builder.SetInsertPoint(next);
  }
}

}  // namespace smc::codegen
