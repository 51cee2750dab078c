/* fmi2Get/fmi2Set for Real, Integer, Boolean and String (FMI 2.0 section
 * 2.1.7).
 *
 * Every call is validated completely before any value is written, so a
 * rejected Set changes nothing. Which variables a Set may touch depends on
 * the state (section 4.2.4 table): parameters, inputs and variables with an
 * exact start value before initialization ends; afterwards only inputs.
 * A Set marks calculated values stale; the next Get recomputes them (see
 * simulation.h), so a Get always reflects the values set before it.
 * String variables are constants (see model.h): Get returns the model's
 * text, and no state allows a Set.
 */
#include <math.h>
#include <string.h>

#include "fmi2/fmi2Functions.h"
#include "fmi_state.h"
#include "instance.h"
#include "logging.h"
#include "simulation.h"

/* One variable type's table: how many, their flags and names. */
typedef struct {
  const char* type_name; /* "Real", as in modelDescription.xml */
  int32_t count;
  const uint8_t* flags;
  const char* (*name)(int32_t vr);
} VariableTable;

static VariableTable real_table(void) {
  return (VariableTable){"Real", smc_model.num_reals, smc_model.real_flags, smc_real_name};
}
static VariableTable integer_table(void) {
  return (VariableTable){"Integer", smc_model.num_integers, smc_model.integer_flags,
                         smc_integer_name};
}
static VariableTable boolean_table(void) {
  return (VariableTable){"Boolean", smc_model.num_booleans, smc_model.boolean_flags,
                         smc_boolean_name};
}

/* Non-null arrays and value references in range. */
static bool valid_request(const SmcInstance* instance, const char* function,
                          const fmi2ValueReference vr[], size_t nvr, const void* values,
                          const VariableTable* table) {
  if (nvr == 0) return true;
  if (vr == NULL || values == NULL) {
    smc_log_error(instance, "%s: %s is NULL but nvr is %zu", function, vr == NULL ? "vr" : "value",
                  nvr);
    return false;
  }
  for (size_t i = 0; i < nvr; ++i) {
    if (vr[i] >= (fmi2ValueReference)table->count) {
      smc_log_error(instance,
                    "%s: value reference %u is out of range (the model has %d %s variables)",
                    function, vr[i], table->count, table->type_name);
      return false;
    }
  }
  return true;
}

/* The SMC_VAR_* flags that make a variable settable in the current state. */
static unsigned settable_flags(SmcFmiState state) {
  if (state == SMC_STATE_STEP_COMPLETE) return SMC_VAR_INPUT;
  return SMC_VAR_PARAMETER | SMC_VAR_INPUT | SMC_VAR_START_EXACT;
}

static bool settable(const SmcInstance* instance, const char* function,
                     const fmi2ValueReference vr[], size_t nvr, const VariableTable* table) {
  unsigned allowed = settable_flags(instance->dynamic->state);
  for (size_t i = 0; i < nvr; ++i) {
    int32_t ref = (int32_t)vr[i];
    if ((table->flags[ref] & allowed) != 0) continue;
    if (instance->dynamic->state == SMC_STATE_STEP_COMPLETE)
      smc_log_error(instance,
                    "%s: cannot set %s '%s' (value reference %d) in state stepComplete: after "
                    "initialization only inputs can be set",
                    function, table->type_name, table->name(ref), ref);
    else
      smc_log_error(instance,
                    "%s: cannot set %s '%s' (value reference %d): it is neither a parameter, "
                    "an input nor a variable with an exact start value",
                    function, table->type_name, table->name(ref), ref);
    return false;
  }
  return true;
}

/* Bookkeeping after a successful Set: recompute on the next Get, restart
 * the integrator if an input changed during the simulation. `changed`
 * false: in stepComplete every value written was the input's value already
 * (bit for bit), which changes nothing, so the trajectory goes on as if
 * the call had not been made. */
static void note_values_set(SmcInstance* instance, size_t nvr, bool changed) {
  if (nvr == 0) return;
  if (!changed && instance->dynamic->state == SMC_STATE_STEP_COMPLETE) return;
  instance->dynamic->values_stale = true;
  if (instance->dynamic->state == SMC_STATE_STEP_COMPLETE) instance->dynamic->inputs_changed = true;
}

/* Before initialization ends a Set changes a start value, and pre() reads
 * start values during initialization; in stepComplete pre() keeps the value
 * before the Set until the input change is handled as an event. */
static bool set_reaches_pre(const SmcInstance* instance) {
  return instance->dynamic->state != SMC_STATE_STEP_COMPLETE;
}

/* State check, request check and stale-value refresh shared by the Gets. */
static SmcInstance* enter_get(fmi2Component c, const char* function, const fmi2ValueReference vr[],
                              size_t nvr, const void* values, const VariableTable* table) {
  SmcInstance* instance = smc_enter(c, function, SMC_MASK_GET);
  if (instance == NULL || !valid_request(instance, function, vr, nvr, values, table)) return NULL;
  if (nvr > 0 && smc_refresh_stale_values(instance, function) != SMC_OK) return NULL;
  return instance;
}

static SmcInstance* enter_set(fmi2Component c, const char* function, const fmi2ValueReference vr[],
                              size_t nvr, const void* values, const VariableTable* table) {
  SmcInstance* instance = smc_enter(c, function, SMC_MASK_SET);
  if (instance == NULL || !valid_request(instance, function, vr, nvr, values, table) ||
      !settable(instance, function, vr, nvr, table))
    return NULL;
  return instance;
}

