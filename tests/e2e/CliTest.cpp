// The `smc` command as a user runs it: exit codes, located errors on
// stderr, the FMU's exported symbols, and `smc simulate`.
#include "support/Command.h"
#include "support/TestPipeline.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <cmath>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <vector>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;

using smc::test::runCommand;
using Outcome = smc::test::CommandOutcome;

fs::path scratch() { return smc::test::scratchDirectory("cli"); }

std::string writeModel(const std::string& name, const std::string& text) {
  return smc::test::writeScratchFile("cli", name, text);
}

std::string smc() { return SMC_EXECUTABLE; }

TEST(Cli, SyntaxErrorIsLocatedAndExitsWithOne) {
  std::string model = writeModel("Broken.mo", "model Broken\n  Real x\nequation\n  x = 1;\nend Broken;\n");
  Outcome o = runCommand(smc() + " " + model + " -o " + (scratch() / "b.fmu").string());
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.output.find(model + ":3:1: error:"), std::string::npos) << o.output;
  EXPECT_FALSE(fs::exists(scratch() / "b.fmu"));
}

TEST(Cli, UnsupportedConstructIsLocatedAndExitsWithOne) {
  std::string model = writeModel("Fortran.mo",
                                 "model Fortran\n  function f\n    input Real x;\n    output Real y;\n"
                                 "  external \"FORTRAN 90\";\n  end f;\n  Real y = f(1);\nend Fortran;\n");
  Outcome o = runCommand(smc() + " " + model + " -o " + (scratch() / "w.fmu").string());
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.output.find(model + ":5:3: error: not supported yet: external \"FORTRAN 90\" functions"),
            std::string::npos)
      << o.output;
}

TEST(Cli, FlowOutsideAConnectorIsALocatedError) {
  std::string model = writeModel("Flow.mo", "model Flow\n  flow Real i;\nequation\n  i = 1;\nend Flow;\n");
  Outcome o = runCommand(smc() + " " + model + " -o " + (scratch() / "f.fmu").string());
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.output.find(model + ":2:3: error: 'flow' is only allowed on the elements of a connector (spec 9.3); "
                                  "'i' is in model 'Flow'"),
            std::string::npos)
      << o.output;
}

TEST(Cli, MissingInputFileIsAnError) {
  Outcome o = runCommand(smc() + " /nonexistent/Model.mo");
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.output.find("cannot read '/nonexistent/Model.mo'"), std::string::npos) << o.output;
}

TEST(Cli, LibraryPackagesAreFoundThroughLibraryPathAndModelicaPath) {
  fs::path lib = scratch() / "lib";
  fs::create_directories(lib / "Shapes");
  std::ofstream(lib / "Shapes" / "package.mo") << "package Shapes\n  constant Real unit = 2;\nend Shapes;\n";
  std::ofstream(lib / "Shapes" / "Square.mo")
      << "within Shapes;\nmodel Square\n  parameter Real side = unit;\n  output Real area = side * side;\nend Square;\n";
  std::string model = writeModel("UsesLib.mo",
                                 "model UsesLib\n  Shapes.Square s(side = 3);\n  output Real a = s.area;\nend UsesLib;\n");
  Outcome viaOption = runCommand(smc() + " --dump=flat -I " + lib.string() + " " + model);
  EXPECT_EQ(viaOption.status, 0) << viaOption.output;
  EXPECT_NE(viaOption.output.find("parameter Real s.side = 3;"), std::string::npos) << viaOption.output;
  Outcome viaEnvironment = runCommand("MODELICAPATH=" + lib.string() + " " + smc() + " --dump=flat " + model);
  EXPECT_EQ(viaEnvironment.status, 0) << viaEnvironment.output;
  Outcome missing = runCommand(smc() + " --dump=flat " + model);
  EXPECT_EQ(missing.status, 1);
  EXPECT_NE(missing.output.find(model + ":2:3: error: class 'Shapes.Square' not found"), std::string::npos)
      << missing.output;
}

// The guid attribute of the FMU's modelDescription.xml.
std::string fmuGuid(const std::string& fmu) {
  Outcome o = runCommand("unzip -p " + fmu + " modelDescription.xml");
  const size_t at = o.output.find("guid=\"");
  return at == std::string::npos ? "" : o.output.substr(at + 6, 38);
}

