// The range of Modelica's Integer in smc: 32 bits, as FMI 2.0's fmi2Integer
// that carries every Integer of the FMU (spec 2.4.1 asks for at least this
// range). Literals beyond it and translation-time arithmetic that leaves it
// are located errors, never wrapped values.
#pragma once

#include <string>
#include <string_view>

namespace smc::flat {

inline constexpr long long kIntegerMin = -2147483648LL;
inline constexpr long long kIntegerMax = 2147483647LL;

inline bool fitsInteger(long long value) { return value >= kIntegerMin && value <= kIntegerMax; }
// False for NaN.
inline bool fitsInteger(double value) {
  return value >= static_cast<double>(kIntegerMin) && value <= static_cast<double>(kIntegerMax);
}

// "Integer overflow in '+': 2147483647 + 1 = 2147483648 does not fit in 32 bits"
std::string integerOverflowMessage(std::string_view operation, std::string_view computation,
                                   std::string_view result);

// "Integer literal 2147483648 does not fit in 32 bits (...)"
std::string integerLiteralMessage(long long value);

}  // namespace smc::flat
