// The diagnostic engine: one report per distinct problem, even when a
// class instantiated several times makes a stage find it several times.
#include "frontend/Diagnostics.h"

#include <gtest/gtest.h>

namespace {

using smc::Severity;

struct Engine {
  smc::SourceManager sources;
  smc::DiagnosticEngine diags{sources};
  smc::SourceRange range(uint32_t line, uint32_t column) {
    smc::FileId file = sources.fileCount() ? 0 : sources.addBuffer("m.mo", "model M\n  Real x;\nend M;\n");
    return {{file, line, column}, {file, line, column + 4}};
  }
  Engine() { diags.setOutput(nullptr); }
};

TEST(Diagnostics, RepeatedErrorAtTheSamePlaceIsReportedOnceWithItsNotes) {
  Engine e;
  for (int instance = 0; instance < 3; ++instance) {
    e.diags.error(e.range(2, 3), "bad x");
    e.diags.note(e.range(1, 1), "declared here");
  }
  ASSERT_EQ(e.diags.diagnostics().size(), 2u);
  EXPECT_EQ(e.diags.errorCount(), 1u);
  EXPECT_EQ(e.diags.diagnostics()[1].severity, Severity::Note);
}

TEST(Diagnostics, ARepeatedErrorStillCountsAsAFailureOfTheStepThatRepeatsIt) {
  Engine e;
  e.diags.error(e.range(2, 3), "bad x");
  const unsigned before = e.diags.errorReports();
  e.diags.error(e.range(2, 3), "bad x");
  EXPECT_GT(e.diags.errorReports(), before);
  EXPECT_EQ(e.diags.errorCount(), 1u);
}

TEST(Diagnostics, SameMessageAtAnotherPlaceOrAnotherMessageIsKept) {
  Engine e;
  e.diags.error(e.range(2, 3), "bad x");
  e.diags.error(e.range(2, 4), "bad x");
  e.diags.error(e.range(2, 3), "bad y");
  e.diags.warning(e.range(2, 3), "bad x");
  EXPECT_EQ(e.diags.errorCount(), 3u);
  EXPECT_EQ(e.diags.diagnostics().size(), 4u);
}

TEST(Diagnostics, NotesOfANewErrorAfterARepeatAreKept) {
  Engine e;
  e.diags.error(e.range(2, 3), "bad x");
  e.diags.error(e.range(2, 3), "bad x");
  e.diags.note(e.range(1, 1), "dropped with its repeated error");
  e.diags.error(e.range(3, 1), "bad end");
  e.diags.note(e.range(1, 1), "kept");
  ASSERT_EQ(e.diags.diagnostics().size(), 3u);
  EXPECT_EQ(e.diags.diagnostics()[2].message, "kept");
}

}  // namespace
