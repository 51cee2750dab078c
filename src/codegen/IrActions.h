// Side effects shared by when-equations, algorithm statements and user
// functions: assert(), terminate(), reinit(), and the "first firing branch
// wins" chain of when/elsewhen (spec 8.3.5, 8.5, 11.2.7).
//
// Design of failures: every generated function (callbacks and user
// functions alike) returns an int32 status. An assert() of level error
// calls smc_assert_failed(data, SMC_ASSERT_ERROR, message) and returns
// SMC_FAILED; a caller of a user function that returned SMC_FAILED returns
// SMC_FAILED as well, without a second report, so the runtime logs the
// innermost reason once.
#pragma once

#include "codegen/IrExpr.h"

#include <functional>

namespace smc::codegen {

// What the code being emitted is part of; decides how when-clauses behave.
enum class EvalMode {
  Function,        // a user function's body: no when, no reinit
  Initialization,  // initialize: a branch fires if it is active at
                   // initialization (its condition mentions initial())
                   // and its condition is true
  Continuous,      // compute_derivatives/outputs, event_indicators: discrete
                   // values are frozen, when-clauses do nothing
  Event,           // event_update: a branch fires when one of its
                   // conditions is true and was false (pre) before
};

// The text of an assert()/terminate() message when it is a String literal
// or a concatenation (+) of literals; empty when it needs values known only
// at run time (IrMessages.h builds those).
std::optional<std::string> messageText(const flat::ExprPtr& message);

class ActionEmitter {
public:
  // statesReinitialized: event_update's int32_t* argument (Event mode only).
  ActionEmitter(IrContext& ctx, FunctionFrame& frame, llvm::IRBuilder<>& builder,
                ExprEmitter& exprs, EvalMode mode, llvm::Value* statesReinitialized)
      : ctx_(ctx), frame_(frame), b_(builder), exprs_(exprs), mode_(mode),
        statesReinitialized_(statesReinitialized) {}

  EvalMode mode() const { return mode_; }
  llvm::Value* statesReinitialized() const { return statesReinitialized_; }

  // Level error: smc_assert_failed(data, 0, text) and return SMC_FAILED
  // when the condition is false; level warning: smc_assert_failed(data, 1,
  // text) and go on. The text is the message plus the assert's location.
  void emitAssert(const flat::ExprPtr& condition, const flat::ExprPtr& message,
                  flat::AssertLevel level, SourceRange where);
  // smc_terminate(data, text): the simulation ends after the current step.
  void emitTerminate(const flat::ExprPtr& message);
  // state := value; in event mode also *states_reinitialized = 1. During
  // initialization a reinit() just sets the state (the solver starts from
  // the initialized values anyway).
  void emitReinit(flat::VarId target, const flat::ExprPtr& value, SourceRange where);

  // if fires(0) then body(0) elseif fires(1) then body(1) ... end if; a
  // branch whose fires() returns null is left out (it cannot fire in this
  // mode, or its condition had an error, already reported).
  void emitFirstFiring(size_t branches, const std::function<llvm::Value*(size_t)>& fires,
                       const std::function<void(size_t)>& body);
  // For a when-block's condition variable: `v` in initialization, `v and
  // not pre(v)` in event mode; null after an error.
  llvm::Value* conditionVarFires(flat::VarId v, SourceRange where);
  // The same for a when-statement's condition expression: in initialization
  // the condition if the branch is active then (null otherwise), in event
  // mode `c and not pre(c)` where pre(c) evaluates c over the pre() values
  // (for a condition variable, simply its pre() slot).
  llvm::Value* conditionFires(const flat::Expr& condition, bool activeAtInitialization);

private:
  // A run-time String message followed by `suffix`; null after an error.
  llvm::Value* emitMessage(const flat::Expr& message, const std::string& suffix);
  void callAssertFailed(flat::AssertLevel level, const std::string& text);
  void callAssertFailed(flat::AssertLevel level, llvm::Value* text);

  IrContext& ctx_;
  FunctionFrame& frame_;
  llvm::IRBuilder<>& b_;
  ExprEmitter& exprs_;
  EvalMode mode_;
  llvm::Value* statesReinitialized_;
};

// Whether an expression contains initial() (spec 8.6: such when-clauses are
// active during initialization).
bool mentionsInitial(const flat::Expr& e);

}  // namespace smc::codegen
