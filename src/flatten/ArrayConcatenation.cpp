// Array concatenation (see ArrayConcatenation.h). Each result element is an
// operand's element expression, shared, not copied.
#include "flatten/ArrayConcatenation.h"

#include <fmt/format.h>

namespace smc::flatten {

namespace {

long long product(const std::vector<long long>& dims, size_t begin, size_t end) {
  long long n = 1;
  for (size_t i = begin; i < end; ++i) n *= dims[i];
  return n;
}

}  // namespace

std::variant<Value, std::string> concatenate(size_t dimension, const std::vector<Value>& parts) {
  if (parts.empty()) return std::string("nothing to concatenate");
  const std::vector<long long>& first = parts[0].dims;
  if (dimension >= first.size())
    return fmt::format("dimension {} does not exist: the first array has {}", dimension + 1,
                       first.size());
  Value out{first, {}};
  out.dims[dimension] = 0;
  for (size_t p = 0; p < parts.size(); ++p) {
    const std::vector<long long>& dims = parts[p].dims;
    if (dims.size() != first.size())
      return fmt::format("argument {} has {} dimension(s), the first has {}", p + 1, dims.size(),
                         first.size());
    for (size_t d = 0; d < dims.size(); ++d)
      if (d != dimension && dims[d] != first[d])
        return fmt::format("argument {} has size {} in dimension {}, the first has {}", p + 1,
                           dims[d], d + 1, first[d]);
    out.dims[dimension] += dims[dimension];
  }
  // Row-major: for each index of the dimensions before `dimension`, each
  // operand contributes one contiguous run of its elements.
  const long long outer = product(first, 0, dimension);
  const long long inner = product(first, dimension + 1, first.size());
  out.elements.reserve(static_cast<size_t>(outer * inner * out.dims[dimension]));
  for (long long o = 0; o < outer; ++o)
    for (const Value& part : parts) {
      const long long run = part.dims[dimension] * inner;
      const auto begin = part.elements.begin() + static_cast<std::ptrdiff_t>(o * run);
      out.elements.insert(out.elements.end(), begin, begin + static_cast<std::ptrdiff_t>(run));
    }
  return out;
}

Value promote(const Value& entry, size_t dimensions) {
  Value out = entry;
  while (out.dims.size() < dimensions) out.dims.push_back(1);
  return out;
}

}  // namespace smc::flatten
