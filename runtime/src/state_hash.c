/* Chooses the build of XXH3 for this processor (see state_hash.h). */
#include "state_hash.h"

#include <stdatomic.h>

typedef uint64_t HashRanges(const SmcHashRange* ranges, int count, uint64_t seed);

HashRanges smc_hash_ranges_baseline;
#if defined(__x86_64__) && defined(__GNUC__)
HashRanges smc_hash_ranges_avx2;
#endif

static HashRanges* widest(void) {
#if defined(__x86_64__) && defined(__GNUC__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx2")) return smc_hash_ranges_avx2;
#endif
  return smc_hash_ranges_baseline;
}

/* Instances may hash on several threads at once; every thread that finds
 * the cache empty computes the same answer. */
static _Atomic(HashRanges*) chosen;

uint64_t smc_hash_ranges(const SmcHashRange* ranges, int count, uint64_t seed) {
  HashRanges* hash = atomic_load_explicit(&chosen, memory_order_relaxed);
  if (hash == NULL) {
    hash = widest();
    atomic_store_explicit(&chosen, hash, memory_order_relaxed);
  }
  return hash(ranges, count, seed);
}

uint64_t smc_hash_bytes(const void* bytes, size_t size, uint64_t seed) {
  SmcHashRange range = {bytes, size};
  return smc_hash_ranges(&range, 1, seed);
}
