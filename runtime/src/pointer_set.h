/* A set of pointers with constant-time insert, remove and lookup: the
 * instance's live FMU states, so that fmi2SetFMUstate, fmi2GetFMUstate
 * into a given state and fmi2FreeFMUstate recognise one of theirs (or a
 * freed or foreign pointer) without reading through it and without walking
 * every live state. Open addressing with linear probing in a power-of-two
 * table kept at most half full; removal shifts the following entries back,
 * so no tombstones accumulate. Written here because the runtime links no
 * container library (libc, libm and SUNDIALS only). */
#ifndef SMC_RUNTIME_POINTER_SET_H
#define SMC_RUNTIME_POINTER_SET_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

struct SmcInstance;

typedef struct SmcPointerSet {
  const void** slots; /* NULL: empty slot */
  size_t capacity;    /* 0 or a power of two */
  size_t count;
} SmcPointerSet;

/* Adds a non-null pointer that is not in the set; false when out of memory
 * (the set is unchanged). */
bool smc_pointer_set_insert(const struct SmcInstance* instance, SmcPointerSet* set, const void* p);
bool smc_pointer_set_contains(const SmcPointerSet* set, const void* p);
/* Removes p if it is there. */
void smc_pointer_set_remove(SmcPointerSet* set, const void* p);
void smc_pointer_set_free(const struct SmcInstance* instance, SmcPointerSet* set);

#ifdef __cplusplus
}
#endif

#endif
