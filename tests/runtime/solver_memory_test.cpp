// The integrator's memory region (runtime/src/solver_memory.h): while it is
// entered, malloc and friends serve from it (the test is linked with the
// runtime's --wrap options, as FMUs are); an image taken and written back
// restores the allocator too; only the region's own unaltered images are
// accepted from outside.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <vector>

#include "solver_memory.h"

namespace {

class SolverMemory : public ::testing::Test {
 protected:
  void SetUp() override {
    memory_ = smc_solver_memory_create(1 << 20);
    ASSERT_NE(memory_, nullptr);
  }
  void TearDown() override { smc_solver_memory_destroy(memory_); }

  // Runs `body` with the region entered.
  template <typename F>
  auto inside(F&& body) {
    SmcSolverMemory* outside = smc_solver_memory_enter(memory_);
    auto result = body();
    smc_solver_memory_enter(outside);
    return result;
  }

  bool inRegion(const void* p) const {
    const unsigned char* start = smc_solver_memory_image(memory_);
    return p >= start && p < start + (1 << 20);
  }

  SmcSolverMemory* memory_ = nullptr;
};

// Through a volatile pointer, so that the compiler cannot pair or elide the
// calls it knows.
void* (*volatile allocate)(size_t) = std::malloc;
void* (*volatile allocateZeroed)(size_t, size_t) = std::calloc;
void* (*volatile reallocate)(void*, size_t) = std::realloc;
void (*volatile release)(void*) = std::free;

TEST_F(SolverMemory, MallocServesFromTheRegionOnlyWhileItIsEntered) {
  EXPECT_TRUE(smc_solver_memory_captures_malloc(memory_));
  void* in = inside([] { return allocate(100); });
  void* out = allocate(100);
  EXPECT_TRUE(inRegion(in));
  EXPECT_FALSE(inRegion(out));
  release(out);  // the C library's, freed outside
  inside([&] { release(in); return 0; });
}

TEST_F(SolverMemory, AFreedBlockIsReusedAtTheSameSizeAndCallocZeroesIt) {
  size_t grown = inside([&] {
    unsigned char* a = static_cast<unsigned char*>(allocate(448));
    std::memset(a, 0x5A, 448);
    size_t before = smc_solver_memory_image_size(memory_);
    release(a);
    unsigned char* b = static_cast<unsigned char*>(allocateZeroed(56, 8));
    EXPECT_EQ(b, a);
    for (size_t i = 0; i < 448; ++i) EXPECT_EQ(b[i], 0) << i;
    return smc_solver_memory_image_size(memory_) - before;
  });
  EXPECT_EQ(grown, 0u);
}

TEST_F(SolverMemory, ReallocKeepsTheContents) {
  inside([&] {
    char* a = static_cast<char*>(allocate(32));
    std::strcpy(a, "history");
    char* b = static_cast<char*>(reallocate(a, 4096));
    EXPECT_TRUE(inRegion(b));
    EXPECT_STREQ(b, "history");
    EXPECT_EQ(reallocate(b, 16), b);  // shrinking keeps the block
    release(b);
    return 0;
  });
}

TEST_F(SolverMemory, AnAllocationBeyondTheCapacityFails) {
  EXPECT_EQ(inside([] { return allocate(2 << 20); }), nullptr);
}

TEST_F(SolverMemory, AnImageWrittenBackRestoresContentsAndAllocator) {
  int* value = inside([] { return static_cast<int*>(allocate(sizeof(int))); });
  *value = 1;
  smc_solver_memory_set_root(memory_, value);
  std::vector<unsigned char> image(smc_solver_memory_image_size(memory_));
  std::memcpy(image.data(), smc_solver_memory_image(memory_), image.size());
  *value = 2;
  void* later = inside([] { return allocate(64); });
  unsigned char* target = smc_solver_memory_restore_target(memory_, image.size());
  ASSERT_NE(target, nullptr);
  std::memcpy(target, image.data(), image.size());
  EXPECT_EQ(smc_solver_memory_root(memory_), value);
  EXPECT_EQ(*value, 1);
  // The allocation made after the image is forgotten: its bytes come again.
  EXPECT_EQ(inside([] { return allocate(64); }), later);
}

TEST_F(SolverMemory, OnlyItsOwnUnalteredImagesAreAccepted) {
  inside([] { return allocate(200); });
  std::vector<unsigned char> image(smc_solver_memory_image_size(memory_));
  std::memcpy(image.data(), smc_solver_memory_image(memory_), image.size());
  uint64_t tag = smc_solver_memory_tag(memory_, image.data(), image.size());
  EXPECT_TRUE(smc_solver_memory_accepts(memory_, image.data(), image.size(), tag));
  EXPECT_FALSE(smc_solver_memory_accepts(memory_, image.data(), image.size(), tag ^ 1));
  std::vector<unsigned char> altered = image;
  altered.back() ^= 1;
  EXPECT_FALSE(smc_solver_memory_accepts(memory_, altered.data(), altered.size(), tag));
  EXPECT_FALSE(smc_solver_memory_accepts(memory_, image.data(), image.size() - 16, tag));

  SmcSolverMemory* other = smc_solver_memory_create(1 << 20);
  ASSERT_NE(other, nullptr);
  uint64_t otherTag = smc_solver_memory_tag(other, image.data(), image.size());
  EXPECT_FALSE(smc_solver_memory_accepts(other, image.data(), image.size(), otherTag));
  smc_solver_memory_destroy(other);
}

TEST_F(SolverMemory, ResetForgetsEverything) {
  inside([] { return allocate(1000); });
  smc_solver_memory_set_root(memory_, memory_);
  size_t used = smc_solver_memory_image_size(memory_);
  smc_solver_memory_reset(memory_);
  EXPECT_LT(smc_solver_memory_image_size(memory_), used);
  EXPECT_EQ(smc_solver_memory_root(memory_), nullptr);
}

}  // namespace
