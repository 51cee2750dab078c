// How much an archive (.fmu, .ssp) may unpack to. An FMU comes from
// someone else: a 1 MB file can inflate to gigabytes (an archive bomb) or
// hold millions of entries, so every reader stops at these bounds instead
// of at the end of the disk or of memory. The defaults are far above what
// real FMUs need (docs/robustness.md gives the reasons); each is a
// command-line option of every command that opens an archive.
#pragma once

#include <cstdint>

namespace smc::archive {

struct ArchiveLimits {
  // Entries in the central directory (files and folders).
  std::uint64_t maxEntries = 100'000;
  // Uncompressed bytes of one entry, and of all entries together.
  std::uint64_t maxEntryBytes = 2ull << 30;
  std::uint64_t maxTotalBytes = 4ull << 30;
  // Uncompressed size over compressed size of one entry (or of the whole
  // archive), judged only above `ratioFloorBytes`: deflate reaches about
  // 1000:1 on runs of zeros, real FMU content (code, XML, tables) stays
  // well below 100:1, and a small file may compress any amount.
  std::uint64_t maxCompressionRatio = 200;
  std::uint64_t ratioFloorBytes = 1ull << 20;
  // modelDescription.xml and other XML read into memory (the parsed
  // document takes a few times its size).
  std::uint64_t maxXmlBytes = 512ull << 20;
};

// Entry names are bounded too, by what any file system takes: no part
// longer than NAME_MAX, and depth and total length far below PATH_MAX
// once under a temporary directory.
inline constexpr std::size_t kMaxEntryNameBytes = 1024;
inline constexpr std::size_t kMaxEntryNamePartBytes = 255;
inline constexpr std::size_t kMaxEntryDepth = 64;

}  // namespace smc::archive
