/* XXH3 64 over a sequence of byte ranges, computed with the widest vector
 * unit the processor has.
 *
 * An FMU must run on any x86-64, so the runtime's baseline is SSE2; the
 * same XXH3 (xxHash's header, Debian's libxxhash-dev) is also compiled for
 * AVX2 and chosen at the first call when the processor has it. XXH3's
 * value does not depend on the vector unit, so serialized states move
 * freely between machines. This is what keeps fmi2SerializeFMUstate near
 * the speed of copying the bytes: AVX2 hashes about three times as fast as
 * SSE2 (an AVX-512 build measured no faster than AVX2, so there is none). */
#ifndef SMC_RUNTIME_STATE_HASH_H
#define SMC_RUNTIME_STATE_HASH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct SmcHashRange {
  const void* bytes;
  size_t size;
} SmcHashRange;

/* XXH3 64 with `seed` of the concatenation of `count` ranges. */
uint64_t smc_hash_ranges(const SmcHashRange* ranges, int count, uint64_t seed);

/* XXH3 64 with `seed` of one range. */
uint64_t smc_hash_bytes(const void* bytes, size_t size, uint64_t seed);

#ifdef __cplusplus
}
#endif

#endif /* SMC_RUNTIME_STATE_HASH_H */
