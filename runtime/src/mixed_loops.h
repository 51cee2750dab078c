/* One event_update of the event iteration for a model with mixed
 * discrete/continuous loops (spec 8.6; src/causalize/MixedSystems.h): the
 * loops' Real equations read their Booleans (smc_model.torn_boolean_refs)
 * at the values of the previous evaluation, so an evaluation may end with
 * Booleans that do not match the Reals it computed. Committing such a
 * state to pre() lets a friction element's mode follow a sliding direction
 * the Reals never confirmed, so that it chatters between forward and
 * backward sliding without ever trying to stick.
 *
 * Here the evaluation is repeated from the same starting values (pre()
 * unchanged) with the Booleans it produced, until they reproduce
 * themselves. When that does not happen within a few rounds (the Booleans
 * oscillate), the combinations of the Booleans (all of them when they are
 * few, else those that changed) are tried in order, and the first that
 * reproduces itself is taken, as tools that solve mixed systems by search
 * do. When none does, the first evaluation
 * stands and the event iteration goes on as before.
 */
#ifndef SMC_RUNTIME_MIXED_LOOPS_H
#define SMC_RUNTIME_MIXED_LOOPS_H

#include "instance.h"

/* Bytes of scratch memory the instance needs (0 without mixed loops). */
size_t smc_mixed_loops_scratch_size(void);

/* smc_eval_event_update, settling the mixed loops' Booleans (above). */
int32_t smc_event_update_settled(SmcInstance* instance, const char* function, int32_t* states_reinitialized);

#endif /* SMC_RUNTIME_MIXED_LOOPS_H */
