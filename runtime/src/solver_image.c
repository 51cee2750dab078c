/* See solver_image.h. The instance's base is the first image taken (or
 * accepted from a serialized state) after its integrator was made
 * (solver_cvode.c drops it when it makes a new one), so each state holds
 * what changed since. */
#include "solver_image.h"

#include <string.h>

#include "solver_memory.h"

enum { TAG_SIZE = 8 };

/* Writes the differences of `bytes` (size bytes) from the instance's base,
 * made from these bytes when there is none yet, into the instance's
 * scratch, and makes room for them in `image`; false when memory runs out,
 * the image unchanged. */
static bool reserve(SmcInstance* instance, const unsigned char* bytes, size_t size, SmcSolverImage* image) {
  if (instance->solver_image_base == NULL) {
    instance->solver_image_base = smc_image_base_new(instance, bytes, size);
    if (instance->solver_image_base == NULL) return false;
  }
  const size_t bound = smc_image_delta_bound(size);
  if (bound > instance->solver_delta_capacity) {
    unsigned char* scratch = smc_allocate(instance, bound, 1);
    if (scratch == NULL) return false;
    smc_release(instance, instance->solver_delta);
    instance->solver_delta = scratch;
    instance->solver_delta_capacity = bound;
  }
  instance->solver_delta_size =
      smc_image_delta_write(instance->solver_image_base, bytes, size, instance->solver_delta);
  if (instance->solver_delta_size <= image->delta_capacity) return true;
  unsigned char* delta = smc_allocate(instance, instance->solver_delta_size, 1);
  if (delta == NULL) return false;
  if (image->delta_size > 0) memcpy(delta, image->delta, image->delta_size);
  smc_release(instance, image->delta);
  image->delta = delta;
  image->delta_capacity = instance->solver_delta_size;
  return true;
}

/* image := the differences reserve wrote. */
static void take(SmcInstance* instance, size_t size, SmcSolverImage* image) {
  SmcImageBase* base = instance->solver_image_base;
  if (instance->solver_delta_size > 0) memcpy(image->delta, instance->solver_delta, instance->solver_delta_size);
  image->delta_size = instance->solver_delta_size;
  image->size = size;
  smc_image_base_retain(base);
  smc_image_base_release(instance, image->base);
  image->base = base;
}

bool smc_solver_image_reserve(SmcInstance* instance, SmcSolverImage* image) {
  const SmcSolverMemory* memory = instance->solver_memory;
  return reserve(instance, smc_solver_memory_image(memory), smc_solver_memory_image_size(memory), image);
}

void smc_solver_image_take(SmcInstance* instance, SmcSolverImage* image) {
  const SmcSolverMemory* memory = instance->solver_memory;
  take(instance, smc_solver_memory_image_size(memory), image);
}

void smc_solver_image_free(const SmcInstance* instance, SmcSolverImage* image) {
  smc_image_base_release(instance, image->base);
  smc_release(instance, image->delta);
  memset(image, 0, sizeof *image);
}

void smc_solver_image_expand(const SmcSolverImage* image, unsigned char* out) {
  smc_image_delta_apply(image->base, image->delta, image->delta_size, out, image->size);
}

size_t smc_solver_image_serialized_size(const SmcSolverImage* image) {
  return image->base != NULL ? image->size + TAG_SIZE : 0;
}

void smc_solver_image_serialize(const SmcInstance* instance, const SmcSolverImage* image,
                                unsigned char* out) {
  if (image->base == NULL) return;
  smc_solver_image_expand(image, out);
  uint64_t tag = smc_solver_memory_tag(instance->solver_memory, out, image->size);
  for (int i = 0; i < TAG_SIZE; ++i) out[image->size + (size_t)i] = (unsigned char)(tag >> (8 * i));
}

bool smc_solver_image_deserialize(SmcInstance* instance, const unsigned char* bytes, size_t size,
                                  SmcSolverImage* image) {
  SmcSolverImage fresh = {0};
  if (bytes != NULL) {
    if (!reserve(instance, bytes, size, &fresh)) return false;
    take(instance, size, &fresh);
  }
  smc_solver_image_free(instance, image);
  *image = fresh;
  return true;
}
