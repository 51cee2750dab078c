// External objects (spec 12.9.7) end to end: a class extending
// ExternalObject whose constructor and destructor are C functions of a
// user's static library (tests/e2e/external/userlib.c). The object is
// constructed when the FMU initializes, passed to functions as an opaque
// pointer, and destroyed on fmi2FreeInstance and fmi2Reset; the C code
// writes each construction and destruction to a journal file, which the
// tests read. An FMU state holds an object as the calls that built its C
// state: restoring one constructs the object again and replays them.
#include "e2e/E2eSupport.h"
#include "e2e/UserLibrary.h"
#include "importer/FmuArchive.h"
#include "importer/FmuInstance.h"
#include "importer/ModelDescription.h"
#include "importer/VerifyState.h"
#include "support/StateChecksum.h"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <optional>
#include <fstream>
#include <sstream>

namespace {

using smc::importer::SimulationResult;
using smc::test::compileErrors;
using smc::test::compileModel;
using smc::test::LoadedFmu;
using smc::test::loadFmu;
using smc::test::realOf;
using smc::test::simulateOk;
using smc::test::simulationOf;
using smc::test::started;
using smc::test::stepTo;
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
  const std::string library = smc::test::userlibAnnotation();
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
  std::optional<LoadedFmu> loaded = loadFmu(compileModel(model, "GainReset.fmu"));
  ASSERT_TRUE(loaded);
  {
    auto made = started(*loaded, "reset");
    ASSERT_TRUE(made);
    FmuInstance& instance = *made;
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
  }
  EXPECT_EQ(readFile(journal), "new 3\nfree 3\nnew 3\nfree 3\n");
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

// A call that takes an object is logged for FMU states as numbers, so a
// String computed when the model runs cannot be passed with it: a
// located "not supported yet" at the call, not a log that cannot replay.
TEST(ExternalObjects, AStringComputedWhenTheModelRunsBesideAnObjectIsALocatedError) {
  std::string model = writeScratchModel("Labelled.mo", R"(model Labelled
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
  function tag
    input Handle h;
    input String label;
    output Integer n;
    external "C" n = handle_tag(h, label);
  end tag;
  parameter Handle handle = Handle();
  Integer n = tag(handle, String(time));
end Labelled;
)");
  std::string d = compileErrors(model);
  EXPECT_TRUE(has(d, "Labelled.mo:20:15: error: not supported yet: calling 'Labelled.tag', which takes an external "
                     "object, with its String input 'label' computed when the model runs"))
      << d;
}

std::string counterModel() {
  const std::string library = smc::test::userlibAnnotation();
  return R"(model CounterUse
  class Counter
    extends ExternalObject;
    function constructor
      input Integer start;
      output Counter counter;
      external "C" counter = userlib_counter_new(start) )" +
         library + R"(;
    end constructor;
    function destructor
      input Counter counter;
      external "C" userlib_counter_free(counter) )" +
         library + R"(;
    end destructor;
  end Counter;
  impure function bump
    input Counter counter;
    output Integer n;
    external "C" n = userlib_counter_bump(counter) )" +
         library + R"(;
  end bump;
  function read
    input Counter counter;
    input Real t;
    output Real value;
    external "C" value = userlib_counter_read(counter, t) )" +
         library + R"(;
  end read;
  parameter Counter counter = Counter(10);
  output Integer n(start = 0, fixed = true);
  output Real y;
equation
  when sample(0.25, 0.25) then
    n = bump(counter);
  end when;
  y = read(counter, time);
  annotation(experiment(StopTime = 2));
end CounterUse;
)";
}


// The counter's C state moves at each sample: a restored state must bring
// it back to what it was then, in the same instance and in another one.
TEST(ExternalObjects, ARestoredStateRebuildsTheObjectsCStateByReplayingItsEventCalls) {
  using namespace smc::importer;
  std::optional<LoadedFmu> found =
      loadFmu(compileModel(writeScratchModel("CounterUse.mo", counterModel()), "CounterUse.fmu"));
  ASSERT_TRUE(found);
  const LoadedFmu& loaded = *found;
  EXPECT_TRUE(loaded.md.canGetAndSetFMUstate);
  EXPECT_TRUE(loaded.md.canSerializeFMUstate);

  auto first = started(loaded, "first");
  ASSERT_TRUE(first);
  EXPECT_TRUE(first->setupExperiment(std::nullopt, 0.0, 2.0));
  EXPECT_TRUE(first->enterInitializationMode(0.0));
  EXPECT_TRUE(first->exitInitializationMode(0.0));
  stepTo(*first, 0, 0.6);  // bumped at 0.25 and 0.5
  EXPECT_EQ(realOf(*first, loaded.md, "y", 0.6), 12);
  auto saved = first->getState(0.6);
  ASSERT_TRUE(saved) << saved.error().message;
  auto bytes = first->serializeState(*saved, 0.6);
  ASSERT_TRUE(bytes) << bytes.error().message;
  stepTo(*first, 0.6, 1.1);  // and at 0.75 and 1.0
  EXPECT_EQ(realOf(*first, loaded.md, "y", 1.1), 14);

  ASSERT_TRUE(first->setState(*saved, 1.1));
  EXPECT_EQ(realOf(*first, loaded.md, "y", 0.6), 12);
  stepTo(*first, 0.6, 1.1);
  EXPECT_EQ(realOf(*first, loaded.md, "y", 1.1), 14) << "the counter was not brought back to 12";
  (void)first->freeState(*saved, 1.1);

  // Another instance, never initialized itself, continues from the bytes.
  auto second = started(loaded, "second");
  ASSERT_TRUE(second);
  auto restored = second->deserializeState(*bytes, 0.0);
  ASSERT_TRUE(restored) << restored.error().message;
  ASSERT_TRUE(second->setState(*restored, 0.0));
  stepTo(*second, 0.6, 1.1);
  EXPECT_EQ(realOf(*second, loaded.md, "y", 1.1), 14);
  (void)second->freeState(*restored, 1.1);
}

