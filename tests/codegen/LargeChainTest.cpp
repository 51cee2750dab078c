// Compare chains of more constants than one switch holds (IrSwitchTree.cpp):
// one state machine of many states keeps every generated function small
// (no switch of more than kArmsPerSwitch cases, no function that grows with
// the machine), alike states share their code, and the split chains still
// take the chain's first matching arm: across leaves, with repeated
// constants and `and`-ed conditions, Integer and Real leaves mixed, literal
// arms as tables, alike arms with varying literals next to unlike ones,
// and a machine whose states each have two transitions.
#include "CodegenFixture.h"
#include "FmuRun.h"
#include "codegen/CompareChain.h"
#include "support/TestPipeline.h"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <regex>
#include <sstream>

namespace smc::codegen {
namespace {

using namespace testing;

// A ring of n states, delayed transitions: state j adds j to v, leaves for
// j + 1 once it has been active for two ticks (priority 1), else for j + 3
// at every fifth tick (priority 2). Its equations and conditions call div
// and mod, which may fail: no two states are alike (AlikeArms.h), so the
// chains are searched over leaves.
std::string twoWayRing(int n) {
  std::string text = "model Ring\n  inner Integer v(start = 0);\n";
  for (int j = 1; j <= n; ++j)
    text += fmt::format("  block S{0}\n    outer output Integer v;\n  equation\n    v = previous(v) + "
                        "div({0} * 7, 7);\n  end S{0};\n  S{0} s{0};\n",
                        j);
  text += "  Clock clk = Clock(1, 100);\n  Integer tick(start = 0);\nequation\n  when clk then\n"
          "    tick = previous(tick) + 1;\n  end when;\n  initialState(s1);\n";
  for (int j = 1; j <= n; ++j) {
    text += fmt::format("  transition(s{}, s{}, tick > 0 and ticksInState() >= 2, immediate = false, priority = 1);\n",
                        j, j % n + 1);
    text += fmt::format("  transition(s{}, s{}, mod(tick, 5) == 0, immediate = false, priority = 2);\n", j,
                        (j + 2) % n + 1);
  }
  return text + "end Ring;\n";
}

// What one generated function holds.
struct FunctionShape {
  std::string name;
  size_t blocks = 0;
  size_t instructions = 0;
  size_t largestSwitch = 0;  // cases of its largest switch
};

std::vector<FunctionShape> shapesOf(const std::string& ir) {
  std::vector<FunctionShape> shapes;
  std::istringstream lines(ir);
  std::string line;
  bool inside = false;
  size_t cases = 0;
  while (std::getline(lines, line)) {
    if (line.rfind("define ", 0) == 0) {
      const size_t at = line.find('@');
      shapes.push_back({line.substr(at + 1, line.find('(', at) - at - 1)});
      inside = true;
    } else if (!inside) {
      continue;
    } else if (line == "}") {
      inside = false;
    } else if (line.rfind("    i32 ", 0) == 0) {
      shapes.back().largestSwitch = std::max(shapes.back().largestSwitch, ++cases);
    } else if (line.rfind("  ", 0) == 0) {
      ++shapes.back().instructions;
      cases = 0;
    } else if (!line.empty() && line[0] != ';') {
      ++shapes.back().blocks;
    }
  }
  return shapes;
}

class LargeChainTest : public FmuFixture {
protected:
  std::optional<causal::CausalModel> modelOf(const std::string& source) {
    std::string messages;
    std::optional<causal::CausalModel> model = test::clockedCausalModelOf(source, messages);
    if (!model) ADD_FAILURE() << messages;
    return model;
  }

