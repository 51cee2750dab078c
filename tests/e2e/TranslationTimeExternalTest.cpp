// External C functions run at translation (flatten/ExternalRunner.h,
// src/externalc/JitRunner.cpp): a value the translation needs (an array
// size, a constant String, a parameter an if-expression tests) comes from
// the model's C code run inside smc. Expected values follow from the C
// code by hand.
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

namespace {

using smc::importer::SimulationResult;
using smc::test::compileErrors;
using smc::test::compileModel;
using smc::test::simulateOk;
using smc::test::simulationOf;
using smc::test::valueAt;
using smc::test::writeScratchModel;

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string modelDescriptionOf(const std::string& fmu) {
  std::string text;
  if (FILE* pipe = popen(("unzip -p '" + fmu + "' modelDescription.xml").c_str(), "r")) {
    char buffer[4096];
    for (size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) text.append(buffer, n);
    pclose(pipe);
  }
  return text;
}

// An Integer computed in C sizes an array: the function runs when the
// model is translated, and the FMU has 2 * 3 + 1 = 7 elements.
TEST(TranslationTimeExternal, AnArraySizeComputedInCFixesTheModelsStructure) {
  std::string model = writeScratchModel("SizeFromC.mo", R"(model SizeFromC
  function slots
    input Integer n;
    output Integer m;
    external "C" m = smc_test_slots(n) annotation(Include = "int smc_test_slots(int n) { return 2 * n + 1; }");
  end slots;
  parameter Integer n = slots(3);
  Real x[n](each start = 1, each fixed = true);
equation
  for i in 1:n loop
    der(x[i]) = -i * x[i];
  end for;
end SizeFromC;
)");
  std::string fmu = compileModel(model, "SizeFromC.fmu");
  SimulationResult r = simulateOk(simulationOf(fmu, 1, 0.5, true));
  EXPECT_EQ(valueAt(r, "n", 0), 7);
  EXPECT_NEAR(valueAt(r, "x[7]", 1), std::exp(-7.0), 1e-5);
}

// A String returned by C (allocated with ModelicaAllocateString) is a
// constant of the model, and a relation on it decides a parameter.
TEST(TranslationTimeExternal, AStringReturnedByCIsAConstantTheModelCanTest) {
  std::string model = writeScratchModel("StringFromC.mo", R"(model StringFromC
  function shout
    input String s;
    output String loud;
    external "C" loud = smc_test_shout(s) annotation(Include = "
#include <string.h>
#include \"ModelicaUtilities.h\"
const char* smc_test_shout(const char* s) {
  size_t n = strlen(s);
  char* out = ModelicaAllocateString(n + 1);
  memcpy(out, s, n);
  out[n] = '!';
  return out;
}");
  end shout;
  constant String word = shout("go");
  parameter Real k = if word == "go!" then 2 else 1;
  Real x(start = 1, fixed = true);
equation
  der(x) = -k * x;
end StringFromC;
)");
  std::string fmu = compileModel(model, "StringFromC.fmu");
  EXPECT_TRUE(has(modelDescriptionOf(fmu), "<String start=\"go!\" />")) << modelDescriptionOf(fmu);
  SimulationResult r = simulateOk(simulationOf(fmu, 1, 0.5, true));
  EXPECT_EQ(valueAt(r, "k", 0), 2);
}

// The MSL's Strings.substring and Strings.length (ModelicaExternalC, built
// from its C sources) give a transformer's connection letters.
TEST(TranslationTimeExternal, MslStringFunctionsGiveConstantsFromTheirCSources) {
  std::string model = writeScratchModel("VectorGroup.mo", R"(model VectorGroup
  constant String group = "Dy05";
  constant String primary = Modelica.Utilities.Strings.substring(group, 1, 1);
  constant String secondary = Modelica.Utilities.Strings.substring(group, 2, 2);
  parameter Integer n = Modelica.Utilities.Strings.length(group);
  parameter Real turns = (if primary == "D" then 3 else 1) * (if secondary == "y" then 10 else 1);
end VectorGroup;
)");
  std::string fmu = compileModel(model, "VectorGroup.fmu", [](smc::CompileOptions& o) {
    o.libraryPaths.push_back(std::string(SMC_SHARED_MODELS) + "/../msl");
  });
  SimulationResult r = simulateOk(simulationOf(fmu, 1, 1, true));
  EXPECT_EQ(valueAt(r, "n", 0), 4);
  EXPECT_EQ(valueAt(r, "turns", 0), 30);
}

// ModelicaError in C run at translation is the model's error, placed at
// the external clause with the C function's message.
TEST(TranslationTimeExternal, ModelicaErrorAtTranslationIsALocatedError) {
  std::string model = writeScratchModel("RefusedSize.mo", R"(model RefusedSize
  function rows
    input Integer n;
    output Integer m;
    external "C" m = smc_test_rows(n) annotation(Include = "
#include \"ModelicaUtilities.h\"
int smc_test_rows(int n) {
  if (n < 0) ModelicaFormatError(\"no table has %d rows\", n);
  return n;
}");
  end rows;
  parameter Integer n = rows(-2);
  Real x[n];
equation
  x = fill(time, n);
end RefusedSize;
)");
  std::string errors = compileErrors(model);
  EXPECT_TRUE(has(errors, "RefusedSize.mo:5:")) << errors;
  EXPECT_TRUE(has(errors, "calling 'RefusedSize.rows' at translation: ModelicaError: no table has -2 rows")) << errors;
}

// An impure function may answer differently when the model runs (a clock,
// a file): it is never run at translation, so it cannot size an array.
TEST(TranslationTimeExternal, AnImpureFunctionIsNotRunAtTranslation) {
  std::string model = writeScratchModel("ImpureSize.mo", R"(model ImpureSize
  impure function ticks
    output Integer m;
    external "C" m = smc_test_ticks() annotation(Include = "int smc_test_ticks(void) { static int n; return ++n; }");
  end ticks;
  parameter Integer n = ticks();
  Real x[n];
equation
  x = fill(time, n);
end ImpureSize;
)");
  std::string errors = compileErrors(model);
  EXPECT_TRUE(has(errors, "'ImpureSize.ticks' is an external function, which runs only in the FMU")) << errors;
}

// A String output needs the function to run at translation; a call whose
// arguments vary is reported where it is written.
TEST(TranslationTimeExternal, AStringOutputComputedWhenTheModelRunsIsALocatedError) {
  std::string model = writeScratchModel("RunTimeString.mo", R"(model RunTimeString
  function label
    input Real x;
    output String s;
    external "C" s = smc_test_label(x) annotation(Include = "const char* smc_test_label(double x) { return x > 0 ? \"up\" : \"down\"; }");
  end label;
  Real y = if label(time) == "up" then 1 else 0;
end RunTimeString;
)");
  std::string errors = compileErrors(model);
  EXPECT_TRUE(has(errors, "RunTimeString.mo:7:")) << errors;
  EXPECT_TRUE(has(errors, "not supported yet")) << errors;
}

}  // namespace
