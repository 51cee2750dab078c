/* Creation, reset and destruction of an SmcInstance.
 *
 * Memory comes from the importer's allocateMemory/freeMemory when it gave
 * both (FMI 2.0 section 2.1.5), otherwise from calloc/free; SUNDIALS keeps
 * using malloc internally, which the standard permits, and CVODE's malloc
 * serves from the instance's solver memory (solver_memory.h).
 */
#include "instance.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dynamic_state.h"
#include "event_density.h"
#include "external_log.h"
#include "fmu_state.h"
#include "logging.h"
#include "linear_solver.h"
#include "loop_solver.h"
#include "mixed_loops.h"
#include "model_eval.h"
#include "solver_cvode.h"
#include "sparse_linear_solver.h"
#include "image_delta.h"
#include "solver_memory.h"
#include "sparse_jacobian.h"

static void* calloc_adapter(size_t count, size_t size) { return calloc(count, size); }

void* smc_allocate(const SmcInstance* instance, size_t count, size_t size) {
  if (count == 0 || size == 0) return NULL;
  void* memory = instance->allocate(count, size);
  /* FMI asks for calloc semantics; zeroing again guards against importers
   * that skip it, since empty solver slots must read as NULL. */
  if (memory != NULL) memset(memory, 0, count * size);
  return memory;
}

void smc_release(const SmcInstance* instance, void* memory) {
  if (memory != NULL) instance->release(memory);
}

static double default_tolerance(void) {
  return smc_model.default_tolerance > 0.0 ? smc_model.default_tolerance : 1e-6;
}

/* Copies the [begin, end) ranges of `bounds` from values to pre. */
static void copy_ranges(void* pre, const void* values, size_t size, int32_t count,
                        const int32_t* bounds) {
  for (int32_t i = 0; i < count; ++i) {
    size_t begin = (size_t)bounds[2 * i], end = (size_t)bounds[2 * i + 1];
    if (end > begin)
      memcpy((char*)pre + begin * size, (const char*)values + begin * size, (end - begin) * size);
  }
}

void smc_copy_values_to_pre(SmcInstance* instance) {
  SmcModelData* data = &instance->data;
  copy_ranges(data->pre_reals, data->reals, sizeof(double), smc_model.num_pre_real_ranges,
              smc_model.pre_real_ranges);
  copy_ranges(data->pre_integers, data->integers, sizeof(int32_t),
              smc_model.num_pre_integer_ranges, smc_model.pre_integer_ranges);
  copy_ranges(data->pre_booleans, data->booleans, sizeof(int32_t),
              smc_model.num_pre_boolean_ranges, smc_model.pre_boolean_ranges);
}

void smc_copy_all_values_to_pre(SmcInstance* instance) {
  SmcModelData* data = &instance->data;
  if (smc_model.num_reals > 0)
    memcpy(data->pre_reals, data->reals, (size_t)smc_model.num_reals * sizeof(double));
  if (smc_model.num_integers > 0)
    memcpy(data->pre_integers, data->integers, (size_t)smc_model.num_integers * sizeof(int32_t));
  if (smc_model.num_booleans > 0)
    memcpy(data->pre_booleans, data->booleans, (size_t)smc_model.num_booleans * sizeof(int32_t));
}

void smc_instance_restart(SmcInstance* instance) {
  smc_instance_release_solvers(instance);
  smc_eval_destroy_external_objects(instance, "fmi2Reset");
  smc_external_log_clear(instance);
  /* Every saved byte back to zero, so that two instances (or one before
   * and after a reset) that did the same things have identical blocks,
   * unused bytes of terminate_message included. */
  memset(instance->dynamic, 0, instance->dynamic_size);
  SmcDynamicState* dynamic = instance->dynamic;
  dynamic->state = SMC_STATE_INSTANTIATED;
  dynamic->tolerance = default_tolerance();
  dynamic->zero_check_time = INFINITY;
  smc_event_density_reset(instance);
  instance->data.time = 0.0;
  instance->data.initial = 0;
  instance->data.terminal = 0;
  instance->data.next_time_event = INFINITY;
  instance->failure[0] = '\0';
  for (int32_t i = 0; i < smc_model.num_event_indicators; ++i) instance->indicators[i] = 0.0;
  instance->warned_count = 0;
  smc_model.set_start_values(&instance->data);
  /* pre() during initialization reads the start values. */
  smc_copy_all_values_to_pre(instance);
}

