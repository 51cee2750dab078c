/* smc_model.pre_*_ranges of a hand-written test model: the runtime copies to
 * pre() and compares only the slots listed there, and these models may read
 * the pre() value of any slot, so each type gets one range over all its
 * slots. */
#ifndef SMC_TEST_PRE_RANGES_H
#define SMC_TEST_PRE_RANGES_H

#include <stdint.h>

#define SMC_TEST_EVERY_SLOT_PRE_READ(reals, integers, booleans)               \
  .num_pre_real_ranges = 1, .pre_real_ranges = (const int32_t[]){0, (reals)}, \
  .num_pre_integer_ranges = 1,                                                \
  .pre_integer_ranges = (const int32_t[]){0, (integers)},                     \
  .num_pre_boolean_ranges = 1,                                                \
  .pre_boolean_ranges = (const int32_t[]) { 0, (booleans) }

#endif /* SMC_TEST_PRE_RANGES_H */
