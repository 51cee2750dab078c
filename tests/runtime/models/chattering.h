/* Value references of the chattering test model (chattering.c): at the
 * time event t_flip its event_update sets flip = not pre(flip), so the
 * event iteration never settles. `steady` never changes and `x` is a
 * state (der(x) = 1) so the integrator is involved too. */
#ifndef SMC_TEST_CHATTERING_H
#define SMC_TEST_CHATTERING_H

enum { CHATTER_X, CHATTER_DER_X, CHATTER_T_FLIP, CHATTER_NUM_REALS };
enum { CHATTER_STEADY, CHATTER_NUM_INTEGERS };
enum { CHATTER_FLIP, CHATTER_NUM_BOOLEANS };

#endif /* SMC_TEST_CHATTERING_H */