/* Address space for everything CVODE may allocate: its vectors, the
 * Newton matrix twice (dense: n^2; sparse: the pattern with room for
 * sixteen times its entries of fill-in in KLU's factors) and the root
 * finding's arrays, with a generous margin. Only reserved: pages are
 * committed as CVODE touches them. */
static size_t solver_memory_capacity(void) {
  const size_t n = (size_t)(smc_model.num_states > 0 ? smc_model.num_states : 1);
  const size_t entries = smc_sparse_jacobian_wanted()
                             ? 16 * ((size_t)smc_model.num_jacobian_nonzeros + n)
                             : n * n;
  const size_t doubles = 64 * n + 4 * entries + 16 * (size_t)smc_model.num_event_indicators;
  return ((size_t)64 << 20) + 2 * sizeof(double) * doubles;
}

/* True when an array of `count` elements was needed and allocated (or
 * not needed). */
static bool allocated(const void* memory, int32_t count) { return count == 0 || memory != NULL; }

/* Allocates the name, the dynamic block (values, pre() values, saved
 * event bookkeeping) and the solver and indicator scratch arrays; false
 * when memory runs out. */
static bool allocate_members(SmcInstance* instance, const char* name) {
  size_t name_size = strlen(name) + 1;
  instance->name = smc_allocate(instance, name_size, 1);
  if (instance->name == NULL) return false;
  memcpy(instance->name, name, name_size);
  const SmcModel* m = &smc_model;
  instance->dynamic_size = smc_dynamic_layout().size;
  instance->dynamic = smc_allocate(instance, 1, instance->dynamic_size);
  if (instance->dynamic == NULL) return false;
  smc_dynamic_bind(instance);
  instance->loops = smc_allocate(instance, (size_t)m->num_loops, sizeof(struct SmcLoopSolver*));
  instance->linear_caches = smc_allocate(instance, (size_t)m->num_loops, sizeof(struct SmcLinearCache*));
  instance->sparse_linear_caches =
      smc_allocate(instance, (size_t)m->num_loops, sizeof(struct SmcSparseLinearCache*));
  instance->indicators = smc_allocate(instance, (size_t)m->num_event_indicators, sizeof(double));
  const size_t scratch = smc_mixed_loops_scratch_size();
  instance->mixed_scratch = smc_allocate(instance, scratch, 1);
  instance->data.external_objects = smc_allocate(instance, (size_t)m->num_external_objects, sizeof(void*));
  return allocated(instance->loops, m->num_loops) && allocated(instance->linear_caches, m->num_loops) &&
         allocated(instance->sparse_linear_caches, m->num_loops) &&
         allocated(instance->data.external_objects, m->num_external_objects) &&
         allocated(instance->indicators, m->num_event_indicators) && (scratch == 0 || instance->mixed_scratch != NULL);
}

