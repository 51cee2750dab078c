// The origin of when-equations and algorithm sections: the instance path of
// the class that wrote them ("" for the top class), as for equations. The
// state machine stage needs it to tell which state a section belongs to.
#include "support/TestPipeline.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace smc::test {
namespace {

const char* kNested =
    "model Top\n"
    "  block Inner\n"
    "    discrete Integer n(start = 0);\n"
    "    Integer k;\n"
    "  equation\n"
    "    when time > 1 then\n"
    "      n = pre(n) + 1;\n"
    "    end when;\n"
    "  algorithm\n"
    "    k := 2;\n"
    "  end Inner;\n"
    "  block Outer\n"
    "    Inner part;\n"
    "  end Outer;\n"
    "  Outer whole;\n"
    "  discrete Integer m(start = 0);\n"
    "  Integer j;\n"
    "equation\n"
    "  when time > 2 then\n"
    "    m = pre(m) + 1;\n"
    "  end when;\n"
    "algorithm\n"
    "  j := 3;\n"
    "end Top;\n";

TEST(WhenOrigin, WhenEquationsCarryThePathOfTheInstanceThatWroteThem) {
  FlatRun run;
  flattenInto(run, kNested);
  ASSERT_TRUE(run.flat) << run.printed();
  std::vector<std::string> origins;
  for (const auto& w : run.flat->whenEquations) origins.push_back(w.origin);
  std::sort(origins.begin(), origins.end());
  EXPECT_EQ(origins, (std::vector<std::string>{"", "whole.part"}));
}

TEST(WhenOrigin, AlgorithmSectionsCarryThePathOfTheInstanceThatWroteThem) {
  FlatRun run;
  flattenInto(run, kNested);
  ASSERT_TRUE(run.flat) << run.printed();
  std::vector<std::string> origins;
  for (const auto& a : run.flat->algorithms) origins.push_back(a.origin);
  std::sort(origins.begin(), origins.end());
  EXPECT_EQ(origins, (std::vector<std::string>{"", "whole.part"}));
}

}  // namespace
}  // namespace smc::test
