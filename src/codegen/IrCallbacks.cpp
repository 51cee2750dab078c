// The model callbacks (see IrCallbacks.h).
//
// One subtlety in initialize: an initialization block `x := start(x)` (or
// `x := pre(x)`, which means the same during initialization) for a variable
// whose start is exact - settable by the importer before initialization -
// is not emitted, because the slot already holds the start value: either
// set_start_values' literal or the importer's override, which FMI 2.0 says
// must win.
#include "codegen/IrCallbacks.h"

#include "codegen/ExprEquality.h"
#include "codegen/IrBlocks.h"
#include "codegen/IrChunks.h"
#include "codegen/IrExternalObjects.h"
#include "codegen/IrSamples.h"
#include "smc/model.h"

#include <fmt/format.h>

namespace smc::codegen {

namespace {

llvm::Function* createCallback(IrContext& ctx, llvm::FunctionType* type, const char* name) {
  llvm::Function* fn =
      llvm::Function::Create(type, llvm::GlobalValue::InternalLinkage, name, ctx.module);
  fn->addFnAttr(llvm::Attribute::NoUnwind);
  return fn;
}

// A constant image of one value array, or nullptr when the array is empty.
template <typename T>
llvm::GlobalVariable* startImage(IrContext& ctx, const std::vector<T>& values, const char* name) {
  if (values.empty()) return nullptr;
  auto* global = new llvm::GlobalVariable(
      ctx.module, llvm::ArrayType::get(llvm::Type::getScalarTy<T>(ctx.llvm), values.size()), true,
      llvm::GlobalValue::PrivateLinkage, llvm::ConstantDataArray::get(ctx.llvm, values), name);
  global->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);
  global->setAlignment(llvm::Align(8));  // what the copy below promises
  return global;
}

// Copies each value array's start image over it: one store per variable
// made this callback a third of a large model's code.
llvm::Function* emitSetStartValues(IrContext& ctx) {
  llvm::Function* fn = createCallback(ctx, ctx.types.setStartValues, "smc_set_start_values");
  llvm::IRBuilder<> builder(ctx.llvm);
  FunctionFrame frame(ctx, builder, fn);
  std::vector<double> reals(static_cast<size_t>(ctx.layout.numReals));
  std::vector<int32_t> integers(static_cast<size_t>(ctx.layout.numIntegers));
  std::vector<int32_t> booleans(static_cast<size_t>(ctx.layout.numBooleans));
  for (const VarInfo& v : ctx.layout.vars) {  // each start is of its variable's type (Layout.cpp)
    if (v.aliasOf) continue;  // the representative's slot
    const auto slot = static_cast<size_t>(v.valueReference);
    switch (v.type) {
      case flat::BaseType::Integer: integers[slot] = v.start.integer; break;
      case flat::BaseType::Boolean: booleans[slot] = v.start.boolean ? 1 : 0; break;
      case flat::BaseType::String: break;  // constants, in smc_model.string_values
      case flat::BaseType::ExternalObject: break;  // NULL until initialize constructs it
      default: reals[slot] = v.start.real; break;
    }
  }
  const std::pair<flat::BaseType, llvm::GlobalVariable*> images[] = {
      {flat::BaseType::Real, startImage(ctx, reals, "smc_real_starts")},
      {flat::BaseType::Integer, startImage(ctx, integers, "smc_integer_starts")},
      {flat::BaseType::Boolean, startImage(ctx, booleans, "smc_boolean_starts")}};
  for (const auto& [type, image] : images) {
    if (!image) continue;
    const llvm::DataLayout& layout = ctx.module.getDataLayout();
    builder.CreateMemCpy(frame.arrayOf(type), llvm::Align(8), image, llvm::Align(8),
                         layout.getTypeAllocSize(image->getValueType()));
  }
  builder.CreateRetVoid();
  return fn;
}

// The blocks of `list` but those `skip` names, in evaluation mode `mode`,
// chunked (IrChunks.h). `statesReinitialized`: the calling callback's
// argument, if any.
void emitBlocks(IrContext& ctx, FunctionFrame& frame, llvm::IRBuilder<>& builder,
                llvm::ArrayRef<causal::Block> list, EvalMode mode,
                llvm::Value* statesReinitialized = nullptr,
                const std::function<bool(const causal::Block&)>& skip = nullptr) {
  std::vector<const causal::Block*> kept;
  kept.reserve(list.size());
  for (const causal::Block& block : list)
    if (!skip || !skip(block)) kept.push_back(&block);
  emitBlockList(ctx, frame, builder, kept, mode, statesReinitialized);
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

void emitAssertions(IrContext& ctx, ActionEmitter& actions) {
  for (const flat::Assertion& a : ctx.model.assertions)
    actions.emitAssert(a.condition, a.message, a.level, a.range);
}

llvm::Function* emitInitialize(IrContext& ctx, bool samplesOk) {
  llvm::Function* fn = createCallback(ctx, ctx.types.callback, "smc_initialize");
  llvm::IRBuilder<> builder(ctx.llvm);
  FunctionFrame frame(ctx, builder, fn);
  BlockEmitter blocks(ctx, frame, builder, EvalMode::Initialization);
  const std::vector<causal::Block>& init = ctx.model.initialization;

  size_t next = 0;
  for (; next < init.size() && assignsCalculatedParameter(ctx, init[next]); ++next)
    blocks.emit(init[next]);
  // Start values that are expressions (`start = y0`); during
  // initialization pre(v) is v's start value too (spec 8.6), which an
  // algorithm that leaves v unassigned keeps.
  for (const VarInfo& info : ctx.layout.vars) {
    if (!info.startExpression) continue;
    Typed value = blocks.exprs().emit(*info.startExpression);
    if (!value.value) continue;
    blocks.exprs().store(info.id, value, info.startExpression->range);
    blocks.exprs().storePre(info.id, value, info.startExpression->range);
  }
  if (samplesOk) emitSampleSetup(ctx, frame, builder, blocks.exprs());
  emitBlocks(ctx, frame, builder, llvm::ArrayRef(init).drop_front(next), EvalMode::Initialization, nullptr, [&](const causal::Block& block) {
    const auto* assign = std::get_if<causal::Assign>(&block);
    return assign && holdsByConstruction(ctx, *assign);
  });
  if (samplesOk) emitNextTimeEvent(ctx, frame, builder, blocks.exprs());
  builder.CreateRet(builder.getInt32(SMC_OK));
  return fn;
}

llvm::Function* emitContinuous(IrContext& ctx, const char* name,
                               const std::vector<causal::Block>& list, bool checkAssertions) {
  llvm::Function* fn = createCallback(ctx, ctx.types.callback, name);
  llvm::IRBuilder<> builder(ctx.llvm);
  FunctionFrame frame(ctx, builder, fn);
  emitBlocks(ctx, frame, builder, list, EvalMode::Continuous);
  if (checkAssertions) {
    BlockEmitter blocks(ctx, frame, builder, EvalMode::Continuous);
    emitAssertions(ctx, blocks.actions());
  }
  builder.CreateRet(builder.getInt32(SMC_OK));
  return fn;
}

llvm::Function* emitEventIndicators(IrContext& ctx) {
  llvm::Function* fn = createCallback(ctx, ctx.types.eventCallback, "smc_event_indicators");
  llvm::IRBuilder<> builder(ctx.llvm);
  FunctionFrame frame(ctx, builder, fn);
  llvm::Value* indicators = fn->getArg(1);
  indicators->setName("indicators");
  emitBlocks(ctx, frame, builder, ctx.model.indicatorBlocks, EvalMode::Continuous);
  const std::vector<causal::ZeroCrossing>& crossings = ctx.model.zeroCrossings;
  emitChunked(ctx, frame, builder, crossings.size(),
              [&](FunctionFrame& f, llvm::IRBuilder<>& b, size_t begin, size_t end) {
                ExprEmitter exprs(ctx, f, b);
                llvm::Value* out = sameArgumentIn(f.function(), indicators);
                for (size_t i = begin; i < end; ++i) {
                  const causal::ZeroCrossing& zc = crossings[i];
                  if (!zc.indicator) {
                    ctx.diags.error(zc.range, "internal error: zero crossing without an indicator");
                    continue;
                  }
                  llvm::Value* value = exprs.emitAs(*zc.indicator, ValueType::Real);
                  if (!value) continue;
                  b.CreateStore(value, b.CreateConstInBoundsGEP1_32(ctx.types.real, out,
                                                                     static_cast<unsigned>(i),
                                                                     fmt::format("indicator{}", i)));
                }
              });
  builder.CreateRet(builder.getInt32(SMC_OK));
  return fn;
}

llvm::Function* emitEventUpdate(IrContext& ctx, bool samplesOk) {
  llvm::Function* fn = createCallback(ctx, ctx.types.eventCallback, "smc_event_update");
  llvm::IRBuilder<> builder(ctx.llvm);
  FunctionFrame frame(ctx, builder, fn);
  llvm::Value* statesReinitialized = fn->getArg(1);
  statesReinitialized->setName("states_reinitialized");
  BlockEmitter blocks(ctx, frame, builder, EvalMode::Event, statesReinitialized);
  if (samplesOk) emitSampleUpdates(ctx, frame, builder, blocks.exprs());
  emitBlocks(ctx, frame, builder, ctx.model.eventBlocks, EvalMode::Event, statesReinitialized);
  emitAssertions(ctx, blocks.actions());
  if (samplesOk) emitNextTimeEvent(ctx, frame, builder, blocks.exprs());
  builder.CreateRet(builder.getInt32(SMC_OK));
  return fn;
}

}  // namespace

Callbacks emitCallbacks(IrContext& ctx) {
  const bool samplesOk = checkSamples(ctx);
  Callbacks callbacks;
  callbacks.setStartValues = emitSetStartValues(ctx);
  callbacks.initialize = emitInitialize(ctx, samplesOk);
  callbacks.computeDerivatives =
      emitContinuous(ctx, "smc_compute_derivatives", ctx.model.derivativeBlocks, false);
  callbacks.computeOutputs =
      emitContinuous(ctx, "smc_compute_outputs", ctx.model.outputBlocks, true);
  callbacks.eventIndicators = emitEventIndicators(ctx);
  callbacks.eventUpdate = emitEventUpdate(ctx, samplesOk);
  callbacks.destroyExternalObjects = emitDestroyExternalObjects(ctx);
  callbacks.constructExternalObjects = emitConstructExternalObjects(ctx);
  callbacks.replayExternalCall = emitReplayExternalCall(ctx);  // after every call site
  return callbacks;
}

}  // namespace smc::codegen