SmcInstance* smc_instance_create(const char* name, const fmi2CallbackFunctions* functions,
                                 bool logging_on) {
  bool importer_memory = functions->allocateMemory != NULL && functions->freeMemory != NULL;
  fmi2CallbackAllocateMemory allocate =
      importer_memory ? functions->allocateMemory : calloc_adapter;
  SmcInstance* instance = allocate(1, sizeof(SmcInstance));
  if (instance == NULL) {
    smc_log_instantiate_error(functions, name, "fmi2Instantiate: out of memory");
    return NULL;
  }
  memset(instance, 0, sizeof *instance); /* the importer's allocator need not zero */
  instance->magic = SMC_INSTANCE_MAGIC;
  instance->allocate = allocate;
  instance->release = importer_memory ? functions->freeMemory : free;
  instance->callbacks = *functions;
  instance->log_categories = smc_initial_log_categories(logging_on);
  instance->data.instance = instance;
  if (!allocate_members(instance, name)) {
    smc_log_instantiate_error(functions, name, "fmi2Instantiate: out of memory");
    smc_instance_destroy(instance);
    return NULL;
  }
  /* Address space is reserved, not committed; where the system refuses a
   * large reservation (strict overcommit), a smaller one may still do. */
  for (size_t capacity = solver_memory_capacity(); instance->solver_memory == NULL && capacity >= ((size_t)64 << 20);
       capacity /= 2)
    instance->solver_memory = smc_solver_memory_create(capacity);
  if (instance->solver_memory == NULL) {
    smc_log_instantiate_error(functions, name,
                              "fmi2Instantiate: cannot reserve address space for the integrator");
    smc_instance_destroy(instance);
    return NULL;
  }
  if (SUNContext_Create(NULL, &instance->sundials) != 0) {
    smc_log_instantiate_error(functions, name, "fmi2Instantiate: SUNContext_Create failed");
    instance->sundials = NULL;
    smc_instance_destroy(instance);
    return NULL;
  }
  smc_instance_restart(instance);
  return instance;
}

void smc_instance_release_solvers(SmcInstance* instance) {
  smc_cvode_free(instance);
  smc_loop_solvers_free(instance);
  smc_linear_caches_free(instance);
  smc_sparse_linear_caches_free(instance);
}

void smc_instance_destroy(SmcInstance* instance) {
  smc_instance_release_solvers(instance);
  smc_eval_destroy_external_objects(instance, "fmi2FreeInstance");
  smc_release(instance, instance->data.external_objects);
  smc_release(instance, instance->external_log);
  smc_fmu_states_free_all(instance);
  if (instance->sundials != NULL && SUNContext_Free(&instance->sundials) != 0)
    smc_log_error(instance, "fmi2FreeInstance: SUNContext_Free failed");
  smc_solver_memory_destroy(instance->solver_memory);
  smc_image_base_release(instance, instance->solver_image_base);
  smc_release(instance, instance->solver_delta);
  smc_sparse_jacobian_free(instance, instance->jacobian_colouring);
  smc_release(instance, instance->indicators);
  smc_release(instance, instance->mixed_scratch);
  smc_release(instance, instance->loops);
  smc_release(instance, instance->linear_caches);
  smc_release(instance, instance->sparse_linear_caches);
  smc_release(instance, instance->dynamic);
  smc_release(instance, instance->name);
  fmi2CallbackFreeMemory release = instance->release;
  instance->magic = 0; /* no longer an instance, should the block be reused */
  release(instance);
}

static const char* name_or_placeholder(const char* const* names, int32_t vr) {
  return names != NULL && names[vr] != NULL ? names[vr] : "<unnamed>";
}

const char* smc_real_name(int32_t vr) { return name_or_placeholder(smc_model.real_names, vr); }

const char* smc_integer_name(int32_t vr) {
  return name_or_placeholder(smc_model.integer_names, vr);
}

const char* smc_boolean_name(int32_t vr) {
  return name_or_placeholder(smc_model.boolean_names, vr);
}

void smc_describe_real_source(int32_t vr, char* out, size_t capacity) {
  out[0] = '\0';
  if (smc_model.real_sources == NULL || smc_model.source_files == NULL || vr < 0 ||
      vr >= smc_model.num_reals)
    return;
  int32_t file = smc_model.real_sources[3 * vr], line = smc_model.real_sources[3 * vr + 1],
          column = smc_model.real_sources[3 * vr + 2];
  if (line > 0 && file >= 0 && file < smc_model.num_source_files)
    snprintf(out, capacity, " (computed at %s:%d:%d)", smc_model.source_files[file], (int)line,
             (int)column);
}

const char* smc_indicator_description(int32_t index, char* scratch, size_t capacity) {
  if (smc_model.indicator_descriptions != NULL && index >= 0 &&
      index < smc_model.num_event_indicators && smc_model.indicator_descriptions[index] != NULL)
    return smc_model.indicator_descriptions[index];
  snprintf(scratch, capacity, "event indicator %d", (int)index);
  return scratch;
}
