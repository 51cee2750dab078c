// External functions (spec 12.9) end to end: C functions of libm called in
// the explicit and default forms, a user's static library found through
// LibraryDirectory and linked into the FMU (scalars, arrays in and out,
// Integer arrays, a matrix in row-major order, a Boolean output by
// address), the functions of ModelicaUtilities.h that such code calls
// (ModelicaError ending the FMI call, messages, warnings, strings), and
// the errors of what cannot be linked or is not C.
// Expected values are worked out from the C code by hand.
#include "check/Check.h"
#include "e2e/E2eSupport.h"
#include "e2e/UserLibrary.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <vector>

namespace {

using smc::importer::SimulationResult;
using smc::test::compileErrors;
using smc::test::compileModel;
using smc::test::simulateOk;
using smc::test::simulationOf;
using smc::test::valueAt;
using smc::test::writeScratchModel;

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(ExternalFunctions, MathLibraryFunctionsAreCalledInTheExplicitAndDefaultForms) {
  std::string model = writeScratchModel("ExternalMath.mo", R"(model ExternalMath
  function ccos
    input Real x;
    output Real y;
    external "C" y = cos(x);
  end ccos;
  function splitExponent "m * 2^e = x, an Integer output passed by address"
    input Real x;
    output Real m;
    output Integer e;
    external "C" m = frexp(x, e);
  end splitExponent;
  function hyp
    input Real x;
    input Real y;
    output Real h;
    external "C" h = hypot(x, y) annotation(Library = "m");
  end hyp;
  function ldexp "the default form: the C function of the same name"
    input Real x;
    input Integer e;
    output Real y;
    external "C";
  end ldexp;
  Real a = ccos(time);
  Real m;
  Integer e;
  Real h = hyp(3, 4 * time);
  Real l = ldexp(time, 3);
equation
  (m, e) = splitExponent(8 + time);
end ExternalMath;
)");
  std::string fmu = compileModel(model, "ExternalMath.fmu");
  SimulationResult r = simulateOk(simulationOf(fmu, 1, 0.5, true));
  EXPECT_NEAR(valueAt(r, "a", 0.5), std::cos(0.5), 1e-15);
  // 8.5 = 0.53125 * 2^4.
  EXPECT_NEAR(valueAt(r, "m", 0.5), 0.53125, 1e-15);
  EXPECT_EQ(valueAt(r, "e", 0.5), 4);
  EXPECT_NEAR(valueAt(r, "h", 1), 5, 1e-15);
  EXPECT_NEAR(valueAt(r, "l", 0.5), 4, 1e-15);
}

// A String input is known at translation: the function is built for its
// value, which reaches C as a constant string and Modelica code as a literal.
TEST(ExternalFunctions, StringInputsReachCAsConstantStringsAndSpecializeModelicaFunctions) {
  std::string model = writeScratchModel("StringInputs.mo", R"(model StringInputs
  function len
    input String s;
    output Integer n;
    external "C" n = strlen(s);
  end len;
  function atoi "the default form"
    input String s;
    output Integer n;
    external "C";
  end atoi;
  function scaled
    input Real x;
    input String unit = "m";
    output Real y;
  algorithm
    y := if unit == "mm" then 1000 * x else x;
  end scaled;
  parameter String name = "abcd";
  Integer n = len("hello");
  Integer m = len(name + "!");
  Integer k = atoi("42");
  Real a = scaled(time);
  Real b = scaled(time, "mm");
end StringInputs;
)");
  std::string fmu = compileModel(model, "StringInputs.fmu");
  SimulationResult r = simulateOk(simulationOf(fmu, 1, 0.5, true));
  EXPECT_EQ(valueAt(r, "n", 0.5), 5);
  EXPECT_EQ(valueAt(r, "m", 0.5), 5);
  EXPECT_EQ(valueAt(r, "k", 0.5), 42);
  EXPECT_NEAR(valueAt(r, "a", 0.5), 0.5, 1e-15);
  EXPECT_NEAR(valueAt(r, "b", 0.5), 500, 1e-12);
}

// Each distinct known String builds the function once, up to a limit;
// the calls beyond share one build that reads the string at run time, so
// a hundred blocks seeding from their own instance names still compile.
TEST(ExternalFunctions, CallsWithManyDistinctKnownStringsShareOneBuildBeyondTheFoldingLimit) {
  std::string model = writeScratchModel("ManyStrings.mo", R"(model ManyStrings
  function len
    input String s;
    output Integer n;
    external "C" n = strlen(s);
  end len;
  function weight
    input String s;
    input Real x;
    output Real y;
  algorithm
    y := if s == "77" then 3 * x else len(s) * x;
  end weight;
  Real y[100] = {weight(String(i), time) for i in 1:100};
end ManyStrings;
)");
  std::string fmu = compileModel(model, "ManyStrings.fmu");
  SimulationResult r = simulateOk(simulationOf(fmu, 1, 0.5, true));
  EXPECT_NEAR(valueAt(r, "y[5]", 0.5), 0.5, 1e-15);
  EXPECT_NEAR(valueAt(r, "y[42]", 0.5), 1.0, 1e-15);
  EXPECT_NEAR(valueAt(r, "y[77]", 0.5), 1.5, 1e-15);
  EXPECT_NEAR(valueAt(r, "y[100]", 0.5), 1.5, 1e-15);
}

std::string userLibraryModel() {
  return std::string(R"(package UserLib
  function weightedSum
    input Real x[:];
    input Real w;
    output Real y;
    external "C" y = userlib_weighted_sum(x, size(x, 1), w)
      annotation(Library = "userlib", LibraryDirectory = "file://)") +
         SMC_TEST_USERLIB_DIR + R"(");
  end weightedSum;
  function userlib_norm1 "the default form: the array, then its size"
    input Real x[:];
    output Real y;
    external "C" annotation(Library = "userlib", LibraryDirectory = "file://)" +
         SMC_TEST_USERLIB_DIR + R"(");
  end userlib_norm1;
  function scale
    input Real x[:];
    input Real k;
    output Real y[size(x, 1)];
    external "C" userlib_scale(x, size(x, 1), k, y)
      annotation(Library = "userlib", LibraryDirectory = "file://)" +
         SMC_TEST_USERLIB_DIR + R"(");
  end scale;
  function countAbove
    input Integer values[:];
    input Integer threshold;
    output Integer count;
    external "C" count = userlib_count_above(values, size(values, 1), threshold)
      annotation(Library = "userlib", LibraryDirectory = "file://)" +
         SMC_TEST_USERLIB_DIR + R"(");
  end countAbove;
  function rowSum
    input Real m[:, :];
    input Integer r;
    output Real s;
    external "C" s = userlib_row_sum(m, size(m, 1), size(m, 2), r)
      annotation(Library = "userlib", LibraryDirectory = "file://)" +
         SMC_TEST_USERLIB_DIR + R"(");
  end rowSum;
  function isPositive
    input Real x;
    output Boolean positive;
    external "C" userlib_is_positive(x, positive)
      annotation(Library = "userlib", LibraryDirectory = "file://)" +
         SMC_TEST_USERLIB_DIR + R"(");
  end isPositive;
  model Use
    Real ws = weightedSum({1, 2, 3 * time}, 2);
    Real n1 = userlib_norm1({-1, 2, -time});
    Real sc[2] = scale({1, -time}, 3);
    Integer above = countAbove({1, 5, 7, integer(10 * time)}, 4);
    Real row2 = rowSum([1, 2, 3; 4, 5, 6 * time], 2);
    Boolean positive = isPositive(time - 0.25);
  end Use;
end UserLib;
)";
}

