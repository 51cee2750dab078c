/* The serialized form of an FMU state (fmi2SerializeFMUstate).
 *
 *   offset  size  field
 *        0     8  magic "SMCSTATE"
 *        8     4  format version (SMC_STATE_FORMAT_VERSION), little-endian
 *       12     4  0x01020304 in the writer's byte order: the payload's
 *      16     8  payload size in bytes, little-endian
 *       24     8  checksum, little-endian: XXH3 64 (seed 0) of all bytes
 *                 with this field read as zero, except the integrator
 *                 image's body after its first 16 bytes (the image's
 *                 keyed tag covers those)
 *       32     8  integrator image section size m, little-endian (0, or
 *                 the image and an 8-byte tag)
 *       40     4  GUID length L, little-endian
 *       44     L  the model's GUID (no terminating NUL)
 *   44 + L     n  payload: first the m bytes of the integrator image
 *                 section (the image of the integrator's memory and its
 *                 8-byte tag, solver_image.h; only the instance that took
 *                 it can use it), then the instance's dynamic block, as in
 *                 memory, then the static data of the FMU's C code
 *                 (c_static_data.h; empty without such code), then the
 *                 state's log of external object calls (external_log.h;
 *                 empty without external objects)
 *
 * The block and the log are verbatim, so a state reads back only
 * into the same model built for a machine with the same byte order and
 * type sizes: the GUID, the byte-order mark and the block's size check
 * that. Version 2 added the log, version 3 the C static data, version 4
 * changed the checksum from FNV-1a 64 to XXH3 64, version 5 added the
 * integrator image, version 6 left the image's body out of the checksum.
 */
#ifndef SMC_RUNTIME_STATE_FORMAT_H
#define SMC_RUNTIME_STATE_FORMAT_H

#include <stddef.h>
#include <stdint.h>

#include "fmu_state.h"

enum { SMC_STATE_FORMAT_VERSION = 6 };
enum { SMC_STATE_HEADER_SIZE = 44 }; /* without the GUID */

/* Bytes the serialized form of `state` takes. */
size_t smc_state_serialized_size(const SmcInstance* instance, const SmcFmuState* state);

/* Writes the serialized form of `state` (smc_state_serialized_size bytes). */
void smc_state_serialize(const SmcInstance* instance, const SmcFmuState* state,
                         unsigned char* out);

/* The parts of serialized bytes that passed smc_state_check_serialized. */
typedef struct SmcSerializedState {
  const unsigned char* block; /* instance->dynamic_size bytes, then the C static data */
  const unsigned char* log;
  size_t log_size;
  /* The integrator image when this instance's region took it and it came
   * back unaltered (its tag checked); NULL when there is none or it is of
   * no use here (another instance's or process's). */
  const unsigned char* solver_image;
  size_t solver_image_size;
} SmcSerializedState;

/* Checks `size` bytes from outside. On success returns NULL and points
 * *parts into them; else writes what is wrong into why and returns it.
 * Reads nothing before it has checked that the bytes are there. */
const char* smc_state_check_serialized(const SmcInstance* instance, const unsigned char* bytes,
                                       size_t size, SmcSerializedState* parts, char* why,
                                       size_t why_capacity);

#endif /* SMC_RUNTIME_STATE_FORMAT_H */
