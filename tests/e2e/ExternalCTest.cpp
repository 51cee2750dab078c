// External C compiled in-process (spec 12.9.4): C code in Include
// annotations joins the model, a library given as C sources (SourceLib in
// tests/e2e/external: <name>.c or <name>/ in its SourceDirectory) is
// compiled, cached and linked, smc's own ModelicaUtilities.h serves C that
// includes it, and the C compiler's errors are placed in the .mo file.
// Expected values are worked out from the C code by hand.
#include "check/Check.h"
#include "e2e/E2eSupport.h"
#include "importer/VerifyState.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

namespace {

namespace fs = std::filesystem;
using smc::importer::SimulationResult;
using smc::test::compileErrors;
using smc::test::compileModel;
using smc::test::simulateOk;
using smc::test::simulationOf;
using smc::test::valueAt;
using smc::test::writeScratchModel;

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The 1-based column of `part` in the line of `text` that holds it, as
// "line:column".
std::string placeOf(const std::string& text, const std::string& part) {
  std::istringstream lines(text);
  std::string line;
  for (int number = 1; std::getline(lines, line); ++number)
    if (size_t at = line.find(part); at != std::string::npos)
      return std::to_string(number) + ":" + std::to_string(at + 1);
  return "not found";
}

std::vector<char> bytesOf(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A fresh cache directory for this test, through SMC_CACHE_DIR.
fs::path freshCache(const std::string& name) {
  fs::path cache = fs::path(writeScratchModel(name + ".keep", "")).parent_path() / name;
  fs::remove_all(cache);
  setenv("SMC_CACHE_DIR", cache.c_str(), 1);
  return cache;
}

std::vector<fs::path> cachedArchives(const fs::path& cache) {
  std::vector<fs::path> out;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(cache / "c-libraries", error)) out.push_back(entry.path());
  std::sort(out.begin(), out.end());
  return out;
}

TEST(ExternalC, CodeInAnIncludeAnnotationDefinesTheFunctionTheModelCalls) {
  std::string model = writeScratchModel("IncludeCode.mo", R"(model IncludeCode
  function cube
    input Real x;
    output Real y;
    external "C" y = smc_test_cube(x) annotation(Include = "double smc_test_cube(double x) { return x * x * x; }");
  end cube;
  function cubeAgain "the same Include text: compiled once"
    input Real x;
    output Real y;
    external "C" y = smc_test_cube(x) annotation(Include = "double smc_test_cube(double x) { return x * x * x; }");
  end cubeAgain;
  function countDown "several lines, a string with escapes and a static helper"
    input Integer n;
    output Integer steps;
    external "C" steps = smc_test_steps(n) annotation(Include = "
static const char* smc_test_name = \"count\\tdown\";
static int smc_test_next(int n) { return n % 2 == 0 ? n / 2 : 3 * n + 1; }
int smc_test_steps(int n) {
  int steps = smc_test_name[5] == '\\t' ? 0 : -100;
  while (n > 1) { n = smc_test_next(n); ++steps; }
  return steps;
}");
  end countDown;
  Real a = cube(time);
  Real b = cubeAgain(2 * time);
  Integer s = countDown(6);
end IncludeCode;
)");
  std::string fmu = compileModel(model, "IncludeCode.fmu");
  SimulationResult r = simulateOk(simulationOf(fmu, 1, 0.5, true));
  EXPECT_NEAR(valueAt(r, "a", 0.5), 0.125, 1e-15);
  EXPECT_NEAR(valueAt(r, "b", 0.5), 1, 1e-15);
  // 6 3 10 5 16 8 4 2 1: eight steps.
  EXPECT_EQ(valueAt(r, "s", 0.5), 8);
}

// A call through another signature than the C declaration's would be
// undefined behaviour: the declaration the Include annotation brings is
// held against the call smc makes.
TEST(ExternalC, ACallThatDoesNotFitTheCDeclarationIsALocatedError) {
  const std::string text = R"(model WrongSignature
  function g
    input Real x;
    output Real y;
    external "C" y = smc_test_g(x) annotation(Include = "double smc_test_g(int x) { return x; }");
  end g;
  Real y = g(time);
end WrongSignature;
)";
  std::string d = compileErrors(writeScratchModel("WrongSignature.mo", text));
  EXPECT_TRUE(has(d, "WrongSignature.mo:5:5: error: the C function 'smc_test_g' is declared as (i32) -> double, "
                     "but the external clause of 'WrongSignature.g' calls it as (double) -> double"))
      << d;
  EXPECT_TRUE(has(d, "WrongSignature.mo:" + placeOf(text, "smc_test_g(int") + ": note: declared here, in C code"))
      << d;
}

// size(x, 1) in the explicit call form is a size_t, as the MSL's C
// prototypes (ModelicaRandom.h, ...) expect.
TEST(ExternalC, ASizeInTheExplicitCallFormIsASizeT) {
  std::string model = writeScratchModel("LastElement.mo", R"(model LastElement
  function last
    input Real x[:];
    output Real y;
    external "C" y = smc_test_last(x, size(x, 1)) annotation(Include = "#include <stddef.h>
double smc_test_last(const double* x, size_t n) { return x[n - 1]; }");
  end last;
  Real y = last({1, 2, 3 * time});
end LastElement;
)");
  SimulationResult r = simulateOk(simulationOf(compileModel(model, "LastElement.fmu"), 1, 0.5, true));
  EXPECT_NEAR(valueAt(r, "y", 0.5), 1.5, 1e-15);
}

TEST(ExternalC, AnErrorInIncludeCodeIsReportedWhereTheCodeIsWritten) {
  const std::string text = R"(model BrokenInclude
  function f
    input Real x;
    output Real y;
    external "C" y = smc_test_f(x) annotation(Include = "const char* s = \"\\\"\"; double smc_test_f(double x) { return x * undefined_name; }");
  end f;
  Real y = f(time);
end BrokenInclude;
)";
  std::string model = writeScratchModel("BrokenInclude.mo", text);
  std::string d = compileErrors(model);
  // The escapes before it (\" \\ \" give three characters from six) do
  // not shift the place.
  EXPECT_TRUE(has(d, "BrokenInclude.mo:" + placeOf(text, "undefined_name") +
                         ": error: in C code: use of undeclared identifier 'undefined_name'"))
      << d;
}

TEST(ExternalC, AnIncludeAnnotationThatIsNotAStringIsALocatedError) {
  std::string d = compileErrors(writeScratchModel("NumberInclude.mo", R"(model NumberInclude
  function f
    input Real x;
    output Real y;
    external "C" y = smc_test_f(x) annotation(Include = 3);
  end f;
  Real y = f(time);
end NumberInclude;
)"));
  EXPECT_TRUE(has(d, "NumberInclude.mo:5:57: error: the Include annotation of 'f' must be a String of C code")) << d;
}

TEST(ExternalC, WarningsOfIncludeCodeAreWarningsAndTheModelStillCompiles) {
  const std::string text = R"(model WarnedInclude
  function f
    input Integer n;
    output Integer y;
    external "C" y = smc_test_warned(n) annotation(Include = "int smc_test_warned(int n) { if (n = 2) return 1; return 0; }");
  end f;
  Integer y = f(3);
end WarnedInclude;
)";
  std::string model = writeScratchModel("WarnedInclude.mo", text);
  const std::string d = smc::test::compileWithWarnings(model, "WarnedInclude.fmu");
  EXPECT_TRUE(has(d, "WarnedInclude.mo:" + placeOf(text, "= 2)") +
                         ": warning: in C code: using the result of an assignment as a condition without parentheses"))
      << d;
  const std::string fmu = (fs::path(model).parent_path() / "WarnedInclude.fmu").string();
  SimulationResult r = simulateOk(simulationOf(fmu, 1, 0.5, true));
  // `n = 2` assigns: the condition is true.
  EXPECT_EQ(valueAt(r, "y", 0.5), 1);
}

TEST(ExternalC, AnErrorInAHeaderIsReportedAtTheIncludeThatReadsIt) {
  fs::path directory = fs::path(writeScratchModel("broken/broken.h", "int smc_test_broken(void) { return }\n"))
                           .parent_path();
  const std::string text = R"(model BrokenHeader
  function f
    output Integer y;
    external "C" y = smc_test_broken() annotation(Include = "#include \"broken.h\"", IncludeDirectory = "file://)" +
                           directory.string() + R"(");
  end f;
  Integer y = f();
end BrokenHeader;
)";
  std::string model = writeScratchModel("BrokenHeader.mo", text);
  std::string d = compileErrors(model);
  // At the header's name in the #include.
  EXPECT_TRUE(has(d, "BrokenHeader.mo:" + placeOf(text, "\\\"broken.h") + ": error: in C code included here: "))
      << d;
  EXPECT_TRUE(has(d, "broken.h:1:36: error: expected expression")) << d;
}

