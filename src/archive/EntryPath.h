// Names of entries in a zip archive, judged before anything is unpacked:
// which can be written below a directory without escaping it or failing,
// and which two names would end up as one file on some file system (a
// second entry that silently replaces the first is how an archive shows one
// file to a checker and runs another).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace smc::archive {

// Why an entry name may not be unpacked (empty, absolute, a drive letter,
// a ".." part, a NUL or control character, too long or too deep; see
// ArchiveLimits.h), or an empty string when it is safe.
std::string unsafeEntryReason(std::string_view name);

// The relative path an entry unpacks to: backslashes read as '/', "." parts
// and repeated or trailing separators dropped. "a\\./b/" -> "a/b".
std::string normalizedEntryPath(std::string_view name);

// A key that is equal for two normalized paths that a case-insensitive or
// Unicode-normalizing file system (macOS, Windows) would store as one
// file: the Unicode NFKC case fold of the path (ICU). Empty when the path
// is not valid UTF-8.
std::optional<std::string> collisionKey(std::string_view normalizedPath);

}  // namespace smc::archive
