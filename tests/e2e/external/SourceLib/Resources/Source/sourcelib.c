/* The library "sourcelib": one file, <name>.c in the SourceDirectory. */
#include "ModelicaUtilities.h"
#include "sourcelib.h"

double sourcelib_scaled(double x, double k) {
  if (k < 0) ModelicaFormatError("sourcelib_scaled: the factor %g is negative", k);
  return k * x;
}

/* A macro the model's compilation may define (smc -D SOURCELIB_OFFSET=...). */
#ifndef SOURCELIB_OFFSET
#define SOURCELIB_OFFSET 0
#endif

double sourcelib_offset(void) { return SOURCELIB_OFFSET; }
