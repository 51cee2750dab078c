// The archive reader: every entry judged before anything is inflated, and
// extraction that writes only what was judged, within the limits.
#include "archive/ZipArchive.h"

#include "archive/TempDirectory.h"
#include "archive/UnpackedArchive.h"
#include "support/RawZip.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sys/stat.h>

using namespace smc::archive;
using smc::test::RawZipEntry;
using smc::test::writeRawZip;

namespace {

class ZipArchiveTest : public ::testing::Test {
protected:
  std::filesystem::path write(const std::vector<RawZipEntry>& entries) {
    std::filesystem::path path = scratch_.path() / ("a" + std::to_string(++count_) + ".fmu");
    writeRawZip(path, entries);
    return path;
  }
  ZipArchive open(const std::filesystem::path& path, const ArchiveLimits& limits = {}) {
    Result<ZipArchive> zip = ZipArchive::open(path, "FMU", limits);
    if (!zip) ADD_FAILURE() << zip.error().message;
    return std::move(zip).value();
  }
  // The rules of the problems, in order.
  static std::vector<std::string> rules(const ZipArchive& zip) {
    std::vector<std::string> names;
    for (const ArchiveProblem& problem : zip.problems()) names.push_back(problem.rule);
    return names;
  }
  static std::string messages(const ZipArchive& zip) {
    std::string text;
    for (const ArchiveProblem& problem : zip.problems()) text += problem.message + "\n";
    return text;
  }

  TempDirectory scratch_ = std::move(TempDirectory::create("smc-archive-test-")).value();
  int count_ = 0;
};

using Rules = std::vector<std::string>;

}  // namespace

TEST_F(ZipArchiveTest, WellFormedArchiveHasNoProblemsAndUnpacksEveryEntry) {
  ZipArchive zip = open(write({{"modelDescription.xml", "<x/>"},
                               {"resources/", ""},
                               {"resources/data/table.txt", std::string(5000, '7'), true}}));
  EXPECT_TRUE(zip.problems().empty()) << messages(zip);
  ASSERT_EQ(zip.entries().size(), 3u);
  EXPECT_TRUE(zip.entries()[1].directory);
  Result<UnpackedArchive> unpacked = UnpackedArchive::extract(zip, "smc-archive-test-");
  ASSERT_TRUE(unpacked) << unpacked.error().message;
  std::ifstream table(unpacked->file("resources/data/table.txt"));
  std::string text((std::istreambuf_iterator<char>(table)), {});
  EXPECT_EQ(text, std::string(5000, '7'));
}

TEST_F(ZipArchiveTest, SecondEntryOfTheSameNameIsRefused) {
  // The first is what a reader that looks names up finds, the last is what
  // an extraction in order leaves on disk.
  ZipArchive zip = open(write({{"modelDescription.xml", "<checked/>"},
                               {"binaries/linux64/M.so", "checked"},
                               {"binaries/linux64/M.so", "runs"}}));
  EXPECT_EQ(rules(zip), Rules{"archive-duplicate-entry"});
  EXPECT_NE(messages(zip).find("entry 'binaries/linux64/M.so' appears twice"), std::string::npos);
  TempDirectory target = std::move(TempDirectory::create("smc-archive-test-")).value();
  EXPECT_FALSE(zip.extractTo(target.path()));
  EXPECT_FALSE(std::filesystem::exists(target.path() / "binaries"));
}

TEST_F(ZipArchiveTest, EntriesThatNormalizeToOneFileAreRefused) {
  for (const auto& [first, second] : std::vector<std::pair<std::string, std::string>>{
           {"modelDescription.xml", "ModelDescription.XML"},
           {"binaries/linux64/M.so", "binaries\\linux64\\M.so"},
           {"binaries/linux64/M.so", "binaries/./linux64//M.so"},
           {"resources/caf\xc3\xa9.txt", "resources/cafe\xcc\x81.txt"}}) {
    ZipArchive zip = open(write({{first, "1"}, {second, "2"}}));
    EXPECT_EQ(rules(zip), Rules{"archive-duplicate-entry"}) << first << " / " << second;
    EXPECT_NE(messages(zip).find("unpack to the same file"), std::string::npos) << messages(zip);
  }
}

