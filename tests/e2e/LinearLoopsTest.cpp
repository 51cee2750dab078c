// Linear algebraic loops solved by the runtime (runtime/src/linear_solver.c),
// which keeps the LU factors of a large loop while its matrix stays the same
// and judges a pivot against its own column; large sparse loops go to KLU
// (runtime/src/sparse_linear_solver.c) with only their nonzeros.
// The expected values are the loops' closed-form solutions, or for the
// tridiagonal loop the Thomas algorithm written out here.
#include "e2e/E2eSupport.h"

#include "driver/Compile.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace {

using smc::importer::SimulationResult;
using smc::test::compileModel;
using smc::test::simulateError;
using smc::test::simulateOk;
using smc::test::simulationOf;
using smc::test::valueAt;
using smc::test::writeScratchModel;

// k x_i + sum(x) = b_i, b_i = i t + 1, is one dense loop of 8 unknowns
// with S = sum(x) = sum(b) / (k + 8) and x_i = (b_i - S) / k. Its matrix
// changes at t = 0.5 (k = 2) and back at t = 0.9 (k = 1), where factors
// kept from before must not be reused for the other matrix, and reused
// rightly when it returns.
TEST(LinearLoops, AKeptFactorizationFollowsTheMatrixAcrossEvents) {
  std::string model = writeScratchModel("Dense.mo", R"(model Dense
  Real x[8];
  Real k = if time < 0.5 or time > 0.9 then 1 else 2;
equation
  for i in 1:8 loop
    k * x[i] + sum(x) = i * time + 1;
  end for;
end Dense;
)");
  std::string fmu = compileModel(model, "Dense.fmu");
  SimulationResult r = simulateOk(simulationOf(fmu, 1, 0.05, true));
  for (double t : {0.25, 0.45, 0.75, 0.85, 0.95, 1.0}) {
    const double k = t < 0.5 || t > 0.9 ? 1 : 2;
    const double S = (36 * t + 8) / (k + 8);
    for (int i : {1, 4, 8}) {
      const double b = i * t + 1;
      EXPECT_NEAR(valueAt(r, "x[" + std::to_string(i) + "]", t), (b - S) / k, 1e-12) << "t = " << t << ", i = " << i;
    }
  }
}

// An unknown entering through femtofarads (c a) next to one entering with
// 1 (b): c a + b = t + 1, 2 c a - b = 0 gives b = 2 (t + 1) / 3 and
// c a = (t + 1) / 3. Its column is tiny but not singular: the pivot test
// judges it against its own column, not against the whole matrix.
TEST(LinearLoops, AColumnOfTinyCoefficientsIsNotSingular) {
  std::string model = writeScratchModel("TinyColumn.mo", R"(model TinyColumn
  parameter Real c = 1e-15;
  Real a, b;
equation
  c * a + b = time + 1;
  2 * c * a - b = 0;
end TinyColumn;
)");
  std::string fmu = compileModel(model, "TinyColumn.fmu");
  SimulationResult r = simulateOk(simulationOf(fmu, 1, 0.5, true));
  for (double t : {0.0, 0.5, 1.0}) {
    EXPECT_NEAR(valueAt(r, "b", t), 2 * (t + 1) / 3, 1e-12) << t;
    EXPECT_NEAR(valueAt(r, "a", t) * 1e-15, (t + 1) / 3, 1e-12) << t;
  }
}
// A recursive straight-line function in a loop is inlined once, not without
// end (the compiler would overflow its stack): f(b, 2) = 2 b, so
// a = 2 b + 1 and b = a / 4 + t give a = 4 t + 2, b = 2 t + 1/2, reached
// by Newton's method since the inner call stays a call.
TEST(LinearLoops, ARecursiveFunctionInALoopIsInlinedOnlyOnce) {
  std::string model = writeScratchModel("Recursive.mo", R"(model Recursive
  function f
    input Real x;
    input Integer n;
    output Real y;
  algorithm
    y := if n <= 0 then 0 else x + f(x, n - 1);
  end f;
  Real a, b;
equation
  a = f(b, 2) + 1;
  b = 0.25 * a + time;
end Recursive;
)");
  std::string fmu = compileModel(model, "Recursive.fmu");
  SimulationResult r = simulateOk(simulationOf(fmu, 1, 0.5, true));
  for (double t : {0.0, 0.5, 1.0}) {
    EXPECT_NEAR(valueAt(r, "a", t), 4 * t + 2, 1e-8) << t;
    EXPECT_NEAR(valueAt(r, "b", t), 2 * t + 0.5, 1e-8) << t;
  }
}

// The generated code (smc --dump=llvm) of a model file.
std::string irOf(const std::string& modelPath) {
  smc::CompileOptions options;
  options.inputPath = modelPath;
  options.dump = smc::DumpStage::Llvm;
  smc::SourceManager sources;
  smc::DiagnosticEngine diags(sources);
  diags.setOutput(nullptr);
  std::string ir;
  EXPECT_TRUE(smc::compile(options, sources, diags, ir));
  return ir;
}

