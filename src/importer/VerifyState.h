// `smc verify-state model.fmu`: checks an FMU's state save/restore with
// the hypothesis test of the FMU-state paper (its Algorithm 1). With s the
// state after initialization, sim(tau) must reach the same state as
// sim*(tau, tau') = { set(s); sim(tau'); set(s); sim(tau) } for every
// detour tau'. H0: "a uniformly drawn tau' in [0, horizon] breaks this with
// probability >= epsilon". N = ceil(log(delta) / log(1 - epsilon)) trials
// without a counterexample reject H0 with confidence 1 - delta. States are
// compared bit for bit through their serialized bytes. Works on any FMI 2.0
// Co-Simulation FMU that declares canGetAndSetFMUstate and
// canSerializeFMUstate.
#pragma once

#include "importer/FmuLogger.h"
#include "importer/LoadOptions.h"
#include "importer/Result.h"

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>

namespace smc::importer {

struct VerifyStateOptions {
  std::string fmuPath{};
  LoadOptions load{};  // archive limits, --no-check
  double delta = 0.08;    // allowed probability of wrongly rejecting H0
  double epsilon = 0.025;  // failure probability that H0 asserts
  // Unset: the DefaultExperiment's stop - start (else 1); tau: 1 % of the
  // horizon; step: the DefaultExperiment's step, else horizon / 500.
  std::optional<double> horizon{}, tau{}, stepSize{};
  // Without `horizon`: the experiment's length, but at most this (a bound
  // on the time per FMU when many are checked).
  std::optional<double> maxHorizon{};
  std::optional<uint64_t> seed{};  // unset: drawn from std::random_device
  LogSink logSink{};               // the FMU's log messages; empty = stderr
};

struct VerifyStateReport {
  std::string modelName;
  std::size_t trials = 0;     // N
  std::size_t completed = 0;  // trials run (all of them unless a counterexample stopped the test)
  double delta = 0, epsilon = 0, horizon = 0, tau = 0, stepSize = 0, startTime = 0;
  uint64_t seed = 0;
  std::size_t stateBytes = 0;  // size of the reference state
  // The first detour that changed the result, where the bytes first differ
  // and the sizes of both states, and the first variable (document order)
  // whose value differs at t0 + tau with its two values; none when only
  // the FMU's internal state differs.
  struct Counterexample {
    double tauPrime = 0;
    std::size_t trial = 0, firstDifference = 0, referenceSize = 0, restoredSize = 0;
    std::optional<std::string> firstDifferingVariable{};
  };
  std::optional<Counterexample> counterexample;
  double wallSeconds = 0;
  // Set when the FMU cannot take part (it does not declare the state
  // capabilities): why; nothing ran.
  std::string skipReason{};

  bool skipped() const { return !skipReason.empty(); }
  bool rejected() const { return !skipped() && !counterexample; }  // H0 rejected: the FMU passed
};

// N = ceil(log(delta) / log(1 - epsilon)), both in (0, 1).
std::size_t trialCount(double delta, double epsilon);

// An error when the check cannot run (unreadable FMU, bad options, a
// failing FMI call); a report with skipReason for an FMU without the state
// capabilities.
Result<VerifyStateReport> verifyState(const VerifyStateOptions& options);

// The verdict in a few lines.
void printVerifyState(std::ostream& out, const VerifyStateReport& report);

}  // namespace smc::importer
