// Refuses arrays and models too large to expand into scalars (the limits
// are in frontend/ResourceLimits.h). Sizes are multiplied with overflow
// checks, so `Real x[4611686018427387904, 4]` is refused rather than
// wrapped around to a small or negative count.
#include "flatten/Flattener.h"
#include "frontend/ResourceLimits.h"

#include <fmt/format.h>

namespace smc::flatten {

bool Flattener::withinElementLimit(const std::vector<long long>& dims, SourceRange range,
                                   const char* what) {
  long long count = 1;
  bool tooMany = false;
  for (long long d : dims) {
    if (d <= 0) return true;  // empty: negative sizes are reported where they are evaluated
    if (__builtin_mul_overflow(count, d, &count) || count > limits::kMaxArrayElements) tooMany = true;
    if (tooMany) break;
  }
  if (!tooMany) return true;
  diags_.errorf(range, "{} of size {} has more than {} elements (the limit on expanded arrays)",
                what, fmt::format("[{}]", fmt::join(dims, ", ")), limits::kMaxArrayElements);
  return false;
}

bool Flattener::reserveScalars(long long count, SourceRange range) {
  if (count <= 0) return true;
  if (count <= limits::kMaxModelScalars - scalarElements_) {
    scalarElements_ += count;
    return true;
  }
  // Reported once: every later component would fail the same way.
  if (scalarElements_ <= limits::kMaxModelScalars)
    diags_.errorf(range, "the model expands to more than {} scalar variables and instances "
                         "(the limit on model size)",
                  limits::kMaxModelScalars);
  scalarElements_ = limits::kMaxModelScalars + 1;
  return false;
}

}  // namespace smc::flatten
