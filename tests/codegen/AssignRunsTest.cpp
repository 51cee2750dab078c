// Runs of assignments emitted as loops (codegen/AssignRuns.h): which
// stretches of a block list form a run, that the run's loop code does not
// grow with the array (for-equations, and arrays of instances whose
// equations RunOrder.h lines up), and that the FMU computes what the
// unrolled assignments did (including a run that reads its own earlier
// elements, runs over Integer and Boolean slots, and reordered instances).
#include "CodegenFixture.h"
#include "FmuRun.h"
#include "HandBlocks.h"
#include "codegen/AssignRuns.h"
#include "support/TestPipeline.h"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cmath>
#include <regex>

namespace smc::codegen {
namespace {

using namespace testing;

// der(x[1]) on its own, then one for-equation over x[2..n].
std::string chainSource(int n) { return lagChainSource(n, "x[i - 1] - x[i]"); }

struct Lists {
  causal::CausalModel model;
  Layout layout;
  std::vector<const causal::Block*> derivatives;
};

std::optional<Lists> listsOf(const std::string& source) {
  std::string messages;
  std::optional<causal::CausalModel> model = test::causalModelOf(source, &messages);
  if (!model) {
    ADD_FAILURE() << messages;
    return std::nullopt;
  }
  SourceManager sources;
  DiagnosticEngine diags(sources);
  std::optional<Layout> layout = buildLayout(*model, diags);
  if (!layout) {
    ADD_FAILURE() << "no layout";
    return std::nullopt;
  }
  Lists lists{std::move(*model), std::move(*layout), {}};
  for (const causal::Block& block : lists.model.derivativeBlocks) lists.derivatives.push_back(&block);
  return lists;
}

// The [begin, end) of every run in `blocks`, scanning as the emitter does.
std::vector<std::pair<size_t, size_t>> runsOf(const Lists& lists) {
  std::vector<std::pair<size_t, size_t>> runs;
  for (size_t at = 0; at < lists.derivatives.size();) {
    std::optional<AssignRun> run = findAssignRun(lists.layout, lists.derivatives, at, lists.derivatives.size());
    if (!run) {
      ++at;
      continue;
    }
    runs.emplace_back(at, run->end);
    at = run->end;
  }
  return runs;
}

using Runs = std::vector<std::pair<size_t, size_t>>;

TEST(AssignRunsTest, AForEquationIsOneRunAfterTheElementThatDiffers) {
  std::optional<Lists> lists = listsOf(chainSource(20));
  ASSERT_TRUE(lists);
  ASSERT_EQ(lists->derivatives.size(), 20u);
  EXPECT_EQ(runsOf(*lists), (Runs{{1, 20}}));
  std::optional<AssignRun> run = findAssignRun(lists->layout, lists->derivatives, 1, 20);
  ASSERT_TRUE(run);
  EXPECT_EQ(run->strides.target, 1);
  // x[i - 1] and x[i] both advance by one slot.
  ASSERT_EQ(run->strides.reads.size(), 2u);
  for (const auto& [node, stride] : run->strides.reads) EXPECT_EQ(stride, 1) << node->var;
}

TEST(AssignRunsTest, ParametersReadByEveryElementDoNotAdvance) {
  std::optional<Lists> lists = listsOf(R"(model Decay
  parameter Real k = 2;
  Real x[10](each start = 1, each fixed = true);
equation
  for i in 1:10 loop
    der(x[i]) = -k * x[i];
  end for;
end Decay;
)");
  ASSERT_TRUE(lists);
  std::optional<AssignRun> run = findAssignRun(lists->layout, lists->derivatives, 0, 10);
  ASSERT_TRUE(run);
  EXPECT_EQ(run->end, 10u);
  EXPECT_EQ(run->strides.reads.size(), 1u) << "only x[i] moves; k is read from its one slot";
}

TEST(AssignRunsTest, AnElementWhoseEquationFoldsDifferentlySplitsTheRun) {
  std::optional<Lists> lists = listsOf(R"(model Split
  Real x[30](each start = 1, each fixed = true);
equation
  for i in 1:30 loop
    der(x[i]) = (if i == 12 then 2 else 1) * x[i];
  end for;
end Split;
)");
  ASSERT_TRUE(lists);
  EXPECT_EQ(runsOf(*lists), (Runs{{0, 11}, {12, 30}}));
}

TEST(AssignRunsTest, ShortStretchesStayUnrolled) {
  std::optional<Lists> lists = listsOf(chainSource(static_cast<int>(kMinRunLength)));
  ASSERT_TRUE(lists);
  EXPECT_TRUE(runsOf(*lists).empty()) << "x[2..n] holds only kMinRunLength - 1 assignments";
}

TEST(AssignRunsTest, IndicesThatDoNotAdvanceEvenlyAreNoRun) {
  std::optional<Lists> lists = listsOf(R"(model Squares
  Real y[10];
  Real z[100](each start = 1, each fixed = true);
equation
  for i in 1:100 loop
    der(z[i]) = -z[i];
  end for;
  for i in 1:10 loop
    y[i] = z[i * i];
  end for;
end Squares;
)");
  ASSERT_TRUE(lists);
  for (const auto& [begin, end] : runsOf(*lists)) {
    const auto& first = std::get<causal::Assign>(*lists->derivatives[begin]);
    EXPECT_NE(lists->model.flat.variables[first.target].name.substr(0, 2), "y[")
        << "y[i] = z[i * i] reads slots 1, 4, 9, ...: no fixed stride";
  }
}

TEST(AssignRunsTest, TheIteratorAsAValueIsALiteralThatAdvancesAlongTheRun) {
  // Flattened, i / 10 is the literal 1 / 10, 2 / 10, ... per element.
  std::optional<Lists> lists = listsOf(lagChainSource(20, "(x[i - 1] - x[i]) * i / 10"));
  ASSERT_TRUE(lists);
  std::optional<AssignRun> run = findAssignRun(lists->layout, lists->derivatives, 1, 20);
  ASSERT_TRUE(run);
  EXPECT_EQ(run->end, 20u);
  ASSERT_EQ(run->strides.literals.size(), 1u) << "i advances; 10 does not";
  EXPECT_EQ(run->strides.literals.begin()->first->integer, 2) << "the first element is i = 2";
  EXPECT_EQ(run->strides.literals.begin()->second, 1);
}

TEST(AssignRunsTest, ALiteralThatDoesNotAdvanceEvenlyEndsTheRun) {
  // a_k := 3k for k = 0..9, except a_9 := 100.
  HandBlocks hand;
  for (int32_t k = 0; k < 10; ++k)
    hand.assign(hand.var(flat::BaseType::Integer, k), flat::makeInteger(k == 9 ? 100 : 3 * k));
  std::optional<AssignRun> run = findAssignRun(hand.layout, hand.list, 0, hand.list.size());
  ASSERT_TRUE(run);
  EXPECT_EQ(run->end, 9u);
  ASSERT_EQ(run->strides.literals.size(), 1u);
  EXPECT_EQ(run->strides.literals.begin()->second, 3);
}

TEST(AssignRunsTest, SlotsOfAnotherTypeEndTheRun) {
  // a_k := b_k for k = 0..9, where b_9 is an Integer while the other b_k
  // are Reals (value references would still line up).
  HandBlocks hand;
  for (int32_t k = 0; k < 10; ++k) {
    flat::VarId target = hand.real(k);
    flat::VarId source = hand.var(k == 9 ? flat::BaseType::Integer : flat::BaseType::Real, 100 + k);
    hand.assign(target, flat::makeVar(source));
  }
  std::optional<AssignRun> run = findAssignRun(hand.layout, hand.list, 0, hand.list.size());
  ASSERT_TRUE(run);
  EXPECT_EQ(run->end, 9u);
  EXPECT_EQ(run->strides.target, 1);
  ASSERT_EQ(run->strides.reads.size(), 1u);
  EXPECT_EQ(run->strides.reads.begin()->second, 1);
}

// der(x_1) = -x_1 and der(x_i) = x_(i-1) - x_i, one scalar equation per line
// over separately declared variables, as generated models are written.
std::string scalarChainSource(int n) {
  std::string text = "model ScalarChain\n";
  for (int i = 1; i <= n; ++i) text += fmt::format("  Real x_{}(start = 1, fixed = true);\n", i);
  text += "equation\n  der(x_1) = -x_1;\n";
  for (int i = 2; i <= n; ++i) text += fmt::format("  der(x_{}) = x_{} - x_{};\n", i, i - 1, i);
  return text + "end ScalarChain;\n";
}

TEST(AssignRunsTest, ScalarEquationsOnTheirOwnLinesFormOneRun) {
  std::optional<Lists> lists = listsOf(scalarChainSource(20));
  ASSERT_TRUE(lists);
  EXPECT_EQ(runsOf(*lists), (Runs{{1, 20}})) << "the code of Real arithmetic quotes no location";
}

// der(x_i) = -r_i * x_i with a rate literal of its own on each line,
// written with a decimal point (1.00 is a Real literal, 1 would not be).
std::string rateText(int i) { return fmt::format("{:.2f}", 0.1 * i); }
double rate(int i) { return std::stod(rateText(i)); }

std::string scalarDecaysSource(int n) {
  std::string text = "model ScalarDecays\n";
  for (int i = 1; i <= n; ++i) text += fmt::format("  Real x_{}(start = 1, fixed = true);\n", i);
  text += "equation\n";
  for (int i = 1; i <= n; ++i) text += fmt::format("  der(x_{}) = -{} * x_{};\n", i, rateText(i), i);
  return text + "end ScalarDecays;\n";
}

TEST(AssignRunsTest, RealLiteralsThatDifferAlongTheRunAreReadFromATable) {
  std::optional<Lists> lists = listsOf(scalarDecaysSource(12));
  ASSERT_TRUE(lists);
  std::optional<AssignRun> run = findAssignRun(lists->layout, lists->derivatives, 0, 12);
  ASSERT_TRUE(run);
  EXPECT_EQ(run->end, 12u);
  ASSERT_EQ(run->strides.realTables.size(), 1u);
  const std::vector<const flat::Expr*>& column = run->strides.realTables.begin()->second;
  ASSERT_EQ(column.size(), 12u);
  for (size_t k = 0; k < column.size(); ++k) EXPECT_EQ(column[k]->real, rate(static_cast<int>(k) + 1)) << k;
}

TEST(AssignRunsTest, RealAssignmentsFromDifferentLinesFormARun) {
  // a_k := b_k * 2.5, each from its own line.
  HandBlocks hand;
  for (int32_t k = 0; k < 10; ++k)
    hand.assign(hand.real(k),
                flat::makeBinary(flat::Op::Mul, flat::makeVar(hand.real(100 + k)), flat::makeReal(2.5)),
                static_cast<uint32_t>(k + 1));
  std::optional<AssignRun> run = findAssignRun(hand.layout, hand.list, 0, hand.list.size());
  ASSERT_TRUE(run);
  EXPECT_EQ(run->end, 10u);
}

TEST(AssignRunsTest, IntegerArithmeticFromDifferentLinesStaysUnrolled) {
  // a_k := b_k + 1 over Integers, each from its own line: an overflow's
  // message names the line of its own equation, which one loop could not.
  HandBlocks hand;
  for (int32_t k = 0; k < 10; ++k)
    hand.assign(hand.var(flat::BaseType::Integer, k),
                flat::makeBinary(flat::Op::Add, flat::makeVar(hand.var(flat::BaseType::Integer, 100 + k)),
                                 flat::makeInteger(1)),
                static_cast<uint32_t>(k + 1));
  EXPECT_FALSE(findAssignRun(hand.layout, hand.list, 0, hand.list.size()));
}

TEST(AssignRunsTest, CallsThatReportFromDifferentLinesStayUnrolled) {
  // a_k := integer(b_k), each from its own line: integer() of a Real out
  // of range fails naming its line.
  HandBlocks hand;
  for (int32_t k = 0; k < 10; ++k) {
    std::vector<flat::ExprPtr> args;
    args.push_back(flat::makeVar(hand.real(100 + k)));
    hand.assign(hand.real(k), flat::makeCall(flat::Builtin::Integer, std::move(args)),
                static_cast<uint32_t>(k + 1));
  }
  EXPECT_FALSE(findAssignRun(hand.layout, hand.list, 0, hand.list.size()));
}

class AssignRunsIrTest : public CodegenFixture {
protected:
  // The instructions of compute_derivatives and of the chunks it calls.
  size_t derivativeInstructions(const std::string& source) {
    std::string messages;
    std::optional<causal::CausalModel> model = test::causalModelOf(source, &messages);
    if (!model) {
      ADD_FAILURE() << messages;
      return 0;
    }
    const std::string ir = dump(*model);
    const std::string body = functionBody(ir, "smc_compute_derivatives");
    size_t count = countLinesStartingWith(body, "  ");
    const std::regex call(R"(call i32 @(smc_equations[0-9]+)\()");
    for (auto it = std::sregex_iterator(body.begin(), body.end(), call); it != std::sregex_iterator(); ++it)
      count += countLinesStartingWith(functionBody(ir, (*it)[1]), "  ");
    return count;
  }
};

TEST_F(AssignRunsIrTest, TheCodeOfAForEquationDoesNotGrowWithItsArray) {
  const size_t hundred = derivativeInstructions(chainSource(100));
  const size_t tenThousand = derivativeInstructions(chainSource(10000));
  ASSERT_GT(hundred, 0u) << errors();
  EXPECT_EQ(hundred, tenThousand);
  EXPECT_LT(hundred, 40u) << "one element's equation, a loop and a call";
}

// n lags in series, each an instance of one class: the BLT interleaves
// their equations (l[i].u, then l[i].y, per instance).
std::string lagsSource(int n) {
  return fmt::format(R"(model Lags
  model Lag
    Real x(start = 0, fixed = true);
    input Real u;
    Real y;
  equation
    y = 2 * x;
    der(x) = u - y;
  end Lag;
  parameter Integer n = {};
  Lag l[n];
equation
  l[1].u = 1;
  for i in 2:n loop
    l[i].u = l[i - 1].y;
  end for;
end Lags;
)",
                     n);
}

TEST_F(AssignRunsIrTest, TheCodeOfAnArrayOfInstancesDoesNotGrowWithTheArray) {
  const size_t hundred = derivativeInstructions(lagsSource(100));
  const size_t thousand = derivativeInstructions(lagsSource(1000));
  ASSERT_GT(hundred, 0u) << errors();
  EXPECT_EQ(hundred, thousand);
}

// y[i] reads y[i - 1], written by the run's previous iteration; c[i] and
// r[i] are Integer and Boolean runs over the relations' hidden slots.
constexpr const char* kRunsModel = R"(model Runs
  parameter Integer n = 40;
  Real x[n](each start = 1, each fixed = true);
  Real y[n];
  Integer c[n];
  Boolean r[n];
equation
  for i in 1:n loop
    der(x[i]) = -x[i];
  end for;
  y[1] = time;
  for i in 2:n loop
    y[i] = y[i - 1] + x[i];
  end for;
  for i in 1:n loop
    r[i] = y[i] > 3;
    c[i] = if r[i] then 1 else 0;
  end for;
end Runs;
)";

