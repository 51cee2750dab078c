// See Session.h.
#include "importer/Session.h"

#include <fmt/format.h>

namespace smc::importer {

Result<Session> describeFmu(const std::string& fmuPath) {
  Result<FmuArchive> archive = FmuArchive::extract(fmuPath);
  if (!archive) return archive.error();
  Session session;
  session.archive = std::make_unique<FmuArchive>(std::move(archive).value());
  Result<ModelDescription> md = loadModelDescription(session.archive->modelDescriptionPath());
  if (!md) return md.error();
  session.description = std::move(md).value();
  return session;
}

Result<void> instantiate(Session& session, InstanceOptions options) {
  Result<std::unique_ptr<Fmu>> fmu = Fmu::load(*session.archive, session.description);
  if (!fmu) return fmu.error();
  session.fmu = std::move(fmu).value();
  Result<std::unique_ptr<FmuInstance>> instance = FmuInstance::instantiate(
      *session.fmu, session.description, session.archive->resourcesUri(), std::move(options));
  if (!instance) return instance.error();
  session.instance = std::move(instance).value();
  return {};
}

Result<void> initializeInstance(FmuInstance& instance, double start, double stop, std::optional<double> tolerance,
                                const std::vector<Setting>& settings) {
  Result<fmi2::Status> setup = instance.setupExperiment(tolerance, start, stop);
  if (!setup) return setup.error();
  if (Result<void> applied = applySettings(instance, settings, start); !applied) return applied;
  auto initialized = [&](const Result<fmi2::Status>& status) -> Result<void> {
    if (!status) return status.error();
    if (*status == fmi2::Status::Discard) {
      const std::string& why = instance.lastFmuProblem();
      return Error{fmt::format("the FMU discarded its initialization at t={:.10g}{}{}", start, why.empty() ? "" : ": ",
                               why)};
    }
    return {};
  };
  if (Result<void> entered = initialized(instance.enterInitializationMode(start)); !entered) return entered;
  return initialized(instance.exitInitializationMode(start));
}

}  // namespace smc::importer
