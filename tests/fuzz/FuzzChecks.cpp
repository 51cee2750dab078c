// Implementation of the fuzz harnesses' invariants (see FuzzChecks.h).
#include "FuzzChecks.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace smc::fuzz {
namespace {

// smc prints the first 50 errors of a run and only counts the rest
// (Diagnostics.cpp); formatting the tens of thousands a hostile file can
// produce would time the harness, not smc. Messages are all checked.
constexpr size_t kFormattedDiagnostics = 64;

}  // namespace

void checkDiagnostics(const DiagnosticEngine& diags) {
  const std::vector<Diagnostic>& all = diags.diagnostics();
  for (size_t i = 0; i < all.size(); ++i) {
    if (i < kFormattedDiagnostics) (void)diags.format(all[i]);
    // smc's internal errors all start so; the words elsewhere in a message
    // (quoting the user's text) are no finding.
    if (all[i].message.rfind("internal error", 0) == 0) {
      std::fprintf(stderr, "fuzz check failed: a stage reported an internal error:\n%s\n",
                   diags.format(all[i]).c_str());
      std::abort();
    }
  }
}

void checkFailureExplained(const DiagnosticEngine& diags, const char* stage) {
  if (diags.hasErrors()) return;
  std::fprintf(stderr, "fuzz check failed: %s returned no result and reported no error\n", stage);
  std::abort();
}

}  // namespace smc::fuzz
