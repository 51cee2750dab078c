// Identical calls of a user function in one expression are made once
// (codegen/SharedCalls.h): the fields of one record result come from one
// call, calls in different arms of an if stay in their arms, and functions
// that reach external C never share.
#include "CodegenFixture.h"
#include "FmuRun.h"
#include "codegen/SharedCalls.h"
#include "support/TestPipeline.h"

#include <gtest/gtest.h>

#include <regex>

namespace smc::codegen {
namespace {

using namespace testing;

// A function whose record result has two fields, r.a = 2x and r.b = x^2,
// and one taking such a record: g(f(x)) = 2x + x^2. Flattened, the record
// argument is its fields, so g(f(x)) reads f(x).a and f(x).b: two calls of
// f in one expression, as a media function's state record passed on is.
constexpr const char* kRecordFunction = R"(
  record R
    Real a;
    Real b;
  end R;
  function f
    input Real x;
    output R r;
  algorithm
    r.a := 2 * x;
    r.b := x * x;
  end f;
  function g
    input R r;
    output Real y;
  algorithm
    y := r.a + r.b;
  end g;
)";

class SharedCallsTest : public FmuFixture {
protected:
  // The model `name` with kRecordFunction and `body` (declarations and
  // equations), and the number of calls of f in its output callback.
  std::unique_ptr<FmuRun> start(const std::string& name, const std::string& body, size_t& calls) {
    const std::string source = "model " + name + kRecordFunction + body + "end " + name + ";\n";
    std::string messages;
    std::optional<causal::CausalModel> model = test::causalModelOf(source, &messages);
    if (!model) {
      ADD_FAILURE() << messages;
      return nullptr;
    }
    // The calls in the output callback (initialization and the event
    // iteration evaluate y too, each with its own code).
    const std::string ir = functionBody(dump(*model), "smc_compute_outputs");
    const std::regex call(R"(call i32 @function\.[A-Za-z.]*f\()");
    calls = static_cast<size_t>(std::distance(std::sregex_iterator(ir.begin(), ir.end(), call),
                                              std::sregex_iterator()));
    return startFmu(*model, name);
  }
};

TEST_F(SharedCallsTest, TheFieldsOfOneRecordResultComeFromOneCall) {
  size_t calls = 0;
  std::unique_ptr<FmuRun> fmu = start("Fields", R"(
  output Real y;
equation
  y = g(f(time));
)", calls);
  ASSERT_TRUE(fmu);
  EXPECT_EQ(calls, 1u) << "y's expression calls f(time) twice; once is made";
  for (int step = 0; step < 5; ++step) ASSERT_EQ(fmu->step(0.1), fmi2OK) << fmu->log();
  EXPECT_NEAR(fmu->real("y"), 2 * 0.5 + 0.5 * 0.5, 1e-12);
}

TEST_F(SharedCallsTest, CallsInTheArmsOfAnIfAreMadeWhereTheyAreNeeded) {
  // One call in each arm (shared by its two reads), and one after the
  // merge (neither arm's call is made on every path to it).
  size_t calls = 0;
  std::unique_ptr<FmuRun> fmu = start("Arms", R"(
  output Real y;
equation
  y = (if time > 0.5 then g(f(time)) else 10 * g(f(time))) + g(f(time));
)", calls);
  ASSERT_TRUE(fmu);
  EXPECT_EQ(calls, 3u);
  auto gf = [](double t) { return 2 * t + t * t; };
  ASSERT_EQ(fmu->step(0.25), fmi2OK) << fmu->log();
  EXPECT_NEAR(fmu->real("y"), 10 * gf(0.25) + gf(0.25), 1e-12);
  for (int step = 0; step < 2; ++step) ASSERT_EQ(fmu->step(0.25), fmi2OK) << fmu->log();
  EXPECT_NEAR(fmu->real("y"), gf(0.75) + gf(0.75), 1e-12);
}

TEST_F(SharedCallsTest, CallsWithOtherInputsAreMadeEach) {
  size_t calls = 0;
  std::unique_ptr<FmuRun> fmu = start("Inputs", R"(
  output Real y;
equation
  y = g(f(time)) + g(f(2 * time));
)", calls);
  ASSERT_TRUE(fmu);
  EXPECT_EQ(calls, 2u);
  for (int step = 0; step < 5; ++step) ASSERT_EQ(fmu->step(0.1), fmi2OK) << fmu->log();
  EXPECT_NEAR(fmu->real("y"), (2 * 0.5 + 0.25) + (2 * 1.0 + 1.0), 1e-12);
}

TEST(SharedCallsAnalysis, AFunctionThatReachesExternalCodeDoesNotShare) {
  // g is external C (it may keep state: a random number generator), h
  // calls g, k calls only itself.
  flat::FlatModel model;
  model.functions.resize(3);
  model.functions[0].name = "g";
  model.functions[0].external = flat::ExternalCall{};
  model.functions[1].name = "h";
  model.functions[2].name = "k";
  auto callOf = [](uint32_t function) {
    flat::Statement s;
    s.value = flat::makeFunctionCall(function, 0, {});
    return s;
  };
  model.functions[1].body.push_back(callOf(0));
  model.functions[2].body.push_back(callOf(2));
  EXPECT_EQ(shareableFunctions(model), (std::vector<bool>{false, false, true}));
}

}  // namespace
}  // namespace smc::codegen
