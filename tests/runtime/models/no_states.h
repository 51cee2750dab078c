/* Value references of the state-free test model (no_states.c):
 *   y = a*u + sin(time), a parameter (2), u input (0.5)
 *   count = n + 1 (Integer), n Integer input (0)
 *   negated = not flag (Boolean), flag Boolean input (false)
 */
#ifndef SMC_TEST_NO_STATES_H
#define SMC_TEST_NO_STATES_H

enum { NOSTATE_A, NOSTATE_U, NOSTATE_Y, NOSTATE_NUM_REALS };
enum { NOSTATE_N, NOSTATE_COUNT, NOSTATE_NUM_INTEGERS };
enum { NOSTATE_FLAG, NOSTATE_NEGATED, NOSTATE_NUM_BOOLEANS };

#endif /* SMC_TEST_NO_STATES_H */
