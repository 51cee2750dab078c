// The mpirun command line the distributed tests launch smc with.
#pragma once

#include <string>
#include <unistd.h>

namespace smc::test {

// mpirun as CI can run it: oversubscribed (the ranks may outnumber the
// cores), and as root only where the tests run as root. Quiet by default:
// its note that a rank ended with a non-zero status goes to stdout.
// LeakSanitizer is off in the ranks of the sanitized build: Open MPI leaves
// allocations of its plugins behind at MPI_Finalize, after unloading them,
// so their reports cannot even be suppressed by name. AddressSanitizer and
// UBSan stay on, and the same code runs with leak checks in the tests that
// use one process.
inline std::string mpirun(int ranks, bool quiet = true) {
  std::string command = std::string("env LSAN_OPTIONS=detect_leaks=0 mpirun -x LSAN_OPTIONS") + (quiet ? " --quiet" : "") +
                        " --oversubscribe -np " + std::to_string(ranks);
  if (::geteuid() == 0) command += " --allow-run-as-root";
  return command;
}

}  // namespace smc::test