TEST(Cli, FmuGuidIsTheSameForTheSameModelAndChangesWithAnEquation) {
  auto compile = [](const std::string& rate, const std::string& fmuName) {
    // One file name for both models: messages in the code quote it.
    std::string model = writeModel("Decay.mo", "model Decay\n  Real x(start = 1);\nequation\n  der(x) = -" +
                                                   rate + " * x;\nend Decay;\n");
    std::string fmu = (scratch() / fmuName).string();
    Outcome o = runCommand(smc() + " " + model + " -o " + fmu);
    EXPECT_EQ(o.status, 0) << o.output;
    return fmuGuid(fmu);
  };
  const std::string first = compile("2", "a.fmu");
  ASSERT_EQ(first.size(), 38u);
  EXPECT_EQ(first.front(), '{');
  EXPECT_NE(first, "{00000000-0000-0000-0000-000000000000}");
  EXPECT_EQ(compile("2", "b.fmu"), first);
  EXPECT_NE(compile("3", "c.fmu"), first);
}

TEST(Cli, ModelHoldingTheGuidPlaceholderTextIsRefused) {
  std::string model = writeModel("Reserved.mo",
                                 "model Reserved\n  Real x(start = 1);\nequation\n  der(x) = -x;\n"
                                 "  assert(x > -1, \"{00000000-0000-0000-0000-000000000000}\");\nend Reserved;\n");
  Outcome o = runCommand(smc() + " " + model + " -o " + (scratch() / "r.fmu").string());
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.output.find("which smc reserves for the FMU's GUID"), std::string::npos) << o.output;
  EXPECT_FALSE(fs::exists(scratch() / "r.fmu"));
}

TEST(Cli, HelpAndVersionSucceed) {
  Outcome help = runCommand(smc() + " --help");
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.output.find("--dump"), std::string::npos);
  Outcome version = runCommand(smc() + " --version");
  EXPECT_EQ(version.status, 0);
  EXPECT_EQ(version.output.rfind("smc ", 0), 0u) << version.output;
}

TEST(Cli, TimeStagesListsEveryStageInOrderAddingUpToTheTotal) {
  std::string fmu = (scratch() / "timed.fmu").string();
  Outcome o = runCommand(smc() + " " + SMC_SOURCE_DIR + "/examples/Dahlquist.mo -o " + fmu +
                         " --time-stages");
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_TRUE(fs::exists(fmu));
  const std::vector<std::string> stages = {
      "parse", "flatten", "state machines", "clocks", "causalize (BLT)", "IR generation",
      "LLVM optimization", "object emission", "link", "zip", "total"};
  std::istringstream lines(o.output);
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(line.rfind("stage", 0), 0u) << o.output;
  double sum = 0, total = 0, lastPeak = 0;
  for (const std::string& stage : stages) {
    ASSERT_TRUE(std::getline(lines, line)) << "missing row " << stage << " in\n" << o.output;
    ASSERT_EQ(line.rfind(stage + " ", 0), 0u) << "expected " << stage << ", got: " << line;
    std::istringstream numbers(line.substr(stage.size()));
    double seconds = -1, peak = -1;
    numbers >> seconds >> peak;
    EXPECT_GE(seconds, 0) << line;
    EXPECT_GE(peak, lastPeak) << "the peak is a high-water mark: " << line;
    lastPeak = peak;
    if (stage == "total") total = seconds;
    else sum += seconds;
  }
  // Printed with four decimals: the rows add up to the total within rounding.
  EXPECT_NEAR(sum, total, 0.0006) << o.output;
  EXPECT_GT(lastPeak, 1.0);
  // der(x) = -k * x and the binding y = 2 * x.
  ASSERT_TRUE(std::getline(lines, line)) << o.output;
  EXPECT_EQ(line, fmt::format("{:<20} {:>10}", "equations", 2));
  ASSERT_TRUE(std::getline(lines, line)) << o.output;
  EXPECT_EQ(line, fmt::format("{:<20} {:>10}  of 2 (removed before matching)", "alias equations", 0));
}

// examples/SteadyStart.mo's output y = x is an alias of the state.
TEST(Cli, TimeStagesCountsTheEquationsAliasEliminationRemoves) {
  Outcome o = runCommand(smc() + " " + SMC_SOURCE_DIR + "/examples/SteadyStart.mo -o " +
                         (scratch() / "steady.fmu").string() + " --time-stages");
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find(fmt::format("{:<20} {:>10}  of 2 (removed before matching)\n", "alias equations", 1)),
            std::string::npos)
      << o.output;
}

