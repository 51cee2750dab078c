// See SignalCleanup.h.
#include "archive/SignalCleanup.h"

#include "archive/TempDirectory.h"

#include <csignal>
#include <thread>

#include <pthread.h>
#include <unistd.h>

namespace smc::archive {
namespace {

sigset_t cleanupSignals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGHUP);
  return set;
}

[[noreturn]] void waitAndCleanUp(sigset_t set) {
  int signal = 0;
  while (sigwait(&set, &signal) != 0) {
  }
  TempDirectory::removeAllLive();
  // End the process by the signal itself: default action, unblocked here.
  std::signal(signal, SIG_DFL);
  sigset_t one;
  sigemptyset(&one);
  sigaddset(&one, signal);
  pthread_sigmask(SIG_UNBLOCK, &one, nullptr);
  raise(signal);
  _exit(128 + signal);  // not reached: the default action of all three ends the process
}

}  // namespace

void removeTemporaryDirectoriesOnSignals() {
  sigset_t set = cleanupSignals();
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
  std::thread(waitAndCleanUp, set).detach();
}

}  // namespace smc::archive
