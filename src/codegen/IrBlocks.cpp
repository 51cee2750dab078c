// Blocks to IR (see IrBlocks.h). Algebraic loops are numbered in emission
// order across all callbacks; the number indexes
// smc_model.loop_descriptions.
#include "codegen/IrBlocks.h"

#include "codegen/ExprEquality.h"
#include "codegen/IrChunks.h"
#include "codegen/IrStatements.h"
#include "codegen/RunOrder.h"
#include "smc/model.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>
#include <vector>

namespace smc::codegen {

namespace {

SourceRange firstRange(const causal::AlgebraicLoop& loop) {
  return loop.ranges.empty() ? SourceRange{} : loop.ranges.front();
}

}  // namespace

bool BlockEmitter::checkLoop(const causal::AlgebraicLoop& loop) {
  if (loop.unknowns.empty() || loop.unknowns.size() != loop.residuals.size()) {
    ctx_.diags.errorf(firstRange(loop),
                      "internal error: algebraic loop with {} unknowns and {} residuals",
                      loop.unknowns.size(), loop.residuals.size());
    return false;
  }
  std::vector<flat::VarId> computed = loop.unknowns;  // and the explicit part's targets
  for (const causal::Assign& assign : loop.torn) {
    if (!assign.value) {
      ctx_.diags.error(assign.range, "internal error: algebraic loop with an explicit assignment without a value");
      return false;
    }
    computed.push_back(assign.target);
  }
  for (flat::VarId id : computed) {
    if (id >= ctx_.model.flat.variables.size()) {
      ctx_.diags.errorf(firstRange(loop), "internal error: loop unknown {} does not exist", id);
      return false;
    }
    const flat::Variable& v = ctx_.model.flat.variables[id];
    if (v.type != flat::BaseType::Real) {
      ctx_.diags.unsupported(firstRange(loop),
                             "algebraic loop over the non-Real variable '" + v.name + "'");
      return false;
    }
  }
  for (const flat::ExprPtr& residual : loop.residuals) {
    if (!residual) {
      ctx_.diags.error(firstRange(loop), "internal error: algebraic loop with a null residual");
      return false;
    }
  }
  return true;
}

namespace {

// At most `limit` distinct items in order of first appearance, a repeated
// one counted ("Revolute.mo:105:5 (x9)"), then "and N more": a loop of a
// thousand equations keeps the message short enough for its cause, which
// the runtime appends, to be read.
std::string listed(const std::vector<std::string>& items, size_t limit) {
  std::vector<std::pair<std::string, size_t>> distinct;
  std::map<std::string, size_t> index;
  for (const std::string& item : items) {
    auto [it, added] = index.emplace(item, distinct.size());
    if (added) distinct.emplace_back(item, 0);
    ++distinct[it->second].second;
  }
  std::vector<std::string> shown;
  size_t more = 0;
  for (const auto& [item, count] : distinct) {
    if (shown.size() == limit) {
      more += count;
      continue;
    }
    shown.push_back(count > 1 ? fmt::format("{} (x{})", item, count) : item);
  }
  std::string text = fmt::format("{}", fmt::join(shown, ", "));
  if (more > 0) text += fmt::format(" and {} more", more);
  return text;
}

constexpr size_t kListedLocations = 6;
constexpr size_t kListedNames = 8;

}  // namespace

// "equations at M.mo:12:3, M.mo:13:3 for x, y"; a torn loop adds
// "(solved explicitly: equations at M.mo:14:3 for z)".
std::string BlockEmitter::describe(const causal::AlgebraicLoop& loop) const {
  auto location = [&](const SourceRange& range) { return sourceLocation(ctx_, range); };
  std::vector<std::string> locations, names;
  for (size_t i = 0; i < loop.residuals.size(); ++i)
    locations.push_back(location(i < loop.ranges.size() ? loop.ranges[i] : SourceRange{}));
  for (flat::VarId id : loop.unknowns) names.push_back(ctx_.model.flat.variables[id].name);
  std::string text = fmt::format("equations at {} for {}", listed(locations, kListedLocations),
                                 listed(names, kListedNames));
  if (loop.torn.empty()) return text;
  locations.clear();
  names.clear();
  for (const causal::Assign& assign : loop.torn) {
    locations.push_back(location(assign.range));
    names.push_back(ctx_.model.flat.variables[assign.target].name);
  }
  return text + fmt::format(" (solved explicitly: equations at {} for {})", listed(locations, kListedLocations),
                            listed(names, kListedNames));
}

// An internal function (SmcModelData* data, double* first, double* second)
// -> int32_t status, as a loop's residual and fill functions are.
llvm::Function* BlockEmitter::loopFunction(const std::string& name, const char* first, const char* second) {
  llvm::Function* fn =
      llvm::Function::Create(ctx_.types.residual, llvm::GlobalValue::InternalLinkage, name, ctx_.module);
  fn->addFnAttr(llvm::Attribute::NoUnwind);
  fn->getArg(1)->setName(first);
  fn->getArg(2)->setName(second);
  return fn;
}

// int32_t smc_loopK_residual(SmcModelData* data, const double* x, double* f):
// x -> the unknowns' slots, then f[i] = residual i.
llvm::Function* BlockEmitter::emitResidual(const causal::AlgebraicLoop& loop, int32_t index) {
  llvm::Function* fn = loopFunction(fmt::format("smc_loop{}_residual", index), "x", "residuals");
  llvm::IRBuilder<> builder(ctx_.llvm);
  FunctionFrame frame(ctx_, builder, fn);
  llvm::Value* x = fn->getArg(1);
  llvm::Value* f = fn->getArg(2);
  // A loop can hold thousands of equations: chunked like the callbacks.
  emitChunked(ctx_, frame, builder, loop.unknowns.size(),
              [&](FunctionFrame& chunk, llvm::IRBuilder<>& b, size_t begin, size_t end) {
                ExprEmitter exprs(ctx_, chunk, b);
                llvm::Value* unknowns = sameArgumentIn(chunk.function(), x);
                for (size_t i = begin; i < end; ++i) {
                  llvm::Value* xi = b.CreateLoad(
                      ctx_.types.real, b.CreateConstInBoundsGEP1_32(ctx_.types.real, unknowns, i));
                  exprs.store(loop.unknowns[i], {xi, ValueType::Real}, firstRange(loop));
                }
              });
  // A torn loop's explicit part, from the unknowns just stored: a block list
  // like a callback's, so that a stretch of alike assignments (a ring of
  // for-equations) becomes a loop too.
  std::vector<const causal::Block*> explicitPart;
  explicitPart.reserve(loop.torn.size());
  for (const causal::Assign& assign : loop.torn) explicitPart.push_back(&ctx_.madeBlocks.emplace_back(assign));
  emitBlockList(ctx_, frame, builder, explicitPart, EvalMode::Continuous, nullptr);
  emitChunked(ctx_, frame, builder, loop.residuals.size(),
              [&](FunctionFrame& chunk, llvm::IRBuilder<>& b, size_t begin, size_t end) {
                ExprEmitter exprs(ctx_, chunk, b);
                llvm::Value* residuals = sameArgumentIn(chunk.function(), f);
                for (size_t i = begin; i < end; ++i) {
                  llvm::Value* r = exprs.emitAs(*loop.residuals[i], ValueType::Real);
                  if (!r) return;
                  b.CreateStore(r, b.CreateConstInBoundsGEP1_32(ctx_.types.real, residuals, i));
                }
              });
  builder.CreateRet(builder.getInt32(SMC_OK));
  return fn;
}

namespace {

// The loop's nonzero coefficients by column then row (compressed columns,
// as KLU takes them).
struct SparsePattern {
  std::vector<int32_t> columnStarts;  // n + 1
  std::vector<int32_t> rows;
  std::vector<const causal::AlgebraicLoop::Coefficient*> entries;  // in that order
};

SparsePattern sparsePattern(const causal::AlgebraicLoop& loop) {
  const size_t n = loop.unknowns.size();
  SparsePattern p;
  for (const causal::AlgebraicLoop::Coefficient& a : loop.matrix) p.entries.push_back(&a);
  std::stable_sort(p.entries.begin(), p.entries.end(),
                   [](const auto* x, const auto* y) { return std::tie(x->column, x->row) < std::tie(y->column, y->row); });
  p.columnStarts.assign(n + 1, 0);
  for (const auto* a : p.entries) {
    ++p.columnStarts[a->column + 1];
    p.rows.push_back(static_cast<int32_t>(a->row));
  }
  for (size_t j = 0; j < n; ++j) p.columnStarts[j + 1] += p.columnStarts[j];
  return p;
}

// Sparse LU pays from this size on, when at most a quarter of the matrix is
// nonzero (the dense solver skips zero multipliers, so it is quick on small
// sparse systems); its stack array would also grow with n^2.
constexpr uint32_t kSparseLoopMinimumSize = 32;

// Coefficients and right-hand side entries of a linear loop evaluated in
// the callback itself; more go into a fill function of their own.
constexpr size_t kLinearEntriesInPlace = 256;

llvm::GlobalVariable* constantIntegers(IrContext& ctx, const std::vector<int32_t>& values, const std::string& name) {
  auto* global = new llvm::GlobalVariable(ctx.module, llvm::ArrayType::get(ctx.types.integer, values.size()), true,
                                          llvm::GlobalValue::PrivateLinkage,
                                          llvm::ConstantDataArray::get(ctx.llvm, llvm::ArrayRef<int32_t>(values)), name);
  global->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);
  return global;
}

}  // namespace

