// Which slots the runtime copies to pre() and compares in the event
// iteration (codegen/PreReads.h): those whose pre() the generated code
// reads, joined into ranges.
#include "CodegenFixture.h"
#include "codegen/PreReads.h"
#include "support/TestPipeline.h"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <regex>

namespace smc::codegen {
namespace {

using namespace testing;
using Ranges = std::vector<std::pair<int32_t, int32_t>>;

TEST(PreReads, SlotsCloserThanTheMergeGapShareARange) {
  PreReads reads;
  for (int64_t slot : {2, 0, 1, 2 + PreReads::kMergeGap - 1, 60, 99})
    reads.mark(flat::BaseType::Integer, slot);
  reads.mark(flat::BaseType::Boolean, 5);
  EXPECT_EQ(reads.ranges(flat::BaseType::Integer, 80),
            (Ranges{{0, 2 + PreReads::kMergeGap}, {60, 61}}));  // 99 is past the count
  EXPECT_EQ(reads.ranges(flat::BaseType::Boolean, 10), (Ranges{{5, 6}}));
  EXPECT_EQ(reads.ranges(flat::BaseType::Real, 10), Ranges{});
}

// The value references of the `kind` ("integer", "boolean") slots named in
// the IR's name table, by name.
std::map<std::string, int32_t> slotsByName(const std::string& ir, const std::string& kind) {
  std::smatch text;
  std::map<std::string, int32_t> slots;
  if (!std::regex_search(ir, text, std::regex("@smc_" + kind + R"re(_name_text = .* c"([^"]*)")re")))
    return slots;
  const std::string names = text[1].str();
  int32_t vr = 0;
  for (size_t at = 0; at < names.size();) {
    size_t end = names.find("\\00", at);
    if (end == std::string::npos) break;
    slots[names.substr(at, end - at)] = vr++;
    at = end + 3;
  }
  return slots;
}

// The [begin, end) pairs of the IR's smc_pre_<kind>_ranges.
Ranges preRanges(const std::string& ir, const std::string& kind) {
  std::smatch table;
  Ranges ranges;
  if (!std::regex_search(ir, table, std::regex("@smc_pre_" + kind + R"(_ranges = .*constant \[\d+ x i32\] \[([^\]]*)\])")))
    return ranges;
  const std::string bounds = table[1].str();
  std::vector<int32_t> values;
  const std::regex bound(R"(i32 (-?\d+))");
  for (std::sregex_iterator it(bounds.begin(), bounds.end(), bound), end; it != end; ++it)
    values.push_back(std::stoi((*it)[1].str()));
  for (size_t i = 0; i + 1 < values.size(); i += 2) ranges.emplace_back(values[i], values[i + 1]);
  return ranges;
}

bool covers(const Ranges& ranges, int32_t slot) {
  for (const auto& [begin, end] : ranges)
    if (begin <= slot && slot < end) return true;
  return false;
}

class PreReadsIrTest : public CodegenFixture {};

// A tick of one machine costs its active state only: the activeState flag
// of every state is set at each tick, but nothing reads its pre(), so the
// event iteration neither copies nor compares it. previous(nextState) is
// read and stays listed.
TEST_F(PreReadsIrTest, AMachinesActiveStateFlagsAreLeftOutOfThePreCopy) {
  constexpr int n = 40;
  const std::string source = stateRingSource(n);
  std::string messages;
  std::optional<causal::CausalModel> model = test::clockedCausalModelOf(source, messages);
  ASSERT_TRUE(model) << messages;
  const std::string ir = dump(*model);
  ASSERT_FALSE(ir.empty()) << errors();
  const std::map<std::string, int32_t> booleans = slotsByName(ir, "boolean");
  const std::map<std::string, int32_t> integers = slotsByName(ir, "integer");
  const Ranges preBooleans = preRanges(ir, "boolean");
  for (int j = 1; j <= n; ++j) {
    auto flag = booleans.find(fmt::format("activeState(s{})", j));
    ASSERT_NE(flag, booleans.end()) << j << "\n" << ir;
    EXPECT_FALSE(covers(preBooleans, flag->second)) << j;
  }
  auto next = integers.find("$sm.s1.nextState");
  ASSERT_NE(next, integers.end()) << ir;
  EXPECT_TRUE(covers(preRanges(ir, "integer"), next->second));
}

}  // namespace
}  // namespace smc::codegen
