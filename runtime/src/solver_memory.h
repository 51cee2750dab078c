/* The integrator's memory: one region per instance that holds every byte
 * CVODE (and its linear solver) allocates, so that an FMU state can copy
 * the integrator's whole history as bytes and put it back.
 *
 * CVODE's public API can read its history (order, step, error weights,
 * Nordsieck array) but not write it back, and its memory layout is private.
 * So the runtime does not look inside: the FMU is linked with
 * --wrap=malloc,calloc,realloc,free, and while an instance's region is
 * entered on the current thread, those four serve from the region. An
 * image of the region's used bytes is then everything CVODE knows, and
 * copying an image back into the same region (same addresses, so every
 * pointer inside stays valid) makes CVODE continue exactly as it would
 * have from the moment the image was taken.
 *
 * Only the region's own instance can take an image back: pointers inside
 * lead to the instance, its SUNDIALS context and the FMU's code. Each
 * region therefore has an identity (random, unique per region and
 * process), which every image carries, and a secret: an image that leaves
 * the instance (a serialized state) goes with a tag keyed by the secret,
 * and smc_solver_memory_accepts says whether an image from outside came
 * from this region unaltered. Any other image is refused, and the caller
 * restarts the integrator instead.
 *
 * The region is reserved virtual memory (pages appear when first used);
 * within it a list of freed blocks serves CVODE's few frees (a freed block
 * of the same size first, then fresh bytes, then a larger freed block).
 * Why by hand: no allocator library can place all its bookkeeping inside
 * a region one memcpy restores.
 */
#ifndef SMC_RUNTIME_SOLVER_MEMORY_H
#define SMC_RUNTIME_SOLVER_MEMORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct SmcSolverMemory SmcSolverMemory;

/* A region able to hold `capacity` bytes (reserved, not committed), or
 * NULL when the address space or memory runs out. */
SmcSolverMemory* smc_solver_memory_create(size_t capacity);

void smc_solver_memory_destroy(SmcSolverMemory* memory);

/* Forgets every allocation in the region and its root. */
void smc_solver_memory_reset(SmcSolverMemory* memory);

/* Makes malloc, calloc, realloc and free on this thread serve from
 * `memory` (NULL: the C library's) and returns the region entered before,
 * to be entered again when done. */
SmcSolverMemory* smc_solver_memory_enter(SmcSolverMemory* memory);

/* Whether malloc inside the region really serves from it: false when the
 * program was linked without the --wrap options above. */
bool smc_solver_memory_captures_malloc(SmcSolverMemory* memory);

/* Zeroed memory from the region, entered or not (NULL when it is full):
 * for the runtime's own records there, which must not depend on a
 * compiler keeping the entering around a malloc it thinks it knows. */
void* smc_solver_memory_calloc(SmcSolverMemory* memory, size_t count, size_t size);

/* The one object the region's owner finds everything else from. */
void* smc_solver_memory_root(const SmcSolverMemory* memory);
void smc_solver_memory_set_root(SmcSolverMemory* memory, void* root);

/* Bytes of an image of the region as it is now (its used bytes). */
size_t smc_solver_memory_image_size(const SmcSolverMemory* memory);

/* The image in place: the region's used bytes, valid until CVODE runs
 * again. */
const unsigned char* smc_solver_memory_image(const SmcSolverMemory* memory);

/* Where an image of `size` bytes this region took is to be written back
 * (the region's start), or NULL when it cannot hold that many. */
unsigned char* smc_solver_memory_restore_target(SmcSolverMemory* memory, size_t size);

/* The tag an image leaves the instance with: a hash of its bytes keyed by
 * the region's secret. */
uint64_t smc_solver_memory_tag(const SmcSolverMemory* memory, const unsigned char* image,
                               size_t size);

/* The leading bytes of every image that name the region it was taken from
 * (its identity and its size). A serialized state's checksum covers them
 * and the tag the rest, so each byte is hashed once. */
enum { SMC_SOLVER_IMAGE_NAME_SIZE = 16 };

/* Whether an image (size bytes) names this region as its origin, whatever
 * its other bytes: if so and smc_solver_memory_accepts refuses it, the
 * image was altered on its way. */
bool smc_solver_memory_named_in(const SmcSolverMemory* memory, const unsigned char* image,
                                size_t size);

/* Whether an image (size bytes) with `tag` came from this region unaltered. */
bool smc_solver_memory_accepts(const SmcSolverMemory* memory, const unsigned char* image,
                               size_t size, uint64_t tag);

#ifdef __cplusplus
}
#endif

#endif /* SMC_RUNTIME_SOLVER_MEMORY_H */
