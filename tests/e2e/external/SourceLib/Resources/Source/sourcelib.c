/* The library "sourcelib": one file, <name>.c in the SourceDirectory. */
#include "ModelicaUtilities.h"
#include "sourcelib.h"

double sourcelib_scaled(double x, double k) {
  if (k < 0) ModelicaFormatError("sourcelib_scaled: the factor %g is negative", k);
  return k * x;
}
