// See SourcePaths.h.
#include "ssp/SourcePaths.h"

#include <fmt/format.h>

#include <optional>
#include <system_error>

namespace smc::ssp {
namespace {

using importer::Error;
using importer::Result;

int hexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// RFC 3986 percent-decoding; an empty optional for a broken escape or %00.
std::optional<std::string> percentDecoded(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      out += text[i];
      continue;
    }
    int high = i + 1 < text.size() ? hexValue(text[i + 1]) : -1;
    int low = i + 2 < text.size() ? hexValue(text[i + 2]) : -1;
    if (high < 0 || low < 0 || (high == 0 && low == 0)) return std::nullopt;
    out += static_cast<char>(high * 16 + low);
    i += 2;
  }
  return out;
}

// The path part of a source: a relative reference, or a file: URI
// ("file:rel/a.fmu", "file:///abs/a.fmu", "file://localhost/abs/a.fmu").
Result<std::string> pathOf(std::string_view source) {
  std::string_view path = source;
  if (source.rfind("file:", 0) == 0) {
    path.remove_prefix(5);
    if (path.rfind("//", 0) == 0) {
      path.remove_prefix(2);
      std::size_t slash = path.find('/');
      std::string_view host = path.substr(0, slash);
      if (!host.empty() && host != "localhost")
        return Error{fmt::format("'{}' names another host; only local files are read", source)};
      path = slash == std::string_view::npos ? std::string_view() : path.substr(slash);
    }
  } else if (std::size_t colon = source.find(':');
             colon != std::string_view::npos && source.find('/') > colon) {
    return Error{fmt::format("'{}' is a URI of scheme '{}'; only relative paths and file: URIs "
                             "are read",
                             source, source.substr(0, colon))};
  }
  std::optional<std::string> decoded = percentDecoded(path);
  if (!decoded) return Error{fmt::format("'{}' has a malformed percent escape", source)};
  if (decoded->empty()) return Error{fmt::format("'{}' names no file", source)};
  return std::move(*decoded);
}

// `path` with symbolic links resolved as far as it exists.
std::filesystem::path resolvedLinks(const std::filesystem::path& path) {
  std::error_code ec;
  std::filesystem::path resolved = std::filesystem::weakly_canonical(path, ec);
  return ec ? path.lexically_normal() : resolved;
}

}  // namespace

Result<ResolvedSource> resolveSource(std::string_view source, const std::filesystem::path& base,
                                     const SourceConfinement& confinement) {
  Result<std::string> text = pathOf(source);
  if (!text) return text.error();
  std::filesystem::path written(*text);
  const char* hint = confinement.outsideAllowable ? " (--allow-outside allows it)" : "";
  if (written.is_absolute() && !confinement.allowOutside)
    return Error{fmt::format("'{}' is an absolute path; the file must lie inside {}{}", source,
                             confinement.rootDescription, hint)};
  std::filesystem::path joined = (written.is_absolute() ? written : base / written).lexically_normal();
  std::filesystem::path root = resolvedLinks(confinement.root);
  std::filesystem::path relative = resolvedLinks(joined).lexically_relative(root);
  bool inside = !relative.empty() && *relative.begin() != "..";
  if (!inside && !confinement.allowOutside)
    return Error{fmt::format("'{}' points outside {}{}", source, confinement.rootDescription,
                             hint)};
  std::string label = !inside                       ? joined.string()
                      : confinement.rootLabel.empty() ? relative.generic_string()
                                                      : confinement.rootLabel + "/" + relative.generic_string();
  return ResolvedSource{joined, std::move(label)};
}

}  // namespace smc::ssp
