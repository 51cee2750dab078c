// Temporary directories removed when smc is interrupted. SIGINT, SIGTERM
// and SIGHUP are blocked in every thread and taken by one thread that
// waits for them (sigwait): it removes the live TempDirectories, then ends
// the process by the same signal, so the shell sees the usual status.
// Doing the removal there, not in a signal handler, lets it use ordinary
// code (std::filesystem, a mutex) safely. SIGKILL cannot be caught: after
// `kill -9` the smc-fmu-* and smc-ssp-* folders stay in $TMPDIR.
#pragma once

namespace smc::archive {

// Call once, first thing in main, before any other thread starts: threads
// started later inherit the blocked signals.
void removeTemporaryDirectoriesOnSignals();

}  // namespace smc::archive
