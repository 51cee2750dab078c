// Fixtures shared by the codegen tests, so that each test file keeps only
// what is its own: a diagnostics engine that collects messages instead of
// printing them, the IR text of a model, FMUs written into a scratch
// directory (a failed write fails the test with every diagnostic), the
// causal model of a clocked test model, and the two text searches the IR
// tests use to pick functions and block labels out of the IR.
#pragma once

#include "FmuFiles.h"
#include "causalize/CausalModel.h"
#include "codegen/Codegen.h"
#include "frontend/Diagnostics.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <memory>
#include <string>

namespace smc::codegen::testing {

struct ClockedModel;
class FmuRun;

class CodegenFixture : public ::testing::Test {
protected:
  CodegenFixture();

  // The IR text (`smc --dump=llvm`) of `model`, with <model name>.mo as its
  // source file; "" after errors.
  std::string dump(const causal::CausalModel& model);

  // Every diagnostic message so far, one a line.
  std::string errors() const;

  SourceManager sources;
  DiagnosticEngine diags;
};

class FmuFixture : public CodegenFixture {
protected:
  // Writes `model` as <scratch>/<model name>.fmu with <model name>.mo as
  // its source file. A failed write fails the test and gives "".
  std::string build(const causal::CausalModel& model);
  // The same with the file name and options given.
  std::string build(const causal::CausalModel& model, const std::string& file,
                    const CodegenOptions& options);
  // The FMU of `model` (model identifier `name`), built and initialized;
  // null after failing the test. Defined in FmuRun.cpp.
  std::unique_ptr<FmuRun> startFmu(const causal::CausalModel& model, const std::string& name);

  ScratchDirectory scratch;
};

// The causal model of a clocked test model; null, after failing the test
// with the causalizer's messages, when there is none.
const causal::CausalModel* causalOrFail(const ClockedModel& clocked);

// The text of the definition of the internal function `name` in `ir`, up to
// its closing brace; "" when there is none.
std::string functionBody(const std::string& ir, const std::string& name);

// How many lines of `text` start with `what` (used to count block labels).
size_t countLinesStartingWith(const std::string& text, const std::string& what);

// A chain of n first-order lags, one list of n derivative equations:
// der(x[1]) = 1 - x[1], then der(x[i]) = `coupling` for i in 2:n (an
// expression in i, x[i - 1] and x[i]).
std::string lagChainSource(int n, const std::string& coupling);

// One clocked state machine of n states in a ring (s1 -> s2 -> ... -> s1,
// a transition at every tick), state j adding j to v.
std::string stateRingSource(int n);

}  // namespace smc::codegen::testing
