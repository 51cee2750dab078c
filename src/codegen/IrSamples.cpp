// Sample ticks (see IrSamples.h). Tick times are always start + k*interval
// (or start + (k*interval)/resolution) with k the Integer counter, so the
// 1000th tick is as exact as the first.
#include "codegen/IrSamples.h"

#include <fmt/format.h>

#include <limits>

namespace smc::codegen {

namespace {

constexpr double kTickTolerance = 1e-12;  // relative: the runtime's "same instant" (events.c)

class SampleEmitter {
public:
  SampleEmitter(IrContext& ctx, FunctionFrame& frame, llvm::IRBuilder<>& builder,
                ExprEmitter& exprs)
      : ctx_(ctx), frame_(frame), b_(builder), exprs_(exprs) {}

  llvm::Value* real(double value) { return llvm::ConstantFP::get(ctx_.types.real, value); }

  // The arguments of one sample(), as doubles; resolution is null when the
  // sample has none.
  struct Arguments {
    llvm::Value* start = nullptr;
    llvm::Value* interval = nullptr;
    llvm::Value* resolution = nullptr;
  };

  // False after an error (already reported).
  bool arguments(const causal::Sample& s, Arguments& out) {
    out.start = exprs_.emitAs(*s.start, ValueType::Real);
    out.interval = exprs_.emitAs(*s.interval, ValueType::Real);
    if (s.resolution) {
      out.resolution = exprs_.emitAs(*s.resolution, ValueType::Real);
      if (!out.resolution) return false;
    }
    return out.start && out.interval;
  }

  // start + k*interval, or start + (k*interval)/resolution, for a double k:
  // multiplying first keeps integer-valued interval and resolution exact.
  llvm::Value* tick(const Arguments& a, llvm::Value* k) {
    llvm::Value* offset = b_.CreateFMul(k, a.interval);
    if (a.resolution) offset = b_.CreateFDiv(offset, a.resolution);
    return b_.CreateFAdd(a.start, offset, "tick");
  }

  llvm::Value* tolerance(llvm::Value* t) {
    llvm::Value* scale =
        b_.CreateMaxNum(real(1.0), b_.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, t));
    return b_.CreateFMul(real(kTickTolerance), scale);
  }

  // Whether time has reached tick t: time >= t - 1e-12*max(1, |t|).
  llvm::Value* reached(llvm::Value* t) {
    return b_.CreateFCmpOGE(frame_.time(), b_.CreateFSub(t, tolerance(t)), "tick.reached");
  }

  // Whether tick t is still due: t is at or after time, to the same
  // tolerance (time <= t + 1e-12*max(1, |t|)).
  llvm::Value* due(llvm::Value* t) {
    return b_.CreateFCmpOLE(frame_.time(), b_.CreateFAdd(t, tolerance(t)), "tick.due");
  }

  // Continues in a new block when `positive` > 0; otherwise initialize
  // fails naming the sample.
  void requirePositive(llvm::Value* positive, const char* what, const causal::Sample& s) {
    llvm::BasicBlock* valid =
        llvm::BasicBlock::Create(ctx_.llvm, "sample.valid", frame_.function());
    b_.CreateCondBr(b_.CreateFCmpOGT(positive, real(0.0)), valid,
                    frame_.reportBlock(fmt::format("the {} of sample() at {} is not positive", what,
                                                   sourceLocation(ctx_, s.range))));
    b_.SetInsertPoint(valid);
  }

  void failIfTooManyTicks(llvm::Value* condition, const causal::Sample& s) {
    llvm::BasicBlock* ok = llvm::BasicBlock::Create(ctx_.llvm, "sample.counted", frame_.function());
    b_.CreateCondBr(condition,
                    frame_.reportBlock(fmt::format(
                        "sample() at {} ticks more than 2147483647 times, the range of its "
                        "32-bit tick counter",
                        sourceLocation(ctx_, s.range))),
                    ok);
    b_.SetInsertPoint(ok);
  }