// int32_t smc_loopK_fill(SmcModelData* data, double* matrix, double* rhs):
// a large linear loop's coefficients and right-hand side, chunked like a
// callback (IrChunks.h), since thousands of coefficient expressions in one
// function made LLVM's passes superlinear (a distribution network of 20 x
// 20 nodes: 52 000 instructions in one block, 7 s in the optimizer).
llvm::Function* BlockEmitter::emitLinearFill(int32_t index, size_t count, const LinearEntries& entries) {
  llvm::Function* fn = loopFunction(fmt::format("smc_loop{}_fill", index), "matrix", "rhs");
  fn->addFnAttr(llvm::Attribute::NoInline);
  llvm::IRBuilder<> builder(ctx_.llvm);
  FunctionFrame frame(ctx_, builder, fn);
  llvm::Value* matrix = fn->getArg(1);
  llvm::Value* rhs = fn->getArg(2);
  emitChunked(ctx_, frame, builder, count, [&](FunctionFrame& chunk, llvm::IRBuilder<>& b, size_t begin, size_t end) {
    ExprEmitter exprs(ctx_, chunk, b);
    entries(exprs, b, sameArgumentIn(chunk.function(), matrix), sameArgumentIn(chunk.function(), rhs), begin, end);
  });
  builder.CreateRet(builder.getInt32(SMC_OK));
  return fn;
}