// A ring of n unknowns, one nonlinear loop: tearing leaves one iteration
// variable and computes the other n - 1 in order, a stretch of alike
// assignments with i / n advancing along it.
std::string ringSource(int n) {
  return fmt::format(R"(model Ring
  parameter Integer n = {};
  Real y[n](each start = 0);
equation
  for i in 1:n - 1 loop
    y[i] = 0.5 * sin(y[i + 1]) + i / n * sin(time) + 1;
  end for;
  y[n] = 0.5 * sin(y[1]) + sin(time) + 1;
end Ring;
)",
                     n);
}

TEST_F(AssignRunsIrTest, TheExplicitPartOfATornLoopDoesNotGrowWithTheLoop) {
  auto residualInstructions = [&](int n) -> size_t {
    std::string messages;
    std::optional<causal::CausalModel> model = test::causalModelOf(ringSource(n), &messages);
    if (!model) {
      ADD_FAILURE() << messages;
      return 0;
    }
    const std::string ir = dump(*model);
    // The residual function and the chunks it calls.
    size_t count = 0;
    std::vector<std::string> pending{"smc_loop0_residual"};
    while (!pending.empty()) {
      const std::string body = functionBody(ir, pending.back());
      pending.pop_back();
      count += countLinesStartingWith(body, "  ");
      const std::regex call(R"(call i32 @([A-Za-z0-9_.]+)\()");
      for (auto it = std::sregex_iterator(body.begin(), body.end(), call); it != std::sregex_iterator(); ++it)
        if ((*it)[1] != "smc_loop0_residual") pending.push_back((*it)[1]);
    }
    return count;
  };
  const size_t hundred = residualInstructions(100);
  const size_t thousand = residualInstructions(1000);
  ASSERT_GT(hundred, 0u) << errors();
  EXPECT_EQ(hundred, thousand);
}

