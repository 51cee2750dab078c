// Entry names: which are safe to unpack, where they unpack to, and which
// two would be one file on a case-insensitive or normalizing file system.
#include "archive/EntryPath.h"

#include "archive/ArchiveLimits.h"

#include <gtest/gtest.h>

using namespace smc::archive;

TEST(EntryPath, PlainRelativeNamesAreSafe) {
  EXPECT_EQ(unsafeEntryReason("binaries/linux64/M.so"), "");
  EXPECT_EQ(unsafeEntryReason("resources/a..b/c"), "");  // ".." only as a whole part
  EXPECT_EQ(unsafeEntryReason("resources/température.txt"), "");
}

TEST(EntryPath, NamesThatEscapeOrAreAbsoluteAreUnsafe) {
  EXPECT_NE(unsafeEntryReason(".."), "");
  EXPECT_NE(unsafeEntryReason("a/../../b"), "");
  EXPECT_NE(unsafeEntryReason("a\\..\\b"), "");
  EXPECT_NE(unsafeEntryReason("/etc/passwd"), "");
  EXPECT_NE(unsafeEntryReason("\\server\\x"), "");
  EXPECT_NE(unsafeEntryReason("C:/Windows/x"), "");
  EXPECT_NE(unsafeEntryReason(""), "");
  EXPECT_EQ(unsafeEntryReason("./"), "the name has no part but '.'");
}

TEST(EntryPath, ControlCharactersAreUnsafe) {
  EXPECT_EQ(unsafeEntryReason("a\nb"), "the name contains the control character 0x0a");
  EXPECT_NE(unsafeEntryReason(std::string("a\x7f", 2)), "");
}

TEST(EntryPath, OverLongNamesPartsAndDeepPathsAreUnsafe) {
  EXPECT_EQ(unsafeEntryReason(std::string(kMaxEntryNamePartBytes, 'a')), "");
  EXPECT_EQ(unsafeEntryReason(std::string(kMaxEntryNamePartBytes + 1, 'a')),
            "a part of the path is 256 bytes long (limit 255)");
  std::string longName;
  while (longName.size() <= kMaxEntryNameBytes) longName += "abcdefgh/";
  EXPECT_NE(unsafeEntryReason(longName).find("bytes long (limit 1024)"), std::string::npos);
  std::string deep;
  for (std::size_t i = 0; i <= kMaxEntryDepth; ++i) deep += "d/";
  deep += "f";
  EXPECT_EQ(unsafeEntryReason(deep), "the path is 66 levels deep (limit 64)");
}

TEST(EntryPath, NormalizationDropsDotsAndRepeatedOrTrailingSeparators) {
  EXPECT_EQ(normalizedEntryPath("a\\./b//c/"), "a/b/c");
  EXPECT_EQ(normalizedEntryPath("./modelDescription.xml"), "modelDescription.xml");
  EXPECT_EQ(normalizedEntryPath("binaries/linux64/"), "binaries/linux64");
}

TEST(EntryPath, NamesDifferingInCaseCollide) {
  EXPECT_EQ(collisionKey("Binaries/LINUX64/M.so"), collisionKey("binaries/linux64/m.so"));
  EXPECT_NE(collisionKey("binaries/linux64/M.so"), collisionKey("binaries/linux64/N.so"));
}

TEST(EntryPath, ComposedAndDecomposedUnicodeCollide) {
  // "é" as one code point (U+00E9) and as "e" + COMBINING ACUTE (U+0301).
  EXPECT_EQ(collisionKey("resources/caf\xc3\xa9"), collisionKey("resources/cafe\xcc\x81"));
  // KELVIN SIGN (U+212A) folds to "k".
  EXPECT_EQ(collisionKey("\xe2\x84\xaa.txt"), collisionKey("k.txt"));
  EXPECT_EQ(collisionKey("\xc3\x89T\xc3\x89"), collisionKey("\xc3\xa9t\xc3\xa9"));
}

TEST(EntryPath, InvalidUtf8HasNoKey) {
  EXPECT_FALSE(collisionKey("bad\xff\xfe"));
}
