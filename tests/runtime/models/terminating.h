/* Value references of the termination test model (terminating.c):
 *
 *   der(x) = 1, x(start) = 0;
 *   when x >= stop_at then terminate("x reached stop_at"); end when;
 *   when terminal() then final_x = x; end when;   // final_x(start = -1)
 *   when stop_at_start and time >= 0 ... terminate("stopped at the start")
 *
 * plus two probes of the runtime's initial() flag: initial_seen is the
 * value initialize saw, initial_later is 1 if any later callback saw it
 * set. The relation x >= stop_at is the hidden Boolean `done`. */
#ifndef SMC_TEST_TERMINATING_H
#define SMC_TEST_TERMINATING_H

enum { TERM_X, TERM_DER_X, TERM_STOP_AT, TERM_FINAL_X, TERM_NUM_REALS };
enum { TERM_INITIAL_SEEN, TERM_INITIAL_LATER, TERM_NUM_INTEGERS };
enum { TERM_STOP_AT_START, TERM_DONE, TERM_TERMINAL_CONDITION, TERM_NUM_BOOLEANS };

#endif /* SMC_TEST_TERMINATING_H */