TEST(ExternalFunctions, AUsersStaticLibraryIsLinkedIntoTheFmuWithArraysInAndOut) {
  std::string model = writeScratchModel("UserLib.mo", userLibraryModel());
  std::string fmu = compileModel(model, "UserLib.fmu", [](smc::CompileOptions& o) { o.modelName = "UserLib.Use"; });
  SimulationResult r = simulateOk(simulationOf(fmu, 1, 0.5, true));
  // 2 * (1 + 2 + 1.5) at t = 0.5.
  EXPECT_NEAR(valueAt(r, "ws", 0.5), 9, 1e-15);
  EXPECT_NEAR(valueAt(r, "n1", 0.5), 3.5, 1e-15);
  EXPECT_NEAR(valueAt(r, "sc[1]", 0.5), 3, 1e-15);
  EXPECT_NEAR(valueAt(r, "sc[2]", 0.5), -1.5, 1e-15);
  // {1, 5, 7, 5} above 4: three; at t = 0: {1, 5, 7, 0}: two.
  EXPECT_EQ(valueAt(r, "above", 0.5), 3);
  EXPECT_EQ(valueAt(r, "above", 0), 2);
  // Row 2 of [1, 2, 3; 4, 5, 3]: 12.
  EXPECT_NEAR(valueAt(r, "row2", 0.5), 12, 1e-15);
  EXPECT_EQ(valueAt(r, "positive", 0), 0);
  EXPECT_EQ(valueAt(r, "positive", 0.5), 1);
  // `smc check` finds the FMU valid and names the library it carries.
  smc::check::CheckResult checked = smc::check::checkFmu(fmu);
  EXPECT_EQ(checked.errorCount(), 0u);
  EXPECT_EQ(checked.externalLibraries, std::vector<std::string>{"libuserlib.a"});
  std::ostringstream printed;
  smc::check::printResult(checked, printed);
  EXPECT_TRUE(has(printed.str(), "links in external C libraries: libuserlib.a")) << printed.str();
}

