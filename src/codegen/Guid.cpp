// FNV-1a 128 (see Guid.h): for each byte, xor it into the hash, then
// multiply by the FNV prime 2^88 + 2^8 + 0x3b modulo 2^128.
#include "codegen/Guid.h"

#include <fmt/format.h>

namespace smc::codegen {

void Fnv1a128::add(std::string_view bytes) {
  const unsigned __int128 prime = (static_cast<unsigned __int128>(1) << 88) + 0x13b;
  for (unsigned char byte : bytes) {
    hash_ ^= byte;
    hash_ *= prime;
  }
}

std::string formatGuid(unsigned __int128 value) {
  const auto high = static_cast<uint64_t>(value >> 64);
  const auto low = static_cast<uint64_t>(value);
  return fmt::format("{{{:08x}-{:04x}-{:04x}-{:04x}-{:012x}}}", high >> 32, (high >> 16) & 0xffff,
                     high & 0xffff, low >> 48, low & 0xffffffffffffULL);
}

std::string contentGuid(std::string_view modelDescription, std::string_view code) {
  return contentGuid(modelDescription, std::vector<std::string_view>{code});
}

std::string contentGuid(std::string_view modelDescription,
                        const std::vector<std::string_view>& codePieces) {
  Fnv1a128 hash;
  hash.add(modelDescription);
  hash.add(std::string_view("\0", 1));
  for (std::string_view piece : codePieces) hash.add(piece);
  return formatGuid(hash.value());
}

}  // namespace smc::codegen
