// Clocked algorithm sections (spec 16.7, 11.1.2): an algorithm that reads
// or assigns clocked values belongs to one partition and runs whole at its
// ticks, every variable it assigns starting from its previous() value.
// Expected values are worked out from the tick times by hand.
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

namespace {

using namespace smc::test;
using smc::importer::SimulationResult;

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

SimulationResult run(const std::string& name, const char* text) {
  std::string fmu = compileModel(writeScratchModel(name + ".mo", text), name + ".fmu");
  return simulateOk(simulationOf(fmu, 1, 0.05, true));
}

// Ticks at t_k = 0.1 k: xd = t_k, n = k + 1, acc = 0.1 (0 + 1 + ... + k)
// = 0.05 k (k + 1).
TEST(ClockedAlgorithms, SampleAndPreviousRunInTheAlgorithmsOrderAtEachTick) {
  SimulationResult r = run("SampledSum", R"(model SampledSum
  Real x = time;
  Real xd(start = 0);
  Integer n(start = 0);
  Real acc(start = 0);
  output Real y;
algorithm
  xd := sample(x, Clock(0.1));
  n := previous(n) + 1;
  acc := previous(acc) + xd;
equation
  y = hold(acc);
end SampledSum;
)");
  EXPECT_NEAR(valueAt(r, "y", 0.55), 0.05 * 5 * 6, 1e-12);
  EXPECT_NEAR(valueAt(r, "xd", 0.55), 0.5, 1e-12);
  EXPECT_EQ(valueAt(r, "n", 1.0), 11);
  EXPECT_NEAR(valueAt(r, "acc", 1.0), 0.05 * 10 * 11, 1e-12);
}

// No clock operator in the algorithm: reading the clocked u makes it
// clocked. u = k + 1 at tick k; `evens` counts the ticks where u is even
// (k = 1, 3, 5, ...) and keeps its previous value at the others.
TEST(ClockedAlgorithms, AnAlgorithmReadingClockedVariablesIsClockedAndKeepsUnassignedValues) {
  SimulationResult r = run("Evens", R"(model Evens
  Integer u(start = 0);
  Integer evens(start = 0);
  Integer twice(start = 0);
equation
  when Clock(0.1) then
    u = previous(u) + 1;
  end when;
algorithm
  twice := 2 * u;
  if mod(u, 2) == 0 then
    evens := previous(evens) + 1;
  end if;
end Evens;
)");
  EXPECT_EQ(valueAt(r, "evens", 0.55), 3);
  EXPECT_EQ(valueAt(r, "twice", 0.55), 12);
  EXPECT_EQ(valueAt(r, "evens", 1.0), 5);
  EXPECT_EQ(valueAt(r, "twice", 1.0), 22);
}

TEST(ClockedAlgorithms, AWhenStatementInAClockedAlgorithmIsALocatedError) {
  std::string d = compileErrors(writeScratchModel("WhenInClockedAlgorithm.mo", R"(model WhenInClockedAlgorithm
  Real xd(start = 0);
  Integer n(start = 0);
algorithm
  xd := sample(time, Clock(0.1));
  when xd > 0.5 then
    n := 1;
  end when;
end WhenInClockedAlgorithm;
)"));
  EXPECT_TRUE(has(d, "WhenInClockedAlgorithm.mo:6:3: error: not supported yet: a when-statement in a clocked "
                     "algorithm")) << d;
}

}  // namespace
