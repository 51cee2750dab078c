// External C functions run at translation (spec 12.9 with 12.3): a value
// the translation needs (a constant String from Strings.substring, a
// structural parameter computed in C) is computed by calling the function's
// C code in smc itself. The flattener and the constant evaluator see only
// this interface; src/externalc implements it with the model's C code
// compiled by Clang and run by LLVM's JIT.
//
// A call is described in C terms, so that the runner needs nothing of the
// flat function: each argument is a value of one C type (as the FMU's
// external call passes it, IrExternal.h), an array by its elements, an
// output by a cell the function writes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace smc::flat {

struct FlatModel;

enum class CType : uint8_t {
  Void,         // a result only: no return value
  Double,       // double
  Int,          // int (Integer, Boolean, enumeration)
  Size,         // size_t (an array size of the default call form)
  String,       // const char*
  DoubleArray,  // double* to `reals` (row-major), written back
  IntArray,     // int* to `integers`, written back
  DoubleOut,    // double* to one cell, read back into `real`
  IntOut,       // int* to one cell, read back into `integer`
  StringOut,    // const char** to one cell, read back into `text`
};

struct CValue {
  CType type = CType::Void;
  double real = 0;
  long long integer = 0;
  std::string text;
  std::vector<double> reals;
  std::vector<int32_t> integers;
};

enum class CallOutcome {
  Done,    // `result` and the outputs in `args` hold the answer
  NotRun,  // mayRun was false and this call has not run before
  Failed,  // `error` says why
};

class ExternalRunner {
public:
  virtual ~ExternalRunner() = default;
  // Calls the C function `symbol` with the model's C code (its Include
  // annotations, C-source libraries and static archives) loaded. `result`
  // gives the return type and receives the value; outputs are written
  // back into `args`. Each distinct call (symbol and argument values) runs
  // once per translation and is answered from memory afterwards, so an
  // impure function gives one value wherever the translation reads it;
  // with mayRun false only such remembered answers are given. Failed when
  // the code cannot be built or loaded, the symbol is missing, or the
  // function reported an error (ModelicaError).
  virtual CallOutcome call(const FlatModel& model, const std::string& symbol, std::vector<CValue>& args,
                           CValue& result, bool mayRun, std::string& error) = 0;
};

}  // namespace smc::flat
