// XML escaping; see Xml.h. UTF-8 is checked by the ranges of RFC 3629
// (no overlong forms, no surrogates, nothing above U+10FFFF).
#include "plot/Xml.h"

namespace smc::plot {
namespace {

constexpr std::string_view replacementCharacter = "\xEF\xBF\xBD";  // U+FFFD

bool inRange(unsigned char byte, unsigned char low, unsigned char high) {
  return byte >= low && byte <= high;
}

// Length of the valid UTF-8 sequence starting text[0] (at least 2 bytes
// long), or 0 when the bytes there are not one.
std::size_t multiByteLength(std::string_view text) {
  auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  unsigned char lead = byte(0);
  std::size_t length = 0;
  unsigned char secondLow = 0x80, secondHigh = 0xBF;
  if (inRange(lead, 0xC2, 0xDF)) {
    length = 2;
  } else if (inRange(lead, 0xE0, 0xEF)) {
    length = 3;
    if (lead == 0xE0) secondLow = 0xA0;   // overlong
    if (lead == 0xED) secondHigh = 0x9F;  // surrogates
  } else if (inRange(lead, 0xF0, 0xF4)) {
    length = 4;
    if (lead == 0xF0) secondLow = 0x90;   // overlong
    if (lead == 0xF4) secondHigh = 0x8F;  // above U+10FFFF
  } else {
    return 0;
  }
  if (text.size() < length || !inRange(byte(1), secondLow, secondHigh)) return 0;
  for (std::size_t i = 2; i < length; ++i) {
    if (!inRange(byte(i), 0x80, 0xBF)) return 0;
  }
  // U+FFFE and U+FFFF are not XML characters.
  if (length == 3 && lead == 0xEF && byte(1) == 0xBF && inRange(byte(2), 0xBE, 0xBF)) return 0;
  return length;
}

}  // namespace

std::string escapeXml(std::string_view text) {
  std::string escaped;
  escaped.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    char c = text[i];
    auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x80) {
      std::size_t length = multiByteLength(text.substr(i));
      if (length == 0) {
        escaped += replacementCharacter;
        ++i;
      } else {
        escaped += text.substr(i, length);
        i += length;
      }
      continue;
    }
    switch (c) {
      case '&': escaped += "&amp;"; break;
      case '<': escaped += "&lt;"; break;
      case '>': escaped += "&gt;"; break;
      case '"': escaped += "&quot;"; break;
      case '\'': escaped += "&apos;"; break;
      case '\t':
      case '\n':
      case '\r': escaped += c; break;
      default:
        if (byte < 0x20) {
          escaped += replacementCharacter;
        } else {
          escaped += c;
        }
    }
    ++i;
  }
  return escaped;
}

}  // namespace smc::plot
