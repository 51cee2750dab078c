/* Serializing FMU states and checking serialized bytes (see state_format.h).
 *
 * Checksum: XXH3 64 (xxHash, Debian's libxxhash-dev, compiled into the
 * runtime from its header for each vector unit, state_hash.h). Every byte
 * is hashed once: the checksum covers all bytes but the integrator image's
 * body, which the image's keyed tag covers (the image's first bytes, which
 * name the region it comes from, and the tag itself are under the
 * checksum). A state of 23 kB then serializes in about twice the time of
 * copying it, where checksum and tag each reading the image took 5 times.
 * Corruption goes unnoticed with a chance of about 2^-64. It is not a
 * defence against a deliberate forger; the content checks of
 * dynamic_state.c keep even a forged payload from putting the runtime in
 * an impossible situation.
 *
 * Checks run in an order that names the most likely cause: not a state at
 * all (magic), a state of another format version or byte order, cut short
 * or with bytes to spare, corrupted (checksum), of another model (GUID),
 * of another build of this model (payload size), impossible contents.
 */
#include "state_format.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "c_static_data.h"
#include "dynamic_state.h"
#include "external_log.h"
#include "solver_memory.h"
#include "state_hash.h"

static const char magic[8] = {'S', 'M', 'C', 'S', 'T', 'A', 'T', 'E'};
static const uint32_t byte_order_mark = 0x01020304u;
enum {
  VERSION_AT = 8,
  BYTE_ORDER_AT = 12,
  PAYLOAD_SIZE_AT = 16,
  CHECKSUM_AT = 24,
  IMAGE_SIZE_AT = 32,
  GUID_LENGTH_AT = 40,
  TAG_SIZE = 8,
};
/* Far above any GUID smc writes; bounds the work done on garbage. */
static const uint32_t max_guid_length = 1024;

static void put_le(unsigned char* out, uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out[i] = (unsigned char)(value >> (8 * i));
}

static uint64_t get_le(const unsigned char* in, int bytes) {
  uint64_t value = 0;
  for (int i = 0; i < bytes; ++i) value |= (uint64_t)in[i] << (8 * i);
  return value;
}

/* The checksum of `size` serialized bytes whose integrator image section
 * (`image_section` bytes, the image and its tag) starts at `image_at`: all
 * bytes with the checksum field read as zero, except the image's body after
 * its first SMC_SOLVER_IMAGE_NAME_SIZE bytes. The caller has checked that
 * the section lies within the bytes. */
static uint64_t checksum_of(const unsigned char* bytes, size_t size, size_t image_at,
                            size_t image_section) {
  static const unsigned char zeros[8] = {0};
  size_t skip_from = size, skip_to = size;
  if (image_section > TAG_SIZE) {
    size_t body = image_section - TAG_SIZE;
    size_t named = body < SMC_SOLVER_IMAGE_NAME_SIZE ? body : SMC_SOLVER_IMAGE_NAME_SIZE;
    skip_from = image_at + named;
    skip_to = image_at + body;
  }
  const SmcHashRange ranges[4] = {
      {bytes, CHECKSUM_AT},
      {zeros, sizeof zeros},
      {bytes + CHECKSUM_AT + 8, skip_from - (CHECKSUM_AT + 8)},
      {bytes + skip_to, size - skip_to},
  };
  return smc_hash_ranges(ranges, 4, 0);
}

static size_t image_section_size(const SmcFmuState* state) {
  return smc_solver_image_serialized_size(&state->solver_image);
}

size_t smc_state_serialized_size(const SmcInstance* instance, const SmcFmuState* state) {
  (void)instance;
  return SMC_STATE_HEADER_SIZE + strlen(smc_model.guid) + state->size + state->log_size +
         image_section_size(state);
}

