// The mpirun command line the distributed tests launch smc with.
#pragma once

#include <string>
#include <unistd.h>

namespace smc::test {

// mpirun as CI can run it: oversubscribed (the ranks may outnumber the
// cores), and as root only where the tests run as root. Quiet by default:
// its note that a rank ended with a non-zero status goes to stdout.
inline std::string mpirun(int ranks, bool quiet = true) {
  std::string command =
      std::string("mpirun") + (quiet ? " --quiet" : "") + " --oversubscribe -np " + std::to_string(ranks);
  if (::geteuid() == 0) command += " --allow-run-as-root";
  return command;
}

}  // namespace smc::test
