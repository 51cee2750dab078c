// External C functions run at translation (flatten/ExternalRunner.h,
// src/externalc/JitRunner.cpp): a value the translation needs (an array
// size, a constant String, a parameter an if-expression tests) comes from
// the model's C code run inside smc. Expected values follow from the C
// code by hand.
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
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

// A macro defined for the compile (smc -D) reaches the C code that runs
// at translation: here it sizes the array.
TEST(TranslationTimeExternal, AMacroDefinedForTheCompileReachesCodeRunAtTranslation) {
  std::string model = writeScratchModel("SizeFromMacro.mo", R"(model SizeFromMacro
  function width
    output Integer m;
    external "C" m = smc_test_width() annotation(Include = "int smc_test_width(void) { return SMC_TEST_WIDTH; }");
  end width;
  parameter Integer n = width();
  Real x[n](each start = 1, each fixed = true);
equation
  der(x) = -x;
end SizeFromMacro;
)");
  std::string fmu = compileModel(model, "SizeFromMacro.fmu",
                                 [](smc::CompileOptions& o) { o.cDefines = {"SMC_TEST_WIDTH=5"}; });
  SimulationResult r = simulateOk(simulationOf(fmu, 1, 0.5, true));
  EXPECT_EQ(valueAt(r, "n", 0), 5);
  EXPECT_NEAR(valueAt(r, "x[5]", 1), std::exp(-1.0), 1e-5);
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
// a file): a parameter bound to it is computed by the FMU. Only a value the
// structure needs (an array size, spec 12.3 allowing the call in a
// parameter's binding) runs it at translation.
TEST(TranslationTimeExternal, AnImpureFunctionRunsAtTranslationOnlyForTheStructure) {
  std::string model = writeScratchModel("ImpureCalls.mo", R"(model ImpureCalls
  impure function ticks
    input Integer k;
    output Integer m;
    external "C" m = smc_test_ticks(k) annotation(Include = "int smc_test_ticks(int k) { static int n; n += k; return n; }");
  end ticks;
  parameter Integer n = ticks(2);
  parameter Integer later = ticks(5);
  Real x[n];
equation
  x = fill(time, n);
end ImpureCalls;
)");
  std::string fmu = compileModel(model, "ImpureCalls.fmu");
  const std::string description = modelDescriptionOf(fmu);
  // Run once for the size (the structure and the parameter agree on 2),
  // never for `later`, which the FMU computes with its own C code.
  EXPECT_TRUE(has(description, "name=\"x[2]\"")) << description;
  EXPECT_FALSE(has(description, "name=\"x[3]\"")) << description;
  EXPECT_TRUE(has(description, "<Integer start=\"2\" />")) << description;
  EXPECT_TRUE(has(description, "name=\"later\" valueReference=\"1\" causality=\"calculatedParameter\""))
      << description;
  SimulationResult r = simulateOk(simulationOf(fmu, 1, 1, true));
  EXPECT_EQ(valueAt(r, "later", 0), 5);
}

// A Modelica function with String locals and outputs runs at translation:
// its String local grows in a loop and is passed on, varying, to the MSL's
// Strings.length (whose C code then gets the String computed there).
TEST(TranslationTimeExternal, FunctionsWithStringVariablesRunAtTranslation) {
  std::string model = writeScratchModel("StringWork.mo", R"(model StringWork
  function label
    input Integer n;
    output String s;
  protected
    String unit = "kg";
  algorithm
    s := String(n) + " " + unit;
  end label;
  function repeated
    input Integer n;
    output Integer length;
  protected
    String text = "";
  algorithm
    for i in 1:n loop
      text := text + "ab";
    end for;
    length := Modelica.Utilities.Strings.length(text);
  end repeated;
  function measured "a default the varying argument must not replace"
    input String s = "none";
    output Integer n;
  algorithm
    n := Modelica.Utilities.Strings.length(s);
  end measured;
  function grown
    input Integer k;
    output Integer n;
  protected
    String t = "";
  algorithm
    for i in 1:k loop
      t := t + "x";
    end for;
    n := measured(t);
  end grown;
  constant String tag = label(3);
  parameter Real k = if tag == "3 kg" then 2 else 1;
  parameter Integer m = repeated(3);
  parameter Integer g = grown(5);
  Real x[m];
  Real y[g];
equation
  x = fill(k, m);
  y = fill(1, g);
end StringWork;
)");
  std::string fmu = compileModel(model, "StringWork.fmu", [](smc::CompileOptions& o) {
    o.libraryPaths.push_back(std::string(SMC_SHARED_MODELS) + "/../msl");
  });
  SimulationResult r = simulateOk(simulationOf(fmu, 1, 1, true));
  EXPECT_EQ(valueAt(r, "m", 0), 6);
  EXPECT_EQ(valueAt(r, "x[6]", 0), 2);
  EXPECT_EQ(valueAt(r, "g", 0), 5);  // "xxxxx", never the default "none"
}

// smc's ModelicaServices.ExternalReferences.loadResource: a modelica:// URI
// is the file under the library's directory, resolved at translation; the
// matrix is then read with the size C code found at translation (the MSL's
// ReadRealMatrixFromFile, without its print of a String built at run time).
TEST(TranslationTimeExternal, LoadResourceResolvesModelicaUrisAndFilesSizeArrays) {
  std::string model = writeScratchModel("ReadMatrix.mo", R"(model ReadMatrix
  parameter String file = Modelica.Utilities.Files.loadResource(
    "modelica://Modelica.Utilities/../Resources/Data/Utilities/Test_RealMatrix_v4.mat");
  parameter Integer dim1[2] = Modelica.Utilities.Streams.readMatrixSize(file, "Matrix_A");
  parameter Real A[:, :] = Modelica.Utilities.Streams.readRealMatrix(file, "Matrix_A", dim1[1], dim1[2]);
end ReadMatrix;
)");
  const std::string msl = std::string(SMC_SHARED_MODELS) + "/../msl";
  std::string fmu = compileModel(model, "ReadMatrix.fmu", [&](smc::CompileOptions& o) { o.libraryPaths.push_back(msl); });
  const std::string expected =
      std::filesystem::path(msl + "/Modelica/Resources/Data/Utilities/Test_RealMatrix_v4.mat").lexically_normal().string();
  EXPECT_TRUE(has(modelDescriptionOf(fmu), "<String start=\"" + expected + "\" />")) << modelDescriptionOf(fmu);
  SimulationResult r = simulateOk(simulationOf(fmu, 1, 1, true));
  EXPECT_EQ(valueAt(r, "dim1[1]", 0), 3);
  EXPECT_EQ(valueAt(r, "dim1[2]", 0), 2);
  EXPECT_EQ(valueAt(r, "A[3,2]", 0), 32);
}

// A C function that no code of the model defines cannot give a size: the
// JIT's link error is the message, at the external clause.
TEST(TranslationTimeExternal, ASymbolNoLibraryDefinesIsALocatedError) {
  std::string model = writeScratchModel("Undefined.mo", R"(model Undefined
  function f
    input Integer n;
    output Integer m;
    external "C" m = smc_test_nowhere(n);
  end f;
  parameter Integer n = f(2);
  Real x[n];
equation
  x = fill(time, n);
end Undefined;
)");
  std::string errors = compileErrors(model);
  EXPECT_TRUE(has(errors, "Undefined.mo:5:5: error: calling 'Undefined.f' at translation: the model's C code cannot "
                          "be linked: Symbols not found: [ smc_test_nowhere ]"))
      << errors;
}

// A resource of a library that is not loaded is a located error at the
// loadResource call, not a path that points nowhere.
TEST(TranslationTimeExternal, LoadResourceOfALibraryNotLoadedIsALocatedError) {
  std::string model = writeScratchModel("MissingResource.mo", R"(model MissingResource
  parameter String file = Modelica.Utilities.Files.loadResource("modelica://NoSuchLibrary/data.txt");
end MissingResource;
)");
  std::string errors = compileErrors(model, [](smc::CompileOptions& o) {
    o.libraryPaths.push_back(std::string(SMC_SHARED_MODELS) + "/../msl");
  });
  EXPECT_TRUE(has(errors, "MissingResource.mo:2:27: error: 'modelica://NoSuchLibrary/data.txt' names the library "
                          "'NoSuchLibrary', which is not loaded"))
      << errors;
}

}  // namespace
