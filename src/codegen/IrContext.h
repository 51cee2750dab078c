// State shared by the parts of IR generation (IrExpr, IrBlocks, IrModel):
// the module being built, the model and its layout, and, per function, the
// values loaded once at entry (the three variable arrays and the time) plus
// the block that returns SMC_FAILED.
#pragma once

#include "codegen/IrGen.h"
#include "codegen/IrTypes.h"

#include <llvm/IR/Function.h>
#include <llvm/IR/IRBuilder.h>

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
  std::vector<std::string> loopDescriptions;
};

// One generated function: its entry values and its failure exit.
class FunctionFrame {
public:
  // Creates the entry block and points `builder` at it.
  FunctionFrame(IrContext& ctx, llvm::IRBuilder<>& builder, llvm::Function* function);

  llvm::Function* function() const { return function_; }
  llvm::Value* data() const { return data_; }
  // data->reals/integers/booleans and data->time, loaded in the entry block
  // on first use (so the IR dump shows only what a function reads).
  llvm::Value* arrayOf(flat::BaseType type);
  llvm::Value* time();
  // `ret i32 SMC_FAILED`, created on first use.
  llvm::BasicBlock* failBlock();

private:
  llvm::Value* loadField(unsigned index, llvm::Type* type, const char* name, llvm::Value*& cache);

  IrContext& ctx_;
  llvm::Function* function_;
  llvm::Value* data_;
  llvm::BasicBlock* entry_;
  llvm::Instruction* prologueEnd_ = nullptr;  // last instruction of the entry loads
  llvm::Value* reals_ = nullptr;
  llvm::Value* integers_ = nullptr;
  llvm::Value* booleans_ = nullptr;
  llvm::Value* time_ = nullptr;
  llvm::BasicBlock* fail_ = nullptr;
};

}  // namespace smc::codegen
