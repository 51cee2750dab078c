// Integrator images kept as differences from a base (runtime/src/
// image_delta.h): applying the differences gives the image back byte for
// byte, whatever changed, also when the image is longer or shorter than
// the base; unchanged words cost nothing, and the differences never exceed
// the bound.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "image_delta.h"

namespace {

void* allocateZeroed(size_t count, size_t size) { return std::calloc(count, size); }

class ImageDelta : public ::testing::Test {
 protected:
  void SetUp() override {
    instance_.allocate = allocateZeroed;
    instance_.release = std::free;
  }

  // Encodes `image` against `base`, checks the bound and the round trip,
  // and returns the size of the differences.
  size_t roundTrip(const std::vector<unsigned char>& base, const std::vector<unsigned char>& image) {
    SmcImageBase* b = smc_image_base_new(&instance_, base.data(), base.size());
    EXPECT_NE(b, nullptr);
    std::vector<unsigned char> delta(smc_image_delta_bound(image.size()));
    size_t size = smc_image_delta_write(b, image.data(), image.size(), delta.data());
    EXPECT_LE(size, delta.size());
    std::vector<unsigned char> back(image.size(), 0xAB);
    smc_image_delta_apply(b, delta.data(), size, back.data(), back.size());
    EXPECT_EQ(back, image);
    smc_image_base_release(&instance_, b);
    return size;
  }

  SmcInstance instance_{};
};

std::vector<unsigned char> randomBytes(size_t size, unsigned seed) {
  std::mt19937 random(seed);
  std::vector<unsigned char> bytes(size);
  for (unsigned char& byte : bytes) byte = static_cast<unsigned char>(random());
  return bytes;
}

TEST_F(ImageDelta, AnUnchangedImageTakesNoBytes) {
  std::vector<unsigned char> base = randomBytes(4096, 1);
  EXPECT_EQ(roundTrip(base, base), 0u);
}

TEST_F(ImageDelta, OneChangedWordTakesOneRun) {
  std::vector<unsigned char> base = randomBytes(4096, 2);
  std::vector<unsigned char> image = base;
  image[1000] ^= 1;  // word 125
  EXPECT_EQ(roundTrip(base, image), 8u + 8u);
}

TEST_F(ImageDelta, WordsApartByOneEqualWordShareARun) {
  std::vector<unsigned char> base = randomBytes(4096, 3);
  std::vector<unsigned char> image = base;
  image[8 * 10] ^= 1;
  image[8 * 12] ^= 1;  // word 11 between them is equal
  EXPECT_EQ(roundTrip(base, image), 8u + 3 * 8u);
  image[8 * 12] ^= 1;
  image[8 * 13] ^= 1;  // two equal words: two runs
  EXPECT_EQ(roundTrip(base, image), 2 * (8u + 8u));
}

TEST_F(ImageDelta, AnImageLongerThanItsBaseKeepsItsTail) {
  std::vector<unsigned char> base = randomBytes(1024, 4);
  std::vector<unsigned char> image = base;
  std::vector<unsigned char> tail = randomBytes(512, 5);
  image.insert(image.end(), tail.begin(), tail.end());
  EXPECT_EQ(roundTrip(base, image), 8u + 512u);
}

TEST_F(ImageDelta, AnImageShorterThanItsBaseComesBackAtItsOwnSize) {
  std::vector<unsigned char> base = randomBytes(2048, 6);
  std::vector<unsigned char> image(base.begin(), base.begin() + 1024);
  image[16] ^= 0x80;
  EXPECT_EQ(roundTrip(base, image), 8u + 8u);
}

TEST_F(ImageDelta, EveryPatternOfChangesRoundTripsWithinTheBound) {
  std::mt19937 random(7);
  for (int trial = 0; trial < 200; ++trial) {
    const size_t words = 1 + random() % 300;
    std::vector<unsigned char> base = randomBytes(8 * (1 + random() % 300), 100 + trial);
    std::vector<unsigned char> image = randomBytes(8 * words, 1000 + trial);
    // Keep a random share of the base's words, so runs and gaps alternate.
    for (size_t i = 0; i < words && 8 * i < base.size(); ++i)
      if (random() % 3 != 0) std::memcpy(&image[8 * i], &base[8 * i], 8);
    roundTrip(base, image);
  }
}

TEST_F(ImageDelta, ABaseLivesUntilItsLastReferenceGoes) {
  std::vector<unsigned char> bytes = randomBytes(64, 8);
  SmcImageBase* base = smc_image_base_new(&instance_, bytes.data(), bytes.size());
  ASSERT_NE(base, nullptr);
  EXPECT_EQ(smc_image_base_retain(base), base);
  smc_image_base_release(&instance_, base);
  std::vector<unsigned char> back(64);
  smc_image_delta_apply(base, nullptr, 0, back.data(), back.size());  // still alive (ASan would object)
  EXPECT_EQ(back, bytes);
  smc_image_base_release(&instance_, base);
}

}  // namespace
