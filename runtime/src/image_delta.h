/* Integrator images stored as their differences from a base image.
 *
 * An FMU state's image of the integrator's memory (solver_memory.h) is
 * mostly what every image of the instance holds: vector headers, settings,
 * pointers. A state therefore keeps only the 8-byte words in which its
 * image differs from a base image the instance took earlier, in runs
 * (offset, length, words), and shares the base with the other states. A
 * search that holds thousands of states (smc explore) then keeps a few
 * hundred bytes per state instead of several kilobytes, and copies that
 * much. The base is reference-counted: a state keeps its base alive after
 * the instance has moved on to another. */
#ifndef SMC_RUNTIME_IMAGE_DELTA_H
#define SMC_RUNTIME_IMAGE_DELTA_H

#include <stddef.h>

#include "instance.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct SmcImageBase SmcImageBase;

/* A base holding a copy of `size` bytes (a multiple of 8), one reference
 * held by the caller; NULL when memory runs out. */
SmcImageBase* smc_image_base_new(const SmcInstance* instance, const unsigned char* image, size_t size);

SmcImageBase* smc_image_base_retain(SmcImageBase* base);

/* Drops one reference; the last frees the base. NULL does nothing. */
void smc_image_base_release(const SmcInstance* instance, SmcImageBase* base);

/* The most bytes the differences of an image of `size` bytes can take. */
size_t smc_image_delta_bound(size_t size);

/* Writes the differences of `image` (size bytes, a multiple of 8) from
 * `base` into `delta` (room for smc_image_delta_bound(size) bytes) and
 * returns how many bytes they take. */
size_t smc_image_delta_write(const SmcImageBase* base, const unsigned char* image, size_t size,
                             unsigned char* delta);

/* image := base with the differences applied (size bytes: the size of the
 * image the differences were taken from). */
void smc_image_delta_apply(const SmcImageBase* base, const unsigned char* delta, size_t delta_size,
                           unsigned char* image, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* SMC_RUNTIME_IMAGE_DELTA_H */