class AssignRunsFmuTest : public FmuFixture {
public:
  // The FMU of `source` (model `name`), initialized; null after failing the
  // test. `loops`: how many run loops its IR has.
  std::unique_ptr<FmuRun> start(const std::string& source, const std::string& name, size_t* loops) {
    std::string messages;
    std::optional<causal::CausalModel> model = test::causalModelOf(source, &messages);
    if (!model) {
      ADD_FAILURE() << messages;
      return nullptr;
    }
    *loops = countLinesStartingWith(dump(*model), "run");
    return startFmu(*model, name);
  }
};

// The FMU of a model written one scalar equation per line, run to t = 1
// in ten steps; null after failing the test (no run loop in its code, or
// a step that failed).
std::unique_ptr<FmuRun> scalarFormToOneSecond(AssignRunsFmuTest& test, const std::string& source,
                                              const std::string& name) {
  size_t loops = 0;
  std::unique_ptr<FmuRun> fmu = test.start(source, name, &loops);
  if (!fmu) return nullptr;
  if (loops == 0) {
    ADD_FAILURE() << "no run loop in the code of " << name;
    return nullptr;
  }
  for (int step = 0; step < 10; ++step) {
    if (fmu->step(0.1) != fmi2OK) {
      ADD_FAILURE() << "step " << step << " failed: " << fmu->log();
      return nullptr;
    }
  }
  return fmu;
}