TEST_F(ZipArchiveTest, RepeatedFolderEntriesAreHarmless) {
  ZipArchive zip = open(write({{"resources/", ""}, {"Resources/", ""}, {"resources/a", "1"}}));
  EXPECT_TRUE(zip.problems().empty()) << messages(zip);
}

TEST_F(ZipArchiveTest, FileWhereAnotherEntryNeedsAFolderIsRefused) {
  ZipArchive zip = open(write({{"binaries", "a file"}, {"binaries/linux64/M.so", "elf"}}));
  EXPECT_EQ(rules(zip), Rules{"archive-entry-conflict"});
  EXPECT_NE(messages(zip).find("entry 'binaries' is a file, but entry 'binaries/linux64/M.so' "
                               "needs a folder of that name"),
            std::string::npos)
      << messages(zip);
  ZipArchive folderAndFile = open(write({{"resources/", ""}, {"resources", "file"}}));
  EXPECT_EQ(rules(folderAndFile), Rules{"archive-duplicate-entry"});
}

TEST_F(ZipArchiveTest, SymbolicLinksAndSpecialFilesAreRefused) {
  ZipArchive link = open(write({{"binaries", "/usr/lib", false, S_IFLNK | 0777},
                                {"modelDescription.xml", "<x/>"}}));
  EXPECT_EQ(rules(link), Rules{"archive-entry-type"});
  EXPECT_NE(messages(link).find("entry 'binaries' is a symbolic link"), std::string::npos);
  ZipArchive fifo = open(write({{"pipe", "", false, S_IFIFO | 0644}}));
  EXPECT_EQ(rules(fifo), Rules{"archive-entry-type"});
  ZipArchive plain = open(write({{"bin/run.sh", "#!/bin/sh", false, S_IFREG | 0755}}));
  EXPECT_TRUE(plain.problems().empty()) << messages(plain);
}

TEST_F(ZipArchiveTest, UnsafeNamesAreAllListed) {
  ZipArchive zip = open(write({{"../evil", "1"}, {"/etc/x", "2"}, {"ok", "3"}}));
  EXPECT_EQ(rules(zip), (Rules{"archive-entry-path", "archive-entry-path"}));
}

TEST_F(ZipArchiveTest, TooManyEntriesAreRefusedBeforeTheyAreRead) {
  std::vector<RawZipEntry> entries;
  for (int i = 0; i < 11; ++i) entries.push_back({"f" + std::to_string(i), "x"});
  ArchiveLimits limits;
  limits.maxEntries = 10;
  ZipArchive zip = open(write(entries), limits);
  EXPECT_EQ(rules(zip), Rules{"archive-limit"});
  EXPECT_NE(messages(zip).find("11 entries, more than the limit of 10 (--max-entries)"),
            std::string::npos);
  EXPECT_TRUE(zip.entries().empty());
}

TEST_F(ZipArchiveTest, EntryAndTotalSizesAreBounded) {
  ArchiveLimits limits;
  limits.maxEntryBytes = 1000;
  limits.maxTotalBytes = 1500;
  ZipArchive big = open(write({{"big", std::string(1001, 'x')}}), limits);
  EXPECT_EQ(rules(big), Rules{"archive-limit"});
  EXPECT_NE(messages(big).find("entry 'big' unpacks to 1001 bytes, more than the limit of "
                               "1000 bytes per entry (--max-entry-size)"),
            std::string::npos)
      << messages(big);
  ZipArchive many = open(write({{"a", std::string(800, 'x')}, {"b", std::string(800, 'x')}}), limits);
  EXPECT_EQ(rules(many), Rules{"archive-limit"});
  EXPECT_NE(messages(many).find("the archive unpacks to 1.56 KiB, more than the limit of "
                                "1.46 KiB (--max-unpacked-size)"),
            std::string::npos)
      << messages(many);
}