// The serialized form (runtime/src/state_format.h) with `record` appended
// to its log of external object calls, size and checksum made to match.
std::vector<char> withRecordAppended(std::vector<char> bytes, const std::vector<char>& record) {
  auto readLe = [&](size_t at, int n) {
    uint64_t v = 0;
    for (int i = 0; i < n; ++i) v |= static_cast<uint64_t>(static_cast<unsigned char>(bytes[at + i])) << (8 * i);
    return v;
  };
  auto writeLe = [&](size_t at, uint64_t v, int n) {
    for (int i = 0; i < n; ++i) bytes[at + i] = static_cast<char>((v >> (8 * i)) & 0xff);
  };
  bytes.insert(bytes.end(), record.begin(), record.end());
  writeLe(16, readLe(16, 8) + record.size(), 8);
  smc::test::resealSerializedState(bytes);
  return bytes;
}

std::vector<char> recordOf(int32_t function, const std::vector<double>& inputs) {
  std::vector<char> record(8 + 8 * inputs.size());
  const auto count = static_cast<int32_t>(inputs.size());
  std::memcpy(record.data(), &function, 4);
  std::memcpy(record.data() + 4, &count, 4);
  if (!inputs.empty()) std::memcpy(record.data() + 8, inputs.data(), 8 * inputs.size());
  return record;
}

// Bytes from outside whose log names no function, or gives one inputs it
// cannot take, are refused with the reason instead of running anything.
TEST(ExternalObjects, AForgedLogOfExternalObjectCallsIsRefused) {
  using namespace smc::importer;
  std::optional<LoadedFmu> loaded =
      loadFmu(compileModel(writeScratchModel("CounterUse.mo", counterModel()), "CounterForged.fmu"));
  ASSERT_TRUE(loaded);
  auto instance = started(*loaded, "forged");
  ASSERT_TRUE(instance);
  EXPECT_TRUE(instance->setupExperiment(std::nullopt, 0.0, 2.0));
  EXPECT_TRUE(instance->enterInitializationMode(0.0));
  EXPECT_TRUE(instance->exitInitializationMode(0.0));
  stepTo(*instance, 0, 0.3);
  auto saved = instance->getState(0.3);
  ASSERT_TRUE(saved) << saved.error().message;
  auto bytes = instance->serializeState(*saved, 0.3);
  ASSERT_TRUE(bytes) << bytes.error().message;

  for (const auto& [record, why] :
       std::vector<std::pair<std::vector<char>, std::string>>{{recordOf(999999, {}), "names no function"},
                                                             {recordOf(-1, {0.0}), "names no function"}}) {
    auto forged = instance->deserializeState(withRecordAppended(*bytes, record), 0.3);
    ASSERT_TRUE(forged) << forged.error().message;
    auto set = instance->setState(*forged, 0.3);
    EXPECT_FALSE(set);
    if (!set) {
      EXPECT_TRUE(has(set.error().message, why)) << set.error().message;
    }
    (void)instance->freeState(*forged, 0.3);
  }
  // A record running past the end is refused when the bytes come in.
  std::vector<char> cut = recordOf(0, {1.0, 2.0});
  cut.resize(cut.size() - 8);
  auto refused = instance->deserializeState(withRecordAppended(*bytes, cut), 0.3);
  EXPECT_FALSE(refused);
  if (refused) {
    (void)instance->freeState(*refused, 0.3);
  } else {
    EXPECT_TRUE(has(refused.error().message, "runs past its end")) << refused.error().message;
  }
  (void)instance->freeState(*saved, 0.3);
}

TEST(ExternalObjects, VerifyStatePassesOnAnFmuWithAnObjectThatChangesAtEvents) {
  std::string fmuPath = compileModel(writeScratchModel("CounterUse.mo", counterModel()), "CounterVerify.fmu");
  smc::importer::VerifyStateOptions options;
  options.fmuPath = fmuPath;
  options.seed = 7;
  options.logSink = [](const smc::importer::LogMessage&) {};
  auto report = smc::importer::verifyState(options);
  ASSERT_TRUE(report) << report.error().message;
  EXPECT_TRUE(report->rejected()) << "a restored state diverged";
}

}  // namespace
