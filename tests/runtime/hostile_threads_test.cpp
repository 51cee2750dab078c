// Hostile importers, part 5: many instances at once. 64 threads each
// instantiate, initialize with their own parameters, run, terminate and
// free an instance, all started together. Each result is checked against
// the Dahlquist closed form, so crosstalk between instances (shared
// mutable state in the runtime or in SUNDIALS) shows as a wrong value; the
// sanitized build checks the memory, a ThreadSanitizer build the races.
#include <gtest/gtest.h>

#include <cmath>
#include <latch>
#include <string>
#include <thread>
#include <vector>

#include "dahlquist.h"
#include "fmu_harness.h"

namespace smc::runtime_test {
namespace {

constexpr int kThreads = 64;

struct InstanceRun {
  InstanceRun(double k_, double x0_, double u_) : k(k_), x0(x0_), u(u_) {}
  double k, x0, u;
  double x_end = NAN, y_end = NAN;
  bool ok = false;
  std::string log;
};

// One instance's life, from instantiation to fmi2FreeInstance.
void simulate(InstanceRun& run, int index) {
  std::string name = "instance" + std::to_string(index);
  LogCapture log;
  fmi2CallbackFunctions callbacks = make_callbacks(&log);
  fmi2Component c = fmi2Instantiate(name.c_str(), fmi2CoSimulation, smc_model.guid, nullptr,
                                    &callbacks, fmi2False, fmi2False);
  if (c == nullptr) {
    run.log = log.dump();
    return;
  }
  const fmi2ValueReference vrs[] = {DAHLQUIST_K, DAHLQUIST_X, DAHLQUIST_U};
  const fmi2Real values[] = {run.k, run.x0, run.u};
  bool ok = fmi2SetReal(c, vrs, 3, values) == fmi2OK &&
            fmi2SetupExperiment(c, fmi2True, 1e-10, 0.0, fmi2True, 1.0) == fmi2OK &&
            fmi2EnterInitializationMode(c) == fmi2OK && fmi2ExitInitializationMode(c) == fmi2OK;
  for (int i = 0; ok && i < 10; ++i) ok = fmi2DoStep(c, 0.1 * i, 0.1, fmi2True) == fmi2OK;
  ok = ok && fmi2Terminate(c) == fmi2OK;
  const fmi2ValueReference outputs[] = {DAHLQUIST_X, DAHLQUIST_Y};
  fmi2Real result[2] = {NAN, NAN};
  ok = ok && fmi2GetReal(c, outputs, 2, result) == fmi2OK;
  fmi2FreeInstance(c);
  run.x_end = result[0];
  run.y_end = result[1];
  run.ok = ok;
  run.log = log.dump();
}

TEST(HostileThreads, SixtyFourInstancesInParallelEachFollowTheirOwnClosedForm) {
  std::vector<InstanceRun> runs;
  for (int i = 0; i < kThreads; ++i) runs.push_back({0.25 + 0.125 * i, 1.0 + i, 0.5 * (i % 5)});
  std::latch start(kThreads);
  std::vector<std::thread> threads;
  for (int i = 0; i < kThreads; ++i)
    threads.emplace_back([&runs, &start, i] {
      start.arrive_and_wait();
      simulate(runs[i], i);
    });
  for (std::thread& thread : threads) thread.join();
  for (int i = 0; i < kThreads; ++i) {
    const InstanceRun& run = runs[i];
    SCOPED_TRACE("instance " + std::to_string(i));
    ASSERT_TRUE(run.ok) << run.log;
    double x = run.u / run.k + (run.x0 - run.u / run.k) * std::exp(-run.k * 1.0);
    EXPECT_NEAR(run.x_end, x, 1e-7 * std::fabs(run.x0));
    EXPECT_NEAR(run.y_end, 2 * x, 2e-7 * std::fabs(run.x0));  // y = m x, m = 2
    EXPECT_TRUE(run.log.empty()) << run.log;
  }
}

// Instances born and freed while others step: a thread that frees its
// instance must not disturb the ones still running.
TEST(HostileThreads, InstancesComingAndGoingWhileOthersRunStayIndependent) {
  constexpr int kRounds = 4;
  std::vector<InstanceRun> runs;
  for (int i = 0; i < kThreads; ++i) runs.push_back({1.0 + 0.0625 * i, 2.0, 0.0});
  std::latch start(kThreads);
  std::vector<std::thread> threads;
  for (int i = 0; i < kThreads; ++i)
    threads.emplace_back([&runs, &start, i] {
      start.arrive_and_wait();
      // Short-lived instances first, so their frees overlap others' steps.
      for (int round = 0; round + 1 < kRounds && i % 2 == 0; ++round) {
        InstanceRun scratch = runs[i];
        simulate(scratch, i);
        if (!scratch.ok) {
          runs[i].log = scratch.log;
          return;
        }
      }
      simulate(runs[i], i);
    });
  for (std::thread& thread : threads) thread.join();
  for (int i = 0; i < kThreads; ++i) {
    const InstanceRun& run = runs[i];
    SCOPED_TRACE("instance " + std::to_string(i));
    ASSERT_TRUE(run.ok) << run.log;
    EXPECT_NEAR(run.x_end, 2.0 * std::exp(-run.k), 1e-7 * 2.0);
  }
}

}  // namespace
}  // namespace smc::runtime_test
