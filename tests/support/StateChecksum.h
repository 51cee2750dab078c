// The checksum of smc's serialized FMU state as docs/fmu-state.md defines
// it, computed with xxHash's library rather than the runtime's code, so that
// tests can forge well-checksummed bytes (a foreign GUID, a log record, a
// future field value): XXH3 64 (seed 0) of all bytes with the checksum
// field read as zero, except the integrator image's body after its first
// 16 bytes, which the image's own tag (its last 8 bytes) covers.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <xxhash.h>

namespace smc::test {

inline constexpr size_t kStateChecksumAt = 24;
inline constexpr size_t kStateImageSizeAt = 32;
inline constexpr size_t kStateGuidLengthAt = 40;
inline constexpr size_t kStateGuidAt = 44;

// Sizes read from the bytes are clamped: tests checksum bytes whose
// announced sizes are wrong on purpose.
template <typename Byte>
uint64_t serializedStateChecksum(const std::vector<Byte>& bytes) {
  if (bytes.size() < kStateChecksumAt + 8) return XXH3_64bits(bytes.data(), bytes.size());
  auto readLe = [&](size_t at, int n) {
    uint64_t value = 0;
    for (int i = 0; i < n; ++i) value |= static_cast<uint64_t>(static_cast<unsigned char>(bytes[at + i])) << (8 * i);
    return value;
  };
  std::vector<unsigned char> copy(bytes.begin(), bytes.end());
  std::fill(copy.begin() + kStateChecksumAt, copy.begin() + kStateChecksumAt + 8, 0);
  const bool header = copy.size() >= kStateGuidAt;
  size_t imageAt = header ? std::min(copy.size(), kStateGuidAt + static_cast<size_t>(readLe(kStateGuidLengthAt, 4))) : 0;
  size_t section = header ? static_cast<size_t>(readLe(kStateImageSizeAt, 8)) : 0;
  if (section > 8) {
    size_t body = std::min(section - 8, copy.size() - imageAt);
    size_t named = std::min<size_t>(body, 16);
    copy.erase(copy.begin() + static_cast<std::ptrdiff_t>(imageAt + named),
               copy.begin() + static_cast<std::ptrdiff_t>(imageAt + body));
  }
  return XXH3_64bits(copy.data(), copy.size());
}

// Writes the checksum the bytes' contents call for; leaves bytes too short
// to hold the field as they are.
template <typename Byte>
void resealSerializedState(std::vector<Byte>& bytes) {
  if (bytes.size() < kStateChecksumAt + 8) return;
  const uint64_t checksum = serializedStateChecksum(bytes);
  for (size_t i = 0; i < 8; ++i) bytes[kStateChecksumAt + i] = static_cast<Byte>((checksum >> (8 * i)) & 0xff);
}

}  // namespace smc::test