fmi2Status fmi2GetReal(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                       fmi2Real value[]) {
  VariableTable table = real_table();
  SmcInstance* instance = enter_get(c, "fmi2GetReal", vr, nvr, value, &table);
  if (instance == NULL) return fmi2Error;
  for (size_t i = 0; i < nvr; ++i) value[i] = instance->data.reals[vr[i]];
  return fmi2OK;
}

fmi2Status fmi2GetInteger(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                          fmi2Integer value[]) {
  VariableTable table = integer_table();
  SmcInstance* instance = enter_get(c, "fmi2GetInteger", vr, nvr, value, &table);
  if (instance == NULL) return fmi2Error;
  for (size_t i = 0; i < nvr; ++i) value[i] = instance->data.integers[vr[i]];
  return fmi2OK;
}

fmi2Status fmi2GetBoolean(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                          fmi2Boolean value[]) {
  VariableTable table = boolean_table();
  SmcInstance* instance = enter_get(c, "fmi2GetBoolean", vr, nvr, value, &table);
  if (instance == NULL) return fmi2Error;
  for (size_t i = 0; i < nvr; ++i)
    value[i] = instance->data.booleans[vr[i]] != 0 ? fmi2True : fmi2False;
  return fmi2OK;
}

fmi2Status fmi2SetReal(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                       const fmi2Real value[]) {
  const char* function = "fmi2SetReal";
  VariableTable table = real_table();
  SmcInstance* instance = enter_set(c, function, vr, nvr, value, &table);
  if (instance == NULL) return fmi2Error;
  for (size_t i = 0; i < nvr; ++i) {
    if (!isfinite(value[i])) {
      smc_log_error(instance, "%s: value %g for '%s' (value reference %u) is not finite", function,
                    value[i], smc_real_name((int32_t)vr[i]), vr[i]);
      return fmi2Error;
    }
  }
  bool changed = false;
  for (size_t i = 0; i < nvr; ++i) {
    changed = changed || memcmp(&instance->data.reals[vr[i]], &value[i], sizeof(double)) != 0;
    instance->data.reals[vr[i]] = value[i];
  }
  if (set_reaches_pre(instance))
    for (size_t i = 0; i < nvr; ++i) instance->data.pre_reals[vr[i]] = value[i];
  note_values_set(instance, nvr, changed);
  return fmi2OK;
}

fmi2Status fmi2SetInteger(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                          const fmi2Integer value[]) {
  VariableTable table = integer_table();
  SmcInstance* instance = enter_set(c, "fmi2SetInteger", vr, nvr, value, &table);
  if (instance == NULL) return fmi2Error;
  bool changed = false;
  for (size_t i = 0; i < nvr; ++i) {
    changed = changed || instance->data.integers[vr[i]] != value[i];
    instance->data.integers[vr[i]] = value[i];
  }
  if (set_reaches_pre(instance))
    for (size_t i = 0; i < nvr; ++i) instance->data.pre_integers[vr[i]] = value[i];
  note_values_set(instance, nvr, changed);
  return fmi2OK;
}

fmi2Status fmi2SetBoolean(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                          const fmi2Boolean value[]) {
  VariableTable table = boolean_table();
  SmcInstance* instance = enter_set(c, "fmi2SetBoolean", vr, nvr, value, &table);
  if (instance == NULL) return fmi2Error;
  bool changed = false;
  for (size_t i = 0; i < nvr; ++i) {
    changed = changed || instance->data.booleans[vr[i]] != (value[i] != fmi2False);
    instance->data.booleans[vr[i]] = value[i] != fmi2False;
  }
  if (set_reaches_pre(instance))
    for (size_t i = 0; i < nvr; ++i) instance->data.pre_booleans[vr[i]] = value[i] != fmi2False;
  note_values_set(instance, nvr, changed);
  return fmi2OK;
}

static const char* string_name(int32_t vr) { return smc_model.string_names[vr]; }

static VariableTable string_table(void) {
  return (VariableTable){"String", smc_model.num_strings, NULL, string_name};
}

fmi2Status fmi2GetString(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                         fmi2String value[]) {
  VariableTable table = string_table();
  SmcInstance* instance = enter_get(c, "fmi2GetString", vr, nvr, value, &table);
  if (instance == NULL) return fmi2Error;
  for (size_t i = 0; i < nvr; ++i) value[i] = smc_model.string_values[vr[i]];
  return fmi2OK;
}

/* Every String variable has variability constant, which FMI 2.0 never lets
 * an importer set (section 4.2.4). */
fmi2Status fmi2SetString(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                         const fmi2String value[]) {
  const char* function = "fmi2SetString";
  VariableTable table = string_table();
  SmcInstance* instance = smc_enter(c, function, SMC_MASK_SET);
  if (instance == NULL || !valid_request(instance, function, vr, nvr, value, &table))
    return fmi2Error;
  if (nvr == 0) return fmi2OK;
  smc_log_error(instance,
                "%s: cannot set String '%s' (value reference %u): String variables are constants "
                "in this FMU (smc evaluates String parameters when it compiles the model)",
                function, string_name((int32_t)vr[0]), vr[0]);
  return fmi2Error;
}