// A linear loop: evaluate A and b into stack arrays, solve in place with
// smc_solve_linear_system (or, large and sparse, only A's nonzeros with
// smc_solve_sparse_linear_system), store the solution into the unknowns.
void BlockEmitter::emitLinearLoop(const causal::AlgebraicLoop& loop, int32_t index) {
  const uint32_t n = static_cast<uint32_t>(loop.unknowns.size());
  auto* vectorType = llvm::ArrayType::get(ctx_.types.real, n);
  llvm::AllocaInst* rhs = frame_.stackSlot(vectorType, fmt::format("loop{}.rhs", index));
  const bool sparse = n >= kSparseLoopMinimumSize && 4 * loop.matrix.size() <= static_cast<size_t>(n) * n;
  SparsePattern pattern;
  if (sparse) pattern = sparsePattern(loop);
  const uint32_t stored = sparse ? static_cast<uint32_t>(loop.matrix.size()) : n * n;
  auto* matrixType = llvm::ArrayType::get(ctx_.types.real, stored);
  llvm::AllocaInst* matrix = frame_.stackSlot(matrixType, fmt::format("loop{}.matrix", index));
  auto store = [&](llvm::Value* value, uint32_t k) {
    b_.CreateStore(value, b_.CreateConstInBoundsGEP2_32(matrixType, matrix, 0, k));
  };
  if (!sparse)  // the zeros first, then the coefficients in their places
    for (uint32_t k = 0; k < stored; ++k) store(llvm::ConstantFP::get(ctx_.types.real, 0.0), k);
  // Entries [begin, end) of A's coefficients followed by b, evaluated and
  // stored through the pointers given.
  const size_t coefficients = loop.matrix.size();
  LinearEntries entries = [&](ExprEmitter& exprs, llvm::IRBuilder<>& b, llvm::Value* matrixAt,
                              llvm::Value* rhsAt, size_t begin, size_t end) {
    for (size_t k = begin; k < end; ++k) {
      const flat::ExprPtr& expr =
          k < coefficients ? (sparse ? pattern.entries[k]->value : loop.matrix[k].value) : loop.rhs[k - coefficients];
      llvm::Value* value = exprs.emitAs(*expr, ValueType::Real);
      if (!value) return;
      if (k >= coefficients) {
        b.CreateStore(value, b.CreateConstInBoundsGEP1_32(ctx_.types.real, rhsAt, static_cast<uint32_t>(k - coefficients)));
        continue;
      }
      const causal::AlgebraicLoop::Coefficient& a = sparse ? *pattern.entries[k] : loop.matrix[k];
      b.CreateStore(value, b.CreateConstInBoundsGEP1_32(ctx_.types.real, matrixAt, sparse ? static_cast<uint32_t>(k) : a.row * n + a.column));
    }
  };
  const size_t count = coefficients + n;
  if (count <= kLinearEntriesInPlace) {
    entries(exprs_, b_, b_.CreateConstInBoundsGEP2_32(matrixType, matrix, 0, 0),
            b_.CreateConstInBoundsGEP2_32(vectorType, rhs, 0, 0), 0, count);
  } else {
    llvm::Function* fill = emitLinearFill(index, count, entries);
    llvm::Value* filled = b_.CreateCall(fill, {frame_.data(), matrix, rhs}, fmt::format("loop{}.filled", index));
    llvm::BasicBlock* ok = llvm::BasicBlock::Create(ctx_.llvm, fmt::format("loop{}.filled", index), frame_.function());
    b_.CreateCondBr(b_.CreateICmpNE(filled, b_.getInt32(SMC_OK)), frame_.failBlock(), ok);
    b_.SetInsertPoint(ok);
  }
  llvm::Value* status = nullptr;
  if (sparse) {
    llvm::GlobalVariable* starts =
        constantIntegers(ctx_, pattern.columnStarts, fmt::format("smc_loop{}_column_starts", index));
    llvm::GlobalVariable* rows = constantIntegers(ctx_, pattern.rows, fmt::format("smc_loop{}_rows", index));
    status = b_.CreateCall(runtimeFunction(ctx_, RuntimeService::SolveSparseLinear),
                           {frame_.data(), b_.getInt32(index), b_.getInt32(n), b_.getInt32(stored), starts, rows,
                            matrix, rhs},
                           fmt::format("loop{}.status", index));
  } else {
    status = b_.CreateCall(runtimeFunction(ctx_, RuntimeService::SolveLinear),
                           {frame_.data(), b_.getInt32(index), b_.getInt32(n), matrix, rhs},
                           fmt::format("loop{}.status", index));
  }
  llvm::BasicBlock* solved =
      llvm::BasicBlock::Create(ctx_.llvm, fmt::format("loop{}.solved", index), frame_.function());
  b_.CreateCondBr(b_.CreateICmpNE(status, b_.getInt32(SMC_OK)), frame_.failBlock(), solved);
  b_.SetInsertPoint(solved);
  const bool allReal = std::all_of(loop.unknowns.begin(), loop.unknowns.end(), [&](flat::VarId v) {
    return v < ctx_.layout.positionOf.size() && ctx_.layout.of(v).type == flat::BaseType::Real;
  });
  if (n <= kLinearEntriesInPlace || !allReal) {
    for (uint32_t i = 0; i < n; ++i) {
      llvm::Value* x = b_.CreateLoad(ctx_.types.real, b_.CreateConstInBoundsGEP2_32(vectorType, rhs, 0, i));
      exprs_.store(loop.unknowns[i], {x, ValueType::Real}, firstRange(loop));
    }
    return;
  }
  // Many unknowns: reals[refs[i]] = x[i] over a table of their value
  // references, instead of code that grows with the loop.
  std::vector<int32_t> refs;
  for (flat::VarId v : loop.unknowns) refs.push_back(ctx_.layout.of(v).valueReference);
  llvm::GlobalVariable* table = constantIntegers(ctx_, refs, fmt::format("smc_loop{}_unknown_refs", index));
  llvm::Value* reals = frame_.arrayOf(flat::BaseType::Real);
  llvm::BasicBlock* before = b_.GetInsertBlock();
  llvm::BasicBlock* body = llvm::BasicBlock::Create(ctx_.llvm, fmt::format("loop{}.scatter", index), frame_.function());
  llvm::BasicBlock* after = llvm::BasicBlock::Create(ctx_.llvm, fmt::format("loop{}.stored", index), frame_.function());
  b_.CreateBr(body);
  b_.SetInsertPoint(body);
  llvm::PHINode* i = b_.CreatePHI(b_.getInt64Ty(), 2, "i");
  i->addIncoming(b_.getInt64(0), before);
  llvm::Value* x = b_.CreateLoad(ctx_.types.real, b_.CreateInBoundsGEP(vectorType, rhs, {b_.getInt64(0), i}));
  llvm::Value* ref = b_.CreateLoad(ctx_.types.integer,
                                   b_.CreateInBoundsGEP(table->getValueType(), table, {b_.getInt64(0), i}));
  b_.CreateStore(x, b_.CreateInBoundsGEP(ctx_.types.real, reals, ref));
  llvm::Value* next = b_.CreateNUWAdd(i, b_.getInt64(1));
  i->addIncoming(next, body);
  b_.CreateCondBr(b_.CreateICmpULT(next, b_.getInt64(n)), body, after);
  b_.SetInsertPoint(after);
}