void smc_state_serialize(const SmcInstance* instance, const SmcFmuState* state,
                         unsigned char* out) {
  size_t guid_length = strlen(smc_model.guid);
  size_t total = smc_state_serialized_size(instance, state);
  memcpy(out, magic, sizeof magic);
  put_le(out + VERSION_AT, SMC_STATE_FORMAT_VERSION, 4);
  memcpy(out + BYTE_ORDER_AT, &byte_order_mark, sizeof byte_order_mark);
  const size_t image_section = image_section_size(state);
  put_le(out + PAYLOAD_SIZE_AT, state->size + state->log_size + image_section, 8);
  put_le(out + CHECKSUM_AT, 0, 8);
  put_le(out + IMAGE_SIZE_AT, image_section, 8);
  put_le(out + GUID_LENGTH_AT, guid_length, 4);
  memcpy(out + SMC_STATE_HEADER_SIZE, smc_model.guid, guid_length);
  unsigned char* image = out + SMC_STATE_HEADER_SIZE + guid_length;
  smc_solver_image_serialize(instance, &state->solver_image, image);
  unsigned char* block = image + image_section;
  memcpy(block, state->block, state->size);
  if (state->log_size > 0) memcpy(block + state->size, state->log, state->log_size);
  put_le(out + CHECKSUM_AT,
         checksum_of(out, total, SMC_STATE_HEADER_SIZE + guid_length, image_section), 8);
}

/* Formats the reason into why and returns it. */
static const char* reject(char* why, size_t capacity, const char* format, ...)
    __attribute__((format(printf, 3, 4)));

static const char* reject(char* why, size_t capacity, const char* format, ...) {
  va_list args;
  va_start(args, format);
  vsnprintf(why, capacity, format, args);
  va_end(args);
  return why;
}

/* The checks that need only the header. */
static const char* check_header(const unsigned char* bytes, size_t size, char* why,
                                size_t capacity) {
  if (size < sizeof magic || memcmp(bytes, magic, sizeof magic) != 0) {
    if (size < sizeof magic)
      return reject(why, capacity,
                    "truncated: %zu bytes cannot hold even the %d-byte header", size,
                    SMC_STATE_HEADER_SIZE);
    return reject(why, capacity, "not an smc FMU state (the magic \"SMCSTATE\" is missing)");
  }
  if (size < SMC_STATE_HEADER_SIZE)
    return reject(why, capacity, "truncated: %zu bytes cannot hold even the %d-byte header",
                  size, SMC_STATE_HEADER_SIZE);
  uint64_t version = get_le(bytes + VERSION_AT, 4);
  if (version != SMC_STATE_FORMAT_VERSION)
    return reject(why, capacity,
                  "format version %" PRIu64 " is not supported; this FMU reads version %d",
                  version, SMC_STATE_FORMAT_VERSION);
  uint32_t mark;
  memcpy(&mark, bytes + BYTE_ORDER_AT, sizeof mark);
  if (mark != byte_order_mark)
    return reject(why, capacity,
                  "written on a machine with another byte order (mark 0x%08" PRIx32 ")", mark);
  return NULL;
}

/* The announced lengths against the `size` bytes given. */
static const char* check_lengths(const unsigned char* bytes, size_t size, char* why,
                                 size_t capacity) {
  uint64_t guid_length = get_le(bytes + GUID_LENGTH_AT, 4);
  if (guid_length > max_guid_length)
    return reject(why, capacity, "corrupted: the GUID length %" PRIu64 " is implausible",
                  guid_length);
  uint64_t payload_size = get_le(bytes + PAYLOAD_SIZE_AT, 8);
  /* size >= the header (check_header), and guid_length is small. */
  uint64_t after_header = size - SMC_STATE_HEADER_SIZE;
  uint64_t available = after_header >= guid_length ? after_header - guid_length : 0;
  if (after_header < guid_length || payload_size > available)
    return reject(why, capacity,
                  "truncated: the header announces %" PRIu64 " bytes of GUID and %" PRIu64
                  " of payload after the %d-byte header, but only %zu bytes were given",
                  guid_length, payload_size, SMC_STATE_HEADER_SIZE, size);
  if (payload_size < available)
    return reject(why, capacity,
                  "oversized: %" PRIu64 " bytes follow the announced end of the state",
                  available - payload_size);
  return NULL;
}

