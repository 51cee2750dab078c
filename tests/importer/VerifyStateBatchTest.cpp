// The pieces of `smc verify-state` over many FMUs that need no FMU: which
// files a list of paths names, the bytes a rank sends for one line, and the
// tally's exit status.
#include "importer/VerifyStateBatch.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace smc::importer {
namespace {

namespace fs = std::filesystem;

fs::path scratch() { return fs::temp_directory_path() / ("smc-collect-fmus-" + std::to_string(::getpid())); }

TEST(CollectFmus, DirectoriesGiveTheirFmusSortedAndFilesStayInTheirPlace) {
  fs::path dir = scratch() / "tree";
  fs::remove_all(dir);
  fs::create_directories(dir / "sub");
  for (const char* name : {"b.fmu", "a.fmu", "notes.txt", "sub/c.fmu"}) std::ofstream(dir / name) << "x";
  std::ofstream(dir.parent_path() / "single.fmu") << "x";
  auto fmus = collectFmus({(dir.parent_path() / "single.fmu").string(), dir.string()});
  ASSERT_TRUE(fmus) << fmus.error().message;
  std::vector<std::string> expected = {(dir.parent_path() / "single.fmu").string(), (dir / "a.fmu").string(),
                                       (dir / "b.fmu").string(), (dir / "sub" / "c.fmu").string()};
  EXPECT_EQ(*fmus, expected);
}

TEST(CollectFmus, AMissingPathAndADirectoryWithoutFmusAreErrors) {
  fs::path empty = scratch() / "empty";
  fs::create_directories(empty);
  auto missing = collectFmus({"/nonexistent/m.fmu"});
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().message, "/nonexistent/m.fmu: no such file or directory");
  auto none = collectFmus({empty.string()});
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error().message, empty.string() + ": the directory holds no .fmu file");
}

TEST(BatchLine, EncodingRoundTripsEveryVerdictAndMultiLineText) {
  for (BatchVerdict verdict : {BatchVerdict::Passed, BatchVerdict::Failed, BatchVerdict::Skipped,
                               BatchVerdict::CouldNotRun}) {
    BatchLine line{verdict, "dir/m.fmu", "first line\n  second: with ':' and \t tabs"};
    BatchLine back = decodeBatchLine(encodeBatchLine(line));
    EXPECT_EQ(back.verdict, line.verdict);
    EXPECT_EQ(back.fmuPath, line.fmuPath);
    EXPECT_EQ(back.text, line.text);
  }
}

TEST(BatchLine, BytesThatAreNoLineDecodeToACouldNotRunLine) {
  for (std::string bytes : {std::string(), std::string("Xpath\0text", 10), std::string("Pno separator")}) {
    BatchLine line = decodeBatchLine(bytes);
    EXPECT_EQ(line.verdict, BatchVerdict::CouldNotRun) << bytes;
    EXPECT_EQ(line.text, "a rank sent a result that is not a verify-state line");
  }
}

TEST(BatchTally, AFailureOutranksAnFmuThatCouldNotRunAndSkippedOnesPass) {
  BatchTally skippedOnly;
  skippedOnly.add(BatchVerdict::Passed);
  skippedOnly.add(BatchVerdict::Skipped);
  EXPECT_EQ(skippedOnly.exitStatus(), 0);
  BatchTally couldNotRun = skippedOnly;
  couldNotRun.add(BatchVerdict::CouldNotRun);
  EXPECT_EQ(couldNotRun.exitStatus(), 2);
  BatchTally failed = couldNotRun;
  failed.add(BatchVerdict::Failed);
  EXPECT_EQ(failed.exitStatus(), 1);
}

}  // namespace
}  // namespace smc::importer