// k v_i - v_(i-1) - v_(i+1) = u with v_0 = v_(n+1) = 0, solved by the
// Thomas algorithm: the reference for the tridiagonal loop below.
std::vector<double> tridiagonal(int n, double k, double u) {
  std::vector<double> c(n), d(n), v(n);
  c[0] = -1 / k;
  d[0] = u / k;
  for (int i = 1; i < n; ++i) {
    const double m = k + c[i - 1];
    c[i] = -1 / m;
    d[i] = (u + d[i - 1]) / m;
  }
  v[n - 1] = d[n - 1];
  for (int i = n - 2; i >= 0; --i) v[i] = d[i] - c[i] * v[i + 1];
  return v;
}

// A discretized string of n unknowns, k v_i - v_(i-1) - v_(i+1) = u: one
// linear loop, tridiagonal, with k = 2 before t = 0.5 and 3 after and
// u = 1 + t.
std::string tridiagonalSource(const std::string& name, int n) {
  return "model " + name + "\n  parameter Integer n = " + std::to_string(n) + R"(;
  Real v[n];
  Real k = if time < 0.5 then 2 else 3;
  Real u = 1 + time;
equation
  k * v[1] - v[2] = u;
  for i in 2:n - 1 loop
    k * v[i] - v[i - 1] - v[i + 1] = u;
  end for;
  k * v[n] - v[n - 1] = u;
end )" + name + ";\n";
}

// Forty unknowns coupled as a discretized string: one linear loop whose
// matrix is a tenth full, solved sparsely; its diagonal changes from 2 to 3
// at t = 0.5, so factors kept from before must not be reused.
TEST(LinearLoops, ALargeSparseLoopIsSolvedFromItsNonzerosAndFollowsItsMatrix) {
  std::string model = writeScratchModel("Tridiagonal.mo", tridiagonalSource("Tridiagonal", 40));
  EXPECT_NE(irOf(model).find("@smc_solve_sparse_linear_system"), std::string::npos);
  std::string fmu = compileModel(model, "Tridiagonal.fmu");
  SimulationResult r = simulateOk(simulationOf(fmu, 1, 0.05, true));
  for (double t : {0.0, 0.25, 0.45, 0.75, 1.0}) {
    const std::vector<double> v = tridiagonal(40, t < 0.5 ? 2 : 3, 1 + t);
    for (int i : {1, 7, 20, 40})
      EXPECT_NEAR(valueAt(r, "v[" + std::to_string(i) + "]", t), v[i - 1], 1e-9 * (1 + std::abs(v[i - 1])))
          << "t = " << t << ", i = " << i;
  }
}

// The same loop with 300 unknowns: its 898 coefficients and 300 right-hand
// sides are evaluated by a fill function of their own, chunked (more than
// one function would keep LLVM fast on), and the solution goes back to the
// unknowns through a table of their value references.
TEST(LinearLoops, ALoopOfThreeHundredUnknownsIsFilledAndStoredByLoopsOfItsOwn) {
  std::string model = writeScratchModel("LongTridiagonal.mo", tridiagonalSource("LongTridiagonal", 300));
  const std::string ir = irOf(model);
  EXPECT_NE(ir.find("_fill("), std::string::npos);
  EXPECT_NE(ir.find("_unknown_refs"), std::string::npos);
  std::string fmu = compileModel(model, "LongTridiagonal.fmu");
  SimulationResult r = simulateOk(simulationOf(fmu, 1, 0.25, true));
  for (double t : {0.0, 0.25, 0.75, 1.0}) {
    const std::vector<double> v = tridiagonal(300, t < 0.5 ? 2 : 3, 1 + t);
    for (int i : {1, 2, 150, 299, 300})
      EXPECT_NEAR(valueAt(r, "v[" + std::to_string(i) + "]", t), v[i - 1], 1e-9 * (1 + std::abs(v[i - 1])))
          << "t = " << t << ", i = " << i;
  }
}

// The same loop with its diagonal 0 and every second equation's neighbours
// gone is singular: a located failure naming the loop, not a wrong answer.
TEST(LinearLoops, ASingularSparseLoopFailsNamingIt) {
  std::string model = writeScratchModel("SingularSparse.mo", R"(model SingularSparse
  parameter Integer n = 40;
  Real v[n];
equation
  v[1] + v[2] = time;
  for i in 2:n - 1 loop
    v[i - 1] - v[i + 1] = 1;
  end for;
  v[n - 1] + v[n] = 2;
end SingularSparse;
)");
  std::string fmu = compileModel(model, "SingularSparse.fmu");
  std::string error = simulateError(simulationOf(fmu, 1, 0.1, true));
  EXPECT_NE(error.find("singular"), std::string::npos) << error;
}
}  // namespace
