// See Command.h.
#include "support/Command.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sys/wait.h>
#include <unistd.h>

namespace smc::test {

CommandOutcome runCommand(const std::string& command) {
  CommandOutcome outcome;
  FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
  if (!pipe) return outcome;
  char buffer[4096];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) outcome.output.append(buffer, n);
  int raw = ::pclose(pipe);
  outcome.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return outcome;
}

std::filesystem::path scratchDirectory(const std::string& purpose) {
  std::filesystem::path dir =
      std::filesystem::path(testing::TempDir()) / ("smc-" + purpose + "-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  return dir;
}

std::string writeScratchFile(const std::string& purpose, const std::string& name, const std::string& text) {
  std::filesystem::path path = scratchDirectory(purpose) / name;
  std::ofstream(path) << text;
  return path.string();
}

}  // namespace smc::test