namespace {

bool sameAssign(const causal::Assign& a, const causal::Assign& b) {
  return a.target == b.target && sameExpr(*a.value, *b.value);
}

// The same unknowns, explicit part and residuals (source ranges aside).
bool sameLoop(const causal::AlgebraicLoop& a, const causal::AlgebraicLoop& b) {
  if (a.unknowns != b.unknowns || a.torn.size() != b.torn.size() || a.residuals.size() != b.residuals.size())
    return false;
  for (size_t i = 0; i < a.torn.size(); ++i)
    if (!sameAssign(a.torn[i], b.torn[i])) return false;
  for (size_t i = 0; i < a.residuals.size(); ++i)
    if (!sameExpr(*a.residuals[i], *b.residuals[i])) return false;
  return true;
}

}  // namespace

// The residual function an earlier callback emitted for the same loop, or
// nullptr. (Like an assignment's, a residual's code does not depend on the
// mode it is evaluated in.)
llvm::Function* BlockEmitter::sharedResidual(const causal::AlgebraicLoop& loop) const {
  auto [begin, end] = ctx_.sharedResiduals.equal_range(loop.unknowns.front());
  for (auto it = begin; it != end; ++it)
    if (sameLoop(*it->second.loop, loop)) return it->second.function;
  return nullptr;
}