TEST_F(AssignRunsFmuTest, LoopsComputeWhatTheUnrolledAssignmentsDid) {
  size_t loops = 0;
  std::unique_ptr<FmuRun> fmu = start(kRunsModel, "Runs", &loops);
  ASSERT_TRUE(fmu);
  ASSERT_GE(loops, 3u) << "x, y and c or r should each be a loop";
  FmuRun& run = *fmu;
  for (int step = 0; step < 10; ++step) ASSERT_EQ(run.step(0.05), fmi2OK) << run.log();
  const double t = 0.5;
  const double x = std::exp(-t);
  EXPECT_NEAR(run.real("x[40]"), x, 1e-4);
  for (int i : {1, 2, 9, 10, 40}) {
    const double y = t + (i - 1) * x;
    EXPECT_NEAR(run.real(fmt::format("y[{}]", i)), y, 1e-4) << i;
    EXPECT_EQ(run.boolean(fmt::format("r[{}]", i)), y > 3) << i;
    EXPECT_EQ(run.integer(fmt::format("c[{}]", i)), y > 3 ? 1 : 0) << i;
  }
}

TEST_F(AssignRunsFmuTest, AScalarChainAsOneLoopFollowsItsClosedForm) {
  std::unique_ptr<FmuRun> fmu = scalarFormToOneSecond(*this, scalarChainSource(20), "ScalarChain");
  ASSERT_TRUE(fmu);
  FmuRun& run = *fmu;
  // x_i(t) = e^-t * sum_{j<i} t^j / j! for x_i(0) = 1 upstream of a chain
  // that starts at 1 everywhere: every stage stays at e^-t * (partial sum).
  const double t = 1.0;
  double term = 1, sum = 0;
  for (int i = 1; i <= 20; ++i) {
    sum += term;
    EXPECT_NEAR(run.real(fmt::format("x_{}", i)), std::exp(-t) * sum, 1e-5) << i;
    term *= t / i;
  }
}

