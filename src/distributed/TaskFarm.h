// Independent tasks (TaskSet.h) spread over the ranks of a World with
// dynamic load balancing: the root hands out task numbers, each with its
// payload, one at a time to whichever rank asks, so a rank that drew cheap
// tasks simply asks more often. The root computes tasks too (its
// coordinator is a second thread that sleeps between polls) unless MPI
// refused that thread, in which case it only coordinates. Results travel
// back as bytes and reach the root's `deliver` in task order, each as soon
// as every earlier one has arrived, so the output of a distributed run is
// that of one process, in the same order.
#pragma once

#include "distributed/TaskSet.h"
#include "distributed/World.h"

namespace smc::distributed {

// Every rank calls it once per task set, and every rank calls it the same
// number of times (each farm has message tags of its own, counted alike
// on every rank); `count`, `payload`, `received` and `deliver` matter on
// the root only (the other ranks run what they are given until the root
// says there is no more).
void runTaskFarm(const World& world, const TaskSet& tasks);

}  // namespace smc::distributed
