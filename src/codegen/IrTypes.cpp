// Builds the LLVM mirror of model.h's structs and function types (see
// IrTypes.h). Keep the element lists in the C declaration order.
#include "codegen/IrTypes.h"

#include <llvm/IR/Type.h>

#include <vector>

namespace smc::codegen {

IrTypes makeIrTypes(llvm::LLVMContext& context) {
  IrTypes t{};
  t.real = llvm::Type::getDoubleTy(context);
  t.integer = llvm::Type::getInt32Ty(context);
  t.boolean = llvm::Type::getInt1Ty(context);
  t.flag = llvm::Type::getInt8Ty(context);
  t.ptr = llvm::PointerType::get(context, 0);

  // time, reals, integers, booleans, instance, pre_reals, pre_integers,
  // pre_booleans, initial, terminal, next_time_event, call_depth,
  // external_objects
  t.modelData = llvm::StructType::create(context,
                                         {t.real, t.ptr, t.ptr, t.ptr, t.ptr, t.ptr, t.ptr, t.ptr,
                                          t.integer, t.integer, t.real, t.integer, t.ptr},
                                         "SmcModelData");

  llvm::Type* i32 = t.integer;
  llvm::Type* p = t.ptr;
  // One element per C field, in model.h's order.
  const std::vector<llvm::Type*> modelFields = {
      p,       // model_identifier
      p,       // guid
      i32,     // num_reals
      i32,     // num_integers
      i32,     // num_booleans
      i32,     // num_states
      p,       // state_refs
      p,       // derivative_refs
      p,       // state_nominals
      p,       // real_flags
      p,       // integer_flags
      p,       // boolean_flags
      p,       // real_names
      p,       // integer_names
      p,       // boolean_names
      i32,     // num_loops
      p,       // loop_descriptions
      t.real,  // default_tolerance
      i32,     // num_pre_real_ranges
      p,       // pre_real_ranges
      i32,     // num_pre_integer_ranges
      p,       // pre_integer_ranges
      i32,     // num_pre_boolean_ranges
      p,       // pre_boolean_ranges
      p,       // set_start_values
      p,       // initialize
      p,       // compute_derivatives
      p,       // compute_outputs
      i32,     // num_event_indicators
      p,       // event_indicators
      p,       // event_update
      p,       // source_files
      i32,     // num_source_files
      p,       // real_sources
      p,       // indicator_descriptions
      i32,     // non_finite_is_warning
      i32,     // num_strings
      p,       // string_values
      p,       // string_names
      i32,     // event_reads_outputs
      i32,     // settles_after_initialization
      i32,     // num_delays
      p,       // delay_value_refs
      i32,     // num_torn_booleans
      p,       // torn_boolean_refs
      i32,     // num_external_objects
      p,       // destroy_external_objects
      p,       // construct_external_objects
      p,       // replay_external_call
      i32,     // num_jacobian_nonzeros
      p,       // jacobian_column_starts
      p,       // jacobian_rows
      i32,     // needs_call_guard
      i32,     // has_homotopy
      i32,     // homotopy_lambda_ref
  };
  t.model = llvm::StructType::create(context, modelFields, "SmcModel");

  t.setStartValues = llvm::FunctionType::get(llvm::Type::getVoidTy(context), {p}, false);
  t.callback = llvm::FunctionType::get(i32, {p}, false);
  t.eventCallback = llvm::FunctionType::get(i32, {p, p}, false);
  t.residual = llvm::FunctionType::get(i32, {p, p, p}, false);
  t.solveLoop = llvm::FunctionType::get(i32, {p, i32, i32, p, p}, false);
  t.solveSparseLinear = llvm::FunctionType::get(i32, {p, i32, i32, i32, p, p, p, p}, false);
  t.assertFailed = llvm::FunctionType::get(llvm::Type::getVoidTy(context), {p, i32, p}, false);
  t.message = llvm::FunctionType::get(llvm::Type::getVoidTy(context), {p, p}, false);
  t.delay = llvm::FunctionType::get(t.real, {p, i32, t.real, t.real, t.real}, false);
  return t;
}

}  // namespace smc::codegen