TEST_F(AssignRunsFmuTest, EachAssignmentOfALoopUsesItsOwnRealLiteral) {
  std::unique_ptr<FmuRun> fmu = scalarFormToOneSecond(*this, scalarDecaysSource(20), "ScalarDecays");
  ASSERT_TRUE(fmu);
  FmuRun& run = *fmu;
  for (int i = 1; i <= 20; ++i)
    EXPECT_NEAR(run.real(fmt::format("x_{}", i)), std::exp(-rate(i)), 1e-5) << i;
}

TEST_F(AssignRunsFmuTest, ALoopComputesEachElementWithItsOwnIterator) {
  size_t loops = 0;
  std::unique_ptr<FmuRun> fmu = start(R"(model Ramp
  parameter Integer n = 30;
  Real y[n];
  Integer m[n];
equation
  for i in 1:n loop
    y[i] = (2 * i - 5) / 4 * time;
    m[i] = 7 - 3 * i;
  end for;
end Ramp;
)",
                                      "Ramp", &loops);
  ASSERT_TRUE(fmu);
  ASSERT_GE(loops, 2u) << "y and m should each be a loop";
  FmuRun& run = *fmu;
  for (int step = 0; step < 4; ++step) ASSERT_EQ(run.step(0.5), fmi2OK) << run.log();
  for (int i : {1, 2, 3, 17, 30}) {
    EXPECT_DOUBLE_EQ(run.real(fmt::format("y[{}]", i)), (2.0 * i - 5) / 4 * 2.0) << i;
    EXPECT_EQ(run.integer(fmt::format("m[{}]", i)), 7 - 3 * i) << i;
  }
}

