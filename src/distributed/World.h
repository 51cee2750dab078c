// The set of processes one smc command runs on. Started by `mpirun -np N
// smc ...` (Open MPI), every process is a rank of MPI_COMM_WORLD and the
// command's work is divided among them; started any other way, smc is a
// world of one and never initializes MPI, so a plain command pays nothing
// for it (no MPI_Init, no launcher contact).
//
// Errors: MPI's default handler (MPI_ERRORS_ARE_FATAL) stays in place, so a
// failed communication or a rank that dies ends the whole job through
// mpirun with its message, never a hang.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace smc::distributed {

class World {
public:
  // Joins MPI_COMM_WORLD when an MPI launcher started this process
  // (launchedByMpi), else a world of one. One World per process, created
  // before any other thread calls MPI and destroyed (MPI_Finalize) last.
  World();
  ~World();
  World(const World&) = delete;
  World& operator=(const World&) = delete;

  // Whether this process was started by mpirun/mpiexec: the launcher's
  // environment variables (Open MPI's OMPI_COMM_WORLD_SIZE, PMIx's
  // PMIX_RANK) are set.
  static bool launchedByMpi();

  int rank() const { return rank_; }
  int size() const { return size_; }
  bool root() const { return rank_ == 0; }
  bool distributed() const { return size_ > 1; }
  // Whether a second thread of this process may make MPI calls while the
  // first does not (MPI_THREAD_SERIALIZED or better was granted).
  bool threadsMayCallMpi() const { return threadsMayCallMpi_; }

  // This rank among the ranks of its host (the processes that share its
  // memory and /tmp), and whether it is the first of them.
  int localRank() const { return localRank_; }
  bool localRoot() const { return localRank_ == 0; }

  // The root's value, on every rank.
  uint64_t broadcast(uint64_t value) const;
  // The bytes of the first rank of this host, on every rank of the host.
  std::string broadcastLocal(const std::string& bytes) const;
  // Every rank of this host waits until all of them have arrived here.
  void barrierLocal() const;
  // The root's bytes, on every rank.
  std::string broadcast(const std::string& bytes) const;
  // Every rank waits until all have arrived here.
  void barrier() const;
  // Ends every rank of the job with `status` after printing `message` on
  // this rank's stderr; in a world of one, exits.
  [[noreturn]] void abort(const std::string& message, int status) const;

private:
  int rank_ = 0;
  int size_ = 1;
  int localRank_ = 0;
  int localComm_ = 0;  // the host's communicator as a Fortran handle (MPI_Comm_c2f): no mpi.h here
  bool initialized_ = false;
  bool threadsMayCallMpi_ = false;
};

}  // namespace smc::distributed
