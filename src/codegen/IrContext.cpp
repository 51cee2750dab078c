// Function frames (see IrContext.h): the array pointers and the time are
// loaded once, at the top of the entry block, so that the body's loads and
// stores index known base pointers instead of re-reading SmcModelData after
// every store (without type-based alias information LLVM could not tell a
// store to a double from a change of data->reals).
#include "codegen/IrContext.h"

#include "smc/model.h"

namespace smc::codegen {

FunctionFrame::FunctionFrame(IrContext& ctx, llvm::IRBuilder<>& builder, llvm::Function* function)
    : ctx_(ctx), function_(function), data_(function->getArg(0)) {
  data_->setName("data");
  entry_ = llvm::BasicBlock::Create(ctx.llvm, "entry", function);
  builder.SetInsertPoint(entry_);
}

llvm::Value* FunctionFrame::loadField(unsigned index, llvm::Type* type, const char* name,
                                      llvm::Value*& cache) {
  if (cache) return cache;
  // Entry loads go after the previous entry loads, before any body code.
  llvm::IRBuilder<> prologue(ctx_.llvm);
  if (prologueEnd_)
    prologue.SetInsertPoint(prologueEnd_->getParent(), std::next(prologueEnd_->getIterator()));
  else
    prologue.SetInsertPoint(entry_, entry_->begin());
  llvm::Value* address =
      prologue.CreateStructGEP(ctx_.types.modelData, data_, index, std::string(name) + ".field");
  auto* load = prologue.CreateLoad(type, address, name);
  prologueEnd_ = load;
  cache = load;
  return load;
}

llvm::Value* FunctionFrame::arrayOf(flat::BaseType type) {
  switch (type) {
    case flat::BaseType::Integer:
      return loadField(kDataIntegers, ctx_.types.ptr, "integers", integers_);
    case flat::BaseType::Boolean:
      return loadField(kDataBooleans, ctx_.types.ptr, "booleans", booleans_);
    case flat::BaseType::Real:
    case flat::BaseType::String: break;
  }
  return loadField(kDataReals, ctx_.types.ptr, "reals", reals_);
}

llvm::Value* FunctionFrame::time() { return loadField(kDataTime, ctx_.types.real, "time", time_); }

llvm::BasicBlock* FunctionFrame::failBlock() {
  if (!fail_) {
    fail_ = llvm::BasicBlock::Create(ctx_.llvm, "failed", function_);
    llvm::IRBuilder<> builder(fail_);
    builder.CreateRet(builder.getInt32(SMC_FAILED));
  }
  return fail_;
}

}  // namespace smc::codegen