TEST_F(ZipArchiveTest, ArchiveBombIsRefusedFromItsHeadersWithoutInflating) {
  // 8 MiB of zeros deflate to about 8 KiB: a ratio near 1000.
  ZipArchive zip = open(write({{"resources/zeros", std::string(8u << 20, '\0'), true}}));
  EXPECT_EQ(rules(zip), (Rules{"archive-limit", "archive-limit"}));
  EXPECT_NE(messages(zip).find("more than 200 times (an archive bomb?; --max-compression-ratio)"),
            std::string::npos)
      << messages(zip);
  ArchiveLimits generous;
  generous.maxCompressionRatio = 2000;
  EXPECT_TRUE(open(write({{"resources/zeros", std::string(8u << 20, '\0'), true}}), generous)
                  .problems()
                  .empty());
}

TEST_F(ZipArchiveTest, SmallFilesMayCompressAnyAmount) {
  ZipArchive zip = open(write({{"modelDescription.xml", std::string(1u << 20, ' '), true}}));
  EXPECT_TRUE(zip.problems().empty()) << messages(zip);
}

TEST_F(ZipArchiveTest, EntryInflatingBeyondItsDeclaredSizeIsNotWritten) {
  // The headers say 100 bytes; the data inflates to 1 MiB.
  RawZipEntry liar{"resources/liar", std::string(1u << 20, 'a'), true, std::nullopt, 100};
  ZipArchive zip = open(write({liar}));
  ASSERT_TRUE(zip.problems().empty()) << messages(zip);
  TempDirectory target = std::move(TempDirectory::create("smc-archive-test-")).value();
  Result<void> done = zip.extractTo(target.path());
  ASSERT_FALSE(done);
  std::error_code ec;
  EXPECT_LE(std::filesystem::file_size(target.path() / "resources/liar", ec), 64u * 1024u);
}

TEST_F(ZipArchiveTest, ExtractionNeverWritesThroughAnExistingFile) {
  ZipArchive zip = open(write({{"a/b", "new"}}));
  TempDirectory target = std::move(TempDirectory::create("smc-archive-test-")).value();
  std::filesystem::path outside = scratch_.path() / "outside";
  std::ofstream(outside) << "old";
  std::filesystem::create_directories(target.path() / "a");
  std::filesystem::create_symlink(outside, target.path() / "a/b");
  EXPECT_FALSE(zip.extractTo(target.path()));
  std::ifstream in(outside);
  std::string text((std::istreambuf_iterator<char>(in)), {});
  EXPECT_EQ(text, "old");
}

TEST_F(ZipArchiveTest, MessagesNameTheArchiveByItsLabel) {
  std::filesystem::path path = write({{"../x", "1"}});
  Result<ZipArchive> zip = ZipArchive::open(path, "FMU", {}, "system.ssp/resources/a.fmu");
  ASSERT_TRUE(zip);
  TempDirectory target = std::move(TempDirectory::create("smc-archive-test-")).value();
  Result<void> done = zip->extractTo(target.path());
  ASSERT_FALSE(done);
  EXPECT_EQ(done.error().message.find("refusing to unpack 'system.ssp/resources/a.fmu'"), 0u)
      << done.error().message;
}

TEST_F(ZipArchiveTest, UnpackedFilesAreLabelledInsideTheArchive) {
  ZipArchive zip = open(write({{"binaries/linux64/M.so", "x"}}));
  Result<UnpackedArchive> unpacked = UnpackedArchive::extract(zip, "smc-archive-test-");
  ASSERT_TRUE(unpacked);
  std::filesystem::path so = unpacked->file("binaries/linux64/M.so");
  EXPECT_EQ(unpacked->label(so), zip.label() + "/binaries/linux64/M.so");
  EXPECT_EQ(unpacked->withoutTemporaryPaths("cannot open " + so.string() + ": bad"),
            "cannot open " + zip.label() + "/binaries/linux64/M.so: bad");
}

TEST(ByteCount, UsesBinaryUnits) {
  EXPECT_EQ(byteCount(900), "900 bytes");
  EXPECT_EQ(byteCount(2048), "2 KiB");
  EXPECT_EQ(byteCount(3ull << 30), "3 GiB");
  EXPECT_EQ(byteCount(1023ull * 1024 + 1000), "1024 KiB");
  EXPECT_EQ(byteCount(1600), "1.56 KiB");
}