// The goals of bench/compile_time.py are stated in equations; a state
// machine counts with the equations the chapter's semantics gives it, which
// --dump=sm lists one per line after "lowered equations:".
TEST(Cli, TimeStagesCountsAStateMachinesLoweredEquations) {
  std::string model = std::string(SMC_SOURCE_DIR) + "/examples/Blinker.mo";
  Outcome dump = runCommand(smc() + " --dump=sm " + model);
  ASSERT_EQ(dump.status, 0) << dump.output;
  size_t listed = dump.output.find("lowered equations:\n");
  ASSERT_NE(listed, std::string::npos) << dump.output;
  std::istringstream lowered(dump.output.substr(listed));
  std::string line;
  std::getline(lowered, line);
  size_t count = 0;
  while (std::getline(lowered, line) && line.rfind("  ", 0) == 0) ++count;
  // Two equations of the model, the lamp's merge and eleven of the machine.
  EXPECT_EQ(count, 14u) << dump.output;
  Outcome timed = runCommand(smc() + " " + model + " -o " + (scratch() / "blinker.fmu").string() +
                             " --time-stages");
  ASSERT_EQ(timed.status, 0) << timed.output;
  EXPECT_NE(timed.output.find(fmt::format("{:<20} {:>10}\n", "equations", count)), std::string::npos)
      << timed.output;
}

TEST(Cli, TimeStagesCountsAWhenEquationAndAnAlgorithmByTheirTargets) {
  // One equation, a when-equation whose two branches both assign y and z,
  // and an algorithm assigning a (twice) and b: 1 + 2 + 2.
  std::string model = writeModel("Counted.mo",
                                 "model Counted\n  Real x(start = 1, fixed = true);\n"
                                 "  discrete Real y(start = 0, fixed = true);\n"
                                 "  discrete Real z(start = 0, fixed = true);\n  Real a, b;\nequation\n"
                                 "  der(x) = -x;\n  when x < 0.5 then\n    y = 1;\n    z = 2;\n"
                                 "  elsewhen x < 0.2 then\n    y = 3;\n    z = 4;\n  end when;\n"
                                 "algorithm\n  a := x;\n  b := 2 * a;\n  a := a + b;\nend Counted;\n");
  Outcome timed = runCommand(smc() + " " + model + " -o " + (scratch() / "counted.fmu").string() +
                             " --time-stages");
  ASSERT_EQ(timed.status, 0) << timed.output;
  EXPECT_NE(timed.output.find(fmt::format("{:<20} {:>10}\n", "equations", 5)), std::string::npos)
      << timed.output;
}

TEST(Cli, DumpFlatPrintsTheFlatModel) {
  Outcome o = runCommand(smc() + " --dump=flat " + SMC_SOURCE_DIR + "/examples/Dahlquist.mo");
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("  der(x) = -k * x;\n"), std::string::npos) << o.output;
}

