// Element order of arrays passed to FORTRAN 77 (spec 12.9.1.2): Modelica
// keeps an array's elements row-major (the last subscript varies fastest),
// Fortran column-major (the first does). Shared by the FMU's calls
// (codegen) and the calls run at translation (ExternalEval.cpp).
#pragma once

#include <cstddef>
#include <vector>

namespace smc::flat {

// The column-major position of the element at row-major position `index`
// of an array of sizes `dims`.
inline size_t columnMajorIndex(size_t index, const std::vector<long long>& dims) {
  size_t column = 0, stride = 1;
  std::vector<size_t> subscripts(dims.size());
  for (size_t d = dims.size(); d-- > 0;) {
    subscripts[d] = index % static_cast<size_t>(dims[d]);
    index /= static_cast<size_t>(dims[d]);
  }
  for (size_t d = 0; d < dims.size(); ++d) {
    column += subscripts[d] * stride;
    stride *= static_cast<size_t>(dims[d]);
  }
  return column;
}

}  // namespace smc::flat
