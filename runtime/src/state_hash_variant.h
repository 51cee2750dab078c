/* One vector unit's build of smc_hash_ranges (state_hash.h). A source
 * defines SMC_HASH_VARIANT (the function's name) and XXH_VECTOR, and is
 * compiled with the matching instruction-set flags (runtime/CMakeLists.txt);
 * everything of xxHash stays static to that source. */
#include <stdint.h>

#include "state_hash.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

uint64_t SMC_HASH_VARIANT(const SmcHashRange* ranges, int count, uint64_t seed);

uint64_t SMC_HASH_VARIANT(const SmcHashRange* ranges, int count, uint64_t seed) {
  if (count == 1) return XXH3_64bits_withSeed(ranges[0].bytes, ranges[0].size, seed);
  XXH3_state_t state;
  XXH3_INITSTATE(&state);
  XXH3_64bits_reset_withSeed(&state, seed);
  for (int i = 0; i < count; ++i) XXH3_64bits_update(&state, ranges[i].bytes, ranges[i].size);
  return XXH3_64bits_digest(&state);
}
