// The `smc plot` command body: default output name, explicit output,
// the "smc plot: error:" format for every failure, and exit statuses.
#include "plot/Plot.h"

#include "SvgQuery.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

using smc::plot::PlotOptions;
using smc::plot::runPlotCommand;
namespace fs = std::filesystem;

namespace {

class PlotCommand : public ::testing::Test {
protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    directory_ = fs::temp_directory_path() /
                 ("smc-plot-" + std::string(info->name()) + "-" + std::to_string(::getpid()));
    fs::remove_all(directory_);
    fs::create_directories(directory_);
  }
  void TearDown() override { fs::remove_all(directory_); }

  fs::path write(const std::string& name, const std::string& text) {
    fs::path path = directory_ / name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }

  static std::string read(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  }

  fs::path directory_;
};

}  // namespace

TEST_F(PlotCommand, WritesTheSvgNextToTheCsvByDefault) {
  fs::path csv = write("result.csv", "time,x\n0,1\n1,2\n");
  std::ostringstream err;
  EXPECT_EQ(runPlotCommand(csv.string(), "", PlotOptions{}, err), 0);
  EXPECT_EQ(err.str(), "");
  pugi::xml_document svg;
  EXPECT_TRUE(smc::plot::test::parseSvg(read(directory_ / "result.svg"), svg));
  EXPECT_TRUE(smc::plot::test::seriesNamed(svg, "x"));
}

TEST_F(PlotCommand, WritesWhereTheOutputPathSays) {
  fs::path csv = write("result.csv", "time,x\n0,1\n1,2\n");
  fs::path svgPath = directory_ / "chosen.svg";
  std::ostringstream err;
  EXPECT_EQ(runPlotCommand(csv.string(), svgPath.string(), PlotOptions{}, err), 0);
  EXPECT_TRUE(fs::exists(svgPath));
  EXPECT_FALSE(fs::exists(directory_ / "result.svg"));
}

TEST_F(PlotCommand, MissingCsvIsAnError) {
  std::ostringstream err;
  fs::path csv = directory_ / "absent.csv";
  EXPECT_EQ(runPlotCommand(csv.string(), "", PlotOptions{}, err), 1);
  EXPECT_EQ(err.str(), "smc plot: error: cannot read '" + csv.string() + "': No such file or directory\n");
  EXPECT_EQ(runPlotCommand("", "", PlotOptions{}, err), 1);
}

TEST_F(PlotCommand, MalformedCsvErrorIsLocated) {
  fs::path csv = write("bad.csv", "time,y\n0,x\n");
  std::ostringstream err;
  EXPECT_EQ(runPlotCommand(csv.string(), "", PlotOptions{}, err), 1);
  EXPECT_EQ(err.str(), "smc plot: error: " + csv.string() + ":2:3: 'x' in column 'y' is not a number\n");
  EXPECT_FALSE(fs::exists(directory_ / "bad.svg"));
}

TEST_F(PlotCommand, UnknownVariableErrorNamesTheFile) {
  fs::path csv = write("result.csv", "time,height\n0,1\n");
  PlotOptions options;
  options.variables = {"hieght"};
  std::ostringstream err;
  EXPECT_EQ(runPlotCommand(csv.string(), "", options, err), 1);
  EXPECT_EQ(err.str(), "smc plot: error: " + csv.string() +
                           ": no variable named 'hieght' in the result; did you mean 'height'?\n");
}

TEST_F(PlotCommand, NeverOverwritesTheCsv) {
  std::string data = "time,x\n0,1\n";
  fs::path csv = write("result.csv", data);
  std::ostringstream err;
  EXPECT_EQ(runPlotCommand(csv.string(), csv.string(), PlotOptions{}, err), 1);
  EXPECT_EQ(err.str(), "smc plot: error: the SVG output '" + csv.string() + "' would overwrite the CSV input\n");
  EXPECT_EQ(read(csv), data);
}

TEST_F(PlotCommand, UnwritableOutputIsAnError) {
  fs::path csv = write("result.csv", "time,x\n0,1\n");
  std::ostringstream err;
  fs::path svgPath = directory_ / "no-such-dir" / "plot.svg";
  EXPECT_EQ(runPlotCommand(csv.string(), svgPath.string(), PlotOptions{}, err), 1);
  EXPECT_EQ(err.str(), "smc plot: error: cannot write '" + svgPath.string() + "': No such file or directory\n");
}
