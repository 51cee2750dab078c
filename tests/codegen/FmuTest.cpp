// Whole FMUs: the archive's entries, the shared object's exports, simulation
// against closed-form solutions, reproducibility, and link failures that
// must end in a diagnostic.
#include "CodegenFixture.h"
#include "FmiRules.h"
#include "FmuRun.h"
#include "TestModels.h"
#include "codegen/Codegen.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <set>

namespace smc::codegen {
namespace {

using namespace testing;

class FmuTest : public CodegenFixture {
protected:
  // Writes the FMU to <scratch>/<file>; "" after a failure, which (unlike
  // FmuFixture::build) these tests judge themselves.
  std::string build(const causal::CausalModel& model, const std::string& file = "model.fmu",
                    CodegenOptions options = {}) {
    const std::string path = scratch.file(file);
    if (options.sourceFileName.empty()) options.sourceFileName = model.flat.name + ".mo";
    if (!writeFmu(model, options, path, diags)) return "";
    return path;
  }

  ScratchDirectory scratch;
};

// Near-equality relative to the expected value.
::testing::AssertionResult relativelyNear(double actual, double expected, double tolerance) {
  if (std::fabs(actual - expected) <= tolerance * std::fabs(expected))
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << actual << " differs from " << expected << " by more than "
                                       << tolerance << " relative";
}

TEST_F(FmuTest, ArchiveHoldsTheDescriptionAndTheSharedObject) {
  const std::string fmu = build(dahlquist());
  ASSERT_FALSE(fmu.empty()) << errors();
  EXPECT_EQ(zipEntryNames(fmu),
            (std::vector<std::string>{"modelDescription.xml", "binaries/linux64/Dahlquist.so"}));
  const std::string xml = zipEntry(fmu, "modelDescription.xml");
  std::vector<std::string> violations = fmiRuleViolations(xml);
  EXPECT_TRUE(violations.empty()) << violations.front();
}

TEST_F(FmuTest, SharedObjectExportsExactlyTheFmi2FunctionsAndTheEventObserver) {
  const std::string fmu = build(dahlquist());
  ASSERT_FALSE(fmu.empty()) << errors();
  const std::string so = scratch.file("Dahlquist.so");
  {
    const std::string bytes = zipEntry(fmu, "binaries/linux64/Dahlquist.so");
    std::FILE* out = std::fopen(so.c_str(), "wb");
    ASSERT_TRUE(out);
    std::fwrite(bytes.data(), 1, bytes.size(), out);
    std::fclose(out);
  }
  std::FILE* nm = popen(("nm -D --defined-only '" + so + "'").c_str(), "r");
  ASSERT_TRUE(nm);
  std::set<std::string> exported;
  char line[512];
  while (std::fgets(line, sizeof line, nm)) {
    std::string text(line);
    text.erase(text.find_last_not_of("\r\n") + 1);
    exported.insert(text.substr(text.find_last_of(' ') + 1));
  }
  ASSERT_EQ(pclose(nm), 0);
  // FMI 2.0: 25 common functions, 9 for Co-Simulation, 10 for Model Exchange.
  const std::set<std::string> fmi2 = {
      "fmi2GetTypesPlatform", "fmi2GetVersion", "fmi2SetDebugLogging", "fmi2Instantiate",
      "fmi2FreeInstance", "fmi2SetupExperiment", "fmi2EnterInitializationMode",
      "fmi2ExitInitializationMode", "fmi2Terminate", "fmi2Reset", "fmi2GetReal",
      "fmi2GetInteger", "fmi2GetBoolean", "fmi2GetString", "fmi2SetReal", "fmi2SetInteger",
      "fmi2SetBoolean", "fmi2SetString", "fmi2GetFMUstate", "fmi2SetFMUstate",
      "fmi2FreeFMUstate", "fmi2SerializedFMUstateSize", "fmi2SerializeFMUstate",
      "fmi2DeSerializeFMUstate", "fmi2GetDirectionalDerivative",
      "fmi2SetRealInputDerivatives", "fmi2GetRealOutputDerivatives", "fmi2DoStep",
      "fmi2CancelStep", "fmi2GetStatus", "fmi2GetRealStatus", "fmi2GetIntegerStatus",
      "fmi2GetBooleanStatus", "fmi2GetStringStatus",
      "fmi2EnterEventMode", "fmi2NewDiscreteStates", "fmi2EnterContinuousTimeMode",
      "fmi2CompletedIntegratorStep", "fmi2SetTime", "fmi2SetContinuousStates",
      "fmi2GetDerivatives", "fmi2GetEventIndicators", "fmi2GetContinuousStates",
      "fmi2GetNominalsOfContinuousStates"};
  ASSERT_EQ(fmi2.size(), 44u);
  std::set<std::string> expected = fmi2;
  expected.insert("smcObserveEvents");  // runtime/include/smc/event_observer.h
  EXPECT_EQ(exported, expected);
}

TEST_F(FmuTest, DahlquistFollowsTheExponential) {
  const std::string fmu = build(dahlquist());
  ASSERT_FALSE(fmu.empty()) << errors();
  FmuRun run(fmu, "Dahlquist", scratch.file(""));
  ASSERT_EQ(run.error(), "");
  ASSERT_EQ(run.initialize(), fmi2OK) << run.log();
  EXPECT_EQ(run.real("x"), 1.0);
  EXPECT_EQ(run.real("y"), 2.0);
  EXPECT_EQ(run.real("der(x)"), -1.5);
  for (int i = 1; i <= 10; ++i) {
    ASSERT_EQ(run.step(0.1), fmi2OK) << run.log();
    const double t = 0.1 * i;
    EXPECT_TRUE(relativelyNear(run.real("x"), std::exp(-1.5 * t), 1e-6)) << "t = " << t;
    EXPECT_TRUE(relativelyNear(run.real("y"), 2 * std::exp(-1.5 * t), 1e-6)) << "t = " << t;
  }
}

TEST_F(FmuTest, StartAndParameterSetBeforeInitializationAreUsed) {
  const std::string fmu = build(dahlquist());
  ASSERT_FALSE(fmu.empty()) << errors();
  FmuRun run(fmu, "Dahlquist", scratch.file(""));
  ASSERT_EQ(run.error(), "");
  ASSERT_EQ(run.setReal("x", 3.0), fmi2OK) << run.log();
  ASSERT_EQ(run.setReal("k", 0.5), fmi2OK) << run.log();
  ASSERT_EQ(run.initialize(), fmi2OK) << run.log();
  EXPECT_EQ(run.real("y"), 6.0);
  ASSERT_EQ(run.step(1.0), fmi2OK) << run.log();
  EXPECT_TRUE(relativelyNear(run.real("x"), 3 * std::exp(-0.5), 1e-6));
}

TEST_F(FmuTest, InitializationBlockRestatingTheStartKeepsTheImportersValue) {
  causal::CausalModel model = dahlquist();
  const flat::VarId x = model.states[0];
  model.initialization.insert(model.initialization.begin(),
                              assign(x, model.flat.variables[x].attributes.start));
  const std::string fmu = build(model);
  ASSERT_FALSE(fmu.empty()) << errors();
  FmuRun run(fmu, "Dahlquist", scratch.file(""));
  ASSERT_EQ(run.error(), "");
  ASSERT_EQ(run.setReal("x", 3.0), fmi2OK) << run.log();
  ASSERT_EQ(run.initialize(), fmi2OK) << run.log();
  EXPECT_EQ(run.real("x"), 3.0);
}

TEST_F(FmuTest, NonlinearAlgebraicLoopIsSolvedAtEveryStep) {
  const std::string fmu = build(algebraicLoop());
  ASSERT_FALSE(fmu.empty()) << errors();
  FmuRun run(fmu, "Loop", scratch.file(""));
  ASSERT_EQ(run.error(), "");
  ASSERT_EQ(run.initialize(), fmi2OK) << run.log();
  EXPECT_TRUE(relativelyNear(run.real("y"), 1.0, 1e-9));
  for (int i = 1; i <= 4; ++i) {
    ASSERT_EQ(run.step(0.25), fmi2OK) << run.log();
    const double root = 1 - 0.25 * i / 2;  // sqrt(x) = 1 - t/2
    EXPECT_TRUE(relativelyNear(run.real("x"), root * root, 1e-6)) << "t = " << run.time();
    EXPECT_TRUE(relativelyNear(run.real("y"), root, 1e-6)) << "t = " << run.time();
  }
}

TEST_F(FmuTest, CalculatedParametersFollowTheirParameters) {
  const std::string fmu = build(parameterChain());
  ASSERT_FALSE(fmu.empty()) << errors();
  {
    FmuRun run(fmu, "Chain", scratch.file(""));
    ASSERT_EQ(run.error(), "");
    ASSERT_EQ(run.initialize(), fmi2OK) << run.log();
    EXPECT_EQ(run.real("q"), 4.0);
    EXPECT_EQ(run.real("x"), 2.0);
    ASSERT_EQ(run.step(0.5), fmi2OK) << run.log();
    EXPECT_TRUE(relativelyNear(run.real("y"), 2 * std::exp(-4 * 0.5), 1e-6));
  }
  FmuRun run(fmu, "Chain", scratch.file(""));
  ASSERT_EQ(run.error(), "");
  ASSERT_EQ(run.setReal("p", 1.0), fmi2OK) << run.log();
  ASSERT_EQ(run.initialize(), fmi2OK) << run.log();
  EXPECT_EQ(run.real("q"), 2.0);
  EXPECT_EQ(run.real("x"), 1.0);
  ASSERT_EQ(run.step(0.5), fmi2OK) << run.log();
  EXPECT_TRUE(relativelyNear(run.real("y"), std::exp(-2 * 0.5), 1e-6));
}

// Every zip header's DOS date/time, read from the central directory
// (APPNOTE.TXT 4.3.12 and 4.3.16), and whether any entry has extra fields
// (where zip tools keep real timestamps).
struct ZipDates {
  std::vector<std::pair<unsigned, unsigned>> dateTime;  // (date, time) per entry
  bool extraFields = false;
};

ZipDates zipDates(const std::string& bytes) {
  auto u16 = [&](size_t at) {
    return static_cast<unsigned>(static_cast<unsigned char>(bytes[at])) |
           static_cast<unsigned>(static_cast<unsigned char>(bytes[at + 1])) << 8;
  };
  auto u32 = [&](size_t at) { return u16(at) | u16(at + 2) << 16; };
  ZipDates out;
  const size_t end = bytes.rfind(std::string("PK\x05\x06", 4));
  if (end == std::string::npos) return out;
  const unsigned entries = u16(end + 10);
  size_t at = u32(end + 16);
  for (unsigned i = 0; i < entries && at + 46 <= bytes.size(); ++i) {
    out.dateTime.emplace_back(u16(at + 14), u16(at + 12));
    const size_t nameLength = u16(at + 28), extraLength = u16(at + 30),
                 commentLength = u16(at + 32);
    if (extraLength) out.extraFields = true;
    const size_t local = u32(at + 42);  // the local header repeats the date
    out.dateTime.emplace_back(u16(local + 12), u16(local + 10));
    if (u16(local + 28)) out.extraFields = true;
    at += 46 + nameLength + extraLength + commentLength;
  }
  return out;
}

TEST_F(FmuTest, SameModelGivesByteIdenticalFmus) {
  const std::string first = build(algebraicLoop(), "first.fmu");
  const std::string second = build(algebraicLoop(), "second.fmu");
  ASSERT_FALSE(first.empty() || second.empty()) << errors();
  const std::string bytes = readFile(first);
  EXPECT_EQ(bytes, readFile(second));
  // Reproducible by construction, not by luck within one second: every
  // entry is dated 1980-01-01 00:00 and carries no timestamp extra field.
  ZipDates dates = zipDates(bytes);
  ASSERT_EQ(dates.dateTime.size(), 4u);
  for (auto [date, time] : dates.dateTime) {
    EXPECT_EQ(date, (0u << 9) | (1u << 5) | 1u);
    EXPECT_EQ(time, 0u);
  }
  EXPECT_FALSE(dates.extraFields);
}

TEST_F(FmuTest, RewritingReplacesTheFmuAndLeavesNoTemporaryFile) {
  ASSERT_FALSE(build(dahlquist("Twice"), "twice.fmu").empty()) << errors();
  ASSERT_FALSE(build(algebraicLoop("Twice"), "twice.fmu").empty()) << errors();
  ASSERT_FALSE(build(algebraicLoop("Twice"), "reference.fmu").empty()) << errors();
  EXPECT_EQ(readFile(scratch.file("twice.fmu")), readFile(scratch.file("reference.fmu")));
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(scratch.file("")))
    files.push_back(entry.path().filename().string());
  std::sort(files.begin(), files.end());
  EXPECT_EQ(files, (std::vector<std::string>{"reference.fmu", "twice.fmu"}));
}

TEST_F(FmuTest, MissingRuntimeArchiveIsADiagnosticNotACrash) {
  CodegenOptions options;
  options.runtimeArchive = "/nonexistent/libsmc_runtime.a";
  EXPECT_TRUE(build(dahlquist(), "broken.fmu", options).empty());
  ASSERT_EQ(diags.errorCount(), 1u);
  EXPECT_NE(errors().find("linking Dahlquist.so failed"), std::string::npos) << errors();
  EXPECT_NE(errors().find("/nonexistent/libsmc_runtime.a"), std::string::npos) << errors();
  EXPECT_FALSE(std::filesystem::exists(scratch.file("broken.fmu")));

  // lld recovers: the next link in the same process works.
  EXPECT_FALSE(build(dahlquist(), "working.fmu").empty()) << errors();
}

TEST_F(FmuTest, RuntimeArchiveThatIsNotAnArchiveIsADiagnostic) {
  const std::string fake = scratch.file("libfake.a");
  std::FILE* out = std::fopen(fake.c_str(), "w");
  ASSERT_TRUE(out);
  std::fputs("not an archive\n", out);
  std::fclose(out);
  CodegenOptions options;
  options.runtimeArchive = fake;
  EXPECT_TRUE(build(dahlquist(), "broken.fmu", options).empty());
  EXPECT_EQ(diags.errorCount(), 1u);
  EXPECT_NE(errors().find("linking Dahlquist.so failed"), std::string::npos) << errors();
}

TEST_F(FmuTest, UnwritableDestinationIsADiagnostic) {
  EXPECT_TRUE(build(dahlquist(), "no/such/directory/model.fmu").empty());
  ASSERT_EQ(diags.errorCount(), 1u);
  EXPECT_NE(errors().find("cannot write the FMU"), std::string::npos) << errors();
}

}  // namespace
}  // namespace smc::codegen