void BlockEmitter::emitLoop(const causal::AlgebraicLoop& loop) {
  if (!checkLoop(loop)) return;
  const auto index = static_cast<int32_t>(ctx_.loopDescriptions.size());
  ctx_.loopDescriptions.push_back(describe(loop));
  if (loop.linear) {
    emitLinearLoop(loop, index);
    return;
  }
  llvm::Function* residual = sharedResidual(loop);
  if (!residual) {
    residual = emitResidual(loop, index);
    ctx_.sharedResiduals.emplace(loop.unknowns.front(), IrContext::SharedResidual{residual, &loop});
  }

  std::vector<llvm::Constant*> refs;
  for (flat::VarId id : loop.unknowns)
    refs.push_back(b_.getInt32(ctx_.layout.of(id).valueReference));
  auto* arrayType = llvm::ArrayType::get(ctx_.types.integer, refs.size());
  auto* unknowns = new llvm::GlobalVariable(
      ctx_.module, arrayType, true, llvm::GlobalValue::PrivateLinkage,
      llvm::ConstantArray::get(arrayType, refs), fmt::format("smc_loop{}_unknowns", index));
  unknowns->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);

  llvm::Value* status = b_.CreateCall(
      runtimeFunction(ctx_, RuntimeService::SolveLoop), {frame_.data(), b_.getInt32(index),
              b_.getInt32(static_cast<uint32_t>(refs.size())), unknowns, residual},
      fmt::format("loop{}.status", index));
  llvm::BasicBlock* solved =
      llvm::BasicBlock::Create(ctx_.llvm, fmt::format("loop{}.solved", index), frame_.function());
  b_.CreateCondBr(b_.CreateICmpNE(status, b_.getInt32(SMC_OK)), frame_.failBlock(), solved);
  b_.SetInsertPoint(solved);
}

