// See TaskFarm.h. Messages, all in MPI_COMM_WORLD:
//   worker -> root, kReportTag: 8 bytes, the task just finished (kNoTask in
//     a worker's first message), then that task's result bytes;
//   root -> worker, kAssignTag: 8 bytes, the next task, or `count` for
//     "no more": the worker then leaves the farm.
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

// Results that arrived, handed to `deliver` in task order.
class OrderedResults {
public:
  explicit OrderedResults(const std::function<void(std::size_t, const std::string&)>& deliver) : deliver_(deliver) {}

  void add(std::size_t task, std::string result) {
    std::lock_guard lock(mutex_);
    pending_.emplace(task, std::move(result));
    for (auto it = pending_.begin(); it != pending_.end() && it->first == next_; it = pending_.erase(it), ++next_)
      deliver_(it->first, it->second);
  }

private:
  const std::function<void(std::size_t, const std::string&)>& deliver_;
  std::mutex mutex_;
  std::map<std::size_t, std::string> pending_;
  std::size_t next_ = 0;
};

void sendTask(uint64_t task, int rank) { MPI_Send(&task, 1, MPI_UINT64_T, rank, kAssignTag, MPI_COMM_WORLD); }

// The root's side: answers every worker's report with its next task until
// all of them have been told there are none left. Polls with MPI_Iprobe and
// sleeps in between (at most 2 ms): Open MPI's blocking receive would spin
// and take a core from the tasks.
void coordinate(const World& world, std::size_t count, std::atomic<std::size_t>& next, OrderedResults& results) {
  int remaining = world.size() - 1;
  auto pause = std::chrono::microseconds(20);
  std::string buffer;
  while (remaining > 0) {
    int arrived = 0;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, kReportTag, MPI_COMM_WORLD, &arrived, &status);
    if (!arrived) {
      std::this_thread::sleep_for(pause);
      pause = std::min(pause * 2, std::chrono::microseconds(2000));
      continue;
    }
    pause = std::chrono::microseconds(20);
    int bytes = 0;
    MPI_Get_count(&status, MPI_BYTE, &bytes);
    buffer.resize(static_cast<std::size_t>(bytes));
    MPI_Recv(buffer.data(), bytes, MPI_BYTE, status.MPI_SOURCE, kReportTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    uint64_t task = kNoTask;
    std::memcpy(&task, buffer.data(), sizeof task);
    if (task != kNoTask) results.add(static_cast<std::size_t>(task), buffer.substr(sizeof task));
    std::size_t assigned = next.fetch_add(1);
    if (assigned >= count) {
      assigned = count;
      --remaining;
    }
    sendTask(assigned, status.MPI_SOURCE);
  }
}

void work(const World& world, std::size_t count, const std::function<std::string(std::size_t)>& run) {
  std::string message(sizeof kNoTask, '\0');
  std::memcpy(message.data(), &kNoTask, sizeof kNoTask);
  for (;;) {
    if (message.size() > static_cast<std::size_t>(std::numeric_limits<int>::max()))
      world.abort("smc: error: a task's result exceeds 2 GiB", 2);
    MPI_Send(message.data(), static_cast<int>(message.size()), MPI_BYTE, 0, kReportTag, MPI_COMM_WORLD);
    uint64_t task = 0;
    MPI_Recv(&task, 1, MPI_UINT64_T, 0, kAssignTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (task >= count) return;
    std::string result = run(static_cast<std::size_t>(task));
    message.assign(sizeof task, '\0');
    std::memcpy(message.data(), &task, sizeof task);
    message += result;
  }
}

}  // namespace

void runTaskFarm(const World& world, std::size_t count, const std::function<std::string(std::size_t)>& run,
                 const std::function<void(std::size_t, const std::string&)>& deliver) {
  if (!world.distributed()) {
    for (std::size_t i = 0; i < count; ++i) deliver(i, run(i));
    return;
  }
  if (!world.root()) {
    work(world, count, run);
    return;
  }
  OrderedResults results(deliver);
  std::atomic<std::size_t> next{0};
  if (!world.threadsMayCallMpi()) {
    coordinate(world, count, next, results);
    return;
  }
  std::thread coordinator([&] { coordinate(world, count, next, results); });
  for (std::size_t task; (task = next.fetch_add(1)) < count;) results.add(task, run(task));
  coordinator.join();
}

}  // namespace smc::distributed
