/* An FMU state's copy of the integrator's memory (solver_memory.h), kept
 * as its differences from the instance's base image (image_delta.h), and
 * its serialized form: the whole image and its tag. */
#ifndef SMC_RUNTIME_SOLVER_IMAGE_H
#define SMC_RUNTIME_SOLVER_IMAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "image_delta.h"
#include "instance.h"

typedef struct SmcSolverImage {
  SmcImageBase* base; /* NULL: no image (a restore restarts the integrator) */
  unsigned char* delta;
  size_t delta_size, delta_capacity;
  size_t size; /* bytes of the whole image */
} SmcSolverImage;

/* Saving in two steps, so that a state stays as it was when memory runs
 * out for any of its parts: reserve makes room for the integrator's memory
 * as it is now (false when memory runs out, the image unchanged); take,
 * before CVODE runs again, fills it. */
bool smc_solver_image_reserve(SmcInstance* instance, SmcSolverImage* image);
void smc_solver_image_take(SmcInstance* instance, SmcSolverImage* image);

void smc_solver_image_free(const SmcInstance* instance, SmcSolverImage* image);

/* The whole image written into `out` (image->size bytes); needs a base. */
void smc_solver_image_expand(const SmcSolverImage* image, unsigned char* out);

/* Bytes of the serialized form: the image and an 8-byte tag, or nothing
 * without an image. */
size_t smc_solver_image_serialized_size(const SmcSolverImage* image);
void smc_solver_image_serialize(const SmcInstance* instance, const SmcSolverImage* image,
                                unsigned char* out);

/* image := a serialized image that this instance's region accepted
 * (smc_solver_memory_accepts), or no image when bytes is NULL. False only
 * when memory runs out, the image then unchanged. */
bool smc_solver_image_deserialize(SmcInstance* instance, const unsigned char* bytes, size_t size,
                                  SmcSolverImage* image);

#endif /* SMC_RUNTIME_SOLVER_IMAGE_H */
