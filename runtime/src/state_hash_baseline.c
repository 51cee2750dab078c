/* smc_hash_ranges for every processor the runtime is built for (on x86-64,
 * SSE2). */
#define SMC_HASH_VARIANT smc_hash_ranges_baseline
#include "state_hash_variant.h"
