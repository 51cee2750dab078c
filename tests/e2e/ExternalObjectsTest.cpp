// External objects (spec 12.9.7) end to end: a class extending
// ExternalObject whose constructor and destructor are C functions of a
// user's static library (tests/e2e/external/userlib.c). The object is
// constructed when the FMU initializes, passed to functions as an opaque
// pointer, and destroyed on fmi2FreeInstance and fmi2Reset; the C code
// writes each construction and destruction to a journal file, which the
// tests read. Until an object's C state can be saved, the FMU says it
// cannot save FMU states.
#include "e2e/E2eSupport.h"
#include "importer/FmuArchive.h"
#include "importer/FmuInstance.h"
#include "importer/ModelDescription.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace {

using smc::importer::SimulationResult;
using smc::test::compileErrors;
using smc::test::compileModel;
using smc::test::simulateOk;
using smc::test::simulationOf;
using smc::test::valueAt;
using smc::test::writeScratchModel;

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string readFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// A gain object; `k` and `journal` are the model's parameters, `uses` its
// other declarations and equations.
std::string gainModel(const std::string& name, const std::string& k, const std::string& journal,
                      const std::string& uses) {
  const std::string library = std::string("annotation(Library = \"userlib\", LibraryDirectory = \"file://") +
                              SMC_TEST_USERLIB_DIR + "\")";
  return "model " + name + R"(
  class Gain
    extends ExternalObject;
    function constructor
      input Real k;
      input String journal;
      output Gain gain;
      external "C" gain = userlib_gain_new(k, journal) )" +
         library + R"(;
    end constructor;
    function destructor
      input Gain gain;
      external "C" userlib_gain_free(gain) )" +
         library + R"(;
    end destructor;
  end Gain;
  function apply
    input Gain gain;
    input Real x;
    output Real y;
    external "C" y = userlib_gain_apply(gain, x) )" +
         library + R"(;
  end apply;
  parameter Real k = )" +
         k + R"(;
  parameter Gain gain = Gain(k, ")" + journal + R"(");
)" + uses +
         "end " + name + ";\n";
}

std::string freshJournal(const std::string& name) {
  const std::string path = (std::filesystem::temp_directory_path() / (name + "-" + std::to_string(::getpid()))).string();
  std::filesystem::remove(path);
  return path;
}

TEST(ExternalObjects, AreConstructedAtInitializationUsedByFunctionsAndDestroyedWithTheInstance) {
  const std::string journal = freshJournal("smc-gain-journal");
  std::string model = writeScratchModel(
      "GainUse.mo", gainModel("GainUse", "2", journal,
                              "  parameter Real atOne = apply(gain, 1) \"a parameter computed by the object\";\n"
                              "  Real y = apply(gain, time);\n"
                              "  Real x(start = 0, fixed = true);\n"
                              "equation\n"
                              "  der(x) = apply(gain, 1);\n"));
  std::string fmu = compileModel(model, "GainUse.fmu");
  SimulationResult r = simulateOk(simulationOf(fmu, 1, 0.5, true));
  EXPECT_EQ(valueAt(r, "atOne", 0), 2);
  EXPECT_EQ(valueAt(r, "y", 0.5), 1);
  EXPECT_NEAR(valueAt(r, "x", 1), 2, 1e-9);
  // One object, constructed once and destroyed when the instance was freed.
  EXPECT_EQ(readFile(journal), "new 2\nfree 2\n");
  std::filesystem::remove(journal);
}

