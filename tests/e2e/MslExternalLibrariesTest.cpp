// External functions of the MSL itself, on its own prebuilt static
// libraries (Modelica/Resources/Library/linux64), found through the default
// LibraryDirectory of the Modelica package. A test executable of its own:
// ModelicaMatIO leaks 18 bytes when it appends to a MAT v4 file (in
// Mat_VarWrite, reproduced with the archives alone), which is not smc's
// to fix, so the sanitized run checks these tests without LeakSanitizer.
#include "check/Check.h"
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {

using smc::importer::SimulationResult;
using smc::test::compileModel;
using smc::test::simulateOk;
using smc::test::simulationOf;
using smc::test::valueAt;
using smc::test::writeScratchModel;

// Streams.writeRealMatrix writes MATLAB files in formats 4, 6 and 7
// (compressed) through libModelicaIO, libModelicaMatIO and libzlib.
TEST(MslExternalLibraries, StreamsWriteMatFilesThroughModelicaIOMatIOAndZlib) {
  std::string model = writeScratchModel("WriteMatrices.mo", R"(model WriteMatrices
  extends Modelica.Utilities.Examples.WriteRealMatrixToFile;
end WriteMatrices;
)");
  std::string fmu = compileModel(model, "WriteMatrices.fmu", [](smc::CompileOptions& o) {
    o.libraryPaths.push_back(std::string(SMC_SHARED_MODELS) + "/../msl");
  });
  smc::check::CheckResult checked = smc::check::checkFmu(fmu);
  EXPECT_EQ(checked.externalLibraries,
            (std::vector<std::string>{"libModelicaIO.a", "libModelicaMatIO.a", "libzlib.a"}));
  // The files go to the working directory, as the model names them.
  const std::filesystem::path before = std::filesystem::current_path();
  const std::filesystem::path here = std::filesystem::path(fmu).parent_path() / "mat-files";
  std::filesystem::create_directories(here);
  std::filesystem::current_path(here);
  SimulationResult r = simulateOk(simulationOf(fmu, 0.1, 0.1, true));
  std::filesystem::current_path(before);
  for (const char* success : {"success1", "success2", "success3", "success4"})
    EXPECT_EQ(valueAt(r, success, 0), 1) << success;
  for (const char* file : {"Test_RealMatrix_v4.mat", "Test_RealMatrix_v6.mat", "Test_RealMatrix_v7.mat"})
    EXPECT_GT(std::filesystem::file_size(here / file), 100u) << file;
  // Formats 6 and 7 start with MATLAB's text header.
  std::ifstream v7(here / "Test_RealMatrix_v7.mat", std::ios::binary);
  std::string header(19, '\0');
  v7.read(header.data(), static_cast<std::streamsize>(header.size()));
  EXPECT_EQ(header, "MATLAB 5.0 MAT-file");
}

}  // namespace
