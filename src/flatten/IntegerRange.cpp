// Messages for Integers out of range; see IntegerRange.h.
#include "flatten/IntegerRange.h"

#include <fmt/format.h>

namespace smc::flat {

std::string integerOverflowMessage(std::string_view operation, std::string_view computation,
                                   std::string_view result) {
  return fmt::format("Integer overflow in {}: {} = {} does not fit in 32 bits", operation,
                     computation, result);
}

std::string integerLiteralMessage(long long value) {
  return fmt::format("Integer literal {} does not fit in 32 bits (Integer values range from {} to {})",
                     value, kIntegerMin, kIntegerMax);
}

}  // namespace smc::flat
