// Models with many states integrate with KLU on the compiler's sparsity
// pattern and a coloured finite-difference Jacobian
// (runtime/src/sparse_jacobian.h). A chain of n equal first-order lags
// driven by a unit step from t = 0 has a closed form: stage k follows
// 1 - exp(-t) * sum_{i<k} t^i / i!.
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace {

using smc::importer::LogMessage;
using smc::importer::SimulationResult;
using smc::test::compileModel;
using smc::test::simulateOk;
using smc::test::simulationOf;
using smc::test::valueAt;
using smc::test::writeScratchModel;

double stage(int k, double t) {
  double sum = 0.0, term = 1.0;
  for (int i = 0; i < k; ++i) {
    sum += term;
    term *= t / (i + 1);
  }
  return 1.0 - std::exp(-t) * sum;
}

TEST(SparseJacobian, AChainOfFortyLagsUsesKluAndFollowsTheClosedForm) {
  const std::string fmu = compileModel(writeScratchModel("Lags40.mo", R"(model Lags40
  parameter Integer n = 40;
  Real x[n](each start = 0, each fixed = true);
equation
  der(x[1]) = 1 - x[1];
  for k in 2:n loop
    der(x[k]) = x[k - 1] - x[k];
  end for;
end Lags40;
)"),
                                       "Lags40.fmu");
  auto options = simulationOf(fmu, 10.0, 0.5, true);
  options.tolerance = 1e-9;
  options.fmuLogging = true;
  std::string solverLine;
  options.logSink = [&](const LogMessage& message) {
    if (message.message.find("KLU") != std::string_view::npos) solverLine = message.message;
  };
  SimulationResult result = simulateOk(options);
  EXPECT_NE(solverLine.find("40 states, 79 Jacobian nonzeros, differences in 2 groups"),
            std::string::npos)
      << solverLine;
  for (double t : {1.0, 5.0, 10.0})
    for (int k : {1, 2, 10, 40})
      EXPECT_NEAR(valueAt(result, "x[" + std::to_string(k) + "]", t), stage(k, t), 1e-6)
          << "k = " << k << ", t = " << t;
}

}  // namespace