TEST(ExternalFunctions, BooleanArraysReachCAsIntArraysAndComeBack) {
  const std::string library = smc::test::userlibAnnotation();
  std::string model = writeScratchModel("BooleanArrays.mo", R"(model BooleanArrays
  function countTrue
    input Boolean flags[:];
    output Integer n;
    external "C" n = userlib_count_true(flags, size(flags, 1)) )" + library + R"(;
  end countTrue;
  function negate
    input Boolean flags[:];
    output Boolean negated[size(flags, 1)];
    external "C" userlib_negate(flags, size(flags, 1), negated) )" + library + R"(;
  end negate;
  Integer n = countTrue({time > 0.2, true, time > 0.7});
  Boolean b[3] = negate({time > 0.2, true, false});
end BooleanArrays;
)");
  std::string fmu = compileModel(model, "BooleanArrays.fmu");
  SimulationResult r = simulateOk(simulationOf(fmu, 1, 0.5, true));
  EXPECT_EQ(valueAt(r, "n", 0), 1);
  EXPECT_EQ(valueAt(r, "n", 0.5), 2);
  EXPECT_EQ(valueAt(r, "n", 1), 3);
  EXPECT_EQ(valueAt(r, "b[1]", 0), 1);
  EXPECT_EQ(valueAt(r, "b[1]", 0.5), 0);
  EXPECT_EQ(valueAt(r, "b[2]", 0.5), 0);
  EXPECT_EQ(valueAt(r, "b[3]", 0.5), 1);
}

std::string utilitiesModel(const std::string& equations) {
  const std::string annotation = smc::test::userlibAnnotation();
  return R"(model Utilities
  function checkedRoot
    input Real x;
    output Real y;
    external "C" y = userlib_checked_root(x) )" +
         annotation + R"(;
  end checkedRoot;
  function reported
    input Real x;
    output Real y;
    external "C" y = userlib_reported(x) )" +
         annotation + R"(;
  end reported;
  function allocatedLength
    input Integer n;
    output Integer length;
    external "C" length = userlib_allocated_length(n) )" +
         annotation + R"(;
  end allocatedLength;
)" + equations +
         "end Utilities;\n";
}

// ModelicaError (through ModelicaFormatError) ends the FMI call that ran
// the model with fmi2Error and its message, as a failed assert() does.
TEST(ExternalFunctions, ModelicaErrorInExternalCodeFailsTheCallWithItsMessage) {
  std::string model = writeScratchModel("Utilities.mo", utilitiesModel("  Real y = checkedRoot(1 - time);\n"));
  std::string fmu = compileModel(model, "UtilitiesError.fmu");
  std::string error = smc::test::simulateError(simulationOf(fmu, 2, 0.25, true));
  EXPECT_TRUE(has(error, "userlib_checked_root: -0.25 is negative")) << error;
  // Before that, the library computed the root.
  auto options = simulationOf(fmu, 0.75, 0.25, true);
  SimulationResult r = simulateOk(options);
  EXPECT_NEAR(valueAt(r, "y", 0.75), 0.5, 1e-12);
}

