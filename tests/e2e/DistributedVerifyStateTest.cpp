// `smc verify-state` over many FMUs, in one process and under `mpirun -np
// 2`: one line per FMU in path order (passed, failed with the first
// differing variable, skipped with the reason, could not run), a tally, an
// exit status for the worst verdict, and a distributed run that prints
// exactly what one process prints.
#include "e2e/E2eSupport.h"
#include "e2e/Mpirun.h"
#include "support/Command.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace {

namespace fs = std::filesystem;
using smc::test::mpirun;
using smc::test::runCommand;

std::string smc() { return SMC_EXECUTABLE; }

// A directory of four FMUs, one per verdict, built once.
const fs::path& fmuDirectory() {
  static const fs::path directory = [] {
    fs::path dir = smc::test::scratchDirectory("distributed") / "fmus";
    fs::remove_all(dir);
    fs::create_directories(dir / "more");
    std::string dahlquist = smc::test::example("Dahlquist.mo");
    fs::copy_file(smc::test::compileModel(dahlquist, "Dahlquist.fmu"), dir / "a_good.fmu");
    fs::copy_file(smc::test::compileModelWithRuntime(dahlquist, "Dahlquist.broken.fmu", SMC_BROKEN_RUNTIME),
                  dir / "b_broken.fmu");
    // The same FMU declaring that it cannot save its state.
    fs::path unpacked = dir / "unpacked";
    auto rewrite = runCommand("cd " + dir.string() + " && mkdir unpacked && cd unpacked && unzip -q ../a_good.fmu && " +
                              "sed -i 's/canGetAndSetFMUstate=\"true\"/canGetAndSetFMUstate=\"false\"/' "
                              "modelDescription.xml && zip -qr ../more/c_stateless.fmu .");
    EXPECT_EQ(rewrite.status, 0) << rewrite.output;
    fs::remove_all(unpacked);
    std::ofstream(dir / "more" / "d_garbage.fmu") << "not a zip archive";
    return dir;
  }();
  return directory;
}

// stdout only: mpirun may add notes of its own on stderr.
smc::test::CommandOutcome verifyDirectory(const std::string& launcher) {
  return runCommand(launcher + (launcher.empty() ? "" : " ") + smc() + " verify-state " + fmuDirectory().string() +
                    " --seed 11 2>/dev/null");
}

TEST(VerifyStateOfMany, ADirectoryGetsOneLinePerFmuInPathOrderAndATally) {
  auto outcome = verifyDirectory("");
  EXPECT_EQ(outcome.status, 1) << "a failed FMU makes the status 1\n" << outcome.output;
  const std::string dir = fmuDirectory().string();
  const std::string expectedStart =
      "verify-state: 4 FMUs, 100 trials each (delta = 0.08, epsilon = 0.025), seed 11\n"
      "passed  " + dir + "/a_good.fmu: model 'Dahlquist': no counterexample in 100 trials (";
  EXPECT_EQ(outcome.output.rfind(expectedStart, 0), 0u) << outcome.output;
  // The broken runtime leaves the first continuous state, x, out of
  // fmi2SetFMUstate: x is the first variable whose value differs.
  EXPECT_NE(outcome.output.find("\nFAILED  " + dir + "/b_broken.fmu: model 'Dahlquist': counterexample tau' = "),
            std::string::npos)
      << outcome.output;
  EXPECT_NE(outcome.output.find("the first differing variable is x: "), std::string::npos) << outcome.output;
  EXPECT_NE(outcome.output.find("\nskipped " + dir + "/more/c_stateless.fmu: model 'Dahlquist' does not declare "
                                "canGetAndSetFMUstate=\"true\": its states cannot be saved and compared\n"),
            std::string::npos)
      << outcome.output;
  EXPECT_NE(outcome.output.find("\nerror   " + dir + "/more/d_garbage.fmu: "), std::string::npos) << outcome.output;
  EXPECT_NE(outcome.output.find("\nverify-state: 1 passed, 1 failed, 1 skipped, 1 could not run (of 4)\n"),
            std::string::npos)
      << outcome.output;
}

