// See TaskFarm.h. Messages, all in MPI_COMM_WORLD, with tags of their own
// for each farm (every rank counts its farms alike), so that a message
// meant for one farm is never taken by another:
//   worker -> root, report tag: 8 bytes, the task just finished (kNoTask in
//     a worker's first message), then that task's result bytes;
//   root -> worker, assign tag: 8 bytes, the next task, then its payload;
//     kNoTask: there is no more, and the worker leaves the farm.
// The ranks are smc's own, but a message that breaks this protocol still
// ends the job with a message (World::abort), never reads past its end.
#include "distributed/TaskFarm.h"

#include <mpi.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <exception>
#include <limits>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

namespace smc::distributed {
namespace {

constexpr uint64_t kNoTask = std::numeric_limits<uint64_t>::max();

struct Tags {
  int report, assign;
};

// Tags 1000.. stay far below the 32767 every MPI allows.
Tags nextFarmTags() {
  static int farms = 0;
  int slot = farms++ % 10000;
  return {1000 + 2 * slot, 1001 + 2 * slot};
}

// What the root learns from results: `received` as they come, `deliver` in
// task order. Both the coordinator thread and the root's own work call it.
class ResultLedger {
public:
  explicit ResultLedger(const TaskSet& tasks) : tasks_(tasks) {}

  void add(std::size_t task, std::string result) {
    std::lock_guard lock(mutex_);
    if (tasks_.received) tasks_.received(task, result);
    pending_.emplace(task, std::move(result));
    for (auto it = pending_.begin(); it != pending_.end() && it->first == next_; it = pending_.erase(it), ++next_)
      tasks_.deliver(it->first, it->second);
  }

  // The payload of the next task, under the same lock as `received`.
  std::string payload(std::size_t task) {
    std::lock_guard lock(mutex_);
    return tasks_.payload ? tasks_.payload(task) : std::string();
  }

  std::size_t delivered() {
    std::lock_guard lock(mutex_);
    return next_;
  }

private:
  const TaskSet& tasks_;
  std::mutex mutex_;
  std::map<std::size_t, std::string> pending_;
  std::size_t next_ = 0;
};

// A message of 8 bytes (a task number) and then `bytes`.
std::string numbered(uint64_t task, const std::string& bytes) {
  std::string message(sizeof task, '\0');
  std::memcpy(message.data(), &task, sizeof task);
  return message + bytes;
}

void send(const World& world, const std::string& message, int rank, int tag) {
  if (message.size() > static_cast<std::size_t>(std::numeric_limits<int>::max()))
    world.abort("smc: error: a task's message exceeds 2 GiB", 2);
  MPI_Send(message.data(), static_cast<int>(message.size()), MPI_BYTE, rank, tag, MPI_COMM_WORLD);
}

// A numbered message of any length, from `source` (MPI_ANY_SOURCE: whoever
// sent one) once MPI_Iprobe sees it. Sleeps between polls (at most 2 ms):
// Open MPI's blocking receive would spin and take a core from the tasks.
uint64_t receive(const World& world, int source, int tag, std::string& bytes, int& sender) {
  auto pause = std::chrono::microseconds(20);
  MPI_Status status;
  for (int arrived = 0;;) {
    MPI_Iprobe(source, tag, MPI_COMM_WORLD, &arrived, &status);
    if (arrived) break;
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::microseconds(2000));
  }
  int size = 0;
  MPI_Get_count(&status, MPI_BYTE, &size);
  std::string message(static_cast<std::size_t>(std::max(size, 0)), '\0');
  MPI_Recv(message.data(), size, MPI_BYTE, status.MPI_SOURCE, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  sender = status.MPI_SOURCE;
  if (message.size() < sizeof(uint64_t))
    world.abort("smc: error: rank " + std::to_string(sender) + " sent a task message without its task number", 2);
  uint64_t task = kNoTask;
  std::memcpy(&task, message.data(), sizeof task);
  bytes = message.substr(sizeof task);
  return task;
}

// The root's side: answers every worker's report with its next task until
// all of them have been told there are none left. A worker reports the task
// it was given, or nothing the first time.
void coordinate(const World& world, Tags tags, std::size_t count, std::atomic<std::size_t>& next,
                ResultLedger& ledger) {
  std::string result;
  std::vector<uint64_t> given(static_cast<std::size_t>(world.size()), kNoTask);
  for (int remaining = world.size() - 1; remaining > 0;) {
    int worker = 0;
    uint64_t task = receive(world, MPI_ANY_SOURCE, tags.report, result, worker);
    if (task != given[static_cast<std::size_t>(worker)])
      world.abort("smc: error: rank " + std::to_string(worker) + " reported a task it was not given", 2);
    if (task != kNoTask) ledger.add(static_cast<std::size_t>(task), std::move(result));
    std::size_t assigned = next.fetch_add(1);
    if (assigned < count) {
      given[static_cast<std::size_t>(worker)] = assigned;
      send(world, numbered(assigned, ledger.payload(assigned)), worker, tags.assign);
    } else {
      given[static_cast<std::size_t>(worker)] = kNoTask;
      send(world, numbered(kNoTask, {}), worker, tags.assign);
      --remaining;
    }
  }
}

void work(const World& world, Tags tags, const TaskSet& tasks) {
  std::string message = numbered(kNoTask, {});
  for (std::string payload;;) {
    send(world, message, 0, tags.report);
    int root = 0;
    uint64_t task = receive(world, 0, tags.assign, payload, root);
    if (task == kNoTask) return;
    message = numbered(task, tasks.run(static_cast<std::size_t>(task), payload));
  }
}

}  // namespace

void runTaskFarm(const World& world, const TaskSet& tasks) {
  if (!world.distributed()) {
    runTasksHere(tasks);
    return;
  }
  const Tags tags = nextFarmTags();
  if (!world.root()) {
    work(world, tags, tasks);
    return;
  }
  ResultLedger ledger(tasks);
  std::atomic<std::size_t> next{0};
  if (!world.threadsMayCallMpi()) {
    coordinate(world, tags, tasks.count, next, ledger);
  } else {
    std::thread coordinator([&] { coordinate(world, tags, tasks.count, next, ledger); });
    try {
      for (std::size_t task; (task = next.fetch_add(1)) < tasks.count;)
        ledger.add(task, tasks.run(task, ledger.payload(task)));
    } catch (const std::exception& error) {
      world.abort(std::string("smc: error: a task failed: ") + error.what(), 2);
    }
    coordinator.join();
  }
  if (ledger.delivered() != tasks.count)
    world.abort("smc: error: the task farm ended with " + std::to_string(tasks.count - ledger.delivered()) +
                    " task results missing",
                2);
}

}  // namespace smc::distributed
