// Reading result CSVs: smc's own format round-trips, other tools' habits
// are accepted, and every malformed input names its line and column
// (counted by hand in each test).
#include "plot/Plot.h"

#include "importer/Simulate.h"

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

using smc::importer::SimulationResult;
using smc::plot::parseCsv;

namespace {

std::string errorOf(std::string_view text) {
  auto result = parseCsv(text, "r.csv");
  if (result) return "(no error)";
  return result.error().message;
}

}  // namespace

TEST(CsvReader, ReadsQuotedNamesAndNonFiniteNumbers) {
  auto result = parseCsv("time,x,\"a[1,2]\",\"say \"\"hi\"\"\"\n0,0.1,nan,inf\n0.5,-2,-inf,1e-300\n",
                         "r.csv");
  ASSERT_TRUE(result) << result.error().message;
  EXPECT_EQ(result->columns, (std::vector<std::string>{"time", "x", "a[1,2]", "say \"hi\""}));
  ASSERT_EQ(result->rows.size(), 2u);
  EXPECT_EQ(result->rows[0][1], 0.1);
  EXPECT_TRUE(std::isnan(result->rows[0][2]));
  EXPECT_EQ(result->rows[0][3], INFINITY);
  EXPECT_EQ(result->rows[1][2], -INFINITY);
  EXPECT_EQ(result->rows[1][3], 1e-300);
  EXPECT_EQ(result->startTime, 0.0);
  EXPECT_EQ(result->stopTime, 0.5);
}

TEST(CsvReader, ReadsBackExactlyWhatWriteCsvWrites) {
  SimulationResult original;
  original.columns = {"time", "x", "q,\"r\""};
  original.rows = {{0.0, 1.0 / 3.0, -0.0}, {0.1, 6.02214076e23, NAN}, {0.2, 5e-324, -INFINITY}};
  std::ostringstream csv;
  smc::importer::writeCsv(csv, original);
  auto read = parseCsv(csv.str(), "r.csv");
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_EQ(read->columns, original.columns);
  ASSERT_EQ(read->rows.size(), original.rows.size());
  for (std::size_t i = 0; i < original.rows.size(); ++i) {
    for (std::size_t j = 0; j < original.columns.size(); ++j) {
      double expected = original.rows[i][j];
      double actual = read->rows[i][j];
      if (std::isnan(expected)) {
        EXPECT_TRUE(std::isnan(actual)) << i << "," << j;
      } else {
        EXPECT_EQ(actual, expected) << i << "," << j;
        EXPECT_EQ(std::signbit(actual), std::signbit(expected)) << i << "," << j;
      }
    }
  }
}

TEST(CsvReader, AcceptsOtherToolsHabits) {
  // A byte-order mark, CRLF, blanks around fields, a blank line, a leading
  // plus sign, Booleans as words and an empty field for a missing sample.
  auto result = parseCsv("\xEF\xBB\xBFt, y ,flag\r\n0, +1.5e+02 ,true\r\n\r\n1,,FALSE\r\n", "r.csv");
  ASSERT_TRUE(result) << result.error().message;
  EXPECT_EQ(result->columns, (std::vector<std::string>{"t", "y", "flag"}));
  ASSERT_EQ(result->rows.size(), 2u);
  EXPECT_EQ(result->rows[0], (std::vector<double>{0.0, 150.0, 1.0}));
  EXPECT_EQ(result->rows[1][0], 1.0);
  EXPECT_TRUE(std::isnan(result->rows[1][1]));
  EXPECT_EQ(result->rows[1][2], 0.0);
}

TEST(CsvReader, AcceptsAFinalLineWithoutLineBreakAndQuotedNumbers) {
  auto result = parseCsv("time,x\n0,\"2.5\"\n1,3", "r.csv");
  ASSERT_TRUE(result) << result.error().message;
  EXPECT_EQ(result->rows, (std::vector<std::vector<double>>{{0.0, 2.5}, {1.0, 3.0}}));
}

TEST(CsvReader, NumbersBeyondTheDoubleRangeBecomeInfinityOrZero) {
  auto result = parseCsv("time,x,y\n0,-1e999,1e-999\n", "r.csv");
  ASSERT_TRUE(result) << result.error().message;
  EXPECT_EQ(result->rows[0][1], -INFINITY);
  EXPECT_EQ(result->rows[0][2], 0.0);
}

TEST(CsvReader, HeaderOnlyGivesNoRows) {
  auto result = parseCsv("time,x\n", "r.csv");
  ASSERT_TRUE(result) << result.error().message;
  EXPECT_EQ(result->columns.size(), 2u);
  EXPECT_TRUE(result->rows.empty());
}

TEST(CsvReader, TextThatIsNotANumberIsLocated) {
  // "0.5," takes columns 1-4 of line 3.
  EXPECT_EQ(errorOf("time,x\n0,1\n0.5,abc\n"), "r.csv:3:5: 'abc' in column 'x' is not a number");
  EXPECT_EQ(errorOf("time,x\n1.2.3,1\n"), "r.csv:2:1: '1.2.3' in column 'time' is not a number");
}

TEST(CsvReader, RaggedRowsAreLocated) {
  // Too many: the first extra field starts after "0,1,".
  EXPECT_EQ(errorOf("time,x\n0,1,2\n"), "r.csv:2:5: row has 3 fields but the header names 2 columns");
  // Too few: the row ends after "0,1", at column 4.
  EXPECT_EQ(errorOf("time,x,y\n0,1\n"), "r.csv:2:4: row has 2 fields but the header names 3 columns");
  EXPECT_EQ(errorOf("time,x,y\n0\n"), "r.csv:2:2: row has 1 field but the header names 3 columns");
}

TEST(CsvReader, QuotingMistakesAreLocated) {
  EXPECT_EQ(errorOf("time,\"x\n0,1\n"), "r.csv:1:6: a quoted field is never closed");
  EXPECT_EQ(errorOf("time,x\n0,1\"2\n"), "r.csv:2:4: a quote inside an unquoted field");
  EXPECT_EQ(errorOf("\"time\"x,y\n"), "r.csv:1:7: unexpected 'x' after a closing quote");
}

TEST(CsvReader, LineBreaksInsideQuotedNamesAdvanceTheLineCount) {
  auto result = parseCsv("time,\"a\r\nb\"\n0,1\n", "r.csv");
  ASSERT_TRUE(result) << result.error().message;
  EXPECT_EQ(result->columns[1], "a\nb");
  EXPECT_EQ(errorOf("time,\"a\nb\"\n0,zz\n"), "r.csv:3:3: 'zz' in column 'a\nb' is not a number");
}

TEST(CsvReader, EmptyInputAndNamelessColumnsAreErrors) {
  EXPECT_EQ(errorOf(""), "r.csv: no header line; the file is empty");
  EXPECT_EQ(errorOf("\n  \n"), "r.csv: no header line; the file is empty");
  EXPECT_EQ(errorOf("time,,y\n"), "r.csv:1:6: column 2 of the header has no name");
}

TEST(CsvReader, MissingFileNamesThePathAndTheReason) {
  auto result = smc::plot::readCsv("/nonexistent/smc-plot/r.csv");
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().message,
            "cannot read '/nonexistent/smc-plot/r.csv': No such file or directory");
}
