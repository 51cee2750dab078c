// The runtime's pointer set (runtime/src/pointer_set.h), which recognises
// live FMU states in constant time: every inserted pointer is found, every
// removed one is not, whatever the order, including removals that must
// shift the rest of a probe run back.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <set>
#include <vector>

// instance.h only for the allocator fields of SmcInstance (its functions
// are not called here, so their linkage does not matter).
#include "instance.h"
#include "pointer_set.h"

namespace {

void* allocateZeroed(size_t count, size_t size) { return std::calloc(count, size); }

TEST(PointerSet, FindsWhatWasInsertedAndNotWhatWasRemoved) {
  SmcInstance instance{};
  instance.allocate = allocateZeroed;
  instance.release = std::free;
  SmcPointerSet set{};
  // Addresses 16 apart, as allocations are: they share their low bits.
  std::vector<char> arena(16 * 5000);
  std::vector<const void*> pointers;
  for (size_t i = 0; i < 5000; ++i) pointers.push_back(arena.data() + 16 * i);
  for (const void* p : pointers) ASSERT_TRUE(smc_pointer_set_insert(&instance, &set, p));
  EXPECT_EQ(set.count, 5000u);
  std::mt19937 random(7);
  std::vector<const void*> order = pointers;
  std::shuffle(order.begin(), order.end(), random);
  std::set<const void*> removed(order.begin(), order.begin() + 3000);
  for (const void* p : removed) smc_pointer_set_remove(&set, p);
  EXPECT_EQ(set.count, 2000u);
  for (const void* p : pointers) EXPECT_EQ(smc_pointer_set_contains(&set, p), removed.count(p) == 0);
  EXPECT_FALSE(smc_pointer_set_contains(&set, nullptr));
  EXPECT_FALSE(smc_pointer_set_contains(&set, arena.data() + 1));
  smc_pointer_set_remove(&set, arena.data() + 1);  // not there: nothing happens
  EXPECT_EQ(set.count, 2000u);
  smc_pointer_set_free(&instance, &set);
  EXPECT_FALSE(smc_pointer_set_contains(&set, pointers[0]));
}

}  // namespace
