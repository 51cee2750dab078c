// See World.h.
#include "distributed/World.h"

#include <mpi.h>

#include <cstdlib>
#include <iostream>
#include <limits>

namespace smc::distributed {

bool World::launchedByMpi() {
  return std::getenv("OMPI_COMM_WORLD_SIZE") != nullptr || std::getenv("PMIX_RANK") != nullptr;
}

World::World() {
  if (!launchedByMpi()) return;
  int provided = MPI_THREAD_SINGLE;
  // SERIALIZED: the task farm's coordinator thread (TaskFarm.cpp) makes
  // every MPI call of the root while its main thread computes tasks.
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_SERIALIZED, &provided);
  initialized_ = true;
  threadsMayCallMpi_ = provided >= MPI_THREAD_SERIALIZED;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
  MPI_Comm local;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL, &local);
  MPI_Comm_rank(local, &localRank_);
  localComm_ = static_cast<int>(MPI_Comm_c2f(local));
}

World::~World() {
  if (!initialized_) return;
  MPI_Comm local = MPI_Comm_f2c(localComm_);
  MPI_Comm_free(&local);
  MPI_Finalize();
}

uint64_t World::broadcast(uint64_t value) const {
  if (!distributed()) return value;
  MPI_Bcast(&value, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  return value;
}

std::string World::broadcast(const std::string& bytes) const {
  if (!distributed()) return bytes;
  uint64_t size = broadcast(static_cast<uint64_t>(bytes.size()));
  if (size > static_cast<uint64_t>(std::numeric_limits<int>::max()))
    abort("smc: error: a broadcast of more than 2 GiB", 2);
  std::string result = root() ? bytes : std::string(size, '\0');
  MPI_Bcast(result.data(), static_cast<int>(size), MPI_BYTE, 0, MPI_COMM_WORLD);
  return result;
}

std::string World::broadcastLocal(const std::string& bytes) const {
  if (!distributed()) return bytes;
  MPI_Comm local = MPI_Comm_f2c(localComm_);
  uint64_t size = bytes.size();
  MPI_Bcast(&size, 1, MPI_UINT64_T, 0, local);
  if (size > static_cast<uint64_t>(std::numeric_limits<int>::max()))
    abort("smc: error: a broadcast of more than 2 GiB", 2);
  std::string result = localRoot() ? bytes : std::string(size, '\0');
  MPI_Bcast(result.data(), static_cast<int>(size), MPI_BYTE, 0, local);
  return result;
}

void World::barrierLocal() const {
  if (distributed()) MPI_Barrier(MPI_Comm_f2c(localComm_));
}

void World::barrier() const {
  if (distributed()) MPI_Barrier(MPI_COMM_WORLD);
}

void World::abort(const std::string& message, int status) const {
  std::cerr << message << (distributed() ? " (rank " + std::to_string(rank_) + "; ending every rank)" : "")
            << std::endl;
  if (initialized_) MPI_Abort(MPI_COMM_WORLD, status);
  std::exit(status);
}

}  // namespace smc::distributed
