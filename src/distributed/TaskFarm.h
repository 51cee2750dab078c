// Independent tasks spread over the ranks of a World with dynamic load
// balancing: the root hands out task numbers one at a time to whichever
// rank asks, so a rank that drew cheap tasks simply asks more often. The
// root computes tasks too (its coordinator is a second thread that sleeps
// between polls) unless MPI refused that thread, in which case it only
// coordinates. Results travel back as bytes and reach the root's `deliver`
// in task order, each as soon as every earlier one has arrived, so the
// output of a distributed run is that of one process, in the same order.
#pragma once

#include "distributed/World.h"

#include <cstddef>
#include <functional>
#include <string>

namespace smc::distributed {

// run(i): task i's result. deliver(i, result): called on the root only,
// for i = 0, 1, ..., count - 1 in order, never concurrently.
void runTaskFarm(const World& world, std::size_t count, const std::function<std::string(std::size_t)>& run,
                 const std::function<void(std::size_t, const std::string&)>& deliver);

}  // namespace smc::distributed
