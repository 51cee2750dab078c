// Linear algebraic loops solved by the runtime (runtime/src/linear_solver.c),
// which keeps the LU factors of a large loop while its matrix stays the same
// and judges a pivot against its own column.
// The expected values are the loops' closed-form solutions.
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

namespace {

using smc::importer::SimulationResult;
using smc::test::compileModel;
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
}  // namespace
