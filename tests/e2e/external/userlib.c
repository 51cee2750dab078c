/* A user's static library for the external-function tests (spec 12.9):
   scalars, arrays in and out, Integer arrays, sizes as int and as size_t,
   and an external object. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

double userlib_weighted_sum(const double* x, int n, double w) {
  double sum = 0;
  for (int i = 0; i < n; ++i) sum += w * x[i];
  return sum;
}

/* The default call form: the array's size follows it as a size_t. */
double userlib_norm1(const double* x, size_t n) {
  double sum = 0;
  for (size_t i = 0; i < n; ++i) sum += x[i] < 0 ? -x[i] : x[i];
  return sum;
}

void userlib_scale(const double* x, int n, double k, double* y) {
  for (int i = 0; i < n; ++i) y[i] = k * x[i];
}

int userlib_count_above(const int* values, int n, int threshold) {
  int count = 0;
  for (int i = 0; i < n; ++i) count += values[i] > threshold;
  return count;
}

/* A 2x3 matrix in row-major order: the sum of row r (1-based). */
double userlib_row_sum(const double* m, int rows, int columns, int r) {
  double sum = 0;
  if (r < 1 || r > rows) return -1;
  for (int j = 0; j < columns; ++j) sum += m[(r - 1) * columns + j];
  return sum;
}

void userlib_is_positive(double x, int* positive) { *positive = x > 0; }

/* Boolean arrays arrive as int arrays. */
int userlib_count_true(const int* flags, int n) {
  int count = 0;
  for (int i = 0; i < n; ++i) count += flags[i] != 0;
  return count;
}

void userlib_negate(const int* flags, int n, int* negated) {
  for (int i = 0; i < n; ++i) negated[i] = !flags[i];
}

/* What ModelicaUtilities.h declares; the FMU's runtime defines them. */
void ModelicaFormatMessage(const char* string, ...);
void ModelicaWarning(const char* string);
void ModelicaFormatError(const char* string, ...);
char* ModelicaAllocateString(size_t len);

/* Ends the FMI call through ModelicaFormatError for a negative argument. */
double userlib_checked_root(double x) {
  if (x < 0) ModelicaFormatError("userlib_checked_root: %g is negative", x);
  double r = x;
  for (int i = 0; i < 60 && r > 0; ++i) r = 0.5 * (r + x / r);
  return r;
}

/* Prints once per call, and leaves a warning for values above 10. */
double userlib_reported(double x) {
  ModelicaFormatMessage("userlib_reported(%g)", x);
  if (x > 10) ModelicaWarning("userlib_reported: above 10");
  return x;
}

/* The length of a string the runtime allocates for "abc" repeated n times. */
int userlib_allocated_length(int n) {
  char* text = ModelicaAllocateString((size_t)(3 * n));
  for (int i = 0; i < 3 * n; ++i) text[i] = "abc"[i % 3];
  int length = 0;
  while (text[length] != '\0') ++length;
  return length;
}

/* An external object (spec 12.9.7): a gain that keeps a journal of its
 * life in a file, one line per construction and destruction, so that a
 * test can see when the FMU constructs and destroys it. A negative gain is
 * refused with ModelicaFormatError. */
typedef struct UserlibGain {
  double k;
  char journal[1024];
} UserlibGain;

static void userlib_journal(const char* path, const char* event, double k) {
  FILE* file = fopen(path, "a");
  if (file == NULL) return;
  fprintf(file, "%s %g\n", event, k);
  fclose(file);
}

void* userlib_gain_new(double k, const char* journal) {
  if (k < 0) ModelicaFormatError("userlib_gain_new: the gain %g is negative", k);
  UserlibGain* gain = malloc(sizeof *gain);
  if (gain == NULL) ModelicaFormatError("userlib_gain_new: out of memory");
  gain->k = k;
  snprintf(gain->journal, sizeof gain->journal, "%s", journal);
  userlib_journal(journal, "new", k);
  return gain;
}

double userlib_gain_apply(void* object, double x) { return ((UserlibGain*)object)->k * x; }

void userlib_gain_free(void* object) {
  UserlibGain* gain = object;
  userlib_journal(gain->journal, "free", gain->k);
  free(gain);
}

/* An external object whose C state changes at events: a counter the model
 * bumps in a when-equation and reads in between. */
typedef struct UserlibCounter {
  int count;
} UserlibCounter;

void* userlib_counter_new(int start) {
  UserlibCounter* counter = malloc(sizeof *counter);
  if (counter == NULL) ModelicaFormatError("userlib_counter_new: out of memory");
  counter->count = start;
  return counter;
}

int userlib_counter_bump(void* object) { return ++((UserlibCounter*)object)->count; }

double userlib_counter_read(void* object, double t) {
  (void)t;
  return ((UserlibCounter*)object)->count;
}

void userlib_counter_free(void* object) { free(object); }