void BlockEmitter::emit(const causal::Block& block) {
  if (const auto* assign = std::get_if<causal::Assign>(&block))
    emitAssign(*assign);
  else if (const auto* loop = std::get_if<causal::AlgebraicLoop>(&block))
    emitLoop(*loop);
  else if (const auto* when = std::get_if<causal::WhenBlock>(&block))
    emitWhen(*when);
  else if (const auto* clocked = std::get_if<causal::ClockedBlock>(&block))
    emitClocked(*clocked);
  else
    emitAlgorithm(std::get<causal::AlgorithmBlock>(block));
}

// `v = if g then e else pre(v)` with g a Boolean variable: the shape of a
// state machine state's equation after the clocks stage. In the event
// iteration where a partition ticks, v still equals pre(v) (discrete
// variables only change in event iterations, and pre is refreshed before
// each one), so only the then-branch needs a store.
namespace {

struct GuardedAssign {
  flat::VarId guard, target;
  const flat::ExprPtr* value;
};

std::optional<GuardedAssign> guardedAssign(const causal::Block& block) {
  const auto* assign = std::get_if<causal::Assign>(&block);
  if (!assign || !assign->value || assign->value->kind != flat::ExprKind::If) return std::nullopt;
  const flat::Expr& e = *assign->value;
  if (e.args.size() != 3 || e.args[0]->kind != flat::ExprKind::Var) return std::nullopt;
  const flat::Expr& otherwise = *e.args[2];
  if (otherwise.kind != flat::ExprKind::Pre || otherwise.args.empty() || otherwise.args[0]->kind != flat::ExprKind::Var ||
      otherwise.args[0]->var != assign->target || e.args[0]->var == assign->target)
    return std::nullopt;
  return GuardedAssign{e.args[0]->var, assign->target, &e.args[1]};
}

}  // namespace