TEST_F(AssignRunsFmuTest, ATornLoopWhoseExplicitPartIsALoopSatisfiesEveryEquation) {
  constexpr int n = 40;
  size_t loops = 0;
  std::unique_ptr<FmuRun> fmu = start(ringSource(n), "Ring", &loops);
  ASSERT_TRUE(fmu);
  ASSERT_GE(loops, 1u) << "the explicit part should be a loop";
  FmuRun& run = *fmu;
  for (int step = 0; step < 3; ++step) ASSERT_EQ(run.step(0.25), fmi2OK) << run.log();
  const double t = 0.75;
  std::vector<double> y(n + 2);
  for (int i = 1; i <= n; ++i) y[i] = run.real(fmt::format("y[{}]", i));
  y[n + 1] = y[1];
  for (int i = 1; i <= n; ++i)
    EXPECT_NEAR(y[i], 0.5 * std::sin(y[i + 1]) + double(i) / n * std::sin(t) + 1, 1e-8) << i;
}

TEST_F(AssignRunsFmuTest, EdgeAndChangeOfOneVariableInsideARunSeeBothItsValues) {
  // edge(b) is `b and not pre(b)` over one node b, read by every element:
  // the loop must read b and pre(b) apart, not one of them twice.
  size_t loops = 0;
  std::unique_ptr<FmuRun> fmu = start(R"(model Edges
  Boolean b = time > 0.25;
  Integer rises[10](each start = 0);
  Integer changes[10](each start = 0);
equation
  for i in 1:10 loop
    rises[i] = if edge(b) then pre(rises[i]) + 1 else pre(rises[i]);
    changes[i] = if change(b) then pre(changes[i]) + 1 else pre(changes[i]);
  end for;
end Edges;
)",
                                      "Edges", &loops);
  ASSERT_TRUE(fmu);
  ASSERT_GE(loops, 2u) << "rises and changes should be loops";
  FmuRun& run = *fmu;
  for (int step = 0; step < 5; ++step) ASSERT_EQ(run.step(0.1), fmi2OK) << run.log();
  for (int i : {1, 5, 10}) {
    EXPECT_EQ(run.integer(fmt::format("rises[{}]", i)), 1) << i;
    EXPECT_EQ(run.integer(fmt::format("changes[{}]", i)), 1) << i;
  }
}

