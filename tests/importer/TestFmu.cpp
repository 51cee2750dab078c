// Zip writing and Decay packaging for the importer tests; see TestFmu.h.
#include "TestFmu.h"

#include <gtest/gtest.h>
#include <zip.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace smc::importer::test {

void writeZip(const std::filesystem::path& path, const std::vector<ZipEntry>& entries) {
  int code = 0;
  zip_t* archive = zip_open(path.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &code);
  ASSERT_NE(archive, nullptr) << "zip_open failed with code " << code;
  for (const ZipEntry& entry : entries) {
    // libzip reads the buffer only at zip_close; `entries` outlives that.
    zip_source_t* source =
        zip_source_buffer(archive, entry.content.data(), entry.content.size(), 0);
    ASSERT_NE(source, nullptr) << zip_strerror(archive);
    if (zip_file_add(archive, entry.name.c_str(), source, ZIP_FL_OVERWRITE) < 0) {
      zip_source_free(source);
      FAIL() << "zip_file_add(" << entry.name << "): " << zip_strerror(archive);
    }
  }
  ASSERT_EQ(zip_close(archive), 0) << zip_strerror(archive);
}

std::string readFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

double decayValue(double x0, double k, double t) { return x0 * std::exp(-k * t); }

Scratch::Scratch() : directory_(std::move(archive::TempDirectory::create("smc-importer-test-")).value()) {}

std::filesystem::path Scratch::packageDecay(const DecayPackage& package,
                                            const std::string& fileName) const {
  std::vector<ZipEntry> entries;
  entries.push_back({"modelDescription.xml", package.modelDescription});
  if (!package.library.empty()) {
    entries.push_back({package.binaryName, readFile(package.library)});
  }
  entries.insert(entries.end(), package.extraEntries.begin(), package.extraEntries.end());
  std::filesystem::path fmu = path() / fileName;
  writeZip(fmu, entries);
  return fmu;
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  std::size_t at = text.find(from);
  if (at == std::string::npos) throw std::runtime_error("test setup: '" + from + "' not found");
  return text.replace(at, from.size(), to);
}

}  // namespace smc::importer::test
