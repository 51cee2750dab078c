/* thermalwall by hand: the temperatures of N heat capacitors behind a face
 * stepping from 293.15 K to 303.15 K (bench/gen/connectors.py), G = C = 1. */
#define LADDER_STATE_NAME "capacitor[%d].T"
#define LADDER_BEFORE 293.15
#define LADDER_AFTER 303.15
#include "ladder.c"
