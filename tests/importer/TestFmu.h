// Test helpers: write zip files with libzip, and package the hand-written
// Decay FMU (fmus/Decay.c + fmus/Decay/modelDescription.xml) into an .fmu,
// optionally altered, in a scratch directory that disappears with the test.
#pragma once

#include "archive/TempDirectory.h"

#include <filesystem>
#include <string>
#include <vector>

namespace smc::importer::test {

struct ZipEntry {
  std::string name;
  std::string content;
};

// Writes a zip archive; fails the current test if libzip refuses.
void writeZip(const std::filesystem::path& path, const std::vector<ZipEntry>& entries);

std::string readFile(const std::filesystem::path& path);

// The closed form that Decay implements.
double decayValue(double x0, double k, double t);

struct DecayPackage {
  std::string modelDescription = readFile(DECAY_MODEL_DESCRIPTION);
  std::filesystem::path library = DECAY_LIBRARY;  // empty: no binary in the FMU
  std::string binaryName = "binaries/linux64/Decay.so";
  std::vector<ZipEntry> extraEntries;
};

// A scratch directory for one test, with a helper to build FMUs in it.
class Scratch {
public:
  Scratch();
  const std::filesystem::path& path() const { return directory_.path(); }
  std::filesystem::path packageDecay(const DecayPackage& package = {},
                                     const std::string& fileName = "Decay.fmu") const;

private:
  archive::TempDirectory directory_;
};

// Replaces the first occurrence of `from` (which must exist) in `text`.
std::string replaced(std::string text, const std::string& from, const std::string& to);

}  // namespace smc::importer::test