TEST(ExternalC, IncludeCodeReachesModelicaUtilitiesWithoutAnyIncludeDirectory) {
  std::string model = writeScratchModel("CheckedInclude.mo", R"(model CheckedInclude
  function checked
    input Real x;
    output Real y;
    external "C" y = smc_test_checked(x) annotation(Include = "#include \"ModelicaUtilities.h\"
double smc_test_checked(double x) {
  if (x > 1) ModelicaFormatError(\"smc_test_checked: %g is too big\", x);
  return x;
}");
  end checked;
  Real y = checked(time);
end CheckedInclude;
)");
  std::string fmu = compileModel(model, "CheckedInclude.fmu");
  std::string error = smc::test::simulateError(simulationOf(fmu, 2, 0.5, true));
  EXPECT_TRUE(has(error, "smc_test_checked: 1.5 is too big")) << error;
}

const char* kSourceLibModel = R"(model UseSourceLib
  Real y = SourceLib.scaled(time, 3);
  Real h = SourceLib.halved(time);
  Integer s = SourceLib.digitSum(4096);
end UseSourceLib;
)";

void useSourceLib(smc::CompileOptions& o) { o.libraryPaths.push_back(SMC_SOURCE_DIR "/tests/e2e/external"); }

// `smc --dump=c` shows the model's C translation unit and the libraries
// smc builds from C sources.
TEST(ExternalC, TheDumpShowsTheIncludeUnitAndTheSourceLibraries) {
  std::string model = writeScratchModel("UseSourceLib.mo", kSourceLibModel);
  smc::CompileOptions options;
  options.inputPath = model;
  useSourceLib(options);
  options.dump = smc::DumpStage::ExternalC;
  smc::SourceManager sources;
  smc::DiagnosticEngine diags(sources);
  diags.setOutput(nullptr);
  std::string dump;
  ASSERT_TRUE(smc::compile(options, sources, diags, dump));
  EXPECT_TRUE(has(dump, "/* The Include annotations of UseSourceLib */\n#include \"sourcelib.h\"\n")) << dump;
  EXPECT_TRUE(has(dump, "/* library sourcelib from C sources in ")) << dump;
  EXPECT_TRUE(has(dump, "/* library digits from C sources in ")) << dump;
  EXPECT_TRUE(has(dump, "/Resources/Source: digits/digit.c digits/sum.c */")) << dump;
  EXPECT_FALSE(has(dump, "compiled with")) << dump;

  options.cDefines = {"SOURCELIB_OFFSET=2", "NDEBUG"};
  dump.clear();
  ASSERT_TRUE(smc::compile(options, sources, diags, dump));
  EXPECT_TRUE(dump.starts_with("/* compiled with -DSOURCELIB_OFFSET=2 -DNDEBUG */\n")) << dump;
}

TEST(ExternalC, ALibraryGivenAsSourcesIsCompiledCachedAndLinked) {
  const fs::path cache = freshCache("source-cache");
  std::string model = writeScratchModel("UseSourceLib.mo", kSourceLibModel);
  std::string fmu = compileModel(model, "UseSourceLib.fmu", useSourceLib);
  SimulationResult r = simulateOk(simulationOf(fmu, 1, 0.5, true));
  EXPECT_NEAR(valueAt(r, "y", 0.5), 1.5, 1e-15);
  EXPECT_NEAR(valueAt(r, "h", 0.5), 0.25, 1e-15);
  EXPECT_EQ(valueAt(r, "s", 0.5), 19);
  // One archive per library, in the cache.
  std::vector<fs::path> archives = cachedArchives(cache);
  ASSERT_EQ(archives.size(), 2u);
  EXPECT_TRUE(has(archives[0].filename().string(), "libdigits-"));
  EXPECT_TRUE(has(archives[1].filename().string(), "libsourcelib-"));
  const std::vector<char> first = bytesOf(fmu);

  // Read back from the cache: the same FMU, byte for byte.
  const fs::file_time_type written = fs::last_write_time(archives[1]);
  EXPECT_EQ(bytesOf(compileModel(model, "UseSourceLib.fmu", useSourceLib)), first);
  EXPECT_EQ(fs::last_write_time(archives[1]), written);
  EXPECT_EQ(cachedArchives(cache).size(), 2u);

  // A damaged entry is not used: the library is compiled again, and the
  // entry written anew, whole.
  const std::vector<char> entry = bytesOf(archives[1].string());
  fs::resize_file(archives[1], entry.size() / 2);
  EXPECT_EQ(bytesOf(compileModel(model, "UseSourceLib.fmu", useSourceLib)), first);
  EXPECT_EQ(bytesOf(archives[1].string()), entry);

  // `smc check` names what the binary carries.
  smc::check::CheckResult checked = smc::check::checkFmu(fmu);
  EXPECT_EQ(checked.errorCount(), 0u);
  EXPECT_EQ(checked.externalLibraries, (std::vector<std::string>{"libsourcelib.a (compiled from C sources)",
                                                                 "libdigits.a (compiled from C sources)"}));
}

// `smc -D NAME=VALUE` defines the macro for all of the model's C code:
// the Include annotations' and a library compiled from its sources, whose
// archive is cached apart for each definition.
TEST(ExternalC, AMacroDefinedForTheCompileReachesIncludeCodeAndSourceLibraries) {
  const fs::path cache = freshCache("define-cache");
  std::string model = writeScratchModel("UseMacros.mo", R"(model UseMacros
  function gain
    input Real x;
    output Real y;
    external "C" y = smc_test_gain(x) annotation(Include = "
#ifndef SMC_TEST_GAIN
#define SMC_TEST_GAIN 1
#endif
double smc_test_gain(double x) { return SMC_TEST_GAIN * x; }");
  end gain;
  Real y = gain(time);
  Real offset = SourceLib.offset();
end UseMacros;
)");
  SimulationResult plain = simulateOk(simulationOf(compileModel(model, "UseMacros.fmu", useSourceLib), 1, 0.5, true));
  EXPECT_NEAR(valueAt(plain, "y", 1), 1, 1e-15);
  EXPECT_EQ(valueAt(plain, "offset", 1), 0);
  auto defined = [](smc::CompileOptions& o) {
    useSourceLib(o);
    o.cDefines = {"SMC_TEST_GAIN=4", "SOURCELIB_OFFSET=2.5"};
  };
  SimulationResult withMacros = simulateOk(simulationOf(compileModel(model, "UseMacrosDefined.fmu", defined), 1, 0.5, true));
  EXPECT_NEAR(valueAt(withMacros, "y", 1), 4, 1e-15);
  EXPECT_EQ(valueAt(withMacros, "offset", 1), 2.5);
  std::vector<fs::path> archives = cachedArchives(cache);
  EXPECT_EQ(std::count_if(archives.begin(), archives.end(),
                          [](const fs::path& p) { return has(p.filename().string(), "libsourcelib-"); }),
            2);
}

TEST(ExternalC, ACacheThatCannotBeWrittenOnlyCostsTime) {
  setenv("SMC_CACHE_DIR", "/proc/smc-no-cache-here", 1);
  std::string model = writeScratchModel("UseSourceLib.mo", kSourceLibModel);
  std::string fmu = compileModel(model, "UseSourceLibNoCache.fmu", useSourceLib);
  SimulationResult r = simulateOk(simulationOf(fmu, 1, 0.5, true));
  EXPECT_EQ(valueAt(r, "s", 0.5), 19);
}

TEST(ExternalC, ModelicaErrorInALibraryFromSourcesFailsTheCall) {
  freshCache("error-cache");
  std::string model = writeScratchModel("NegativeFactor.mo", R"(model NegativeFactor
  Real y = SourceLib.scaled(time, 1 - 2 * time);
end NegativeFactor;
)");
  std::string fmu = compileModel(model, "NegativeFactor.fmu", useSourceLib);
  std::string error = smc::test::simulateError(simulationOf(fmu, 1, 0.25, true));
  EXPECT_TRUE(has(error, "sourcelib_scaled: the factor -0.5 is negative")) << error;
}

TEST(ExternalC, ALibraryWhoseSourcesDoNotCompileIsReportedAtItsLibraryAnnotation) {
  freshCache("broken-cache");
  const fs::path root = fs::path(writeScratchModel("BrokenLib/package.mo", R"(package BrokenLib
  function f
    input Real x;
    output Real y;
    external "C" y = brokenlib_f(x) annotation(Library = "brokenlib");
  end f;
end BrokenLib;
)")).parent_path();
  writeScratchModel("BrokenLib/Resources/Source/brokenlib.c", "double brokenlib_f(double x) {\n  return x +;\n}\n");
  std::string model = writeScratchModel("UseBrokenLib.mo", "model UseBrokenLib\n  Real y = BrokenLib.f(time);\nend UseBrokenLib;\n");
  std::string d = compileErrors(model, [&](smc::CompileOptions& o) { o.libraryPaths.push_back(root.parent_path().string()); });
  EXPECT_TRUE(has(d, "package.mo:5:58: error: cannot compile the C library 'brokenlib' from its sources in")) << d;
  EXPECT_TRUE(has(d, "brokenlib.c:2:13: error: expected expression")) << d;
}

// A static variable of the C code counts the calls at each sample: a
// restored state brings it back with the model's own values, in the same
// instance and from the serialized bytes.
const char* kTicksModel = R"(model Ticks
  impure function tick "counts its calls in a static variable of its C code"
    input Real t;
    output Integer n;
    external "C" n = smc_test_tick(t) annotation(Include = "static int smc_test_calls = 0;
int smc_test_tick(double t) { (void)t; return ++smc_test_calls; }");
  end tick;
  output Integer n(start = 0, fixed = true);
equation
  when sample(0.25, 0.25) then
    n = tick(time);
  end when;
  annotation(experiment(StopTime = 2));
end Ticks;
)";

TEST(ExternalC, AStateHoldsTheStaticDataOfTheCCode) {
  using smc::test::integerOf;
  using smc::test::stepTo;
  std::optional<smc::test::LoadedFmu> found =
      smc::test::loadFmu(compileModel(writeScratchModel("Ticks.mo", kTicksModel), "Ticks.fmu"));
  ASSERT_TRUE(found);
  const smc::test::LoadedFmu& loaded = *found;
  auto first = smc::test::started(loaded, "first");
  ASSERT_TRUE(first);
  EXPECT_TRUE(first->setupExperiment(std::nullopt, 0.0, 2.0));
  EXPECT_TRUE(first->enterInitializationMode(0.0));
  EXPECT_TRUE(first->exitInitializationMode(0.0));
  stepTo(*first, 0, 0.6);  // ticks at 0.25 and 0.5
  EXPECT_EQ(integerOf(*first, loaded.md, "n", 0.6), 2);
  auto saved = first->getState(0.6);
  ASSERT_TRUE(saved) << saved.error().message;
  auto bytes = first->serializeState(*saved, 0.6);
  ASSERT_TRUE(bytes) << bytes.error().message;
  stepTo(*first, 0.6, 1.1);  // and at 0.75 and 1.0
  EXPECT_EQ(integerOf(*first, loaded.md, "n", 1.1), 4);

  ASSERT_TRUE(first->setState(*saved, 1.1));
  stepTo(*first, 0.6, 1.1);
  EXPECT_EQ(integerOf(*first, loaded.md, "n", 1.1), 4) << "the C counter was not brought back to 2";
  auto restored = first->deserializeState(*bytes, 1.1);
  ASSERT_TRUE(restored) << restored.error().message;
  ASSERT_TRUE(first->setState(*restored, 1.1));
  stepTo(*first, 0.6, 1.6);
  EXPECT_EQ(integerOf(*first, loaded.md, "n", 1.6), 6);
  (void)first->freeState(*saved, 1.6);
  (void)first->freeState(*restored, 1.6);
}

TEST(ExternalC, VerifyStatePassesOnCCodeThatKeepsStaticData) {
  smc::importer::VerifyStateOptions options;
  options.fmuPath = compileModel(writeScratchModel("Ticks.mo", kTicksModel), "TicksVerify.fmu");
  options.seed = 11;
  options.logSink = [](const smc::importer::LogMessage&) {};
  auto report = smc::importer::verifyState(options);
  ASSERT_TRUE(report) << report.error().message;
  EXPECT_TRUE(report->rejected()) << "a restored state diverged";
}

}  // namespace