  // Runs the FMU of a model whose k counts the ticks of sample(0, 0.01),
  // calling check(run, k) in the middle of each of the first `samples`
  // periods.
  void forEachSample(const causal::CausalModel& model, int samples, const std::function<void(FmuRun&, int)>& check) {
    std::unique_ptr<FmuRun> fmu = startFmu(model, model.flat.name);
    ASSERT_TRUE(fmu);
    FmuRun& run = *fmu;
    double now = 0;
    for (int k = 1; k <= samples; ++k) {
      const double t = (k - 1) * 0.01 + 0.005;
      ASSERT_EQ(run.step(t - now), fmi2OK) << run.log();
      now = t;
      ASSERT_EQ(run.integer("k"), k);
      check(run, k);
    }
  }
};

// With one switch per chain, the tick function of this machine of N states
// had some 15N blocks, and LLVM's time grew with their square.
TEST_F(LargeChainTest, AMachineOfManyStatesKeepsEveryFunctionSmall) {
  test::onCompilerStack([&] {
    const int n = 1000;
    std::optional<causal::CausalModel> model = modelOf(twoWayRing(n));
    ASSERT_TRUE(model);
    const std::string ir = dump(*model);
    ASSERT_FALSE(ir.empty()) << errors();
    const std::vector<FunctionShape> shapes = shapesOf(ir);
    size_t leaves = 0, instructions = 0;
    for (const FunctionShape& f : shapes) {
      EXPECT_LE(f.largestSwitch, kArmsPerSwitch) << f.name;
      // A leaf's constants take a few blocks and a couple of dozen
      // instructions each (this ring's two transition conditions and the
      // overflow checks of its Integer arithmetic), the caller's search a few
      // per leaf.
      EXPECT_LE(f.blocks, 10 * kArmsPerSwitch) << f.name;
      EXPECT_LE(f.instructions, 32 * kArmsPerSwitch) << f.name;
      leaves += f.name.find(".cases") != std::string::npos;
      instructions += f.instructions;
    }
    // v's chain and the choice of the delayed transition, each cut into
    // leaves; every state's code is somewhere.
    EXPECT_GE(leaves, 2 * ((n + kArmsPerSwitch - 1) / kArmsPerSwitch));
    EXPECT_GE(instructions, 3u * static_cast<size_t>(n));
  });
}

// The fixture's ring: every state's equation and transition alike but for
// the literals, so a state costs table entries, not code.
TEST_F(LargeChainTest, AlikeStatesCostTableEntriesNotCode) {
  size_t instructions[2] = {};
  for (int twice : {0, 1}) {
    std::optional<causal::CausalModel> model = modelOf(stateRingSource(500 << twice));
    ASSERT_TRUE(model);
    const std::string ir = dump(*model);
    ASSERT_FALSE(ir.empty()) << errors();
    for (const FunctionShape& f : shapesOf(ir)) instructions[twice] += f.instructions;
    EXPECT_NE(ir.find(".literals = private unnamed_addr constant [" + std::to_string(500 << twice) + " x i32]"),
              std::string::npos);
  }
  EXPECT_EQ(instructions[1], instructions[0]);
}

TEST_F(LargeChainTest, AMachineWithTwoTransitionsPerStateRunsAsTheChapterSays) {
  const int n = 150;
  std::optional<causal::CausalModel> model = modelOf(twoWayRing(n));
  ASSERT_TRUE(model);
  std::unique_ptr<FmuRun> fmu = startFmu(*model, "Ring");
  ASSERT_TRUE(fmu);
  FmuRun& run = *fmu;
  int state = 1, ticksInState = 0, v = 0;
  for (int tick = 1; tick <= 400; ++tick) {
    ++ticksInState;
    v += state;
    ASSERT_EQ(run.step(tick == 1 ? 0.005 : 0.01), fmi2OK) << run.log();
    ASSERT_EQ(run.integer("v"), v) << "tick " << tick << ", state " << state;
    ASSERT_TRUE(run.boolean(fmt::format("activeState(s{})", state))) << "tick " << tick;
    int next = state;
    if (ticksInState >= 2)
      next = state % n + 1;
    else if (tick % 5 == 0)
      next = (state + 2) % n + 1;
    if (next != state) {
      state = next;
      ticksInState = 0;
    }
  }
}

// A model whose k counts the ticks of sample(0, 0.01), with the other
// variables and equations given.
std::string sampledModel(const std::string& name, const std::string& declarations, const std::string& equations) {
  return fmt::format("model {0}\n  Integer k(start = 0);\n{1}equation\n  when sample(0, 0.01) then\n"
                     "    k = pre(k) + 1;\n  end when;\n{2}end {0};\n",
                     name, declarations, equations);
}

// Chains over k, which counts the samples (k on [(k - 1) / 100, k / 100)):
//   mixed    200 constants in scrambled order; Integer arms in the first
//            leaf, Real arms above; every fourth constant first tries an arm
//            with an `and`-ed condition; a repeated constant last
//   literal  a table: the constants 1 ... 100 without gaps, literal arms
//   flag     a table of Booleans
//   gapped   literal arms on the even constants only: not a table but alike
//            arms, whose table of kinds tells the odd values from them
constexpr int kMixed = 200, kLiteral = 100, kGapped = 100;

std::string chainsSource() {
  std::string mixed, literal, flag, gapped;
  for (int i = 0; i < kMixed; ++i) {
    const int c = i * 37 % kMixed + 1;
    const bool integers = c <= static_cast<int>(kArmsPerSwitch);
    const std::string base = integers ? fmt::format("div({} * 3, 1)", c) : fmt::format("{} / d", c);
    const std::string first = integers ? fmt::format("1000 + div({}, 1)", c) : fmt::format("1000 + {} / d", c);
    if (c % 4 == 0) mixed += fmt::format("if k == {} and mod(k, 8) == 0 then {} else ", c, first);
    mixed += fmt::format("if k == {} then {} else ", c, base);
  }
  mixed += "if k == 5 then 12345 else -1";
  for (int c = kLiteral; c >= 1; --c) {
    literal += fmt::format("if k == {} then {} else ", c, 7 * c + 1);
    flag += fmt::format("if k == {} then {} else ", c, c % 3 == 0 ? "true" : "false");
  }
  literal += "-5";
  flag += "k < 0";
  for (int c = 1; c <= kGapped; ++c) gapped += fmt::format("if k == {} then {} else ", 2 * c, 4 * c);
  gapped += "0";
  return sampledModel("Chains",
                      "  parameter Real d = 2;\n  Real mixed;\n  Integer literal;\n  Boolean flag;\n"
                      "  Integer gapped;\n",
                      fmt::format("  mixed = {};\n  literal = {};\n  flag = {};\n  gapped = {};\n", mixed, literal,
                                  flag, gapped));
}

double expectedMixed(int k) {
  if (k < 1 || k > kMixed) return -1;
  const bool integers = k <= static_cast<int>(kArmsPerSwitch);
  if (k % 8 == 0) return integers ? 1000 + k : 1000 + k / 2.0;
  return integers ? 3 * k : k / 2.0;
}

TEST_F(LargeChainTest, SplitChainsTakeTheFirstMatchingArm) {
  std::optional<causal::CausalModel> model = modelOf(chainsSource());
  ASSERT_TRUE(model);
  const std::string ir = dump(*model);
  ASSERT_FALSE(ir.empty()) << errors();
  const auto hasTable = [&](const std::string& type) {
    return std::regex_search(ir, std::regex(R"(\.table(\.\d+)? = private unnamed_addr constant \[100 x )" + type));
  };
  EXPECT_TRUE(hasTable("i32")) << "literal";
  EXPECT_TRUE(hasTable("i8")) << "flag";
  EXPECT_NE(ir.find(".cases1("), std::string::npos) << "mixed: a leaf from constant 1";
  EXPECT_NE(ir.find(".kinds = private"), std::string::npos) << "gapped: the values of no constant";
  forEachSample(*model, kMixed + 10, [](FmuRun& run, int k) {
    EXPECT_DOUBLE_EQ(run.real("mixed"), expectedMixed(k)) << "k = " << k;
    EXPECT_EQ(run.integer("literal"), k <= kLiteral ? 7 * k + 1 : -5) << "k = " << k;
    EXPECT_EQ(run.boolean("flag"), k <= kLiteral && k % 3 == 0) << "k = " << k;
    EXPECT_EQ(run.integer("gapped"), k % 2 == 0 && k <= 2 * kGapped ? 2 * k : 0) << "k = " << k;
  });
}

// Alike arms over k, which counts the samples as above: y has constants 1
// to 240 but the multiples of 11, in scrambled order, in three kinds:
//   c mod 3 = 0  two arms, the first with an `and`-ed condition that holds
//                for odd c (literals in both arms vary with c)
//   c mod 3 = 1  one arm whose literal factor varies
//   c mod 3 = 2  arms that call a function: never grouped, so searched
//                over leaves
// and 3 again at the end, which makes constant 3 unlike the others of its
// kind. flag's arms are all alike, with a varying Integer and Boolean.
constexpr int kAlike = 240, kFlags = 100;

std::string alikeSource() {
  std::string y, flag;
  for (int i = 0; i < kAlike; ++i) {
    const int c = i * 7 % kAlike + 1;
    if (c % 11 == 0) continue;
    if (c % 3 == 0)
      y += fmt::format("if k == {0} and k * 5 > {1} then k * 1.5 + {2} else if k == {0} then k - {3} else ", c,
                       5 * c + (c % 2 == 0 ? 1 : -1), c * 0.25, 2 * c);
    else if (c % 3 == 1)
      y += fmt::format("if k == {} then k * {} + 7 else ", c, c % 5);
    else
      y += fmt::format("if k == {0} then div(k, 2) + {0} else ", c);
  }
  y += "if k == 3 then 999 else -1";
  for (int c = 1; c <= kFlags; ++c)
    flag += fmt::format("if k == {} then k > {} or {} else ", c, c % 7, c % 2 == 0 ? "true" : "false");
  flag += "false";
  return sampledModel("Alike", "  Real y;\n  Boolean flag;\n", fmt::format("  y = {};\n  flag = {};\n", y, flag));
}

double expectedAlike(int k) {
  if (k < 1 || k > kAlike || k % 11 == 0) return -1;
  if (k % 3 == 0) return k % 2 == 1 ? k * 1.5 + k * 0.25 : -k;
  if (k % 3 == 1) return k * (k % 5) + 7;
  return k / 2 + k;
}

TEST_F(LargeChainTest, AlikeArmsShareTheirCodeAndKeepEachConstantsValues) {
  std::optional<causal::CausalModel> model = modelOf(alikeSource());
  ASSERT_TRUE(model);
  const std::string ir = dump(*model);
  ASSERT_FALSE(ir.empty()) << errors();
  EXPECT_NE(ir.find(".kinds = private"), std::string::npos) << "y: two groups and the others";
  EXPECT_NE(ir.find(".cases"), std::string::npos) << "y: the others in leaves";
  forEachSample(*model, kAlike + 10, [](FmuRun& run, int k) {
    EXPECT_DOUBLE_EQ(run.real("y"), expectedAlike(k)) << "k = " << k;
    EXPECT_EQ(run.boolean("flag"), k <= kFlags && (k > k % 7 || k % 2 == 0)) << "k = " << k;
  });
}

}  // namespace
}  // namespace smc::codegen