TEST_F(AssignRunsFmuTest, EveryElementOfARunReadsItsOwnPreValue) {
  // The runtime copies to pre() only the slots whose pre() the code reads
  // (PreReads.h); a run reads pre(b[i]) and pre(rises[i]) of all its
  // elements, not only of the first. Each b[i] rises twice (k = 2 and 6).
  // sample() without states or relations of time: no integrator, whose
  // events would copy every slot.
  size_t loops = 0;
  std::unique_ptr<FmuRun> fmu = start(R"(model ElementEdges
  parameter Integer n = 60;
  Integer k(start = 0);
  Boolean b[n];
  Integer rises[n](each start = 0);
equation
  when sample(0, 0.1) then
    k = pre(k) + 1;
  end when;
  for i in 1:n loop
    b[i] = k > 1 and k < 4 or k > 5;
    rises[i] = if edge(b[i]) then pre(rises[i]) + 1 else pre(rises[i]);
  end for;
end ElementEdges;
)",
                                      "ElementEdges", &loops);
  ASSERT_TRUE(fmu);
  ASSERT_GE(loops, 1u) << "rises should be a loop";
  FmuRun& run = *fmu;
  for (int step = 0; step < 10; ++step) ASSERT_EQ(run.step(0.1), fmi2OK) << run.log();
  for (int i : {1, 2, 20, 40, 60}) EXPECT_EQ(run.integer(fmt::format("rises[{}]", i)), 2) << i;
}

TEST_F(AssignRunsFmuTest, ReorderedInstancesComputeTheirSeriesOfLags) {
  // Ten lags in series fed by a unit step: x_k' = 2 x_{k-1} - 2 x_k, so
  // x_k(t) = (1 - e^{-2t} sum_{j<k} (2t)^j / j!) / 2 (Erlang). Reading
  // any l[i - 1].y before it is computed would change the trajectories.
  size_t loops = 0;
  std::unique_ptr<FmuRun> fmu = start(lagsSource(10), "Lags", &loops);
  ASSERT_TRUE(fmu);
  FmuRun& run = *fmu;
  for (int step = 0; step < 10; ++step) ASSERT_EQ(run.step(0.1), fmi2OK) << run.log();
  const double rate = 2.0;  // 2t at t = 1
  for (int k : {1, 2, 5, 10}) {
    double term = 1, sum = 0;
    for (int j = 0; j < k; ++j) {
      sum += term;
      term *= rate / (j + 1);
    }
    const double want = 0.5 * (1 - std::exp(-rate) * sum);
    EXPECT_NEAR(run.real(fmt::format("l[{}].x", k)), want, 1e-5) << k;
  }
}

}  // namespace
}  // namespace smc::codegen
