// The `smc` binary on pathological models (issue 8, resource limits): each
// must end with a located error and exit status 1 — not a stack overflow
// (status 139), an abort, an out-of-memory kill or a hang. The big inputs
// are generated here at run time. Each command runs under a memory cap and
// `timeout`, so a regression fails the test instead of the machine; one
// checks that parsing a big file fits under a cap its parse tree would not.
#include "support/Command.h"

#include <gtest/gtest.h>

#include <string>

namespace smc::test {
namespace {

std::string repeated(const std::string& piece, int times) {
  std::string out;
  out.reserve(piece.size() * static_cast<size_t>(times));
  for (int i = 0; i < times; ++i) out += piece;
  return out;
}

// The memory cap: 2 GB of address space; a sanitized smc (SMC_SANITIZE)
// reserves terabytes of shadow address space at start, so it gets a cap on
// resident memory from AddressSanitizer instead, with room for its overhead.
std::string memoryCap() {
#ifdef __SANITIZE_ADDRESS__
  return "ASAN_OPTIONS=hard_rss_limit_mb=4000 ";
#else
  return "ulimit -v 2000000; ";
#endif
}

// Compiles `text` as file `name`.mo under the memory cap and within 120 s.
CommandOutcome compile(const std::string& name, const std::string& text,
                       const std::string& options = "") {
  std::string model = writeScratchFile("pathological", name + ".mo", text);
  std::string fmu = (scratchDirectory("pathological") / (name + ".fmu")).string();
  return runCommand(memoryCap() + "timeout 120 " + std::string(SMC_EXECUTABLE) + " " + model + " " +
                    options + " -o " + fmu + " 2>&1");
}

// Exit status 1 and a clang-style error `name.mo:line:column: error: what`.
void expectLocatedError(const CommandOutcome& outcome, const std::string& name,
                        const std::string& where, const std::string& what) {
  EXPECT_EQ(outcome.status, 1) << outcome.output.substr(0, 2000);
  std::string expected = name + ".mo:" + where + ": error: " + what;
  EXPECT_NE(outcome.output.find(expected), std::string::npos)
      << "expected: " << expected << "\ngot: " << outcome.output.substr(0, 2000);
}

std::string equationModel(const std::string& rhs) {
  return "model M\n  Real x;\nequation\n  x = " + rhs + ";\nend M;\n";
}

TEST(PathologicalModels, HundredThousandParenthesesAreANestingError) {
  const int deep = 100000;
  expectLocatedError(compile("Parens", equationModel(repeated("(", deep) + "1" + repeated(")", deep))),
                     "Parens", "4:107", "nesting is too deep here (brackets nested more than 100 levels)");
}

TEST(PathologicalModels, HundredThousandNegationsAreANestingError) {
  const int deep = 100000;
  expectLocatedError(compile("Negations", equationModel(repeated("-(", deep) + "1" + repeated(")", deep))),
                     "Negations", "4:208", "nesting is too deep here (brackets nested more than 100 levels)");
}

TEST(PathologicalModels, HundredThousandTermSumIsAnOperandLimitError) {
  expectLocatedError(compile("Sum", equationModel("1" + repeated(" + 1", 100000))), "Sum", "4:7",
                     "expression has 100001 operands in one operator chain (limit 1000)");
}

TEST(PathologicalModels, LongestAllowedSumCompiles) {
  // 1000 operands: the most the frontend accepts must survive every stage.
  CommandOutcome outcome =
      compile("LongSum", "model M\n  Real x(start = 0);\nequation\n  der(x) = 1" +
                             repeated(" + 1e-9*x", 999) + ";\nend M;\n");
  EXPECT_EQ(outcome.status, 0) << outcome.output.substr(0, 2000);
}

TEST(PathologicalModels, LongestAllowedProductAndConjunctionCompile) {
  CommandOutcome product = compile(
      "LongProduct", "model M\n  Real x(start = 1);\nequation\n  der(x) = -x" + repeated(" * 1", 999) +
                         ";\nend M;\n");
  EXPECT_EQ(product.status, 0) << product.output.substr(0, 2000);
  CommandOutcome conjunction = compile(
      "LongAnd", "model M\n  Boolean b;\n  Real x(start = 0);\nequation\n  b = true" +
                     repeated(" and time >= 0", 999) + ";\n  der(x) = if b then 1 else 0;\nend M;\n");
  EXPECT_EQ(conjunction.status, 0) << conjunction.output.substr(0, 2000);
}

TEST(PathologicalModels, DeeplyNestedIfExpressionsAreANestingError) {
  // Where the parser gives up depends on its rule structure; the line is certain.
  CommandOutcome outcome = compile("Ifs", equationModel(repeated("if time > 0 then 1 else ", 100000) + "0"));
  EXPECT_EQ(outcome.status, 1) << outcome.output.substr(0, 2000);
  EXPECT_NE(outcome.output.find("Ifs.mo:4:"), std::string::npos) << outcome.output.substr(0, 2000);
  EXPECT_NE(outcome.output.find("error: nesting is too deep here (more than 1500 grammar rules)"),
            std::string::npos);
}

TEST(PathologicalModels, DeeplyNestedSubscriptsAreRefusedQuickly) {
  // ANTLR's lookahead over `x[x[x[...]]]` once took quadratic time (an hour
  // for this model); the token-level bracket limit answers at once. The
  // first '[' is at column 8, the 101st at 8 + 2 * 100 = 208.
  expectLocatedError(compile("Subscripts", equationModel(repeated("x[", 100000) + "1" + repeated("]", 100000))),
                     "Subscripts", "4:208", "nesting is too deep here (brackets nested more than 100 levels)");
}

TEST(PathologicalModels, ChainsNestedInChainsAreAnExpressionDepthError) {
  // (((1 + 1 + ...) + 1 + ...) + ...): each chain and the nesting are under
  // their limits, the tree is 60 * 500 deep.
  std::string expression = "1";
  for (int level = 0; level < 60; ++level) expression = "(" + expression + ")" + repeated(" + 1", 499);
  expectLocatedError(compile("Composed", equationModel(expression)), "Composed", "4:7",
                     "expression nested");
}

TEST(PathologicalModels, OverlongDottedNameIsRefused) {
  std::string name = "a" + repeated(".a", 100000);
  expectLocatedError(compile("Name", equationModel(name)), "Name", "4:7",
                     "name has 100001 parts (limit 1000)");
}

TEST(PathologicalModels, GiganticArraysAreRefusedBeforeAllocating) {
  expectLocatedError(compile("Big", "model M\n  Real x[100000000];\nequation\n  x = zeros(100000000);\nend M;\n"),
                     "Big", "2:3", "component of size [100000000] has more than 1000000 elements");
  expectLocatedError(compile("Square", "model M\n  Real x[1000000, 1000000];\nend M;\n"), "Square", "2:3",
                     "component of size [1000000, 1000000] has more than 1000000 elements");
  expectLocatedError(compile("Fill", equationModel("sum(fill(0, 1000000000))")), "Fill", "4:11",
                     "fill() of size [1000000000] has more than 1000000 elements");
}

TEST(PathologicalModels, CyclicClassStructuresAreRefused) {
  expectLocatedError(compile("SelfComponent", "model A\n  A a;\nend A;\n"), "SelfComponent", "2:5",
                     "component 'a' is again an instance of 'A'");
  expectLocatedError(compile("CyclicExtends", "model A\n  extends B;\nend A;\nmodel B\n  extends A;\nend B;\n",
                             "--model A"),
                     "CyclicExtends", "1:7", "cyclic extends: A extends B extends A");
}

TEST(PathologicalModels, FileBeyondTheSizeLimitIsRefusedAtItsStart) {
  // 64 MiB and one byte of blanks: refused before a single token is read.
  std::string text = "model M\n" + std::string((64u << 20) - 7, ' ') + "end M;\n";
  ASSERT_EQ(text.size(), (64u << 20) + 8);
  expectLocatedError(compile("Huge", text), "Huge", "1:1",
                     "the file has 67108872 bytes, more than 67108864 (the limit on one source file)");
}

// A chain of 20000 first-order lags in scalar form (1.6 MB). ANTLR's tokens
// and parse tree of the whole file once took over 500 MB to parse it; the
// parser now holds only the item being read, so the AST dominates.
TEST(PathologicalModels, ParsingManyEquationsNeedsNoParseTreeOfTheWholeFile) {
  const int n = 20000;
  std::string text = "model Chain\n  parameter Real tau = 1;\n";
  for (int i = 1; i <= n; ++i) text += "  Real x_" + std::to_string(i) + "(start = 0, fixed = true);\n";
  text += "equation\n  der(x_1) = (1 - x_1) / tau;\n";
  for (int i = 2; i <= n; ++i)
    text += "  der(x_" + std::to_string(i) + ") = (x_" + std::to_string(i - 1) + " - x_" + std::to_string(i) + ") / tau;\n";
  text += "end Chain;\n";
  std::string model = writeScratchFile("pathological", "Chain.mo", text);
#ifdef __SANITIZE_ADDRESS__
  // ASan keeps freed blocks in a quarantine (256 MB by default) that would
  // count against the cap; a small one leaves the program's own memory.
  const std::string cap = "ASAN_OPTIONS=quarantine_size_mb=64:hard_rss_limit_mb=900 ";
#else
  const std::string cap = "ulimit -v 600000; ";
#endif
  CommandOutcome outcome =
      runCommand(cap + "timeout 120 " + std::string(SMC_EXECUTABLE) + " --dump=ast " + model + " > /dev/null");
  EXPECT_EQ(outcome.status, 0) << outcome.output.substr(0, 2000);
}

TEST(PathologicalModels, HugeForLoopIsRefused) {
  expectLocatedError(
      compile("For", "model M\n  Real x;\nequation\n  x = 1;\n  for i in 1:1000000000 loop\n  end for;\nend M;\n"),
      "For", "5:12", "range has 1000000000 elements, more than 1000000");
}

}  // namespace
}  // namespace smc::test
