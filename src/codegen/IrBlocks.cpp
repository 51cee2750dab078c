// Blocks to IR (see IrBlocks.h). Algebraic loops are numbered in emission
// order across all callbacks (initialize, compute_derivatives,
// compute_outputs); the number indexes smc_model.loop_descriptions.
//
// One subtlety in initialize: an initialization block `x := start(x)` for a
// variable whose start is exact (settable by the importer before
// initialization) is not emitted, because the slot already holds the start
// value - either set_start_values' literal or the importer's override, which
// FMI 2.0 says must win.
#include "codegen/IrBlocks.h"

#include "codegen/ExprEquality.h"
#include "codegen/IrExpr.h"
#include "smc/model.h"

#include <fmt/format.h>

namespace smc::codegen {

namespace {

class BlockEmitter {
public:
  BlockEmitter(IrContext& ctx, FunctionFrame& frame, llvm::IRBuilder<>& builder)
      : ctx_(ctx), frame_(frame), b_(builder), exprs_(ctx, frame, builder) {}

  ExprEmitter& exprs() { return exprs_; }

  void emit(const causal::Block& block) {
    if (const auto* assign = std::get_if<causal::Assign>(&block))
      emitAssign(*assign);
    else
      emitLoop(std::get<causal::AlgebraicLoop>(block));
  }

  void emitAssign(const causal::Assign& assign) {
    if (!assign.value) {
      ctx_.diags.error(assign.range, "internal error: assignment without a value");
      return;
    }
    Typed value = exprs_.emit(*assign.value);
    if (value.value) exprs_.store(assign.target, value, assign.range);
  }

private:
  void emitLoop(const causal::AlgebraicLoop& loop);
  llvm::Function* emitResidual(const causal::AlgebraicLoop& loop, int32_t index);
  bool checkLoop(const causal::AlgebraicLoop& loop);
  std::string describe(const causal::AlgebraicLoop& loop) const;

