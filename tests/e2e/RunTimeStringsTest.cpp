// String values computed when the model runs (src/codegen/IrStrings.cpp,
// runtime/src/model_strings.c): functions with String inputs, outputs,
// locals and arrays, `+`, String() and relations on run-time values, and
// external C functions that take or return Strings. Each model counts or
// compares its Strings into Integers, whose values follow by hand from the
// text the spec prescribes (String() left-justifies by default, 3.7.1.2).
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace {

using smc::importer::SimulationResult;
using smc::test::compileModel;
using smc::test::simulateError;
using smc::test::simulateOk;
using smc::test::simulationOf;
using smc::test::valueAt;
using smc::test::writeScratchModel;

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// strlen, so that a String's exact text shows as a number.
const char* const kLength = R"(  function len
    input String s;
    output Integer n;
    external "C" n = smc_test_len(s) annotation(Include = "
#include <string.h>
int smc_test_len(const char* s) { return (int)strlen(s); }");
  end len;
)";

// k = 1, 2, 3 over [0, 1), [1, 2), [2, 3).
const char* const kCounter = R"(  discrete Integer k(start = 1, fixed = true);
equation
  when sample(1, 1) then
    k = pre(k) + 1;
  end when;
)";

// label(k) = names[k] + ":" + String(k, minimumLength = 3), left-justified:
// "one:1  " (7 characters), "three:2  " (9), "two:3  " (7). Against
// label(2) = "three:2  ", strcmp orders them -1, 0, 1.
TEST(RunTimeStrings, AFunctionBuildsComparesAndPassesStringsWhenTheModelRuns) {
  std::string model = writeScratchModel("Labels.mo", std::string(R"(model Labels
)") + kLength + R"(  function label
    input Integer k;
    output String s;
  protected
    String names[3] = {"one", "three", "two"};
  algorithm
    s := names[k] + ":" + String(k, minimumLength = 3);
  end label;
  function rank
    input String a;
    input String b;
    output Integer r = if a < b then -1 elseif a == b then 0 else 1;
  end rank;
  function name
    input Integer k;
    output String s = if k == 1 then "a" elseif k == 2 then "bb" elseif k == 3 then "ccc" elseif k == 4 then "dddd"
                      elseif k == 5 then "eeeee" else "";
  end name;
  Integer n = len(label(k));
  Integer c = len(name(k));
  Integer r = rank(label(k), label(2));
  Boolean differs = label(k) <> "three:2  ";
)" + kCounter + "end Labels;\n");
  std::string fmu = compileModel(model, "Labels.fmu");
  SimulationResult r = simulateOk(simulationOf(fmu, 2.75, 0.25, true));
  EXPECT_EQ(valueAt(r, "n", 0.5), 7);
  EXPECT_EQ(valueAt(r, "n", 1.5), 9);
  EXPECT_EQ(valueAt(r, "n", 2.5), 7);
  EXPECT_EQ(valueAt(r, "r", 0.5), -1);
  EXPECT_EQ(valueAt(r, "r", 1.5), 0);
  EXPECT_EQ(valueAt(r, "r", 2.5), 1);
  EXPECT_EQ(valueAt(r, "c", 0.5), 1);  // a chain of ifs (a switch) choosing among Strings
  EXPECT_EQ(valueAt(r, "c", 2.5), 3);
  EXPECT_EQ(valueAt(r, "differs", 0.5), 1);
  EXPECT_EQ(valueAt(r, "differs", 1.5), 0);
}

// String(x, format = f) with a format known only when the model runs:
// 1.5 as ".2f" is "1.50" (4 characters), as "8.1e" " 1.5e+00" (8); "q" is
// no format, and the call fails naming it.
TEST(RunTimeStrings, AFormatChosenWhenTheModelRunsFormatsOrFailsNamingIt) {
  std::string model = writeScratchModel("Formats.mo", std::string(R"(model Formats
)") + kLength + R"(  function show
    input Real x;
    input String f;
    output String s = String(x, format = f);
  end show;
  function pick
    input Integer k;
    output String f;
  protected
    String formats[3] = {".2f", "8.1e", "q"};
  algorithm
    f := formats[k];
  end pick;
  Integer n = len(show(1.5, pick(k)));
)" + kCounter + "end Formats;\n");
  std::string fmu = compileModel(model, "Formats.fmu");
  SimulationResult r = simulateOk(simulationOf(fmu, 1.75, 0.25, true));
  EXPECT_EQ(valueAt(r, "n", 0.5), 4);
  EXPECT_EQ(valueAt(r, "n", 1.5), 8);
  std::string error = simulateError(simulationOf(fmu, 3, 0.25, true));
  EXPECT_TRUE(has(error, "\"q\" is not a format String() can use for a Real")) << error;
}

// A String a C function returns (ModelicaAllocateString) or writes through
// an output's address is a value of the run like any other; a null one,
// which a careless C function may return, reads as "". An explicit
// external call may pass a String expression.
TEST(RunTimeStrings, StringsFromCWhenTheModelRunsAreValuesAndNullIsEmpty) {
  std::string model = writeScratchModel("FromC.mo", std::string(R"(model FromC
)") + kLength + R"(  function repeat
    input String s;
    input Integer times;
    output String r;
    external "C" r = smc_test_repeat(s, times) annotation(Include = "
#include <string.h>
#include \"ModelicaUtilities.h\"
const char* smc_test_repeat(const char* s, int times) {
  size_t n = strlen(s);
  char* r = ModelicaAllocateString(n * (size_t)times);
  for (int i = 0; i < times; ++i) memcpy(r + n * (size_t)i, s, n);
  return r;
}");
  end repeat;
  function upper
    input String s;
    output String r;
    external "C" smc_test_upper(s, r) annotation(Include = "
#include <ctype.h>
#include \"ModelicaUtilities.h\"
void smc_test_upper(const char* s, const char** r) {
  char* copy = ModelicaDuplicateString(s);
  for (char* c = copy; *c; ++c) *c = (char)toupper((unsigned char)*c);
  *r = copy;
}");
  end upper;
  function nothing
    input Integer k;
    output String r;
    external "C" r = smc_test_nothing(k) annotation(Include = "const char* smc_test_nothing(int k) { (void)k; return 0; }");
  end nothing;
  function lenBang
    input String s;
    output Integer n;
    external "C" n = smc_test_len_bang(s + "!") annotation(Include = "
#include <string.h>
int smc_test_len_bang(const char* s) { return (int)strlen(s); }");
  end lenBang;
  Integer m = len(repeat("ab", k));
  Integer banged = lenBang(String(10 * k));
  Boolean shouted = upper("ab" + String(k)) == "AB" + String(k);
  Integer empty = len(nothing(k));
)" + kCounter + "end FromC;\n");
  std::string fmu = compileModel(model, "FromC.fmu");
  SimulationResult r = simulateOk(simulationOf(fmu, 2.75, 0.25, true));
  EXPECT_EQ(valueAt(r, "m", 0.5), 2);
  EXPECT_EQ(valueAt(r, "m", 2.5), 6);
  EXPECT_EQ(valueAt(r, "shouted", 0.5), 1);
  EXPECT_EQ(valueAt(r, "shouted", 2.5), 1);
  EXPECT_EQ(valueAt(r, "empty", 1.5), 0);
  EXPECT_EQ(valueAt(r, "banged", 1.5), 3);  // "20!"

}

// String parameters (one without a value is "", spec 4.9.4) join Strings
// computed when the model runs: "motor" + "" + "false" has 10 characters,
// with "true" 9.
TEST(RunTimeStrings, StringParametersJoinStringsComputedWhenTheModelRuns) {
  std::string model = writeScratchModel("Joined.mo", std::string(R"(model Joined
)") + kLength + R"(  parameter String unit;
  parameter String name = "motor";
  Integer n = len(name + unit + String(time > 0.5));
end Joined;
)");
  std::string fmu = compileModel(model, "Joined.fmu");
  SimulationResult r = simulateOk(simulationOf(fmu, 1, 0.25, true));
  EXPECT_EQ(valueAt(r, "n", 0.25), 10);
  EXPECT_EQ(valueAt(r, "n", 0.75), 9);
}

// String(e) of an enumeration variable is its literal's name when the model
// runs (spec 3.7.1.2), padded by minimumLength: "off", "low", "high" as m
// changes at 0.3 and 0.6.
TEST(RunTimeStrings, StringOfAnEnumerationVariableIsItsLiteralsName) {
  std::string model = writeScratchModel("EnumString.mo", std::string(R"(model EnumString
)") + kLength + R"(  type Mode = enumeration(off, low, high);
  Mode m(start = Mode.off, fixed = true);
  Boolean isLow = String(m) == "low";
  Boolean paddedHigh = String(m, minimumLength = 6, leftJustified = false) == "  high";
  Integer n = len(String(m));
equation
  when time > 0.3 then
    m = Mode.low;
  elsewhen time > 0.6 then
    m = Mode.high;
  end when;
  assert(String(m) <> "high" or time > 0.6, "high too early");
end EnumString;
)");
  std::string fmu = compileModel(model, "EnumString.fmu");
  SimulationResult r = simulateOk(simulationOf(fmu, 1, 0.25, true));
  EXPECT_EQ(valueAt(r, "n", 0.25), 3);
  EXPECT_EQ(valueAt(r, "isLow", 0.25), 0);
  EXPECT_EQ(valueAt(r, "isLow", 0.5), 1);
  EXPECT_EQ(valueAt(r, "paddedHigh", 0.5), 0);
  EXPECT_EQ(valueAt(r, "paddedHigh", 0.75), 1);
  EXPECT_EQ(valueAt(r, "n", 0.75), 4);
}

// A C function's String result that varies decides an if-expression: the
// relation is compared when the model runs, "down" at 0 and "up" after.
TEST(RunTimeStrings, ARelationOnAStringFromCIsDecidedWhenTheModelRuns) {
  std::string model = writeScratchModel("UpDown.mo", R"(model UpDown
  function label
    input Real x;
    output String s;
    external "C" s = smc_test_label(x) annotation(Include = "const char* smc_test_label(double x) { return x > 0 ? \"up\" : \"down\"; }");
  end label;
  Real y = if label(time) == "up" then 1 else 0;
end UpDown;
)");
  std::string fmu = compileModel(model, "UpDown.fmu");
  SimulationResult r = simulateOk(simulationOf(fmu, 1, 0.5, true));
  EXPECT_EQ(valueAt(r, "y", 0), 0);
  EXPECT_EQ(valueAt(r, "y", 1), 1);
}

// A String argument that varies when the model runs (a message built from
// time) reaches the C function, never replaced by the input's default; the
// line it prints (as Streams.print does, "%s\n") is one log message.
TEST(RunTimeStrings, AVaryingStringArgumentReachesTheCFunctionNotItsDefault) {
  std::string model = writeScratchModel("Chatty.mo", R"(model Chatty
  function say
    input String message = "default";
    external "C" smc_test_say(message) annotation(Include = "
#include \"ModelicaUtilities.h\"
void smc_test_say(const char* m) { ModelicaFormatMessage(\"%s\\n\", m); }");
  end say;
algorithm
  when time >= 0.5 then
    say("at " + String(time));
  end when;
end Chatty;
)");
  std::string fmu = compileModel(model, "Chatty.fmu");
  auto options = simulationOf(fmu, 1, 0.25, true);
  std::vector<std::string> messages;
  options.logSink = [&](const smc::importer::LogMessage& m) {
    if (m.category == "logModelicaMessages") messages.emplace_back(m.message);
  };
  simulateOk(options);
  EXPECT_EQ(messages, std::vector<std::string>{"at 0.5"});
}

// An assertion's message may call a String function; it is built only
// when the assertion fails, and the step fails with its text.
TEST(RunTimeStrings, AnAssertMessageMayCallAStringFunction) {
  std::string model = writeScratchModel("Words.mo", std::string(R"(model Words
  function word
    input Integer k;
    output String w;
  protected
    String words[3] = {"one", "two", "three"};
  algorithm
    w := words[k];
  end word;
)") + kCounter + R"(  assert(k < 3, "k is " + word(k));
end Words;
)");
  std::string fmu = compileModel(model, "Words.fmu");
  std::string error = simulateError(simulationOf(fmu, 3, 0.5, true));
  EXPECT_TRUE(has(error, "k is three")) << error;
}

// A function that grows a String without end fails the model call with
// the reason; it neither exhausts memory nor crashes the host.
TEST(RunTimeStrings, AStringGrowingWithoutBoundFailsTheCallWithTheLimit) {
  std::string model = writeScratchModel("Runaway.mo", std::string(R"(model Runaway
)") + kLength + R"(  function grow
    input Integer k;
    output String s = String(k);
  algorithm
    while true loop
      s := s + s;
    end while;
  end grow;
  discrete Integer n(start = 0, fixed = true);
equation
  when time > 0.5 then
    n = len(grow(1));
  end when;
end Runaway;
)");
  std::string fmu = compileModel(model, "Runaway.fmu");
  std::string error = simulateError(simulationOf(fmu, 1, 0.25, true));
  EXPECT_TRUE(has(error, "the strings of one model call are limited to 256 MiB")) << error;
}

}  // namespace
