// See Utf8.h. UTF-8 as RFC 3629 defines it: the shortest form only, no
// surrogates (U+D800..U+DFFF), nothing beyond U+10FFFF.
#include "frontend/Utf8.h"

namespace smc::frontend {

std::string_view wideEncodingOf(std::string_view bytes) {
  auto at = [&](size_t i) { return i < bytes.size() ? static_cast<unsigned char>(bytes[i]) : 0x100u; };
  // Byte order marks; UTF-32LE's starts with UTF-16LE's, so it is tried first.
  if (at(0) == 0xFF && at(1) == 0xFE && at(2) == 0 && at(3) == 0) return "UTF-32LE";
  if (at(0) == 0 && at(1) == 0 && at(2) == 0xFE && at(3) == 0xFF) return "UTF-32BE";
  if (at(0) == 0xFF && at(1) == 0xFE) return "UTF-16LE";
  if (at(0) == 0xFE && at(1) == 0xFF) return "UTF-16BE";
  // No mark: an ASCII character with its zero bytes (NUL never starts a
  // Modelica file).
  auto ascii = [&](size_t i) { return at(i) > 0 && at(i) < 0x80; };
  if (ascii(0) && at(1) == 0 && at(2) == 0 && at(3) == 0) return "UTF-32LE";
  if (at(0) == 0 && at(1) == 0 && at(2) == 0 && ascii(3)) return "UTF-32BE";
  if (ascii(0) && at(1) == 0) return "UTF-16LE";
  if (at(0) == 0 && ascii(1)) return "UTF-16BE";
  return {};
}

size_t utf8SequenceLength(std::string_view text, size_t offset) {
  if (offset >= text.size()) return 0;
  const unsigned char lead = static_cast<unsigned char>(text[offset]);
  if (lead < 0x80) return 1;
  size_t length;
  char32_t minimum;
  if (lead >= 0xC2 && lead <= 0xDF) length = 2, minimum = 0x80;
  else if (lead >= 0xE0 && lead <= 0xEF) length = 3, minimum = 0x800;
  else if (lead >= 0xF0 && lead <= 0xF4) length = 4, minimum = 0x10000;
  else return 0;  // a continuation byte, or a lead byte no valid sequence has
  if (offset + length > text.size()) return 0;
  for (size_t i = 1; i < length; ++i)
    if (!isContinuationByte(static_cast<unsigned char>(text[offset + i]))) return 0;
  const char32_t code = decodeUtf8(text, offset);
  if (code < minimum || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return 0;
  return length;
}

size_t firstInvalidUtf8(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    const size_t length = utf8SequenceLength(text, i);
    if (length == 0) return i;
    i += length;
  }
  return std::string_view::npos;
}

char32_t decodeUtf8(std::string_view text, size_t offset) {
  const unsigned char lead = static_cast<unsigned char>(text[offset]);
  if (lead < 0x80) return lead;
  const size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
  char32_t code = lead & (0x7F >> length);
  for (size_t i = 1; i < length && offset + i < text.size(); ++i)
    code = (code << 6) | (static_cast<unsigned char>(text[offset + i]) & 0x3F);
  return code;
}

}  // namespace smc::frontend
