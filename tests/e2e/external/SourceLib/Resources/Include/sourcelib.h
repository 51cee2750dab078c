/* SourceLib's header: what its Include annotations bring into a model. */
#ifndef SOURCELIB_H
#define SOURCELIB_H

double sourcelib_scaled(double x, double k);
double sourcelib_offset(void);

static inline double sourcelib_halved(double x) { return x / 2; }

#endif
