// Calls of FORTRAN 77 routines (see IrExternal.h, flat::ExternalLanguage):
// gfortran's convention on x86-64, which the LAPACK that Debian ships
// follows. Every argument is an address: a scalar input is copied to a
// slot of its own (a routine may write to any argument), an array of two
// or more dimensions to a column-major copy that comes back after the
// call unless it is an input, and a String's length follows all the other
// arguments as a size_t.
#include "codegen/IrExternal.h"
#include "flatten/ColumnMajor.h"

namespace smc::codegen {

namespace {

// Copies the `count` elements of `from` to `to`, element k going to
// position order[k]: one loop over a constant table of positions, so the
// code stays small for large matrices.
void permute(IrContext& ctx, llvm::IRBuilder<>& builder, llvm::Type* element, llvm::Value* from, llvm::Value* to,
             const std::vector<uint64_t>& order, bool scatter) {
  llvm::Type* i64 = builder.getInt64Ty();
  auto* tableType = llvm::ArrayType::get(i64, order.size());
  std::vector<llvm::Constant*> entries;
  for (uint64_t at : order) entries.push_back(builder.getInt64(at));
  auto* table = new llvm::GlobalVariable(ctx.module, tableType, true, llvm::GlobalValue::PrivateLinkage,
                                         llvm::ConstantArray::get(tableType, entries), "fortran.order");
  llvm::Function* function = builder.GetInsertBlock()->getParent();
  llvm::BasicBlock* before = builder.GetInsertBlock();
  llvm::BasicBlock* body = llvm::BasicBlock::Create(ctx.llvm, "fortran.copy", function);
  llvm::BasicBlock* after = llvm::BasicBlock::Create(ctx.llvm, "fortran.copied", function);
  builder.CreateBr(body);
  builder.SetInsertPoint(body);
  llvm::PHINode* k = builder.CreatePHI(i64, 2);
  k->addIncoming(builder.getInt64(0), before);
  llvm::Value* position = builder.CreateLoad(i64, builder.CreateInBoundsGEP(tableType, table, {builder.getInt64(0), k}));
  // Row-major element k is column-major element order[k].
  llvm::Value* source = builder.CreateInBoundsGEP(element, from, scatter ? k : position);
  llvm::Value* target = builder.CreateInBoundsGEP(element, to, scatter ? position : k);
  builder.CreateStore(builder.CreateLoad(element, source), target);
  llvm::Value* next = builder.CreateAdd(k, builder.getInt64(1));
  k->addIncoming(next, body);
  builder.CreateCondBr(builder.CreateICmpULT(next, builder.getInt64(order.size())), body, after);
  builder.SetInsertPoint(after);
}

// What gfortran-compiled LAPACK and BLAS need besides each other, defined
// in the model's own object so the linker takes these before the
// archives' members. xerbla_, LAPACK's error handler, which LAPACK lets a
// program replace: the archive's prints and stops the process, this one
// fails the FMI call through ModelicaFormatError. _gfortran_concat_string,
// the one routine of gfortran's runtime that LAPACK calls (to join option
// letters): dest gets s1 then s2, cut or padded with blanks to its length;
// the FMU then carries none of that runtime (its I/O library and state).
void defineFortranSupport(IrContext& ctx) {
  if (llvm::Function* existing = ctx.module.getFunction("xerbla_"); existing && !existing->isDeclaration()) return;
  llvm::LLVMContext& c = ctx.llvm;
  llvm::Type* ptr = ctx.types.ptr;
  llvm::Type* i32 = llvm::Type::getInt32Ty(c);
  llvm::Type* i64 = llvm::Type::getInt64Ty(c);
  llvm::Type* voidType = llvm::Type::getVoidTy(c);
  llvm::IRBuilder<> b(c);

  auto* xerbla = llvm::Function::Create(llvm::FunctionType::get(voidType, {ptr, ptr, i64}, false),
                                        llvm::GlobalValue::ExternalLinkage, "xerbla_", ctx.module);
  b.SetInsertPoint(llvm::BasicBlock::Create(c, "entry", xerbla));
  llvm::FunctionCallee error =
      ctx.module.getOrInsertFunction("ModelicaFormatError", llvm::FunctionType::get(voidType, {ptr}, true));
  llvm::Value* format = b.CreateGlobalStringPtr("%.*s: parameter %d had an illegal value (LAPACK)", "xerbla.format");
  b.CreateCall(error, {format, b.CreateTrunc(xerbla->getArg(2), i32), xerbla->getArg(0),
                       b.CreateLoad(i32, xerbla->getArg(1))});
  b.CreateRetVoid();

  auto* concat = llvm::Function::Create(llvm::FunctionType::get(voidType, {i64, ptr, i64, ptr, i64, ptr}, false),
                                        llvm::GlobalValue::ExternalLinkage, "_gfortran_concat_string", ctx.module);
  b.SetInsertPoint(llvm::BasicBlock::Create(c, "entry", concat));
  llvm::Value* length = concat->getArg(0);
  llvm::Value* dest = concat->getArg(1);
  auto minimum = [&](llvm::Value* x, llvm::Value* y) { return b.CreateSelect(b.CreateICmpULT(x, y), x, y); };
  llvm::Value* first = minimum(concat->getArg(2), length);
  b.CreateMemCpy(dest, llvm::MaybeAlign(1), concat->getArg(3), llvm::MaybeAlign(1), first);
  llvm::Value* room = b.CreateSub(length, first);
  llvm::Value* second = minimum(concat->getArg(4), room);
  b.CreateMemCpy(b.CreateInBoundsGEP(b.getInt8Ty(), dest, first), llvm::MaybeAlign(1), concat->getArg(5),
                 llvm::MaybeAlign(1), second);
  b.CreateMemSet(b.CreateInBoundsGEP(b.getInt8Ty(), dest, b.CreateAdd(first, second)), b.getInt8(' '),
                 b.CreateSub(room, second), llvm::MaybeAlign(1));
  b.CreateRetVoid();
}

}  // namespace

void emitFortranCall(IrContext& ctx, FunctionFrame& frame, llvm::IRBuilder<>& builder, ExprEmitter& exprs,
                     const LocalScope& scope, const flat::Function& fn) {
  const flat::ExternalCall& call = *fn.external;
  defineFortranSupport(ctx);
  llvm::Type* int32 = builder.getInt32Ty();
  llvm::Type* size = builder.getInt64Ty();
  std::vector<llvm::Value*> args;
  std::vector<llvm::Value*> lengths;
  // Integers the routine wrote for Boolean outputs, and where they go.
  std::vector<std::pair<llvm::Value*, llvm::Value*>> booleanOutputs;
  // Column-major copies to read back: the copy, the array, its element type and order.
  struct CopyBack {
    llvm::AllocaInst* copy;
    llvm::AllocaInst* array;
    llvm::Type* element;
    std::vector<uint64_t> order;
  };
  std::vector<CopyBack> copiesBack;
  for (const flat::ExternalArg& arg : call.args) {
    switch (arg.kind) {
      case flat::ExternalArgKind::Value:
      case flat::ExternalArgKind::Size: {
        Typed value = exprs.emit(*arg.value);
        if (!value.value) return;
        if (value.type == ValueType::String) {
          args.push_back(value.value);
          llvm::FunctionCallee strlen =
              ctx.module.getOrInsertFunction("strlen", llvm::FunctionType::get(size, {ctx.types.ptr}, false));
          lengths.push_back(builder.CreateCall(strlen, {value.value}));
          break;
        }
        llvm::Value* scalar = value.type == ValueType::Boolean ? builder.CreateZExt(value.value, int32) : value.value;
        llvm::AllocaInst* slot = frame.stackSlot(scalar->getType(), "fortran.arg");
        builder.CreateStore(scalar, slot);
        args.push_back(slot);
        break;
      }
      case flat::ExternalArgKind::Array: {
        const flat::DeclaredVariable& declared = fn.declared[arg.declared];
        llvm::AllocaInst* array = scope.arrays[arg.declared];
        if (declared.dims.size() < 2 || declared.size() == 0) {
          args.push_back(array);
          break;
        }
        llvm::Type* element = llvm::cast<llvm::ArrayType>(array->getAllocatedType())->getElementType();
        std::vector<uint64_t> order(declared.size());
        for (size_t k = 0; k < order.size(); ++k) order[k] = flat::columnMajorIndex(k, declared.dims);
        llvm::AllocaInst* copy = frame.stackSlot(array->getAllocatedType(), declared.name + ".f77");
        permute(ctx, builder, element, array, copy, order, true);
        if (declared.causality != flat::Causality::Input) copiesBack.push_back({copy, array, element, order});
        args.push_back(copy);
        break;
      }
      case flat::ExternalArgKind::OutputAddress: {
        llvm::Value* slot = scope.slots[arg.variable];
        if (fn.variables[arg.variable].type == flat::BaseType::Boolean) {
          llvm::Value* asInt = frame.stackSlot(int32, fn.variables[arg.variable].name + ".f77");
          builder.CreateStore(builder.getInt32(0), asInt);
          booleanOutputs.emplace_back(asInt, slot);
          slot = asInt;
        }
        args.push_back(slot);
        break;
      }
    }
  }
  args.insert(args.end(), lengths.begin(), lengths.end());
  std::vector<llvm::Type*> params;
  for (llvm::Value* a : args) params.push_back(a->getType());
  const flat::Variable* result = call.result ? &fn.variables[*call.result] : nullptr;
  llvm::Type* returnType = !result ? builder.getVoidTy()
                           : result->type == flat::BaseType::Real ? ctx.types.real
                                                                  : int32;
  auto* type = llvm::FunctionType::get(returnType, params, false);
  llvm::FunctionCallee callee = ctx.module.getOrInsertFunction(call.symbol, type);
  llvm::CallInst* returned = builder.CreateCall(type, callee.getCallee(), args);
  if (result) {
    llvm::Value* value = returned;
    if (result->type == flat::BaseType::Boolean) value = builder.CreateICmpNE(value, builder.getInt32(0));
    builder.CreateStore(value, scope.slots[*call.result]);
  }
  for (const auto& [asInt, slot] : booleanOutputs)
    builder.CreateStore(builder.CreateICmpNE(builder.CreateLoad(int32, asInt), builder.getInt32(0)), slot);
  for (const CopyBack& back : copiesBack) permute(ctx, builder, back.element, back.copy, back.array, back.order, false);
}

}  // namespace smc::codegen
