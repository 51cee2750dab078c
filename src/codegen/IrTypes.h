// The LLVM types of the C contract in runtime/include/smc/model.h. The named
// struct types mirror the C structs field by field, in the same order, so
// that the target's data layout gives them the C layout (a unit test compares
// the offsets with offsetof). Field indices are named to keep the GEPs
// readable.
#pragma once

#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/LLVMContext.h>

namespace smc::codegen {

// struct SmcModelData
enum ModelDataField : unsigned {
  kDataTime = 0,
  kDataReals,
  kDataIntegers,
  kDataBooleans,
  kDataInstance,
  kDataPreReals,
  kDataPreIntegers,
  kDataPreBooleans,
  kDataInitial,
  kDataTerminal,
  kDataNextTimeEvent,
  kDataCallDepth,
  kDataExternalObjects,
};

// struct SmcModel
enum ModelField : unsigned {
  kModelIdentifier = 0,
  kModelGuid,
  kNumReals,
  kNumIntegers,
  kNumBooleans,
  kNumStates,
  kStateRefs,
  kDerivativeRefs,
  kStateNominals,
  kRealFlags,
  kIntegerFlags,
  kBooleanFlags,
  kRealNames,
  kIntegerNames,
  kBooleanNames,
  kNumLoops,
  kLoopDescriptions,
  kDefaultTolerance,
  kNumPreRealRanges,
  kPreRealRanges,
  kNumPreIntegerRanges,
  kPreIntegerRanges,
  kNumPreBooleanRanges,
  kPreBooleanRanges,
  kSetStartValues,
  kInitialize,
  kComputeDerivatives,
  kComputeOutputs,
  kNumEventIndicators,
  kEventIndicators,
  kEventUpdate,
  kSourceFiles,
  kNumSourceFiles,
  kRealSources,
  kIndicatorDescriptions,
  kNonFiniteIsWarning,
  kNumStrings,
  kStringValues,
  kStringNames,
  kEventReadsOutputs,
  kSettlesAfterInitialization,
  kNumDelays,
  kDelayValueRefs,
  kNumTornBooleans,
  kTornBooleanRefs,
  kNumExternalObjects,
  kDestroyExternalObjects,
  kConstructExternalObjects,
  kReplayExternalCall,
  kNumJacobianNonzeros,
  kJacobianColumnStarts,
  kJacobianRows,
  kNeedsCallGuard,
  kHasHomotopy,
  kHomotopyLambdaRef,
  kModelFieldCount,
};

struct IrTypes {
  llvm::StructType* modelData;  // %SmcModelData
  llvm::StructType* model;      // %SmcModel
  llvm::Type* real;             // double
  llvm::IntegerType* integer;   // int32_t: Integers, Booleans in memory, status
  llvm::IntegerType* boolean;   // i1: Booleans in expressions
  llvm::IntegerType* flag;      // uint8_t
  llvm::PointerType* ptr;       // every pointer (opaque)
  llvm::FunctionType* setStartValues;  // void (SmcModelData*)
  llvm::FunctionType* callback;        // int32_t (SmcModelData*)
  llvm::FunctionType* eventCallback;   // int32_t (SmcModelData*, double* | int32_t*)
  llvm::FunctionType* residual;        // SmcResidualFn
  llvm::FunctionType* solveLoop;       // smc_solve_algebraic_loop
  llvm::FunctionType* solveSparseLinear;  // smc_solve_sparse_linear_system
  llvm::FunctionType* assertFailed;    // smc_assert_failed
  llvm::FunctionType* message;         // smc_terminate, smc_report_failure
  llvm::FunctionType* delay;           // smc_delay
};

IrTypes makeIrTypes(llvm::LLVMContext& context);

}  // namespace smc::codegen
