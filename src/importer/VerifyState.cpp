// See VerifyState.h. One instance serves every trial: the saved initial
// state s is restored at the start of each, so a trial cannot influence the
// next one except through a faulty restore, which is what is being tested.
#include "importer/VerifyState.h"

#include "importer/Session.h"
#include "importer/VariableSnapshot.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ostream>
#include <random>

namespace smc::importer {

std::size_t trialCount(double delta, double epsilon) {
  return static_cast<std::size_t>(std::ceil(std::log(delta) / std::log(1.0 - epsilon)));
}

namespace {

bool inOpenUnitInterval(double x) { return x > 0.0 && x < 1.0; }

// Advances the instance by `duration` from `from` in communication steps of
// at most `step`. Points are from + k*step, so that two runs from the same
// time take the same steps bit for bit. A discarded step ends the run early.
Result<void> advance(FmuInstance& instance, double from, double duration, double step) {
  const double end = from + duration;
  for (std::size_t k = 0;; ++k) {
    double t = from + static_cast<double>(k) * step;
    if (t >= end) return {};
    double next = std::min(from + static_cast<double>(k + 1) * step, end);
    Result<fmi2::Status> status = instance.doStep(t, next - t);
    if (!status) return status.error();
    if (*status == fmi2::Status::Discard) return {};
  }
}

Result<std::vector<char>> currentStateBytes(FmuInstance& instance, double time) {
  Result<fmi2::FMUstate> state = instance.getState(time);
  if (!state) return state.error();
  SavedState saved(instance, *state);
  return instance.serializeState(saved.get(), time);
}

std::size_t firstDifference(const std::vector<char>& a, const std::vector<char>& b) {
  auto [ia, ib] = std::mismatch(a.begin(), a.end(), b.begin(), b.end());
  return static_cast<std::size_t>(ia - a.begin());
}

}  // namespace

Result<VerifyStateReport> verifyState(const VerifyStateOptions& options) {
  auto began = std::chrono::steady_clock::now();
  if (!inOpenUnitInterval(options.delta)) return Error{fmt::format("delta {} must lie in (0, 1)", options.delta)};
  if (!inOpenUnitInterval(options.epsilon))
    return Error{fmt::format("epsilon {} must lie in (0, 1)", options.epsilon)};

  Result<Session> session = describeFmu(options.fmuPath, options.load);
  if (!session) return session.error();
  const ModelDescription& md = session->description;
  VerifyStateReport report;
  report.modelName = md.modelName;
  if (!md.canGetAndSetFMUstate || !md.canSerializeFMUstate) {
    report.skipReason =
        fmt::format("model '{}' does not declare {}: its states cannot be saved and compared", md.modelName,
                    !md.canGetAndSetFMUstate ? "canGetAndSetFMUstate=\"true\"" : "canSerializeFMUstate=\"true\"");
    return report;
  }
  report.delta = options.delta;
  report.epsilon = options.epsilon;
  report.trials = trialCount(options.delta, options.epsilon);
  report.startTime = md.defaultExperiment.startTime.value_or(0.0);
  double stop = md.defaultExperiment.stopTime.value_or(report.startTime + 1.0);
  report.horizon = options.horizon.value_or(options.maxHorizon ? std::min(stop - report.startTime, *options.maxHorizon)
                                                                 : stop - report.startTime);
  report.tau = options.tau.value_or(report.horizon / 100.0);
  report.stepSize = options.stepSize ? *options.stepSize : md.defaultExperiment.stepSize.value_or(report.horizon / 500.0);
  if (options.maxHorizon && !(std::isfinite(*options.maxHorizon) && *options.maxHorizon > 0.0))
    return Error{fmt::format("max-horizon {} must be a positive number", *options.maxHorizon)};
  for (auto [name, value] : {std::pair{"horizon", report.horizon}, std::pair{"tau", report.tau},
                             std::pair{"step", report.stepSize}})
    if (!(std::isfinite(value) && value > 0.0)) return Error{fmt::format("{} {} must be a positive number", name, value)};
  if (report.tau > report.horizon)
    return Error{fmt::format("tau {} must not exceed the horizon {}", report.tau, report.horizon)};
  report.seed = options.seed ? *options.seed : std::random_device{}();

  if (Result<void> made = instantiate(*session, InstanceOptions{"", false, false, options.logSink}); !made)
    return made.error();
  FmuInstance& instance = *session->instance;
  const double t0 = report.startTime;
  // The longest run is a detour of the whole horizon.
  if (Result<void> ready = initializeInstance(instance, t0, t0 + report.horizon, md.defaultExperiment.tolerance, {});
      !ready)
    return ready.error();

  Result<fmi2::FMUstate> initial = instance.getState(t0);
  if (!initial) return initial.error();
  SavedState s(instance, *initial);
  // sim(tau) from s, straight after initialization: no restore involved.
  if (Result<void> ran = advance(instance, t0, report.tau, report.stepSize); !ran) return ran.error();
  Result<std::vector<char>> reference = currentStateBytes(instance, t0 + report.tau);
  if (!reference) return reference.error();
  report.stateBytes = reference->size();
  Result<VariableSnapshot> referenceValues = VariableSnapshot::take(instance, md, t0 + report.tau);
  if (!referenceValues) return referenceValues.error();

  std::mt19937_64 random(report.seed);
  std::uniform_real_distribution<double> detour(0.0, report.horizon);
  for (std::size_t trial = 1; trial <= report.trials; ++trial) {
    double tauPrime = detour(random);
    // sim*(tau, tau'): s is the state every trial starts from.
    for (auto [duration, what] : {std::pair{tauPrime, "detour"}, std::pair{report.tau, "run"}}) {
      if (Result<void> restored = instance.setState(s.get(), t0); !restored) return restored.error();
      if (Result<void> ran = advance(instance, t0, duration, report.stepSize); !ran)
        return Error{fmt::format("trial {} ({} of {:.10g} s): {}", trial, what, duration, ran.error().message)};
    }
    Result<std::vector<char>> restored = currentStateBytes(instance, t0 + report.tau);
    if (!restored) return restored.error();
    report.completed = trial;
    if (*restored != *reference) {
      Result<VariableSnapshot> restoredValues = VariableSnapshot::take(instance, md, t0 + report.tau);
      if (!restoredValues) return restoredValues.error();
      report.counterexample =
          VerifyStateReport::Counterexample{tauPrime,           trial,
                                            firstDifference(*reference, *restored), reference->size(),
                                            restored->size(),   referenceValues->firstDifference(*restoredValues)};
      break;
    }
  }
  std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - began;
  report.wallSeconds = elapsed.count();
  return report;
}

void printVerifyState(std::ostream& out, const VerifyStateReport& r) {
  if (r.skipped()) {
    out << "skipped: " << r.skipReason << "\n";
    return;
  }
  out << fmt::format("{}: {} trials (delta = {}, epsilon = {}): tau = {:.6g} s, tau' uniform in [0, {:.6g}] s, "
                     "steps of {:.6g} s, seed {}\n",
                     r.modelName, r.trials, r.delta, r.epsilon, r.tau, r.horizon, r.stepSize, r.seed);
  if (const auto& c = r.counterexample) {
    out << fmt::format("FAILED: counterexample tau' = {:.17g} (trial {}): after set(s), sim({:.6g}), set(s), "
                       "sim({:.6g}) the state differs from sim({:.6g}) ",
                       c->tauPrime, c->trial, c->tauPrime, r.tau, r.tau);
    if (c->referenceSize != c->restoredSize)
      out << fmt::format("in size ({} bytes instead of {})\n", c->restoredSize, c->referenceSize);
    else
      out << fmt::format("from byte {} of {}\n", c->firstDifference, c->referenceSize);
    out << fmt::format("first differing variable at t = {:.17g}: {}\n", r.startTime + r.tau,
                       c->firstDifferingVariable.value_or("none (only the FMU's internal state differs)"));
    return;
  }
  out << fmt::format("passed: no counterexample in {} trials; H0 rejected with confidence {:.4g} %: the "
                     "probability that a detour changes the state is below {:.4g} % ({} state bytes, {:.3f} s)\n",
                     r.completed, 100.0 * (1.0 - r.delta), 100.0 * r.epsilon, r.stateBytes, r.wallSeconds);
}

}  // namespace smc::importer
