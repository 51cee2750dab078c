// See ExploreCommand.h.
#include "driver/ExploreCommand.h"

#include "distributed/TaskFarm.h"
#include "distributed/World.h"
#include "driver/Progress.h"
#include "importer/Session.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <fstream>
#include <iostream>
#include <optional>

namespace smc {

int runExploreCommand(importer::ExploreOptions& options, const std::string& jsonPath,
                      const std::string& nodeTimesPath) {
  distributed::World world;
  std::ofstream nodeTimes;
  if (!nodeTimesPath.empty()) {
    if (world.distributed())
      world.abort("smc explore: error: --node-times measures the search of one process; run it without mpirun", 2);
    nodeTimes.open(nodeTimesPath);
    if (!nodeTimes) {
      std::cerr << "smc explore: error: cannot write " << nodeTimesPath << "\n";
      return 2;
    }
    nodeTimes << "path,seconds\n";
    options.nodeTime = [&nodeTimes](const std::vector<std::size_t>& path, double seconds) {
      nodeTimes << fmt::format("{},{:.9f}\n", fmt::join(path, "."), seconds);
    };
  }
  std::optional<importer::Session> hostCopy;
  if (world.distributed()) {
    options.runTasks = [&world](const distributed::TaskSet& tasks) { distributed::runTaskFarm(world, tasks); };
    options.workers = static_cast<std::size_t>(world.size());
    options.root = world.root();
    options.broadcast = [&world](uint64_t value) { return world.broadcast(value); };
    // One copy of the FMU per host: its first rank unpacks and checks it,
    // the others read that copy, which stays until all of them are done.
    std::string root;
    if (world.localRoot()) {
      auto described = importer::describeFmu(options.fmuPath, options.load);
      if (!described) world.abort("smc explore: error: " + described.error().message, 2);
      hostCopy.emplace(std::move(described).value());
      root = hostCopy->archive->unpacked().root().string();
    }
    options.unpackedFmu = world.broadcastLocal(root);
  }
  struct HostCopyRelease {
    const distributed::World& world;
    ~HostCopyRelease() { world.barrierLocal(); }  // before the first rank removes the copy
  } release{world};
  std::optional<ProgressLine> progress;
  if (world.root() && ProgressLine::terminal()) {
    progress.emplace("exploring");
    options.progress = [&progress](std::size_t done, std::size_t total, const char* mode) {
      progress->update(total ? static_cast<double>(done) / static_cast<double>(total) : 1.0,
                       fmt::format("{} {}/{}", mode, done, total));
    };
  }
  auto report = importer::explore(options);
  progress.reset();
  if (!report) {
    // Other ranks may be waiting for tasks from this one, or this one for
    // theirs: the whole job ends with the message.
    if (world.distributed()) world.abort("smc explore: error: " + report.error().message, 2);
    std::cerr << "smc explore: error: " << report.error().message << "\n";
    return 2;
  }
  if (!world.root()) return 0;
  if (nodeTimes.is_open() && !nodeTimes.flush()) {
    std::cerr << "smc explore: error: cannot write " << nodeTimesPath << "\n";
    return 2;
  }
  importer::printExplore(std::cout, *report);
  if (!jsonPath.empty()) {
    std::ofstream json(jsonPath);
    importer::writeExploreJson(json, *report);
    if (!json) {
      std::cerr << "smc explore: error: cannot write " << jsonPath << "\n";
      return 2;
    }
  }
  return options.goal.empty() || report->runs.front().found ? 0 : 1;
}

}  // namespace smc
