// Test helpers for running the `smc` binary as a user does: a shell
// command's exit status and output, and model files in a per-process
// scratch directory.
#pragma once

#include <filesystem>
#include <string>

namespace smc::test {

struct CommandOutcome {
  int status = -1;     // the exit status; -1 when it did not exit normally
  std::string output;  // stdout and stderr together
};

CommandOutcome runCommand(const std::string& command);

// <test temp dir>/smc-<purpose>-<pid>, created on first use.
std::filesystem::path scratchDirectory(const std::string& purpose);

// Writes `text` to scratchDirectory(purpose)/name and returns its path.
std::string writeScratchFile(const std::string& purpose, const std::string& name, const std::string& text);

}  // namespace smc::test
