// Output dependencies end to end: models compiled by smc into FMUs, their
// modelDescription.xml read back by the importer, and the runtime asked
// the question the dependencies answer: after fmi2SetXXX of an input at a
// communication point, which outputs does fmi2GetXXX show changed, without
// a doStep? The expected lists come from the models (Dependencies.cpp's
// rules); the runtime check pins that an unlisted output stays unchanged
// and, for these values, that a listed one moves.
#include "e2e/E2eSupport.h"
#include "importer/FmuArchive.h"
#include "importer/FmuInstance.h"
#include "importer/ModelDescription.h"

#include <gtest/gtest.h>

#include <map>

namespace {

using namespace smc;
using namespace smc::importer;
using Names = std::vector<std::string>;

// Communication points every 0.1 s: each one is a tick of the 0.1 s
// sample() and clock in the models, the case where a Set could re-fire them.
constexpr double kStep = 0.1;

using Loaded = test::LoadedFmu;

std::optional<Loaded> load(const std::string& name, const std::string& source) {
  return test::loadFmu(test::compileModel(test::writeScratchModel(name + ".mo", source), name + ".fmu"));
}

// Each output's listed dependencies by name; "*" when the attribute is absent.
std::map<std::string, Names> declaredDependencies(const ModelDescription& md) {
  std::map<std::string, Names> result;
  for (size_t i = 0; i < md.outputs.size(); ++i) {
    Names& names = result[md.variables[md.outputs[i]].name];
    if (!md.outputDependencies[i]) {
      names.push_back("*");
      continue;
    }
    for (std::size_t known : *md.outputDependencies[i]) names.push_back(md.variables[known].name);
  }
  return result;
}

double getValue(FmuInstance& instance, const ScalarVariable& v, double time) {
  fmi2::ValueReference ref = v.valueReference;
  if (v.type == VariableType::Real) {
    double value = 0;
    EXPECT_TRUE(instance.getReal({&ref, 1}, {&value, 1}, time));
    return value;
  }
  int value = 0;
  if (v.type == VariableType::Integer)
    EXPECT_TRUE(instance.getInteger({&ref, 1}, {&value, 1}, time));
  else
    EXPECT_TRUE(instance.getBoolean({&ref, 1}, {&value, 1}, time));
  return value;
}

void setValue(FmuInstance& instance, const ScalarVariable& v, double value, double time) {
  if (v.type == VariableType::Real)
    EXPECT_TRUE(instance.setReal(v.valueReference, value, time));
  else
    EXPECT_TRUE(instance.setInteger(v.valueReference, static_cast<int>(value), time));
}

// Steps to t = steps*kStep, sets `input` to `value` and returns the
// outputs whose value changed through the Set alone.
Names outputsMovedBySet(const Loaded& loaded, const std::string& input, double value, int steps) {
  auto made = FmuInstance::instantiate(*loaded.fmu, loaded.md, loaded.archive.resourcesUri(),
                                       InstanceOptions{"dependencies", false, false, [](const LogMessage&) {}});
  if (!made) {
    ADD_FAILURE() << made.error().message;
    return {};
  }
  FmuInstance& instance = **made;
  EXPECT_TRUE(instance.setupExperiment(std::nullopt, 0.0, 1.0));
  EXPECT_TRUE(instance.enterInitializationMode(0.0));
  EXPECT_TRUE(instance.exitInitializationMode(0.0));
  for (int k = 0; k < steps; ++k) EXPECT_TRUE(instance.doStep(k * kStep, kStep));
  double now = steps * kStep;
  std::vector<double> before;
  for (std::size_t index : loaded.md.outputs) before.push_back(getValue(instance, loaded.md.variables[index], now));
  setValue(instance, *loaded.md.find(input), value, now);
  Names moved;
  for (size_t i = 0; i < loaded.md.outputs.size(); ++i) {
    const ScalarVariable& output = loaded.md.variables[loaded.md.outputs[i]];
    if (getValue(instance, output, now) != before[i]) moved.push_back(output.name);
  }
  return moved;
}

const char* kMixed =
    "model Mixed\n"
    "  input Real u(start = 0);\n"
    "  output Real gain;\n"
    "  output Real x(start = 1, fixed = true);\n"
    "  output Real sum;\n"
    "  output Real held(start = 0);\n"
    "  output Real sampled(start = 0);\n"
    "  output Real clocked;\n"
    "  output Real clock;\n"
    "  Real us;\n"
    "equation\n"
    "  gain = 2*u;\n"
    "  der(x) = -x + u;\n"
    "  sum = x + u;\n"
    "  when u > 0.5 then\n"
    "    held = u;\n"
    "  end when;\n"
    "  when sample(0, 0.1) then\n"
    "    sampled = 3*u;\n"
    "  end when;\n"
    "  us = sample(u, Clock(0.1));\n"
    "  clocked = hold(4*us);\n"
    "  clock = 1 + time;\n"
    "end Mixed;\n";

}  // namespace

