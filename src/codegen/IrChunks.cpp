// Chunked emission (see IrChunks.h).
#include "codegen/IrChunks.h"

#include "codegen/ExprEquality.h"
#include "codegen/RunOrder.h"
#include "smc/model.h"

#include <fmt/format.h>

namespace smc::codegen {

llvm::Value* sameArgumentIn(llvm::Function* chunk, llvm::Value* value) {
  const auto* argument = llvm::dyn_cast_or_null<llvm::Argument>(value);
  // A chunk of assignments takes only the model data: it has no such
  // argument (and needs none).
  if (!argument || argument->getArgNo() >= chunk->arg_size()) return nullptr;
  return chunk->getArg(argument->getArgNo());
}

namespace {

llvm::Function* createChunk(IrContext& ctx, llvm::FunctionType* type, const std::string& name) {
  llvm::Function* chunk =
      llvm::Function::Create(type, llvm::GlobalValue::InternalLinkage, name, ctx.module);
  chunk->addFnAttr(llvm::Attribute::NoUnwind);
  // With one call site each, the inliner would rebuild the huge function.
  chunk->addFnAttr(llvm::Attribute::NoInline);
  return chunk;
}

// Emits a call of `chunk` with `arguments` at the builder; a chunk that
// returns a status fails its caller when it fails.
void callChunk(IrContext& ctx, FunctionFrame& frame, llvm::IRBuilder<>& builder,
               llvm::Function* chunk, llvm::ArrayRef<llvm::Value*> arguments) {
  llvm::CallInst* status = builder.CreateCall(chunk, arguments);
  if (chunk->getReturnType()->isVoidTy()) return;
  llvm::BasicBlock* next = llvm::BasicBlock::Create(ctx.llvm, "chunk.done", frame.function());
  builder.CreateCondBr(builder.CreateICmpNE(status, builder.getInt32(SMC_OK)), frame.failBlock(), next);
  builder.SetInsertPoint(next);
}

// Fills `chunk`'s body through emitRange and returns from it.
void emitChunkBody(IrContext& ctx, llvm::Function* chunk, const EmitRange& emitRange, size_t begin,
                   size_t end) {
  llvm::IRBuilder<> builder(ctx.llvm);
  FunctionFrame frame(ctx, builder, chunk);
  emitRange(frame, builder, begin, end);
  if (chunk->getReturnType()->isVoidTy())
    builder.CreateRetVoid();
  else
    builder.CreateRet(builder.getInt32(SMC_OK));
}

std::vector<llvm::Value*> argumentsOf(llvm::Function* function) {
  std::vector<llvm::Value*> arguments;
  for (llvm::Argument& argument : function->args()) arguments.push_back(&argument);
  return arguments;
}

bool sameLocation(const SourceLocation& a, const SourceLocation& b) {
  return a.file == b.file && a.line == b.line && a.column == b.column;
}

// The same target, solved from the same equation (whose location the code's
// run-time messages quote) to the same expression.
bool sameAssign(const causal::Assign& a, const causal::Assign& b) {
  return a.target == b.target && sameLocation(a.range.begin, b.range.begin) &&
         sameLocation(a.range.end, b.range.end) && a.value && b.value &&
         (a.value == b.value || sameExpr(*a.value, *b.value));
}

// The shared chunk whose assignments `blocks` repeats from `at` on, if any.
const IrContext::SharedChunk* findShared(const IrContext& ctx,
                                         const std::vector<const causal::Block*>& blocks, size_t at) {
  const auto* first = std::get_if<causal::Assign>(blocks[at]);
  if (!first) return nullptr;
  auto [begin, end] = ctx.sharedChunkStarts.equal_range(first->target);
  for (auto it = begin; it != end; ++it) {
    const IrContext::SharedChunk& shared = ctx.sharedChunks[it->second];
    if (at + shared.assigns.size() > blocks.size()) continue;
    bool same = true;
    for (size_t k = 0; same && k < shared.assigns.size(); ++k) {
      const auto* assign = std::get_if<causal::Assign>(blocks[at + k]);
      same = assign && sameAssign(*assign, *shared.assigns[k]);
    }
    if (same) return &shared;
  }
  return nullptr;
}

}  // namespace

void emitChunked(IrContext& ctx, FunctionFrame& frame, llvm::IRBuilder<>& builder, size_t count,
                 const EmitRange& emitRange, const ItemEnd& itemEnd) {
  if (count <= kBlocksPerChunk) {
    emitRange(frame, builder, 0, count);
    return;
  }
  const auto chunkEnd = [&](size_t begin) {
    if (!itemEnd) return std::min(count, begin + kBlocksPerChunk);
    size_t end = begin;
    for (size_t items = 0; end < count && items < kBlocksPerChunk; ++items) end = itemEnd(end);
    return end;
  };
  llvm::Function* parent = frame.function();
  const std::vector<llvm::Value*> arguments = argumentsOf(parent);
  for (size_t begin = 0, part = 0; begin < count; ++part) {
    // Named after the caller, so the IR and profiles show where each came from.
    llvm::Function* chunk = createChunk(ctx, parent->getFunctionType(),
                                        fmt::format("{}.part{}", parent->getName().str(), part));
    for (llvm::Argument& argument : parent->args())
      chunk->getArg(argument.getArgNo())->setName(argument.getName());
    const size_t end = chunkEnd(begin);
    emitChunkBody(ctx, chunk, emitRange, begin, end);
    callChunk(ctx, frame, builder, chunk, arguments);
    begin = end;
  }
}

void emitBlockList(IrContext& ctx, FunctionFrame& frame, llvm::IRBuilder<>& builder,
                   const std::vector<const causal::Block*>& list, EvalMode mode,
                   llvm::Value* statesReinitialized) {
  // A list is emitted item by item: a block, or a run of assignments as one
  // loop (AssignRuns.h), with alike assignments side by side first
  // (RunOrder.h). Chunks hold whole items and count each as one.
  const std::vector<const causal::Block*> blocks = orderForRuns(ctx.layout, list);
  const auto itemEnd = [&](size_t at, size_t limit) {
    std::optional<AssignRun> run = findAssignRun(ctx.layout, blocks, at, limit);
    return run ? run->end : at + 1;
  };
  const EmitRange emitRange = [&](FunctionFrame& f, llvm::IRBuilder<>& b, size_t begin, size_t end) {
    BlockEmitter emitter(ctx, f, b, mode, sameArgumentIn(f.function(), statesReinitialized));
    for (size_t i = begin; i < end;) {
      if (std::optional<AssignRun> run = findAssignRun(ctx.layout, blocks, i, end)) {
        emitter.emitRun(std::get<causal::Assign>(*blocks[i]), run->end - i, run->strides);
        i = run->end;
      } else {
        emitter.emit(*blocks[i++]);
      }
    }
  };
  if (blocks.size() <= kBlocksPerChunk) {
    emitRange(frame, builder, 0, blocks.size());
    return;
  }
  llvm::Function* parent = frame.function();
  const std::vector<llvm::Value*> arguments = argumentsOf(parent);
  for (size_t at = 0, part = 0; at < blocks.size(); ++part) {
    if (const IrContext::SharedChunk* shared = findShared(ctx, blocks, at)) {
      callChunk(ctx, frame, builder, shared->function, {frame.data()});
      at += shared->assigns.size();
      continue;
    }
    // A new chunk, ending where a shared one begins so that the rest of the
    // list can still reuse it.
    size_t end = itemEnd(at, blocks.size());
    for (size_t items = 1; end < blocks.size() && items < kBlocksPerChunk &&
                           !findShared(ctx, blocks, end);
         ++items)
      end = itemEnd(end, blocks.size());
    bool onlyAssigns = true;
    for (size_t i = at; onlyAssigns && i < end; ++i)
      onlyAssigns = std::holds_alternative<causal::Assign>(*blocks[i]);
    if (!onlyAssigns) {
      llvm::Function* chunk = createChunk(ctx, parent->getFunctionType(),
                                          fmt::format("{}.part{}", parent->getName().str(), part));
      emitChunkBody(ctx, chunk, emitRange, at, end);
      callChunk(ctx, frame, builder, chunk, arguments);
      at = end;
      continue;
    }
    // Assignments need only the model data: the chunk takes just that
    // argument, so that any callback can call it.
    llvm::Function* chunk =
        createChunk(ctx, ctx.types.callback, fmt::format("smc_equations{}", ctx.sharedChunks.size()));
    emitChunkBody(ctx, chunk, emitRange, at, end);
    IrContext::SharedChunk shared{chunk, {}};
    for (size_t i = at; i < end; ++i) shared.assigns.push_back(&std::get<causal::Assign>(*blocks[i]));
    ctx.sharedChunkStarts.emplace(shared.assigns.front()->target, ctx.sharedChunks.size());
    ctx.sharedChunks.push_back(std::move(shared));
    callChunk(ctx, frame, builder, chunk, {frame.data()});
    at = end;
  }
}

}  // namespace smc::codegen