// Inside the integrator's right-hand side the error is not retried with
// smaller steps: CVODE stops at once and the step fails with the message.
TEST(ExternalFunctions, ModelicaErrorInTheDerivativesStopsTheIntegration) {
  std::string model = writeScratchModel("Utilities.mo", utilitiesModel("  Real x(start = 0, fixed = true);\n"
                                                                       "equation\n"
                                                                       "  der(x) = checkedRoot(1 - time);\n"));
  std::string fmu = compileModel(model, "UtilitiesDerivative.fmu");
  std::string error = smc::test::simulateError(simulationOf(fmu, 2, 0.25, true));
  EXPECT_TRUE(has(error, "is negative")) << error;
}

TEST(ExternalFunctions, ModelicaMessagesReachTheLoggerAndWarningsMakeTheCallWarn) {
  std::string model = writeScratchModel(
      "Utilities.mo", utilitiesModel("  Real y = reported(20 * time);\n  Integer n = allocatedLength(4);\n"));
  std::string fmu = compileModel(model, "UtilitiesMessages.fmu");
  auto options = simulationOf(fmu, 1, 0.5, true);
  std::vector<std::string> messages;
  options.logSink = [&](const smc::importer::LogMessage& m) {
    if (m.category == "logModelicaMessages") messages.emplace_back(m.message);
  };
  SimulationResult r = simulateOk(options);
  EXPECT_NE(std::find(messages.begin(), messages.end(), "userlib_reported(10)"), messages.end());
  bool warned = false;
  for (const std::string& w : r.warnings) warned = warned || has(w, "fmi2Warning");
  EXPECT_TRUE(warned);
  EXPECT_EQ(valueAt(r, "n", 1), 12);
}

TEST(ExternalFunctions, ALibraryThatIsNotThereIsALocatedError) {
  std::string model = writeScratchModel("MissingLib.mo", R"(model MissingLib
  function f
    input Real x;
    output Real y;
    external "C" y = nowhere_f(x) annotation(Library = "nowhere", LibraryDirectory = "file:///nonexistent");
  end f;
  Real y = f(time);
end MissingLib;
)");
  std::string d = compileErrors(model);
  EXPECT_TRUE(has(d, "MissingLib.mo:5:56: error: library 'nowhere' of external function 'MissingLib.f' not found: "
                     "no libnowhere.a in '/nonexistent/linux64' or '/nonexistent'"))
      << d;
}

TEST(ExternalFunctions, ASymbolNoLibraryDefinesFailsTheLinkNamingIt) {
  std::string model = writeScratchModel("MissingSymbol.mo", R"(model MissingSymbol
  function f
    input Real x;
    output Real y;
    external "C" y = smc_test_no_such_function(x);
  end f;
  Real y = f(time);
end MissingSymbol;
)");
  std::string d = compileErrors(model);
  EXPECT_TRUE(has(d, "MissingSymbol.mo:5:5: error: the C function 'smc_test_no_such_function' that "
                     "'MissingSymbol.f' calls is not defined"))
      << d;
}

TEST(ExternalFunctions, OtherLanguagesAnAlgorithmBesideTheClauseAndAnIncompleteExternalObjectAreErrors) {
  std::string model = writeScratchModel("Fortran.mo", R"(model Fortran
  function f
    input Real x;
    output Real y;
    external "FORTRAN 90" y = f90(x);
  end f;
  function g
    input Real x;
    output Real y;
  algorithm
    y := x;
    external "C" y = cos(x);
  end g;
  class Handle
    extends ExternalObject;
  end Handle;
  function use
    input Handle h;
    output Real y;
    external "C" y = handle_use(h);
  end use;
  parameter Handle h;
  Real y = f(time);
  Real z = g(time);
  Real w = use(h);
end Fortran;
)");
  std::string d = compileErrors(model);
  EXPECT_TRUE(has(d, "Fortran.mo:5:5: error: not supported yet: external \"FORTRAN 90\" functions")) << d;
  EXPECT_TRUE(has(d, "Fortran.mo:12:5: error: function 'Fortran.g' has both an algorithm section and an external "
                     "clause (spec 12.9)"))
      << d;
  EXPECT_TRUE(has(d, "Fortran.mo:14:9: error: external object class 'Fortran.Handle' must declare the functions "
                     "'constructor' and 'destructor' (spec 12.9.7)"))
      << d;
}

}  // namespace
