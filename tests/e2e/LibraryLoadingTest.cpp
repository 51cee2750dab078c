// Libraries as spec 13.4 stores them, loaded the way a user of a large one
// (the MSL) needs: a file is parsed only when the model uses a class it
// defines, a directory without package.mo is not a package, a library class
// compiles with no file given, and the FMU's messages name library files.
#include "support/Command.h"
#include "support/TestPipeline.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace {

namespace fs = std::filesystem;

using smc::test::runCommand;
using Outcome = smc::test::CommandOutcome;

std::string smc() { return SMC_EXECUTABLE; }

bool has(const std::string& text, const std::string& piece) { return text.find(piece) != std::string::npos; }

void write(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

// A library `Shapes` in a fresh directory: package.mo, a class per file,
// a sub-package directory, a file that does not parse, a folder that is not
// a package.
fs::path shapesLibrary(const std::string& name) {
  const fs::path lib = smc::test::scratchDirectory("library") / name;
  fs::remove_all(lib);
  write(lib / "Shapes" / "package.mo", "package Shapes\n  constant Real unit = 2;\nend Shapes;\n");
  write(lib / "Shapes" / "Square.mo",
        "within Shapes;\nmodel Square\n  parameter Real side = unit;\n  output Real area = side * side;\n"
        "equation\n  assert(time < 0.5, \"the square has grown too old\");\nend Square;\n");
  write(lib / "Shapes" / "Broken.mo", "within Shapes;\nmodel Broken\n  Real x\nend Broken;\n");
  write(lib / "Shapes" / "Solids" / "package.mo", "within Shapes;\npackage Solids\nend Solids;\n");
  write(lib / "Shapes" / "Solids" / "Cube.mo",
        "within Shapes.Solids;\nmodel Cube\n  Shapes.Square face;\n  output Real volume = face.area * face.side;\n"
        "end Cube;\n");
  write(lib / "Shapes" / "Notes" / "Draft.mo", "within Shapes.Notes;\nmodel Draft\nend Draft;\n");
  write(lib / "Shapes" / "Math.mo",
        "within Shapes;\npackage Math\n  function sine\n    input Real u;\n    output Real y;\n"
        "  external \"builtin\" y = sin(u);\n  end sine;\nend Math;\n");
  return lib;
}

std::string writeModel(const std::string& name, const std::string& text) {
  return smc::test::writeScratchFile("library", name, text);
}

TEST(LibraryLoading, FilesTheModelDoesNotUseAreNotParsed) {
  const fs::path lib = shapesLibrary("unused");
  const std::string model =
      writeModel("UsesCube.mo", "model UsesCube\n  Shapes.Solids.Cube c;\n  output Real v = c.volume;\nend UsesCube;\n");
  Outcome o = runCommand(smc() + " --dump=flat -I " + lib.string() + " " + model);
  EXPECT_EQ(o.status, 0) << o.output;  // Broken.mo has a syntax error
  EXPECT_TRUE(has(o.output, "parameter Real c.face.side = 2;")) << o.output;
  EXPECT_FALSE(has(o.output, "Broken.mo")) << o.output;

  const std::string broken =
      writeModel("UsesBroken.mo", "model UsesBroken\n  Shapes.Broken b;\nend UsesBroken;\n");
  o = runCommand(smc() + " --dump=flat -I " + lib.string() + " " + broken);
  EXPECT_EQ(o.status, 1);
  EXPECT_TRUE(has(o.output, (lib / "Shapes" / "Broken.mo").string() + ":4:1: error:")) << o.output;
}

// A library file that fails stays failed: every later use of its class
// misses as the first did, and a file defining another class is named.
TEST(LibraryLoading, AFailedLibraryFileIsAnErrorAtEveryUse) {
  const fs::path lib = shapesLibrary("failed");
  write(lib / "Shapes" / "Wrong.mo", "within Shapes;\nmodel Other\nend Other;\n");
  const std::string model = writeModel(
      "UsesBrokenTwice.mo",
      "model UsesBrokenTwice\n  Shapes.Broken a;\n  Shapes.Broken b;\n  Shapes.Wrong w;\nend UsesBrokenTwice;\n");
  Outcome o = runCommand(smc() + " --dump=flat -I " + lib.string() + " " + model);
  EXPECT_EQ(o.status, 1) << o.output;
  EXPECT_TRUE(has(o.output, "UsesBrokenTwice.mo:3:3: error: class 'Shapes.Broken' not found")) << o.output;
  EXPECT_TRUE(has(o.output, "Wrong.mo' should define class 'Shapes.Wrong' (spec 13.4), but does not")) << o.output;
}

TEST(LibraryLoading, ADirectoryWithoutPackageMoIsNotAPackage) {
  const fs::path lib = shapesLibrary("notapackage");
  const std::string model = writeModel("UsesDraft.mo", "model UsesDraft\n  Shapes.Notes.Draft d;\nend UsesDraft;\n");
  Outcome o = runCommand(smc() + " --dump=flat -I " + lib.string() + " " + model);
  EXPECT_EQ(o.status, 1);
  EXPECT_TRUE(has(o.output, "error: class 'Shapes.Notes.Draft' not found")) << o.output;
}

TEST(LibraryLoading, AFileOfALoadedLibraryCompilesItsClass) {
  const fs::path lib = shapesLibrary("ownfile");
  Outcome o = runCommand(smc() + " --dump=flat -I " + lib.string() + " " +
                         (lib / "Shapes" / "Solids" / "Cube.mo").string());
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_FALSE(has(o.output, "defined twice")) << o.output;
  EXPECT_TRUE(has(o.output, "class Shapes.Solids.Cube")) << o.output;
}

TEST(LibraryLoading, ALibraryClassCompilesWithNoFileGiven) {
  const fs::path lib = shapesLibrary("nofile");
  const std::string fmu = (smc::test::scratchDirectory("library") / "Cube.fmu").string();
  Outcome o = runCommand(smc() + " --model Shapes.Solids.Cube -I " + lib.string() + " -o " + fmu);
  ASSERT_EQ(o.status, 0) << o.output;
  Outcome run = runCommand(smc() + " simulate " + fmu + " --stop-time 0.25");
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_TRUE(has(run.output, "volume = 8")) << run.output;

  o = runCommand(smc() + " --model Shapes.Solids.Sphere -I " + lib.string());
  EXPECT_EQ(o.status, 1);
  EXPECT_TRUE(has(o.output, "model 'Shapes.Solids.Sphere' not found")) << o.output;
}

// The FMU's run-time messages point into the library file, not into the
// user's model.
TEST(LibraryLoading, RunTimeMessagesNameTheLibraryFile) {
  const fs::path lib = shapesLibrary("messages");
  const std::string fmu = (smc::test::scratchDirectory("library") / "Square.fmu").string();
  Outcome o = runCommand(smc() + " --model Shapes.Square -I " + lib.string() + " -o " + fmu);
  ASSERT_EQ(o.status, 0) << o.output;
  Outcome run = runCommand(smc() + " simulate " + fmu + " --stop-time 1");
  EXPECT_EQ(run.status, 1) << run.output;
  EXPECT_TRUE(has(run.output, "the square has grown too old")) << run.output;
  EXPECT_TRUE(has(run.output, "Shapes/Square.mo:6:3")) << run.output;
}

// Modelica.Math.sin is `external "builtin" y = sin(u)`: a call of such a
// function is the built-in.
TEST(LibraryLoading, ABuiltinWrapperIsTheBuiltin) {
  const fs::path lib = shapesLibrary("builtin");
  const std::string model =
      writeModel("UsesSine.mo", "model UsesSine\n  output Real y = Shapes.Math.sine(time);\nend UsesSine;\n");
  Outcome o = runCommand(smc() + " --dump=flat -I " + lib.string() + " " + model);
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_TRUE(has(o.output, "y = sin(time);")) << o.output;
}

}  // namespace
