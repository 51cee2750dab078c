// Function frames (see IrContext.h): the array pointers and the time are
// loaded once, at the top of the entry block, so that the body's loads and
// stores index known base pointers instead of re-reading SmcModelData after
// every store (without type-based alias information LLVM could not tell a
// store to a double from a change of data->reals). Stack slots go before
// those loads, at the very top, where mem2reg looks for them.
#include "codegen/IrContext.h"

#include "smc/model.h"

#include <fmt/format.h>

namespace smc::codegen {

std::string sourceFileOf(const IrContext& ctx) {
  return ctx.options.sourceFileName.empty() ? ctx.options.modelIdentifier + ".mo"
                                            : ctx.options.sourceFileName;
}

std::string sourceFileOf(const IrContext& ctx, FileId file) {
  const std::vector<std::string>& names = ctx.options.fileNames;
  return file < names.size() && !names[file].empty() ? names[file] : sourceFileOf(ctx);
}

std::string sourceLocation(const IrContext& ctx, SourceRange range) {
  if (!range.valid()) return "(unknown location)";
  return fmt::format("{}:{}:{}", sourceFileOf(ctx, range.begin.file), range.begin.line, range.begin.column);
}

llvm::Constant* messageConstant(IrContext& ctx, const std::string& text) {
  auto found = ctx.messages.find(text);
  if (found != ctx.messages.end()) return found->second;
  llvm::Constant* data = llvm::ConstantDataArray::getString(ctx.llvm, text, true);
  auto* global = new llvm::GlobalVariable(ctx.module, data->getType(), true,
                                          llvm::GlobalValue::PrivateLinkage, data,
                                          fmt::format("smc_message{}", ctx.messages.size()));
  global->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);
  global->setAlignment(llvm::Align(1));
  ctx.messages.emplace(text, global);
  return global;
}

llvm::FunctionCallee runtimeFunction(IrContext& ctx, RuntimeService service) {
  const char* name = "";
  llvm::FunctionType* type = nullptr;
  switch (service) {
    case RuntimeService::SolveLoop:
      name = "smc_solve_algebraic_loop";
      type = ctx.types.solveLoop;
      break;
    case RuntimeService::SolveLinear:
      name = "smc_solve_linear_system";
      type = ctx.types.solveLoop;  // same shape: (data, loop, size, ptr, ptr) -> i32
      break;
    case RuntimeService::SolveSparseLinear:
      name = "smc_solve_sparse_linear_system";
      type = ctx.types.solveSparseLinear;
      break;
    case RuntimeService::AssertFailed:
      name = "smc_assert_failed";
      type = ctx.types.assertFailed;
      break;
    case RuntimeService::Terminate:
      name = "smc_terminate";
      type = ctx.types.message;
      break;
    case RuntimeService::ReportFailure:
      name = "smc_report_failure";
      type = ctx.types.message;
      break;
    case RuntimeService::Delay:
      name = "smc_delay";
      type = ctx.types.delay;
      break;
  }
  llvm::FunctionCallee callee = ctx.module.getOrInsertFunction(name, type);
  if (auto* fn = llvm::dyn_cast<llvm::Function>(callee.getCallee()))
    fn->addFnAttr(llvm::Attribute::NoUnwind);
  return callee;
}

FunctionFrame::FunctionFrame(IrContext& ctx, llvm::IRBuilder<>& builder, llvm::Function* function)
    : ctx_(ctx), function_(function), data_(function->getArg(0)) {
  data_->setName("data");
  entry_ = llvm::BasicBlock::Create(ctx.llvm, "entry", function);
  builder.SetInsertPoint(entry_);
}

llvm::BasicBlock::iterator FunctionFrame::prologueEnd() {
  // Entry loads go after the previous entry loads and the stack slots,
  // before any body code.
  llvm::Instruction* after = prologueEnd_ ? prologueEnd_ : lastAlloca_;
  return after ? std::next(after->getIterator()) : entry_->begin();
}

llvm::Value* FunctionFrame::loadField(unsigned index, llvm::Type* type, const char* name,
                                      llvm::Value*& cache) {
  if (cache) return cache;
  llvm::IRBuilder<> prologue(entry_, prologueEnd());
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
      return loadField(kDataIntegers, ctx_.types.ptr, "integers", arrays_[1]);
    case flat::BaseType::Boolean:
      return loadField(kDataBooleans, ctx_.types.ptr, "booleans", arrays_[2]);
    case flat::BaseType::ExternalObject:
      return loadField(kDataExternalObjects, ctx_.types.ptr, "external_objects", arrays_[6]);
    case flat::BaseType::Real:
    case flat::BaseType::String:
    case flat::BaseType::Clock: break;
  }
  return loadField(kDataReals, ctx_.types.ptr, "reals", arrays_[0]);
}

llvm::Value* FunctionFrame::preArrayOf(flat::BaseType type) {
  switch (type) {
    case flat::BaseType::Integer:
      return loadField(kDataPreIntegers, ctx_.types.ptr, "pre_integers", arrays_[4]);
    case flat::BaseType::Boolean:
      return loadField(kDataPreBooleans, ctx_.types.ptr, "pre_booleans", arrays_[5]);
    case flat::BaseType::ExternalObject:  // has no pre(): it never changes after initialization
      return arrayOf(type);
    case flat::BaseType::Real:
    case flat::BaseType::String:
    case flat::BaseType::Clock: break;
  }
  return loadField(kDataPreReals, ctx_.types.ptr, "pre_reals", arrays_[3]);
}

llvm::Value* FunctionFrame::time() { return loadField(kDataTime, ctx_.types.real, "time", time_); }

llvm::Value* FunctionFrame::fieldAddress(unsigned index, const char* name) {
  auto found = fields_.find(index);
  if (found != fields_.end()) return found->second;
  llvm::IRBuilder<> prologue(entry_, prologueEnd());
  llvm::Value* address =
      prologue.CreateStructGEP(ctx_.types.modelData, data_, index, std::string(name) + ".field");
  if (auto* instruction = llvm::dyn_cast<llvm::Instruction>(address)) prologueEnd_ = instruction;
  fields_.emplace(index, address);
  return address;
}

llvm::AllocaInst* FunctionFrame::stackSlot(llvm::Type* type, const std::string& name) {
  llvm::IRBuilder<> top(ctx_.llvm);
  if (lastAlloca_)
    top.SetInsertPoint(entry_, std::next(lastAlloca_->getIterator()));
  else
    top.SetInsertPoint(entry_, entry_->begin());
  llvm::AllocaInst* slot = top.CreateAlloca(type, nullptr, name);
  lastAlloca_ = slot;
  return slot;
}

llvm::BasicBlock* FunctionFrame::failBlock() {
  if (!fail_) {
    fail_ = llvm::BasicBlock::Create(ctx_.llvm, "failed", function_);
    llvm::IRBuilder<> builder(fail_);
    builder.CreateRet(builder.getInt32(SMC_FAILED));
  }
  return fail_;
}

llvm::BasicBlock* FunctionFrame::reportBlock(const std::string& message) {
  auto found = reports_.find(message);
  if (found != reports_.end()) return found->second;
  auto* block = llvm::BasicBlock::Create(ctx_.llvm, "report", function_);
  llvm::IRBuilder<> builder(block);
  builder.CreateCall(runtimeFunction(ctx_, RuntimeService::ReportFailure),
                     {data_, messageConstant(ctx_, message)});
  builder.CreateBr(failBlock());
  reports_.emplace(message, block);
  return block;
}

}  // namespace smc::codegen
