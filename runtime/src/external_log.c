/* The log of calls that rebuilds external objects (see external_log.h). */
#include "external_log.h"

#include <stdint.h>
#include <string.h>

#include "dynamic_state.h"
#include "logging.h"
#include "model_eval.h"
#include "modelica_utilities.h"

enum { RECORD_HEAD = 2 * sizeof(int32_t) };

/* Room for `more` bytes after the log's end; false when memory runs out. */
static bool reserve(SmcInstance* instance, size_t more) {
  if (instance->external_log_capacity - instance->external_log_size >= more) return true;
  size_t capacity = instance->external_log_capacity > 0 ? instance->external_log_capacity : 256;
  while (capacity - instance->external_log_size < more) {
    if (capacity > SIZE_MAX / 2) return false;
    capacity *= 2;
  }
  unsigned char* bytes = smc_allocate(instance, capacity, 1);
  if (bytes == NULL) return false;
  if (instance->external_log_size > 0) memcpy(bytes, instance->external_log, instance->external_log_size);
  smc_release(instance, instance->external_log);
  instance->external_log = bytes;
  instance->external_log_capacity = capacity;
  return true;
}

void smc_external_log(SmcModelData* data, int32_t function, int32_t count, const double* inputs) {
  SmcInstance* instance = data->instance;
  if (!data->initial && !instance->in_event_update) return; /* between events: not logged */
  if (instance->external_log_lost) return;
  size_t values = (size_t)(count > 0 ? count : 0) * sizeof(double);
  if (instance->external_log_size + RECORD_HEAD + values > SMC_EXTERNAL_LOG_LIMIT ||
      !reserve(instance, RECORD_HEAD + values)) {
    instance->external_log_lost = true; /* fmi2GetFMUstate refuses from now on */
    return;
  }
  unsigned char* at = instance->external_log + instance->external_log_size;
  memcpy(at, &function, sizeof function);
  memcpy(at + sizeof function, &count, sizeof count);
  if (values > 0) memcpy(at + RECORD_HEAD, inputs, values);
  instance->external_log_size += RECORD_HEAD + values;
}

void smc_external_log_clear(SmcInstance* instance) {
  instance->external_log_size = 0;
  instance->external_log_lost = false;
}

bool smc_external_log_save(SmcInstance* instance, unsigned char** copy, size_t* size) {
  size_t needed = instance->external_log_size;
  if (needed != *size) {
    unsigned char* bytes = needed > 0 ? smc_allocate(instance, needed, 1) : NULL;
    if (needed > 0 && bytes == NULL) return false;
    smc_release(instance, *copy);
    *copy = bytes;
    *size = needed;
  }
  if (needed > 0) memcpy(*copy, instance->external_log, needed);
  return true;
}

const char* smc_external_log_problem(const unsigned char* records, size_t size) {
  size_t at = 0;
  while (at < size) {
    if (size - at < RECORD_HEAD) return "the log of external object calls ends inside a record";
    int32_t count;
    memcpy(&count, records + at + sizeof(int32_t), sizeof count);
    if (count < 0 || (size_t)count > (size - at - RECORD_HEAD) / sizeof(double))
      return "a record of the log of external object calls runs past its end";
    at += RECORD_HEAD + (size_t)count * sizeof(double);
  }
  return NULL;
}

static int32_t call_construct(SmcInstance* instance, void* context) {
  (void)context;
  return smc_model.construct_external_objects(&instance->data);
}

typedef struct {
  int32_t function, count;
  const double* inputs;
} Replayed;

static int32_t call_replay(SmcInstance* instance, void* context) {
  const Replayed* call = context;
  return smc_model.replay_external_call(&instance->data, call->function, call->count, call->inputs);
}

/* The objects exist once initialization has run, until a reset. */
static bool objects_exist(SmcFmiState state) {
  return state == SMC_STATE_STEP_COMPLETE || state == SMC_STATE_STEP_FAILED || state == SMC_STATE_TERMINATED;
}

static int32_t rebuild_failed(SmcInstance* instance, const char* function, const char* what) {
  smc_log_error(instance, "%s: %s failed: %s", function, what,
                instance->failure[0] != '\0' ? instance->failure : "(no reason given)");
  return SMC_FAILED;
}

int32_t smc_external_objects_rebuild(SmcInstance* instance, const unsigned char* records, size_t size,
                                     const char* function) {
  smc_eval_destroy_external_objects(instance, function);
  smc_external_log_clear(instance);
  if (!reserve(instance, size)) {
    smc_log_error(instance, "%s: out of memory for the log of external object calls", function);
    return SMC_FAILED;
  }
  if (size > 0) memcpy(instance->external_log, records, size);
  instance->external_log_size = size;
  if (!objects_exist(instance->dynamic->state)) return SMC_OK;
  instance->failure[0] = '\0';
  if (smc_call_guarded(instance, call_construct, NULL) != SMC_OK)
    return rebuild_failed(instance, function, "constructing the external objects again");
  /* The records are aligned only to a byte: each call's inputs are copied
   * out before it reads them. */
  double small[64];
  for (size_t at = 0; at < size;) {
    Replayed call;
    memcpy(&call.function, records + at, sizeof call.function);
    memcpy(&call.count, records + at + sizeof(int32_t), sizeof call.count);
    size_t count = (size_t)call.count;
    double* inputs = count <= sizeof small / sizeof small[0] ? small : smc_allocate(instance, count, sizeof(double));
    if (inputs == NULL) {
      smc_log_error(instance, "%s: out of memory replaying the external object calls", function);
      return SMC_FAILED;
    }
    if (count > 0) memcpy(inputs, records + at + RECORD_HEAD, count * sizeof(double));
    call.inputs = inputs;
    int32_t status = smc_call_guarded(instance, call_replay, &call);
    if (inputs != small) smc_release(instance, inputs);
    if (status != SMC_OK)
      return rebuild_failed(instance, function, "replaying the calls that built the external objects' state");
    at += RECORD_HEAD + count * sizeof(double);
  }
  return SMC_OK;
}
