/* smc_hash_ranges for processors with AVX2 (compiled with -mavx2). */
#define SMC_HASH_VARIANT smc_hash_ranges_avx2
#define XXH_VECTOR XXH_AVX2
#include "state_hash_variant.h"
