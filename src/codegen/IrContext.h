// State shared by the parts of IR generation (IrExpr, IrBlocks, IrModel,
// IrFunctions): the module being built, the model and its layout, and, per
// function, the values loaded once at entry (the variable arrays and the
// time) plus the blocks that return SMC_FAILED.
#pragma once

#include "codegen/IrGen.h"
#include "codegen/IrTypes.h"
#include "codegen/PreReads.h"

#include <llvm/IR/Function.h>
#include <llvm/IR/IRBuilder.h>

#include <deque>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace smc::codegen {

struct IrContext {
  llvm::Module& module;
  llvm::LLVMContext& llvm;
  IrTypes types;
  const causal::CausalModel& model;
  const Layout& layout;
  const IrOptions& options;
  DiagnosticEngine& diags;
  // One per algebraic loop, in the order the loops were numbered.
  std::vector<std::string> loopDescriptions = {};
  // The LLVM function of each flat.functions entry (declared before any
  // body is emitted, so that functions may call each other).
  std::vector<llvm::Function*> functions = {};
  // The functions taking an external object that the model calls: each
  // call in event mode is logged for replay (IrExternalObjects.h).
  std::set<uint32_t> loggedFunctions = {};
  // Per flat.functions entry, whether identical calls in one expression
  // may share one call (SharedCalls.h); computed at the first call.
  std::vector<bool> shareableFunctions = {};
  // Message strings handed to the runtime services, one global per text.
  std::map<std::string, llvm::Constant*> messages = {};
  // Chunks of assignments emitted as functions (IrChunks.h), which later
  // callbacks call where their lists repeat the same assignments; indexed
  // by the target of each chunk's first assignment.
  struct SharedChunk {
    llvm::Function* function;
    std::vector<const causal::Assign*> assigns;
  };
  std::vector<SharedChunk> sharedChunks = {};
  std::multimap<flat::VarId, size_t> sharedChunkStarts = {};
  // Residual functions of nonlinear loops, by the loop's first unknown: a
  // loop that several callbacks solve (initialization, derivatives, event
  // iteration) gets one, called with each callback's own loop number.
  struct SharedResidual {
    llvm::Function* function;
    const causal::AlgebraicLoop* loop;
  };
  std::multimap<flat::VarId, SharedResidual> sharedResiduals = {};
  // Blocks made by code generation itself (a torn loop's explicit part as a
  // block list), kept as long as the module: shared chunks point into them.
  std::deque<causal::Block> madeBlocks = {};
  // The slots whose pre() value the code emitted so far reads; the model
  // descriptor, emitted last, lists them for the runtime.
  PreReads preReads = {};
};

// The model's source file name ("Model.mo"), and "Model.mo:12:5" for
// messages the runtime logs ("(unknown location)" when the range is not
// valid).
std::string sourceFileOf(const IrContext& ctx);
// What messages call `file` (CodegenOptions::fileNames).
std::string sourceFileOf(const IrContext& ctx, FileId file);
std::string sourceLocation(const IrContext& ctx, SourceRange range);

// A private constant C string holding `text` (shared between uses).
llvm::Constant* messageConstant(IrContext& ctx, const std::string& text);

// The runtime services of model.h that generated code calls.
enum class RuntimeService { SolveLoop, SolveLinear, SolveSparseLinear, AssertFailed, Terminate, ReportFailure, Delay };
llvm::FunctionCallee runtimeFunction(IrContext& ctx, RuntimeService service);

// One generated function: its entry values and its failure exits. Argument
// 0 of every generated function is the SmcModelData pointer.
class FunctionFrame {
public:
  // Creates the entry block and points `builder` at it.
  FunctionFrame(IrContext& ctx, llvm::IRBuilder<>& builder, llvm::Function* function);

  llvm::Function* function() const { return function_; }
  llvm::Value* data() const { return data_; }
  // data->reals/integers/booleans, data->pre_* and data->time, loaded in
  // the entry block on first use (so the IR dump shows only what a function
  // reads).
  llvm::Value* arrayOf(flat::BaseType type);
  llvm::Value* preArrayOf(flat::BaseType type);
  llvm::Value* time();
  // The address of an int32/double field of SmcModelData (initial,
  // terminal, next_time_event), computed in the entry block.
  llvm::Value* fieldAddress(unsigned index, const char* name);
  // A stack slot in the entry block (where mem2reg can promote it).
  llvm::AllocaInst* stackSlot(llvm::Type* type, const std::string& name);
  // `ret i32 SMC_FAILED`, created on first use: for failures already
  // reported (by a runtime service or a called function).
  llvm::BasicBlock* failBlock();
  // A block that passes `message` to smc_report_failure and then fails.
  llvm::BasicBlock* reportBlock(const std::string& message);

private:
  llvm::Value* loadField(unsigned index, llvm::Type* type, const char* name, llvm::Value*& cache);
  // Where the next entry load goes: after the previous loads and slots.
  llvm::BasicBlock::iterator prologueEnd();

  IrContext& ctx_;
  llvm::Function* function_;
  llvm::Value* data_;
  llvm::BasicBlock* entry_;
  llvm::Instruction* prologueEnd_ = nullptr;  // last instruction of the entry loads
  llvm::Instruction* lastAlloca_ = nullptr;
  // reals, integers, booleans, pre_reals, pre_integers, pre_booleans, external_objects
  llvm::Value* arrays_[7] = {};
  llvm::Value* time_ = nullptr;
  std::map<unsigned, llvm::Value*> fields_;
  llvm::BasicBlock* fail_ = nullptr;
  std::map<std::string, llvm::BasicBlock*> reports_;
};

}  // namespace smc::codegen
