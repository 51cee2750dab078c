// Entry-name rules; see EntryPath.h. The Unicode fold is ICU's
// NFKC_Casefold: one mapping that covers case (A/a, K/KELVIN SIGN) and
// composition (e + COMBINING ACUTE / é), which no hand-written table
// would keep up with.
#include "archive/EntryPath.h"

#include "archive/ArchiveLimits.h"

#include <fmt/format.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>

#include <algorithm>
#include <vector>

namespace smc::archive {
namespace {

bool isSeparator(char c) { return c == '/' || c == '\\'; }

// Calls `visit` with each non-empty part of a name split at '/' or '\'.
template <typename Visit>
void forEachPart(std::string_view name, Visit visit) {
  std::size_t begin = 0;
  while (begin < name.size()) {
    std::size_t end = begin;
    while (end < name.size() && !isSeparator(name[end])) ++end;
    if (end > begin) visit(name.substr(begin, end - begin));
    begin = end + 1;
  }
}

std::optional<std::string> foldedUtf8(std::string_view text) {
  UErrorCode status = U_ZERO_ERROR;
  const UNormalizer2* fold = unorm2_getNFKCCasefoldInstance(&status);
  if (U_FAILURE(status)) return std::nullopt;
  int32_t length = 0;
  status = U_ZERO_ERROR;
  u_strFromUTF8(nullptr, 0, &length, text.data(), static_cast<int32_t>(text.size()), &status);
  if (status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(status)) return std::nullopt;
  std::vector<UChar> wide(static_cast<std::size_t>(length) + 1);
  status = U_ZERO_ERROR;
  u_strFromUTF8(wide.data(), length + 1, nullptr, text.data(), static_cast<int32_t>(text.size()),
                &status);
  if (U_FAILURE(status)) return std::nullopt;
  // NFKC_Casefold may grow a string (ß -> ss); retry once with the size ICU asks for.
  std::vector<UChar> folded(wide.size() * 3 + 16);
  status = U_ZERO_ERROR;
  int32_t foldedLength = unorm2_normalize(fold, wide.data(), length, folded.data(),
                                          static_cast<int32_t>(folded.size()), &status);
  if (status == U_BUFFER_OVERFLOW_ERROR) {
    folded.resize(static_cast<std::size_t>(foldedLength) + 1);
    status = U_ZERO_ERROR;
    foldedLength = unorm2_normalize(fold, wide.data(), length, folded.data(),
                                    static_cast<int32_t>(folded.size()), &status);
  }
  if (U_FAILURE(status)) return std::nullopt;
  std::string out(static_cast<std::size_t>(foldedLength) * 3 + 1, '\0');
  int32_t outLength = 0;
  status = U_ZERO_ERROR;
  u_strToUTF8(out.data(), static_cast<int32_t>(out.size()), &outLength, folded.data(),
              foldedLength, &status);
  if (U_FAILURE(status)) return std::nullopt;
  out.resize(static_cast<std::size_t>(outLength));
  return out;
}

}  // namespace

std::string unsafeEntryReason(std::string_view name) {
  if (name.empty()) return "the entry has an empty name";
  if (isSeparator(name.front())) return "absolute path";
  if (name.size() >= 2 && name[1] == ':') return "absolute path with a drive letter";
  for (unsigned char c : name)
    if (c < 0x20 || c == 0x7f)
      return fmt::format("the name contains the control character 0x{:02x}", c);
  if (name.size() > kMaxEntryNameBytes)
    return fmt::format("the name is {} bytes long (limit {})", name.size(), kMaxEntryNameBytes);
  std::string reason;
  std::size_t depth = 0;
  forEachPart(name, [&](std::string_view part) {
    ++depth;
    if (!reason.empty()) return;
    if (part == "..") reason = "the path contains '..' and would escape the extraction directory";
    else if (part.size() > kMaxEntryNamePartBytes)
      reason = fmt::format("a part of the path is {} bytes long (limit {})", part.size(),
                           kMaxEntryNamePartBytes);
  });
  if (!reason.empty()) return reason;
  if (normalizedEntryPath(name).empty()) return "the name has no part but '.'";
  if (depth > kMaxEntryDepth)
    return fmt::format("the path is {} levels deep (limit {})", depth, kMaxEntryDepth);
  return {};
}

std::string normalizedEntryPath(std::string_view name) {
  std::string path;
  forEachPart(name, [&](std::string_view part) {
    if (part == ".") return;
    if (!path.empty()) path += '/';
    path.append(part);
  });
  return path;
}

std::optional<std::string> collisionKey(std::string_view normalizedPath) {
  bool ascii = std::all_of(normalizedPath.begin(), normalizedPath.end(),
                           [](char c) { return static_cast<unsigned char>(c) < 0x80; });
  if (!ascii) return foldedUtf8(normalizedPath);
  std::string key(normalizedPath);
  for (char& c : key)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return key;
}

}  // namespace smc::archive
