/* rcladder by hand: the capacitor voltages of N RC sections behind a 1 V
 * step (bench/gen/connectors.py), R = C = 1. */
#define LADDER_STATE_NAME "c[%d].v"
#define LADDER_BEFORE 0.0
#define LADDER_AFTER 1.0
#include "ladder.c"