// if (tick) { the partition's blocks }. Only event_update runs a partition:
// its tick is false at initialization, and in continuous mode its
// variables are frozen like every discrete variable.
void BlockEmitter::emitClocked(const causal::ClockedBlock& clocked) {
  if (actions_.mode() != EvalMode::Event) return;
  if (clocked.tick >= ctx_.model.flat.variables.size() ||
      ctx_.model.flat.variables[clocked.tick].type != flat::BaseType::Boolean) {
    ctx_.diags.errorf(clocked.range,
                      "internal error: the clocked partition of clock {} has no Boolean tick",
                      clocked.clock);
    return;
  }
  Typed tick = exprs_.load(clocked.tick, clocked.range);
  if (!tick.value) return;
  llvm::BasicBlock* run = llvm::BasicBlock::Create(ctx_.llvm, "clocked.tick", frame_.function());
  llvm::BasicBlock* done = llvm::BasicBlock::Create(ctx_.llvm, "clocked.done", frame_.function());
  b_.CreateCondBr(tick.value, run, done);
  b_.SetInsertPoint(run);
  // A partition holds every equation on its clock: thousands for a model of
  // many parallel state machines, hence chunked (IrChunks.h), with the
  // machines' alike equations side by side so that each becomes a loop.
  std::vector<const causal::Block*> blocks;
  blocks.reserve(clocked.blocks.size());
  for (const causal::Block& block : clocked.blocks) blocks.push_back(&block);
  blocks = orderForRuns(ctx_.layout, std::move(blocks));
  const ExprEmitter::ConditionDefinitions definitions = comparisonDefinitions(clocked, ctx_.layout);
  emitChunked(
      ctx_, frame_, b_, blocks.size(),
      [&](FunctionFrame& f, llvm::IRBuilder<>& b, size_t begin, size_t end) {
        // Keeps LLVM's SLP vectorizer off chunks of straight-line tick code
        // (it skips such functions): state machine bookkeeping, where it
        // found nothing to pack and took a quarter of the optimizer's time.
        // The attribute stops the loop vectorizer too, so a chunk holding
        // a run keeps both: the run's loop (a machine's one-hot
        // activeState flags, parallel machines' alike equations) is what
        // they pack.
        if (!holdsRun(blocks, begin, end)) f.function()->addFnAttr(llvm::Attribute::NoImplicitFloat);
        BlockEmitter part(ctx_, f, b, actions_.mode(),
                          sameArgumentIn(f.function(), actions_.statesReinitialized()));
        part.exprs().setConditionDefinitions(&definitions);
        part.emitPartitionBlocks(blocks, begin, end, clocked.range);
      },
      [&](size_t at) { return partitionItemEnd(blocks, at, blocks.size()); });
  b_.CreateBr(done);
  b_.SetInsertPoint(done);
}

bool BlockEmitter::holdsRun(const std::vector<const causal::Block*>& blocks, size_t begin, size_t end) const {
  for (size_t at = begin; at < end; at = partitionItemEnd(blocks, at, end))
    if (findAssignRun(ctx_.layout, blocks, at, end)) return true;
  return false;
}

// Where the partition's item at `at` ends: a run of assignments, a run of
// guarded assignments with one guard, or a single block.
size_t BlockEmitter::partitionItemEnd(const std::vector<const causal::Block*>& blocks, size_t at,
                                      size_t limit) const {
  if (std::optional<AssignRun> run = findAssignRun(ctx_.layout, blocks, at, limit)) return run->end;
  auto first = guardedAssign(*blocks[at]);
  size_t end = at + 1;
  if (!first) return end;
  while (end < limit) {
    auto next = guardedAssign(*blocks[end]);
    if (!next || next->guard != first->guard) break;
    ++end;
  }
  return end;
}

// The partition's blocks [begin, end) in order: a run of assignments as a
// loop; consecutive guarded assignments with the same guard under one
// branch, so that the equations of an inactive state cost one test per run
// instead of a load and a store each; other blocks one by one.
void BlockEmitter::emitPartitionBlocks(const std::vector<const causal::Block*>& blocks,
                                       size_t begin, size_t end, SourceRange range) {
  for (size_t i = begin; i < end;) {
    if (std::optional<AssignRun> run = findAssignRun(ctx_.layout, blocks, i, end)) {
      emitRun(std::get<causal::Assign>(*blocks[i]), run->end - i, run->strides);
      i = run->end;
      continue;
    }
    auto first = guardedAssign(*blocks[i]);
    if (!first) {
      emit(*blocks[i++]);
      continue;
    }
    const size_t runEnd = partitionItemEnd(blocks, i, end);
    Typed guard = exprs_.load(first->guard, range);
    if (!guard.value) return;
    llvm::BasicBlock* active = llvm::BasicBlock::Create(ctx_.llvm, "state.active", frame_.function());
    llvm::BasicBlock* next = llvm::BasicBlock::Create(ctx_.llvm, "state.next", frame_.function());
    b_.CreateCondBr(guard.value, active, next);
    b_.SetInsertPoint(active);
    for (; i < runEnd; ++i) {
      const GuardedAssign g = *guardedAssign(*blocks[i]);
      Typed value = exprs_.emit(**g.value);
      if (value.value) exprs_.store(g.target, value, (*g.value)->range);
    }
    b_.CreateBr(next);
    b_.SetInsertPoint(next);
  }
}

