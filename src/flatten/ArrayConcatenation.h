// Array concatenation (spec 10.4.2, 10.3.2): cat(k, A, B, ...) joins arrays
// of equal shape but for dimension k, and the matrix constructor
// [a, b; c, d] is cat(1, cat(2, a, b), cat(2, c, d)) with each entry first
// promoted to a matrix: a scalar to 1x1, a vector of n to an n x 1 column
// (entries of more dimensions promote the others to as many).
// Values hold their elements in row-major order (Flattener.h).
#pragma once

#include "flatten/Flattener.h"

#include <string>
#include <variant>
#include <vector>

namespace smc::flatten {

// `parts` joined along `dimension` (0-based); a message naming the
// mismatch (by 1-based operand and dimension) when their shapes do not fit.
std::variant<Value, std::string> concatenate(size_t dimension, const std::vector<Value>& parts);

// `entry` with trailing dimensions of size 1 added up to `dimensions`
// (spec 10.3.2, promote): how an entry of a matrix constructor joins the
// others, with `dimensions` the larger of 2 and every entry's ndims.
Value promote(const Value& entry, size_t dimensions);

}  // namespace smc::flatten