const char* smc_state_check_serialized(const SmcInstance* instance, const unsigned char* bytes,
                                       size_t size, SmcSerializedState* parts, char* why,
                                       size_t capacity) {
  memset(parts, 0, sizeof *parts);
  if (bytes == NULL && size > 0) return reject(why, capacity, "serializedState is NULL");
  const char* problem = check_header(bytes, size, why, capacity);
  if (problem == NULL) problem = check_lengths(bytes, size, why, capacity);
  if (problem != NULL) return problem;
  size_t guid_length = (size_t)get_le(bytes + GUID_LENGTH_AT, 4);
  size_t payload_size = size - SMC_STATE_HEADER_SIZE - guid_length;
  uint64_t image_size = get_le(bytes + IMAGE_SIZE_AT, 8);
  if (image_size > payload_size || (image_size > 0 && image_size < TAG_SIZE))
    return reject(why, capacity,
                  "corrupted: an integrator image of %" PRIu64 " bytes cannot be in a %zu-byte payload",
                  image_size, payload_size);
  uint64_t stored = get_le(bytes + CHECKSUM_AT, 8);
  uint64_t computed =
      checksum_of(bytes, size, SMC_STATE_HEADER_SIZE + guid_length, (size_t)image_size);
  if (stored != computed)
    return reject(why, capacity,
                  "corrupted: checksum 0x%016" PRIx64 " does not match the contents (0x%016" PRIx64
                  ")",
                  stored, computed);
  const char* guid = (const char*)bytes + SMC_STATE_HEADER_SIZE;
  if (guid_length != strlen(smc_model.guid) || memcmp(guid, smc_model.guid, guid_length) != 0)
    return reject(why, capacity, "the state belongs to the model with GUID '%.*s', not to this "
                  "FMU's '%s'",
                  (int)guid_length, guid, smc_model.guid);
  size_t values_size = payload_size - (size_t)image_size;
  const size_t state_size = instance->dynamic_size + smc_c_static_data_size();
  /* Only a model with external objects has a log after its block. */
  if (values_size < state_size || (smc_model.num_external_objects == 0 && values_size != state_size))
    return reject(why, capacity,
                  "the payload has %zu bytes of values but this FMU's state has %zu (another build of "
                  "the model, or another platform)",
                  values_size, state_size);
  const unsigned char* image = bytes + SMC_STATE_HEADER_SIZE + guid_length;
  const unsigned char* block = image + image_size;
  const char* content = smc_dynamic_block_problem(block);
  if (content != NULL) return reject(why, capacity, "impossible contents: %s", content);
  const size_t records = values_size - state_size;
  const char* framing = smc_external_log_problem(block + state_size, records);
  if (framing != NULL) return reject(why, capacity, "impossible contents: %s", framing);
  parts->block = block;
  parts->log = block + state_size;
  parts->log_size = records;
  /* The checksum left the image's body to its tag. An image of another
   * instance or process is of no use here and is dropped; one that names
   * this instance's region but fails its tag was altered. */
  const SmcSolverMemory* memory = instance->solver_memory;
  if (image_size > 0 && memory != NULL) {
    size_t body = (size_t)image_size - TAG_SIZE;
    uint64_t tag = get_le(image + body, TAG_SIZE);
    if (smc_solver_memory_accepts(memory, image, body, tag)) {
      parts->solver_image = image;
      parts->solver_image_size = body;
    } else if (smc_solver_memory_named_in(memory, image, body)) {
      return reject(why, capacity, "corrupted: the integrator image does not match its tag");
    }
  }
  return NULL;
}