TEST(Cli, DumpClocksPrintsThePartitions) {
  std::string model = writeModel("Ticks.mo",
                                 "model Ticks\n  Integer n(start = 0);\nequation\n"
                                 "  when subSample(Clock(1, 10), 3) then\n    n = previous(n) + 1;\n"
                                 "  end when;\nend Ticks;\n");
  Outcome o = runCommand(smc() + " --dump=clocks " + model);
  EXPECT_EQ(o.status, 0) << o.output;
  // One base clock of 1/10 s whose only sub-clock ticks every third tick.
  EXPECT_NE(o.output.find("base clock 1: periodic Clock(1, 10)"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("subSample(Clock(1, 10), 3)"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("n = previous(n) + 1;"), std::string::npos) << o.output;
}

TEST(Cli, DumpSmPrintsTheMachinesAndTheirEquations) {
  std::string model = writeModel("Blink.mo",
                                 "model Blink\n  block S end S;\n  S on, off;\nequation\n"
                                 "  initialState(off);\n  transition(off, on, true, immediate = false);\n"
                                 "  transition(on, off, true, immediate = false);\nend Blink;\n");
  Outcome o = runCommand(smc() + " --dump=sm " + model);
  EXPECT_EQ(o.status, 0) << o.output;
  // States are numbered from the initial one.
  EXPECT_NE(o.output.find("1: off (initial)"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("2: on"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("activeState(on) ="), std::string::npos) << o.output;
}

TEST(Cli, FmuExportsOnlyFmi2SymbolsAndTheEventObserver) {
  fs::path fmu = scratch() / "Dahlquist.fmu";
  Outcome built = runCommand(smc() + " " + SMC_SHARED_MODELS + "/continuous/Dahlquist.mo -o " + fmu.string());
  ASSERT_EQ(built.status, 0) << built.output;
  fs::path unpacked = scratch() / "unpacked";
  fs::remove_all(unpacked);
  ASSERT_EQ(runCommand("unzip -q -o " + fmu.string() + " -d " + unpacked.string()).status, 0);
  Outcome symbols = runCommand("nm -D --defined-only " + (unpacked / "binaries/linux64/Dahlquist.so").string());
  ASSERT_EQ(symbols.status, 0) << symbols.output;
  int count = 0;
  std::istringstream lines(symbols.output);
  for (std::string line; std::getline(lines, line);) {
    std::string name = line.substr(line.rfind(' ') + 1);
    if (name == "smcObserveEvents") continue;  // smc's one extension
    EXPECT_EQ(name.rfind("fmi2", 0), 0u) << "unexpected export: " << line;
    ++count;
  }
  EXPECT_EQ(count, 44);
}

TEST(Cli, SimulateWritesCsvThatMatchesTheClosedForm) {
  fs::path fmu = scratch() / "DahlquistSim.fmu";
  fs::path csv = scratch() / "d.csv";
  ASSERT_EQ(runCommand(smc() + " " + SMC_SHARED_MODELS + "/continuous/Dahlquist.mo -o " + fmu.string()).status, 0);
  Outcome o = runCommand(smc() + " simulate " + fmu.string() + " --stop-time 2 --step 0.5 --output-variables x -o " +
                         csv.string());
  ASSERT_EQ(o.status, 0) << o.output;
  std::ifstream in(csv);
  std::string header;
  std::getline(in, header);
  EXPECT_EQ(header, "time,x");
  int rows = 0;
  for (std::string line; std::getline(in, line); ++rows) {
    double t = std::stod(line.substr(0, line.find(',')));
    double x = std::stod(line.substr(line.find(',') + 1));
    EXPECT_NEAR(x, std::exp(-1.5 * t), 1e-6 * std::exp(-1.5 * t)) << line;
  }
  EXPECT_EQ(rows, 5);
}

TEST(Cli, SimulateOutputVariablesKeepsCommasInsideSubscripts) {
  std::string model = writeModel("Grid.mo",
                                 "model Grid\n  Real T[2, 2](each start = 1, each fixed = true);\nequation\n"
                                 "  der(T) = -T;\nend Grid;\n");
  fs::path fmu = scratch() / "Grid.fmu";
  fs::path csv = scratch() / "grid.csv";
  ASSERT_EQ(runCommand(smc() + " " + model + " -o " + fmu.string()).status, 0);
  Outcome o = runCommand(smc() + " simulate " + fmu.string() +
                         " --stop-time 1 --step 0.5 --output-variables 'T[1,2],T[2,1]' -o " + csv.string());
  ASSERT_EQ(o.status, 0) << o.output;
  std::ifstream in(csv);
  std::string header;
  std::getline(in, header);
  EXPECT_EQ(header, "time,\"T[1,2]\",\"T[2,1]\"");
}

// Exit status 0 when the hypothesis test passes; 2 when it cannot run.
TEST(Cli, VerifyStatePassesOnAnSmcFmuAndRefusesAMissingFile) {
  fs::path fmu = scratch() / "DahlquistVerify.fmu";
  ASSERT_EQ(runCommand(smc() + " " + SMC_SHARED_MODELS + "/continuous/Dahlquist.mo -o " + fmu.string()).status, 0);
  Outcome passed = runCommand(smc() + " verify-state " + fmu.string() + " --seed 3");
  EXPECT_EQ(passed.status, 0) << passed.output;
  EXPECT_NE(passed.output.find("passed: no counterexample in 100 trials"), std::string::npos) << passed.output;
  Outcome missing = runCommand(smc() + " verify-state " + (scratch() / "none.fmu").string());
  EXPECT_EQ(missing.status, 2) << missing.output;
  EXPECT_NE(missing.output.find("smc verify-state: error: "), std::string::npos) << missing.output;
}

// Tank: the level moves by 0 or +1 per period from 1 (up to the solver's
// tolerance), so it passes 2.5 after two periods of inflow 1, and 10 is out
// of reach in three.
TEST(Cli, ExploreExitsWithZeroWhenTheGoalIsReachedAndOneWhenNot) {
  fs::path fmu = scratch() / "TankExplore.fmu";
  ASSERT_EQ(runCommand(smc() + " " + SMC_SOURCE_DIR + "/examples/Tank.mo -o " + fmu.string()).status, 0);
  const std::string explore = smc() + " explore " + fmu.string() + " --input inflow=0,1 --period 1 --depth 3 ";
  Outcome reached = runCommand(explore + "--goal 'level > 2.5'");
  EXPECT_EQ(reached.status, 0) << reached.output;
  EXPECT_NE(reached.output.find("goal reached at depth 2: t=0: inflow=1; t=1: inflow=1"), std::string::npos)
      << reached.output;
  Outcome unreachable = runCommand(explore + "--goal 'level > 10' --mode replay");
  EXPECT_EQ(unreachable.status, 1) << unreachable.output;
  EXPECT_NE(unreachable.output.find("goal never reached within depth 3"), std::string::npos) << unreachable.output;
}

}  // namespace