TEST(VerifyStateOfMany, FmusThatAllPassExitWithZeroAndAnFmuThatCannotRunWithTwo) {
  const std::string dir = fmuDirectory().string();
  auto passing = runCommand(smc() + " verify-state " + dir + "/a_good.fmu " + dir + "/a_good.fmu --seed 3");
  EXPECT_EQ(passing.status, 0) << passing.output;
  EXPECT_NE(passing.output.find("verify-state: 2 passed, 0 failed, 0 skipped, 0 could not run (of 2)"),
            std::string::npos)
      << passing.output;
  auto garbage = runCommand(smc() + " verify-state " + dir + "/a_good.fmu " + dir + "/more/d_garbage.fmu");
  EXPECT_EQ(garbage.status, 2) << garbage.output;
}

TEST(VerifyStateOfMany, AMissingPathIsAnErrorBeforeAnyCheck) {
  auto outcome = runCommand(smc() + " verify-state " + fmuDirectory().string() + " /nonexistent/x.fmu");
  EXPECT_EQ(outcome.status, 2) << outcome.output;
  EXPECT_NE(outcome.output.find("smc verify-state: error: /nonexistent/x.fmu: no such file or directory"),
            std::string::npos)
      << outcome.output;
  EXPECT_EQ(outcome.output.find("passed"), std::string::npos) << outcome.output;
}

TEST(VerifyStateOfMany, TwoRanksPrintWhatOneProcessPrints) {
  auto alone = verifyDirectory("");
  auto distributed = verifyDirectory(mpirun(2));
  EXPECT_EQ(distributed.status, alone.status) << distributed.output;
  EXPECT_EQ(distributed.output, alone.output);
}

TEST(VerifyStateOfMany, MoreRanksThanFmusStillPrintEveryLineOnce) {
  const std::string dir = fmuDirectory().string();
  auto outcome = runCommand(mpirun(3) + " " + smc() + " verify-state " + dir + "/a_good.fmu --seed 4 2>/dev/null");
  EXPECT_EQ(outcome.status, 0) << outcome.output;
  EXPECT_EQ(outcome.output,
            "verify-state: 1 FMU, 100 trials each (delta = 0.08, epsilon = 0.025), seed 4\n"
            "passed  " + dir + "/a_good.fmu: model 'Dahlquist': no counterexample in 100 trials (7770 state bytes)\n"
            "verify-state: 1 passed, 0 failed, 0 skipped, 0 could not run (of 1)\n");
}

// An FMU whose fmi2DoStep aborts the process (the importer tests' Decay,
// built with DECAY_CRASH_IN_DO_STEP), declaring the state capabilities.
fs::path crashingFmu() {
  fs::path dir = smc::test::scratchDirectory("distributed") / "crashing";
  fs::remove_all(dir);
  fs::create_directories(dir / "binaries" / "linux64");
  fs::copy_file(DECAY_CRASHING_LIBRARY, dir / "binaries" / "linux64" / "Decay.so");
  fs::copy_file(DECAY_MODEL_DESCRIPTION, dir / "modelDescription.xml");
  auto zipped = runCommand("cd " + dir.string() +
                           " && sed -i 's/canBeInstantiatedOnlyOncePerProcess=\"false\"/"
                           "canBeInstantiatedOnlyOncePerProcess=\"false\" canGetAndSetFMUstate=\"true\" "
                           "canSerializeFMUstate=\"true\"/' modelDescription.xml && zip -qr ../crashing.fmu .");
  EXPECT_EQ(zipped.status, 0) << zipped.output;
  return dir.parent_path() / "crashing.fmu";
}

TEST(VerifyStateOfMany, ARankThatDiesEndsEveryRankWithAnErrorInsteadOfHanging) {
  const std::string dir = fmuDirectory().string();
  // The crashing FMU last, after FMUs that keep the other rank busy. Every
  // rank ends: `timeout` would end a hang with status 124.
  // The rank that aborts leaves its unpacked FMU behind: in the scratch
  // directory, not in /tmp.
  const fs::path tmp = smc::test::scratchDirectory("distributed") / "crash-tmp";
  fs::create_directories(tmp);
  auto outcome = runCommand("TMPDIR=" + tmp.string() + " timeout 300 " + mpirun(2, false) + " " + smc() +
                            " verify-state " + dir + "/a_good.fmu " + dir + "/a_good.fmu " + crashingFmu().string() +
                            " --seed 5");
  EXPECT_NE(outcome.status, 0) << outcome.output;
  EXPECT_NE(outcome.status, 124) << "the run hung\n" << outcome.output;
  EXPECT_NE(outcome.output.find("exited on signal 6 (Aborted)"), std::string::npos) << outcome.output;
}

}  // namespace
