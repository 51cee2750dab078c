// One FMU opened for running: unpacked and checked (check::checkAndUnpack,
// the same code as `smc check`), described, loaded and instantiated, held
// in the order that tears it down correctly (instance freed before its
// library is closed, library closed before its directory is deleted).
// Shared by `smc simulate`, `verify-state`, `explore` and `cosim`.
#pragma once

#include "archive/UnpackedArchive.h"

#include "importer/Fmu.h"
#include "importer/FmuArchive.h"
#include "importer/FmuInstance.h"
#include "importer/LoadOptions.h"
#include "importer/ModelDescription.h"
#include "importer/Result.h"
#include "importer/Settings.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace smc::importer {

struct Session {
  std::unique_ptr<FmuArchive> archive;
  ModelDescription description;
  std::unique_ptr<Fmu> fmu;
  std::unique_ptr<FmuInstance> instance;
};

// Unpacks and checks the FMU and reads its model description (no foreign
// code runs).
Result<Session> describeFmu(const std::string& fmuPath, const LoadOptions& options = {});
// The same for an FMU its caller has checked and unpacked itself
// (check::checkAndUnpack), to report the check's problems its own way.
Result<Session> describeUnpackedFmu(archive::UnpackedArchive unpacked,
                                    const archive::ArchiveLimits& limits);
// The same for the copy another process of this host unpacked and checked
// into `root` (UnpackedArchive::attach); `name` (the .fmu) names it in
// messages.
Result<Session> describeAttachedFmu(const std::string& name, const std::filesystem::path& root,
                                    const LoadOptions& options = {});
// Loads the binary and instantiates it.
Result<void> instantiate(Session& session, InstanceOptions options);

// fmi2SetupExperiment, the settings, then enter and exit initialization
// mode, all at `start`. A discarded initialization is an error.
Result<void> initializeInstance(FmuInstance& instance, double start, double stop, std::optional<double> tolerance,
                                const std::vector<Setting>& settings);

}  // namespace smc::importer
