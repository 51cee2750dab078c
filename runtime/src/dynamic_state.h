/* The instance's dynamic block: where each part lives, and the checks a
 * block from outside (a deserialized FMU state) must pass before use.
 *
 * One allocation holds everything an FMU state must save (instance.h,
 * SmcDynamicState), so saving and restoring are one memcpy each and the
 * serialized payload is the block itself, byte for byte.
 */
#ifndef SMC_RUNTIME_DYNAMIC_STATE_H
#define SMC_RUNTIME_DYNAMIC_STATE_H

#include <stddef.h>

#include "instance.h"

/* Byte offsets into the block; `size` is the whole block. Each array is
 * 8-byte aligned, as is the size. */
typedef struct SmcDynamicLayout {
  size_t reals, pre_reals;
  size_t integers, pre_integers;
  size_t booleans, pre_booleans;
  size_t zero_indicators;
  size_t delays;
  size_t size;
} SmcDynamicLayout;

/* The layout for smc_model (the same for every instance). */
SmcDynamicLayout smc_dynamic_layout(void);

/* Points data's value arrays and zero_indicators into instance->dynamic. */
void smc_dynamic_bind(SmcInstance* instance);

/* Before a save: copies data.time and data.next_time_event into the head. */
void smc_dynamic_capture(SmcInstance* instance);

/* After a restore: copies them back from the head into data. */
void smc_dynamic_apply(SmcInstance* instance);

/* NULL when `block` (of smc_dynamic_layout().size bytes) holds values the
 * runtime can work with: an FMI state a saved state can have, Booleans
 * that are 0 or 1, a terminated message; otherwise what is wrong. The
 * checksum protects against accidents; this protects the runtime from
 * well-formed bytes with impossible contents. */
const char* smc_dynamic_block_problem(const unsigned char* block);

#endif /* SMC_RUNTIME_DYNAMIC_STATE_H */