TEST(DependenciesFmu, DescriptionListsEachOutputsDirectKnowns) {
  std::optional<Loaded> loaded = load("Mixed", kMixed);
  ASSERT_TRUE(loaded);
  std::map<std::string, Names> expected{{"gain", {"u"}},     {"x", {"x"}},       {"sum", {"u", "x"}},
                                        {"held", {"u"}},     {"sampled", {}},    {"clocked", {}},
                                        {"clock", {}}};
  EXPECT_EQ(declaredDependencies(loaded->md), expected);
}

// At t = 0.3, a tick of both the sample() and the clock: only the outputs
// that list u see the new value.
TEST(DependenciesFmu, SetOfAnInputMovesExactlyTheOutputsThatListIt) {
  std::optional<Loaded> loaded = load("Mixed", kMixed);
  ASSERT_TRUE(loaded);
  EXPECT_EQ(outputsMovedBySet(*loaded, "u", 1.0, 3), (Names{"gain", "sum", "held"}));
  // Between ticks of the controllers as well.
  EXPECT_EQ(outputsMovedBySet(*loaded, "u", 1.0, 0), (Names{"gain", "sum", "held"}));
}

TEST(DependenciesFmu, EventClockOnAnInputTicksOnTheSet) {
  std::optional<Loaded> loaded = load("EventTick",
                                      "model EventTick\n"
                                      "  input Real u(start = 0);\n"
                                      "  output Integer n(start = 0);\n"
                                      "equation\n"
                                      "  when Clock(u > 0.5) then\n"
                                      "    n = previous(n) + 1;\n"
                                      "  end when;\n"
                                      "end EventTick;\n");
  ASSERT_TRUE(loaded);
  EXPECT_EQ(declaredDependencies(loaded->md), (std::map<std::string, Names>{{"n", {"u"}}}));
  EXPECT_EQ(outputsMovedBySet(*loaded, "u", 1.0, 2), Names{"n"});
}

TEST(DependenciesFmu, PreOfADiscreteInputSeesTheSet) {
  std::optional<Loaded> loaded = load("PreInput",
                                      "model PreInput\n"
                                      "  input Integer k(start = 0);\n"
                                      "  output Integer m;\n"
                                      "equation\n"
                                      "  m = pre(k);\n"
                                      "end PreInput;\n");
  ASSERT_TRUE(loaded);
  EXPECT_EQ(declaredDependencies(loaded->md), (std::map<std::string, Names>{{"m", {"k"}}}));
  EXPECT_EQ(outputsMovedBySet(*loaded, "k", 5, 2), Names{"m"});
}

TEST(DependenciesFmu, ReinitOnAnInputMovesTheState) {
  std::optional<Loaded> loaded = load("ReinitInput",
                                      "model ReinitInput\n"
                                      "  input Real u(start = 0);\n"
                                      "  output Real x(start = 1, fixed = true);\n"
                                      "equation\n"
                                      "  der(x) = 0;\n"
                                      "  when u > 0.5 then\n"
                                      "    reinit(x, 5);\n"
                                      "  end when;\n"
                                      "end ReinitInput;\n");
  ASSERT_TRUE(loaded);
  EXPECT_EQ(declaredDependencies(loaded->md), (std::map<std::string, Names>{{"x", {"u", "x"}}}));
  EXPECT_EQ(outputsMovedBySet(*loaded, "u", 1.0, 2), Names{"x"});
}