void BlockEmitter::emitAssign(const causal::Assign& assign) {
  if (!assign.value) {
    ctx_.diags.error(assign.range, "internal error: assignment without a value");
    return;
  }
  Typed value = exprs_.emit(*assign.value);
  if (value.value) exprs_.store(assign.target, value, assign.range);
}

void BlockEmitter::emitWhen(const causal::WhenBlock& when) {
  if (actions_.mode() == EvalMode::Continuous) return;  // frozen
  const bool initializing = actions_.mode() == EvalMode::Initialization;
  actions_.emitFirstFiring(
      when.branches.size(),
      [&](size_t i) -> llvm::Value* {
        const causal::WhenBlock::Branch& branch = when.branches[i];
        if (initializing && !branch.activeAtInitialization) return nullptr;
        if (branch.conditionVars.empty()) {
          ctx_.diags.error(when.range, "internal error: when-branch without condition variables");
          return nullptr;
        }
        llvm::Value* any = nullptr;
        for (flat::VarId v : branch.conditionVars) {
          llvm::Value* fires = actions_.conditionVarFires(v, when.range);
          if (!fires) return nullptr;
          any = any ? b_.CreateOr(any, fires) : fires;
        }
        return any;
      },
      [&](size_t i) {
        for (const flat::Action& action : when.branches[i].actions) emitAction(action);
      });
}

void BlockEmitter::emitAction(const flat::Action& action) {
  switch (action.kind) {
    case flat::ActionKind::Assign:
      if (!action.value) {
        ctx_.diags.error(action.range, "internal error: when-equation without a value");
        return;
      }
      if (Typed value = exprs_.emit(*action.value); value.value)
        exprs_.store(action.target, value, action.range);
      return;
    case flat::ActionKind::Reinit:
      return actions_.emitReinit(action.target, action.value, action.range);
    case flat::ActionKind::Assert:
      return actions_.emitAssert(action.value, action.message, action.level, action.range);
    case flat::ActionKind::Terminate:
      return actions_.emitTerminate(action.message);
  }
  ctx_.diags.error(action.range, "internal error: unknown when-action");
}

// Spec 11.1.2: a variable assigned in an algorithm starts from pre(v) if it
// is discrete (so that a when-statement that does not fire keeps it) and
// from its start value otherwise (so that an if without else is defined).
// In continuous mode discrete values are frozen: their slots already hold
// them, and only continuous outputs are reset.
void BlockEmitter::emitAlgorithm(const causal::AlgorithmBlock& algorithm) {
  for (flat::VarId v : algorithm.outputs) {
    if (v >= ctx_.model.flat.variables.size()) {
      ctx_.diags.errorf(algorithm.range, "internal error: algorithm output {} does not exist", v);
      return;
    }
    const VarInfo& info = ctx_.layout.of(v);
    const bool discrete =
        info.type != flat::BaseType::Real || info.variability == FmiVariability::Discrete;
    if (discrete && actions_.mode() == EvalMode::Continuous) continue;
    if (discrete) {
      Typed before = exprs_.emitPre(*flat::makeVar(v, algorithm.range));
      if (before.value) exprs_.store(v, before, algorithm.range);
    } else if (info.startExpression) {
      if (Typed start = exprs_.emit(*info.startExpression); start.value)
        exprs_.store(v, start, algorithm.range);
    } else {
      exprs_.storeLiteral(v, info.start);
    }
  }
  StatementEmitter statements(ctx_, frame_, b_, exprs_, actions_, nullptr, &algorithm);
  statements.emitList(algorithm.statements);
}

}  // namespace smc::codegen
