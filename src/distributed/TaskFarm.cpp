// See TaskFarm.h. Messages, all in MPI_COMM_WORLD:
//   worker -> root, kReportTag: 8 bytes, the task just finished (kNoTask in
//     a worker's first message), then that task's result bytes;
//   root -> worker, kAssignTag: 8 bytes, the next task, then its payload;
//     kNoTask: there is no more, and the worker leaves the farm.
#include "distributed/TaskFarm.h"

#include <mpi.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <limits>
#include <map>
#include <mutex>
#include <thread>

namespace smc::distributed {
namespace {

constexpr int kReportTag = 7101;
constexpr int kAssignTag = 7102;
constexpr uint64_t kNoTask = std::numeric_limits<uint64_t>::max();

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
uint64_t receive(int source, int tag, std::string& bytes, int& sender) {
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
  std::string message(static_cast<std::size_t>(size), '\0');
  MPI_Recv(message.data(), size, MPI_BYTE, status.MPI_SOURCE, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  sender = status.MPI_SOURCE;
  uint64_t task = kNoTask;
  std::memcpy(&task, message.data(), sizeof task);
  bytes = message.substr(sizeof task);
  return task;
}

// The root's side: answers every worker's report with its next task until
// all of them have been told there are none left.
void coordinate(const World& world, std::size_t count, std::atomic<std::size_t>& next, ResultLedger& ledger) {
  std::string result;
  for (int remaining = world.size() - 1; remaining > 0;) {
    int worker = 0;
    uint64_t task = receive(MPI_ANY_SOURCE, kReportTag, result, worker);
    if (task != kNoTask) ledger.add(static_cast<std::size_t>(task), std::move(result));
    std::size_t assigned = next.fetch_add(1);
    if (assigned < count) {
      send(world, numbered(assigned, ledger.payload(assigned)), worker, kAssignTag);
    } else {
      send(world, numbered(kNoTask, {}), worker, kAssignTag);
      --remaining;
    }
  }
}

void work(const World& world, const TaskSet& tasks) {
  std::string message = numbered(kNoTask, {});
  for (std::string payload;;) {
    send(world, message, 0, kReportTag);
    int root = 0;
    uint64_t task = receive(0, kAssignTag, payload, root);
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
  if (!world.root()) {
    work(world, tasks);
    return;
  }
  ResultLedger ledger(tasks);
  std::atomic<std::size_t> next{0};
  if (!world.threadsMayCallMpi()) {
    coordinate(world, tasks.count, next, ledger);
    return;
  }
  std::thread coordinator([&] { coordinate(world, tasks.count, next, ledger); });
  for (std::size_t task; (task = next.fetch_add(1)) < tasks.count;)
    ledger.add(task, tasks.run(task, ledger.payload(task)));
  coordinator.join();
}

}  // namespace smc::distributed