  void setup(const causal::Sample& s) {
    Arguments a;
    if (!arguments(s, a)) return;
    requirePositive(a.interval, "interval", s);
    if (a.resolution) requirePositive(a.resolution, "resolution", s);
    // k = max(0, ceil((time - start)/step)), step = interval/resolution,
    // then corrected by one in either direction against the same test
    // event_update uses.
    llvm::Value* step = a.resolution ? b_.CreateFDiv(a.interval, a.resolution) : a.interval;
    llvm::Value* ratio = b_.CreateFDiv(b_.CreateFSub(frame_.time(), a.start), step);
    llvm::Value* k =
        b_.CreateMaxNum(real(0.0), b_.CreateUnaryIntrinsic(llvm::Intrinsic::ceil, ratio));
    // The counter is a 32-bit Integer; a start this far past the first
    // tick fails rather than ticking at the wrong times.
    failIfTooManyTicks(b_.CreateFCmpUGE(k, real(std::numeric_limits<int32_t>::max() - 1)), s);
    llvm::Value* previous = b_.CreateFSub(k, real(1.0));
    llvm::Value* usePrevious =
        b_.CreateAnd(b_.CreateFCmpOGE(previous, real(0.0)), due(tick(a, previous)));
    k = b_.CreateSelect(usePrevious, previous, k);
    llvm::Value* past = b_.CreateNot(due(tick(a, k)));
    k = b_.CreateSelect(past, b_.CreateFAdd(k, real(1.0)), k, "first.tick");
    exprs_.store(s.counter, {b_.CreateFPToSI(k, ctx_.types.integer), ValueType::Integer}, s.range);
    exprs_.store(s.flag, {b_.getFalse(), ValueType::Boolean}, s.range);
  }

  void update(const causal::Sample& s) {
    // The counter carries the tick from one event iteration to the next in
    // its own slot, not through pre(): the flag is true in the iteration
    // that passes the tick and false in the next. Listed as read through
    // pre(), so that the runtime compares it and runs that next iteration
    // (PreReads.h); the flag is recomputed in every iteration, so it needs
    // listing only where the code reads its pre().
    const VarInfo& counterSlot = ctx_.layout.of(s.counter);
    ctx_.preReads.mark(counterSlot.type, counterSlot.valueReference);
    Arguments a;
    Typed counter = exprs_.load(s.counter, s.range);
    if (!arguments(s, a) || !counter.value) return;
    llvm::Value* t = tick(a, b_.CreateSIToFP(counter.value, ctx_.types.real));
    llvm::Value* flag = reached(t);
    exprs_.store(s.flag, {flag, ValueType::Boolean}, s.range);
    failIfTooManyTicks(
        b_.CreateAnd(flag, b_.CreateICmpEQ(counter.value, b_.getInt32(std::numeric_limits<int32_t>::max()))),
        s);
    llvm::Value* next = b_.CreateAdd(counter.value, b_.CreateZExt(flag, ctx_.types.integer));
    exprs_.store(s.counter, {next, ValueType::Integer}, s.range);
  }

  void nextTimeEvent() {
    llvm::Value* next = real(std::numeric_limits<double>::infinity());
    for (const causal::Sample& s : ctx_.model.samples) {
      Arguments a;
      Typed counter = exprs_.load(s.counter, s.range);
      if (!arguments(s, a) || !counter.value) return;
      next = b_.CreateMinNum(next, tick(a, b_.CreateSIToFP(counter.value, ctx_.types.real)));
    }
    b_.CreateStore(next, frame_.fieldAddress(kDataNextTimeEvent, "next_time_event"));
  }

private:
  IrContext& ctx_;
  FunctionFrame& frame_;
  llvm::IRBuilder<>& b_;
  ExprEmitter& exprs_;
};

}  // namespace

bool checkSamples(IrContext& ctx) {
  const size_t count = ctx.model.flat.variables.size();
  bool ok = true;
  for (const causal::Sample& s : ctx.model.samples) {
    if (s.flag >= count || s.counter >= count || !s.start || !s.interval ||
        ctx.model.flat.variables[s.flag].type != flat::BaseType::Boolean ||
        ctx.model.flat.variables[s.counter].type != flat::BaseType::Integer) {
      ctx.diags.error(s.range, "internal error: sample() needs a Boolean flag, an Integer "
                               "counter, a start and an interval");
      ok = false;
    }
  }
  return ok;
}

void emitSampleSetup(IrContext& ctx, FunctionFrame& frame, llvm::IRBuilder<>& builder,
                     ExprEmitter& exprs) {
  SampleEmitter samples(ctx, frame, builder, exprs);
  for (const causal::Sample& s : ctx.model.samples) samples.setup(s);
}

void emitSampleUpdates(IrContext& ctx, FunctionFrame& frame, llvm::IRBuilder<>& builder,
                       ExprEmitter& exprs) {
  SampleEmitter samples(ctx, frame, builder, exprs);
  for (const causal::Sample& s : ctx.model.samples) samples.update(s);
}

void emitNextTimeEvent(IrContext& ctx, FunctionFrame& frame, llvm::IRBuilder<>& builder,
                       ExprEmitter& exprs) {
  SampleEmitter(ctx, frame, builder, exprs).nextTimeEvent();
}

}  // namespace smc::codegen
