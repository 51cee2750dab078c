// See VerifyStateCommand.h.
#include "driver/VerifyStateCommand.h"

#include "distributed/TaskFarm.h"
#include "distributed/World.h"
#include "importer/VerifyStateBatch.h"

#include <filesystem>
#include <iostream>
#include <random>

namespace smc {
namespace {

int verifyOne(importer::VerifyStateOptions options) {
  auto report = importer::verifyState(options);
  if (!report) {
    std::cerr << "smc verify-state: error: " << report.error().message << "\n";
    return 2;
  }
  if (report->skipped()) {
    std::cerr << "smc verify-state: error: " << report->skipReason << "\n";
    return 2;
  }
  importer::printVerifyState(std::cout, *report);
  return report->rejected() ? 0 : 1;
}

int verifyMany(const distributed::World& world, const std::vector<std::string>& paths,
               importer::VerifyStateOptions options) {
  // Every rank lists the FMUs (they share the file system, or hold the same
  // copy); the root's list is the one used, so that all agree.
  std::vector<std::string> fmus;
  std::string listed;
  if (world.root()) {
    auto collected = importer::collectFmus(paths);
    if (!collected) {
      std::cerr << "smc verify-state: error: " << collected.error().message << "\n";
      listed = "\n";  // no list (no path is empty): every rank stops
    } else {
      for (const std::string& fmu : *collected) listed += fmu + '\0';  // a path holds no NUL
    }
  }
  listed = world.broadcast(listed);
  if (listed == "\n") return world.root() ? 2 : 0;
  for (std::size_t start = 0, end; (end = listed.find('\0', start)) != std::string::npos; start = end + 1)
    fmus.push_back(listed.substr(start, end - start));
  // One seed for every FMU and rank, so that a rerun with --seed repeats it.
  options.seed = world.broadcast(options.seed ? *options.seed : std::random_device{}());

  importer::BatchTally tally;
  if (world.root()) importer::printBatchHeader(std::cout, fmus.size(), options, *options.seed);
  distributed::TaskSet tasks;
  tasks.count = fmus.size();
  tasks.run = [&](std::size_t i, const std::string&) {
    return importer::encodeBatchLine(importer::verifyOneOfMany(fmus[i], options));
  };
  tasks.deliver = [&](std::size_t, const std::string& bytes) {
    importer::BatchLine line = importer::decodeBatchLine(bytes);
    tally.add(line.verdict);
    importer::printBatchLine(std::cout, line);
  };
  distributed::runTaskFarm(world, tasks);
  if (!world.root()) return 0;
  importer::printBatchTally(std::cout, tally);
  return tally.exitStatus();
}

}  // namespace

int runVerifyStateCommand(const std::vector<std::string>& paths, importer::VerifyStateOptions options) {
  distributed::World world;
  bool single = paths.size() == 1 && !world.distributed() && !std::filesystem::is_directory(paths.front());
  if (single) {
    options.fmuPath = paths.front();
    return verifyOne(options);
  }
  // The verdict is the root's: the other ranks end with 0, so that mpirun,
  // which exits with the first non-zero status, names rank 0 with it.
  return verifyMany(world, paths, options);
}

}  // namespace smc
