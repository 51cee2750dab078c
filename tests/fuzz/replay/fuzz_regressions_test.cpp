// Replays the inputs the fuzzers once crashed on (tests/fuzz/regressions/
// <harness>/, one file per input, minimized) through the same harness
// functions libFuzzer calls, so every fixed crash stays fixed in the
// normal build and in CI, where clang and libFuzzer are not installed.
// A harness aborts when its checks fail (FuzzChecks.h), so a regression
// shows as this test crashing; the input being replayed is printed first.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int smc_fuzz_frontend_one_input(const uint8_t* data, size_t size);
extern "C" int smc_fuzz_pipeline_one_input(const uint8_t* data, size_t size);
extern "C" int smc_fuzz_deserialize_state_one_input(const uint8_t* data, size_t size);

namespace {

namespace fs = std::filesystem;
using Harness = int (*)(const uint8_t*, size_t);

// The kept inputs of one harness, in name order (none when the folder is
// missing: a harness may not have found anything yet).
std::vector<fs::path> regressionInputs(const std::string& harness) {
  fs::path dir = fs::path(SMC_SOURCE_DIR) / "tests/fuzz/regressions" / harness;
  std::vector<fs::path> files;
  if (!fs::is_directory(dir)) return files;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir))
    if (entry.is_regular_file()) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

// Runs the harness on each input.
void replay(const std::string& harness, Harness run) {
  for (const fs::path& file : regressionInputs(harness)) {
    std::ifstream in(file, std::ios::binary);
    std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_TRUE(in.good() || in.eof()) << "cannot read " << file;
    std::fprintf(stderr, "replaying %s (%zu bytes)\n", file.c_str(), bytes.size());
    std::fflush(stderr);
    EXPECT_EQ(run(bytes.data(), bytes.size()), 0) << file;
  }
}

TEST(FuzzRegressions, FrontendSurvivesEveryKeptInput) {
  replay("fuzz_frontend", smc_fuzz_frontend_one_input);
}

TEST(FuzzRegressions, PipelineSurvivesEveryKeptInput) {
  replay("fuzz_pipeline", smc_fuzz_pipeline_one_input);
}

TEST(FuzzRegressions, DeserializeStateSurvivesEveryKeptInput) {
  replay("fuzz_deserialize_state", smc_fuzz_deserialize_state_one_input);
}

}  // namespace
