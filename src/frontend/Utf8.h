// The byte-level facts about source text that the frontend needs. Modelica
// files are UTF-8, so a file that starts like UTF-16 or UTF-32 is refused
// as a whole and a byte sequence that is not UTF-8 is named by its byte;
// diagnostics line carets up by characters, not bytes.
#pragma once

#include <cstddef>
#include <string_view>

namespace smc::frontend {

// "UTF-16LE", "UTF-16BE", "UTF-32LE" or "UTF-32BE" when `bytes` start with
// that encoding's byte order mark or with ASCII text padded by NUL bytes as
// it writes it; empty for anything else.
std::string_view wideEncodingOf(std::string_view bytes);

// The length of the UTF-8 sequence starting at `offset` (1 for ASCII);
// 0 when the bytes there are not valid UTF-8 (a stray continuation byte,
// a truncated, overlong or surrogate sequence, a code point beyond U+10FFFF).
size_t utf8SequenceLength(std::string_view text, size_t offset);

// The offset of the first byte that starts no valid UTF-8 sequence;
// std::string_view::npos when all of `text` is valid.
size_t firstInvalidUtf8(std::string_view text);

// The code point of the valid UTF-8 sequence at `offset`.
char32_t decodeUtf8(std::string_view text, size_t offset);

// Whether `byte` is a UTF-8 continuation byte (10xxxxxx).
inline bool isContinuationByte(unsigned char byte) { return (byte & 0xC0) == 0x80; }

}  // namespace smc::frontend