  IrContext& ctx_;
  FunctionFrame& frame_;
  llvm::IRBuilder<>& b_;
  ExprEmitter exprs_;
};

SourceRange firstRange(const causal::AlgebraicLoop& loop) {
  return loop.ranges.empty() ? SourceRange{} : loop.ranges.front();
}

bool BlockEmitter::checkLoop(const causal::AlgebraicLoop& loop) {
  if (loop.unknowns.empty() || loop.unknowns.size() != loop.residuals.size()) {
    ctx_.diags.errorf(firstRange(loop),
                      "internal error: algebraic loop with {} unknowns and {} residuals",
                      loop.unknowns.size(), loop.residuals.size());
    return false;
  }
  for (flat::VarId id : loop.unknowns) {
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

// "equations at M.mo:12:3, M.mo:13:3 for x, y"
std::string BlockEmitter::describe(const causal::AlgebraicLoop& loop) const {
  std::string text = "equations at ";
  for (size_t i = 0; i < loop.residuals.size(); ++i) {
    if (i) text += ", ";
    const SourceRange range = i < loop.ranges.size() ? loop.ranges[i] : SourceRange{};
    if (range.valid())
      text += fmt::format("{}:{}:{}", ctx_.options.sourceFileName, range.begin.line,
                          range.begin.column);
    else
      text += "(unknown location)";
  }
  text += " for ";
  for (size_t i = 0; i < loop.unknowns.size(); ++i) {
    if (i) text += ", ";
    text += ctx_.model.flat.variables[loop.unknowns[i]].name;
  }
  return text;
}

// int32_t smc_loopK_residual(SmcModelData* data, const double* x, double* f):
// x -> the unknowns' slots, then f[i] = residual i.
llvm::Function* BlockEmitter::emitResidual(const causal::AlgebraicLoop& loop, int32_t index) {
  llvm::Function* fn =
      llvm::Function::Create(ctx_.types.residual, llvm::GlobalValue::InternalLinkage,
                             fmt::format("smc_loop{}_residual", index), ctx_.module);
  fn->addFnAttr(llvm::Attribute::NoUnwind);
  llvm::IRBuilder<> builder(ctx_.llvm);
  FunctionFrame frame(ctx_, builder, fn);
  llvm::Value* x = fn->getArg(1);
  llvm::Value* f = fn->getArg(2);
  x->setName("x");
  f->setName("residuals");
  ExprEmitter exprs(ctx_, frame, builder);
  for (size_t i = 0; i < loop.unknowns.size(); ++i) {
    llvm::Value* xi = builder.CreateLoad(
        ctx_.types.real, builder.CreateConstInBoundsGEP1_32(ctx_.types.real, x, i));
    exprs.store(loop.unknowns[i], {xi, ValueType::Real}, firstRange(loop));
  }
  for (size_t i = 0; i < loop.residuals.size(); ++i) {
    llvm::Value* r = exprs.emitAs(*loop.residuals[i], ValueType::Real);
    if (!r) return fn;
    builder.CreateStore(r, builder.CreateConstInBoundsGEP1_32(ctx_.types.real, f, i));
  }
  builder.CreateRet(builder.getInt32(SMC_OK));
  return fn;
}

void BlockEmitter::emitLoop(const causal::AlgebraicLoop& loop) {
  if (!checkLoop(loop)) return;
  const auto index = static_cast<int32_t>(ctx_.loopDescriptions.size());
  ctx_.loopDescriptions.push_back(describe(loop));
  llvm::Function* residual = emitResidual(loop, index);

  std::vector<llvm::Constant*> refs;
  for (flat::VarId id : loop.unknowns)
    refs.push_back(b_.getInt32(ctx_.layout.of(id).valueReference));
  auto* arrayType = llvm::ArrayType::get(ctx_.types.integer, refs.size());
  auto* unknowns = new llvm::GlobalVariable(
      ctx_.module, arrayType, true, llvm::GlobalValue::PrivateLinkage,
      llvm::ConstantArray::get(arrayType, refs), fmt::format("smc_loop{}_unknowns", index));
  unknowns->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);

  llvm::FunctionCallee solve =
      ctx_.module.getOrInsertFunction("smc_solve_algebraic_loop", ctx_.types.solveLoop);
  llvm::Value* status = b_.CreateCall(
      solve, {frame_.data(), b_.getInt32(index),
              b_.getInt32(static_cast<uint32_t>(refs.size())), unknowns, residual},
      fmt::format("loop{}.status", index));
  llvm::BasicBlock* solved =
      llvm::BasicBlock::Create(ctx_.llvm, fmt::format("loop{}.solved", index), frame_.function());
  b_.CreateCondBr(b_.CreateICmpNE(status, b_.getInt32(SMC_OK)), frame_.failBlock(), solved);
  b_.SetInsertPoint(solved);
}

llvm::Function* createCallback(IrContext& ctx, llvm::FunctionType* type, const char* name) {
  llvm::Function* fn =
      llvm::Function::Create(type, llvm::GlobalValue::InternalLinkage, name, ctx.module);
  fn->addFnAttr(llvm::Attribute::NoUnwind);
  return fn;
}

llvm::Function* emitSetStartValues(IrContext& ctx) {
  llvm::Function* fn = createCallback(ctx, ctx.types.setStartValues, "smc_set_start_values");
  llvm::IRBuilder<> builder(ctx.llvm);
  FunctionFrame frame(ctx, builder, fn);
  ExprEmitter exprs(ctx, frame, builder);
  for (const VarInfo& info : ctx.layout.vars) exprs.storeLiteral(info.id, info.start);
  builder.CreateRetVoid();
  return fn;
}

// Whether `x := value` holds already because x's slot has its exact start
// (the layout counts such a block as not computing x, see Layout.cpp).
bool holdsByConstruction(const IrContext& ctx, const causal::Assign& assign) {
  if (assign.target >= ctx.model.flat.variables.size() || !assign.value) return false;
  const flat::Variable& v = ctx.model.flat.variables[assign.target];
  if (assign.value->kind == flat::ExprKind::Var && assign.value->var == assign.target) return true;
  if (ctx.layout.of(assign.target).initial != FmiInitial::Exact) return false;
  return keepsStartValue(v, assign.target, *assign.value) ||
         (v.binding && sameExpr(*assign.value, *v.binding));
}

bool assignsCalculatedParameter(const IrContext& ctx, const causal::Block& block) {
  const auto* assign = std::get_if<causal::Assign>(&block);
  return assign && assign->target < ctx.model.roles.size() &&
         ctx.model.roles[assign->target] == causal::Role::CalculatedParameter;
}

llvm::Function* emitInitialize(IrContext& ctx) {
  llvm::Function* fn = createCallback(ctx, ctx.types.callback, "smc_initialize");
  llvm::IRBuilder<> builder(ctx.llvm);
  FunctionFrame frame(ctx, builder, fn);
  BlockEmitter blocks(ctx, frame, builder);
  const std::vector<causal::Block>& init = ctx.model.initialization;

  size_t next = 0;
  for (; next < init.size() && assignsCalculatedParameter(ctx, init[next]); ++next)
    blocks.emit(init[next]);
  for (const VarInfo& info : ctx.layout.vars) {
    if (!info.startExpression) continue;
    Typed value = blocks.exprs().emit(*info.startExpression);
    if (value.value) blocks.exprs().store(info.id, value, info.startExpression->range);
  }
  for (; next < init.size(); ++next) {
    const auto* assign = std::get_if<causal::Assign>(&init[next]);
    if (assign && holdsByConstruction(ctx, *assign)) continue;
    blocks.emit(init[next]);
  }
  builder.CreateRet(builder.getInt32(SMC_OK));
  return fn;
}

llvm::Function* emitBlockCallback(IrContext& ctx, const char* name,
                                  const std::vector<causal::Block>& list) {
  llvm::Function* fn = createCallback(ctx, ctx.types.callback, name);
  llvm::IRBuilder<> builder(ctx.llvm);
  FunctionFrame frame(ctx, builder, fn);
  BlockEmitter blocks(ctx, frame, builder);
  for (const causal::Block& block : list) blocks.emit(block);
  builder.CreateRet(builder.getInt32(SMC_OK));
  return fn;
}

}  // namespace

Callbacks emitCallbacks(IrContext& ctx) {
  Callbacks callbacks;
  callbacks.setStartValues = emitSetStartValues(ctx);
  callbacks.initialize = emitInitialize(ctx);
  callbacks.computeDerivatives =
      emitBlockCallback(ctx, "smc_compute_derivatives", ctx.model.derivativeBlocks);
  callbacks.computeOutputs = emitBlockCallback(ctx, "smc_compute_outputs", ctx.model.outputBlocks);
  return callbacks;
}

}  // namespace smc::codegen