TEST(ExternalObjects, ResetDestroysTheObjectAndTheNextInitializationConstructsItAgain) {
  using namespace smc::importer;
  const std::string journal = freshJournal("smc-gain-reset");
  std::string model =
      writeScratchModel("GainReset.mo", gainModel("GainReset", "3", journal, "  Real y = apply(gain, time);\n"));
  std::string fmuPath = compileModel(model, "GainReset.fmu");
  Result<FmuArchive> archive = FmuArchive::extract(fmuPath);
  ASSERT_TRUE(archive) << archive.error().message;
  Result<ModelDescription> md = loadModelDescription(archive->modelDescriptionPath());
  ASSERT_TRUE(md) << md.error().message;
  Result<std::unique_ptr<Fmu>> loaded = Fmu::load(*archive, *md);
  ASSERT_TRUE(loaded) << loaded.error().message;
  {
    auto made = FmuInstance::instantiate(**loaded, *md, archive->resourcesUri(),
                                         InstanceOptions{"reset", false, false, [](const LogMessage&) {}});
    ASSERT_TRUE(made) << made.error().message;
    FmuInstance& instance = **made;
    EXPECT_EQ(readFile(journal), "") << "nothing is constructed before initialization";
    for (int round = 0; round < 2; ++round) {
      EXPECT_TRUE(instance.setupExperiment(std::nullopt, 0.0, 1.0));
      EXPECT_TRUE(instance.enterInitializationMode(0.0));
      EXPECT_TRUE(instance.exitInitializationMode(0.0));
      EXPECT_TRUE(instance.doStep(0.0, 0.5));
      if (round == 0) {
        EXPECT_EQ(readFile(journal), "new 3\n");
        EXPECT_TRUE(instance.reset(0.5));
        EXPECT_EQ(readFile(journal), "new 3\nfree 3\n");
      }
    }
    // States cannot hold the object's C state: refused, with the reason.
    auto state = instance.getState(0.5);
    EXPECT_FALSE(state);
    if (!state) {
      EXPECT_TRUE(has(state.error().message, "external objects")) << state.error().message;
    }
  }
  EXPECT_EQ(readFile(journal), "new 3\nfree 3\nnew 3\nfree 3\n");
  EXPECT_FALSE(md->canGetAndSetFMUstate);
  EXPECT_FALSE(md->canSerializeFMUstate);
  std::filesystem::remove(journal);
}

// ModelicaError in the constructor fails initialization with its message.
TEST(ExternalObjects, AConstructorErrorFailsInitializationWithItsMessage) {
  const std::string journal = freshJournal("smc-gain-error");
  std::string model =
      writeScratchModel("GainError.mo", gainModel("GainError", "-1", journal, "  Real y = apply(gain, time);\n"));
  std::string fmu = compileModel(model, "GainError.fmu");
  std::string error = smc::test::simulateError(simulationOf(fmu, 1, 0.5));
  EXPECT_TRUE(has(error, "userlib_gain_new: the gain -1 is negative")) << error;
  EXPECT_EQ(readFile(journal), "");
  std::filesystem::remove(journal);
}

TEST(ExternalObjects, ABindingThatIsNotTheConstructorAndAClassWithoutOneAreLocatedErrors) {
  std::string model = writeScratchModel("BadObjects.mo", R"(model BadObjects
  class Handle
    extends ExternalObject;
    function constructor
      output Handle h;
      external "C" h = handle_new();
    end constructor;
    function destructor
      input Handle h;
      external "C" handle_free(h);
    end destructor;
  end Handle;
  class Bare
    extends ExternalObject;
  end Bare;
  function make
    output Handle h;
    external "C" h = handle_new();
  end make;
  parameter Handle unbound;
  parameter Handle viaOther = make();
  parameter Bare bare = Bare();
  parameter Real r = 1;
  Real x = r + unbound;
end BadObjects;
)");
  std::string d = compileErrors(model);
  EXPECT_TRUE(has(d, "BadObjects.mo:20:3: error: external object 'unbound' must be bound to a call of its "
                     "constructor, 'BadObjects.Handle(...)' (spec 12.9.7)"))
      << d;
  EXPECT_TRUE(has(d, "BadObjects.mo:21:31: error: external object 'viaOther' must be bound to a call of its "
                     "constructor"))
      << d;
  EXPECT_TRUE(has(d, "BadObjects.mo:13:9: error: external object class 'BadObjects.Bare' must declare the "
                     "functions 'constructor' and 'destructor' (spec 12.9.7)"))
      << d;
}

}  // namespace
