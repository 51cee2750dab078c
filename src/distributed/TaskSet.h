// Independent tasks described without saying where they run: a local loop
// (runTasksHere) or the ranks of an MPI job (TaskFarm.h) run them alike.
// Header only and free of MPI, so that the code that defines tasks (the
// importer's explore) does not depend on MPI.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

namespace smc::distributed {

struct TaskSet {
  std::size_t count = 0;
  // On the root, when task i is handed out: the bytes it starts from (a
  // serialized FMU state, say). May read what `received` has recorded, to
  // tell later tasks what earlier ones found. Empty: no bytes.
  std::function<std::string(std::size_t)> payload{};
  // Anywhere: task i's result from its payload.
  std::function<std::string(std::size_t, const std::string&)> run{};
  // On the root: each result as it arrives, in any order, one at a time.
  // Empty: nothing.
  std::function<void(std::size_t, const std::string&)> received{};
  // On the root: every result in task order, one at a time.
  std::function<void(std::size_t, const std::string&)> deliver{};
};

// Runs every task of `tasks` in this process, in order.
inline void runTasksHere(const TaskSet& tasks) {
  for (std::size_t i = 0; i < tasks.count; ++i) {
    std::string result = tasks.run(i, tasks.payload ? tasks.payload(i) : std::string());
    if (tasks.received) tasks.received(i, result);
    tasks.deliver(i, result);
  }
}

}  // namespace smc::distributed
