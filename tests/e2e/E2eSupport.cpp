#include "e2e/E2eSupport.h"

#include "driver/Compile.h"
#include "support/Csv.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include <unistd.h>

namespace smc::test {

namespace fs = std::filesystem;

namespace {

fs::path scratchDir() {
  fs::path dir = fs::path(testing::TempDir()) / ("smc-e2e-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir;
}

bool compileTo(const std::string& modelPath, const std::string& output, std::string& printed,
               const std::string& runtimeArchive = "",
               const std::function<void(CompileOptions&)>& adjust = {}) {
  CompileOptions options;
  options.inputPath = modelPath;
  options.outputPath = output;
  options.runtimeArchive = runtimeArchive;
  if (adjust) adjust(options);
  SourceManager sources;
  DiagnosticEngine diags(sources);
  diags.setOutput(nullptr);
  std::string dump;
  bool ok = compile(options, sources, diags, dump);
  for (const auto& d : diags.diagnostics()) printed += diags.format(d);
  return ok && !diags.hasErrors();
}

}  // namespace

std::string compileModelWithRuntime(const std::string& modelPath, const std::string& fmuName,
                                    const std::string& runtimeArchive) {
  std::string output = (scratchDir() / fmuName).string();
  std::string printed;
  EXPECT_TRUE(compileTo(modelPath, output, printed, runtimeArchive)) << printed;
  return output;
}

std::string compileModel(const std::string& modelPath, const std::string& fmuName,
                         const std::function<void(CompileOptions&)>& adjust) {
  std::string output = (scratchDir() / fmuName).string();
  std::string printed;
  EXPECT_TRUE(compileTo(modelPath, output, printed, "", adjust)) << printed;
  return output;
}

std::string compileWithWarnings(const std::string& modelPath, const std::string& fmuName,
                                const std::function<void(CompileOptions&)>& adjust) {
  std::string printed;
  EXPECT_TRUE(compileTo(modelPath, (scratchDir() / fmuName).string(), printed, "", adjust)) << printed;
  return printed;
}

std::string compileErrors(const std::string& modelPath, const std::function<void(CompileOptions&)>& adjust) {
  std::string printed;
  bool ok = compileTo(modelPath, (scratchDir() / "unexpected.fmu").string(), printed, "", adjust);
  EXPECT_FALSE(ok) << "the model compiled";
  return printed;
}

importer::SimulateOptions simulationOf(const std::string& fmu, double stop, double step,
                                       bool allVariables) {
  importer::SimulateOptions options;
  options.fmuPath = fmu;
  options.stopTime = stop;
  options.stepSize = step;
  options.allVariables = allVariables;
  return options;
}

importer::SimulationResult simulateOk(importer::SimulateOptions options) {
  if (!options.logSink) options.logSink = [](const importer::LogMessage&) {};
  auto result = importer::simulate(options);
  EXPECT_TRUE(result.ok()) << (result.ok() ? "" : result.error().message);
  return result.ok() ? std::move(result).value() : importer::SimulationResult{};
}

std::string simulateError(importer::SimulateOptions options) {
  if (!options.logSink) options.logSink = [](const importer::LogMessage&) {};
  auto result = importer::simulate(options);
  EXPECT_FALSE(result.ok()) << "the simulation succeeded";
  return result.ok() ? std::string() : result.error().message;
}

int columnOf(const importer::SimulationResult& r, const std::string& name) {
  for (size_t i = 0; i < r.columns.size(); ++i)
    if (r.columns[i] == name) return static_cast<int>(i);
  ADD_FAILURE() << "no column " << name;
  return 0;
}

double valueAt(const importer::SimulationResult& r, const std::string& name, double time) {
  int column = columnOf(r, name);
  for (const auto& row : r.rows)
    if (std::abs(row[0] - time) < 1e-9) return row[column];
  ADD_FAILURE() << "no row at time " << time;
  return NAN;
}

std::unique_ptr<importer::FmuInstance> started(const LoadedFmu& loaded, const char* name) {
  auto made = importer::FmuInstance::instantiate(*loaded.fmu, loaded.md, loaded.archive.resourcesUri(),
                                                 importer::InstanceOptions{name, false, false,
                                                                           [](const importer::LogMessage&) {}});
  if (!made) {
    ADD_FAILURE() << made.error().message;
    return nullptr;
  }
  return std::move(made).value();
}

double realOf(importer::FmuInstance& instance, const importer::ModelDescription& md, const std::string& name,
              double time) {
  importer::fmi2::ValueReference ref = md.find(name)->valueReference;
  double value = 0;
  EXPECT_TRUE(instance.getReal({&ref, 1}, {&value, 1}, time));
  return value;
}

int integerOf(importer::FmuInstance& instance, const importer::ModelDescription& md, const std::string& name,
              double time) {
  importer::fmi2::ValueReference ref = md.find(name)->valueReference;
  int value = 0;
  EXPECT_TRUE(instance.getInteger({&ref, 1}, {&value, 1}, time));
  return value;
}

void stepTo(importer::FmuInstance& instance, double from, double to) {
  for (double t = from; t < to - 1e-9; t += 0.1) EXPECT_TRUE(instance.doStep(t, std::min(0.1, to - t)));
}

std::string writeScratchModel(const std::string& fileName, const std::string& text) {
  fs::path path = scratchDir() / fileName;
  std::error_code error;
  fs::create_directories(path.parent_path(), error);
  std::ofstream(path) << text;
  return path.string();
}

std::string sharedModel(const std::string& relative) { return std::string(SMC_SHARED_MODELS) + "/" + relative; }
std::string example(const std::string& name) { return std::string(SMC_SOURCE_DIR) + "/examples/" + name; }

void expectMatchesSharedModel(const std::string& name, double relTol, double absTol) {
  Table expected = readCsv(sharedModel(name + ".expected.csv"));
  ASSERT_GE(expected.rows.size(), 2u);
  std::string fmu = compileModel(sharedModel(name + ".mo"), fs::path(name).filename().string() + ".fmu");
  importer::SimulateOptions options;
  options.fmuPath = fmu;
  options.startTime = expected.rows.front()[0];
  options.stopTime = expected.rows.back()[0];
  options.stepSize = expected.rows[1][0] - expected.rows[0][0];
  options.outputVariables.assign(expected.columns.begin() + 1, expected.columns.end());
  importer::SimulationResult result = simulateOk(options);
  ASSERT_EQ(result.rows.size(), expected.rows.size());
  for (size_t row = 0; row < expected.rows.size(); ++row) {
    EXPECT_NEAR(result.rows[row][0], expected.rows[row][0], 1e-12);
    for (size_t c = 1; c < expected.columns.size(); ++c) {
      double want = expected.rows[row][c];
      double got = result.rows[row][columnOf(result, expected.columns[c])];
      EXPECT_NEAR(got, want, absTol + relTol * std::fabs(want))
          << expected.columns[c] << " at t=" << expected.rows[row][0];
    }
  }
}

std::optional<LoadedFmu> loadFmu(const std::string& fmuPath) {
  importer::Result<importer::FmuArchive> archive = importer::FmuArchive::extract(fmuPath);
  if (!archive) {
    ADD_FAILURE() << archive.error().message;
    return std::nullopt;
  }
  importer::Result<importer::ModelDescription> md = importer::loadModelDescription(archive->modelDescriptionPath());
  if (!md) {
    ADD_FAILURE() << md.error().message;
    return std::nullopt;
  }
  importer::Result<std::unique_ptr<importer::Fmu>> fmu = importer::Fmu::load(*archive, *md);
  if (!fmu) {
    ADD_FAILURE() << fmu.error().message;
    return std::nullopt;
  }
  return LoadedFmu{std::move(archive).value(), std::move(md).value(), std::move(fmu).value()};
}

}  // namespace smc::test
