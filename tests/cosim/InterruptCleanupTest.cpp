// An interrupted smc (Ctrl-C, kill) removes the FMUs and SSPs it unpacked
// into $TMPDIR, then dies of the signal as the shell expects.
#include "TestFmu.h"
#include "support/RawZip.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <thread>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace smc::cosim {
namespace {

using importer::test::Scratch;

// Runs smc with `arguments` and TMPDIR=`tmp`, output discarded. Everything
// the child needs is built before fork: only exec-safe calls follow it.
pid_t startSmc(const std::vector<std::string>& arguments, const std::filesystem::path& tmp) {
  std::vector<std::string> environment{"TMPDIR=" + tmp.string()};
  for (char** variable = environ; *variable != nullptr; ++variable)
    if (std::string_view(*variable).rfind("TMPDIR=", 0) != 0) environment.emplace_back(*variable);
  std::vector<char*> envp, argv{const_cast<char*>(SMC_EXECUTABLE)};
  for (std::string& variable : environment) envp.push_back(variable.data());
  envp.push_back(nullptr);
  for (const std::string& argument : arguments) argv.push_back(const_cast<char*>(argument.c_str()));
  argv.push_back(nullptr);
  pid_t pid = fork();
  if (pid != 0) return pid;
  int null = open("/dev/null", O_WRONLY);
  dup2(null, STDOUT_FILENO);
  dup2(null, STDERR_FILENO);
  execve(SMC_EXECUTABLE, argv.data(), envp.data());
  _exit(127);
}

std::size_t entriesIn(const std::filesystem::path& folder) {
  std::size_t count = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(folder)) ++count;
  return count;
}

// Starts smc, waits until it has unpacked `expected` folders, signals it
// and returns how it ended.
int interrupt(const std::vector<std::string>& arguments, const std::filesystem::path& tmp,
              std::size_t expected, int signal) {
  pid_t pid = startSmc(arguments, tmp);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (entriesIn(tmp) < expected && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(entriesIn(tmp), expected) << "smc did not unpack in time";
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // well into the run
  kill(pid, signal);
  int status = 0;
  waitpid(pid, &status, 0);
  return status;
}

TEST(InterruptCleanup, InterruptedSimulationLeavesNoUnpackedFmu) {
  Scratch scratch;
  std::filesystem::path fmu = scratch.packageDecay();
  for (int signal : {SIGINT, SIGTERM, SIGHUP}) {
    std::filesystem::path tmp = scratch.path() / ("tmp" + std::to_string(signal));
    std::filesystem::create_directories(tmp);
    // Decay steps in microseconds: a billion steps run until interrupted.
    int status = interrupt({"simulate", fmu.string(), "--stop-time", "1e6", "--step", "1e-3",
                            "--output-variables", "x"},
                           tmp, 1, signal);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == signal) << "status " << status;
    EXPECT_EQ(entriesIn(tmp), 0u) << "left in " << tmp;
  }
}

TEST(InterruptCleanup, InterruptedCosimulationLeavesNoUnpackedSspOrFmu) {
  Scratch scratch;
  std::filesystem::path fmu = scratch.packageDecay();
  std::filesystem::path ssp = scratch.path() / "long.ssp";
  test::writeRawZip(
      ssp, {{"SystemStructure.ssd",
             "<ssd:SystemStructureDescription version='1.0' name='S' "
             "xmlns:ssd='http://ssp-standard.org/SSP1/SystemStructureDescription'>"
             "<ssd:System name='R'><ssd:Elements><ssd:Component name='d' "
             "source='resources/Decay.fmu'/></ssd:Elements></ssd:System>"
             "</ssd:SystemStructureDescription>"},
            {"resources/Decay.fmu", importer::test::readFile(fmu)}});
  std::filesystem::path tmp = scratch.path() / "tmp";
  std::filesystem::create_directories(tmp);
  int status = interrupt({"cosim", ssp.string(), "--stop-time", "1e6", "--step", "1e-3"}, tmp, 2,
                         SIGINT);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGINT) << "status " << status;
  EXPECT_EQ(entriesIn(tmp), 0u) << "left in " << tmp;
}

}  // namespace
}  // namespace smc::cosim
