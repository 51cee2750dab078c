// The FMU's GUID, derived from its content so that the same model always
// gets the same GUID and a changed model a different one: the 128-bit
// FNV-1a hash of the inputs, printed as {8-4-4-4-12} hex digits.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace smc::codegen {

// FNV-1a, 128-bit variant (offset basis and prime of the FNV reference).
class Fnv1a128 {
public:
  void add(std::string_view bytes);
  unsigned __int128 value() const { return hash_; }

private:
  unsigned __int128 hash_ = (static_cast<unsigned __int128>(0x6c62272e07bb0142ULL) << 64) |
                            0x62b821756295c58dULL;
};

// "{xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx}", lower-case.
std::string formatGuid(unsigned __int128 value);

// The GUID of a model: FNV-1a 128 over the modelDescription text (written
// with an empty guid), a separator, and the code: the object file for an
// FMU, the LLVM IR text for the IR dump.
std::string contentGuid(std::string_view modelDescription, std::string_view code);
// The same with the code in pieces (the object files of a split module),
// hashed one after the other.
std::string contentGuid(std::string_view modelDescription,
                        const std::vector<std::string_view>& codePieces);

}  // namespace smc::codegen
