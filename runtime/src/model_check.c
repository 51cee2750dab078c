/* Checks smc_model before the first instance uses it.
 *
 * The runtime indexes its arrays with the value references in smc_model's
 * tables; a generator bug there would otherwise become an out-of-bounds
 * write inside the importer's process. Checking once per instantiation
 * turns it into a clear fmi2Instantiate error instead.
 */
#include "model_check.h"

#include "logging.h"
#include "smc/model.h"

#define REQUIRE(condition, ...)                                         \
  do {                                                                  \
    if (!(condition)) {                                                 \
      smc_log_instantiate_error(functions, instance_name, __VA_ARGS__); \
      return false;                                                     \
    }                                                                   \
  } while (0)

/* The pre() ranges of one type: ascending, non-overlapping [begin, end)
 * pairs within 0..num_slots, which the event iteration copies and
 * compares with memcpy/memcmp. */
static bool pre_ranges_valid(int32_t count, const int32_t* bounds, int32_t num_slots) {
  if (count < 0 || (count > 0 && bounds == NULL)) return false;
  int32_t previous_end = 0;
  for (int32_t i = 0; i < count; ++i) {
    int32_t begin = bounds[2 * i], end = bounds[2 * i + 1];
    if (begin < previous_end || end < begin || end > num_slots) return false;
    previous_end = end;
  }
  return true;
}

bool smc_model_is_consistent(const fmi2CallbackFunctions* functions, const char* instance_name) {
  const SmcModel* m = &smc_model;
  REQUIRE(m->num_reals >= 0 && m->num_integers >= 0 && m->num_booleans >= 0 && m->num_states >= 0 &&
              m->num_loops >= 0 && m->num_event_indicators >= 0,
          "fmi2Instantiate: smc_model has a negative count");
  REQUIRE(m->num_states <= m->num_reals,
          "fmi2Instantiate: smc_model has more states (%d) than Reals (%d)", m->num_states,
          m->num_reals);
  REQUIRE(m->set_start_values != NULL && m->initialize != NULL && m->compute_derivatives != NULL &&
              m->compute_outputs != NULL,
          "fmi2Instantiate: smc_model lacks one of its four callbacks");
  /* The code generator always emits both event callbacks, even for a model
   * without events: requiring them keeps the runtime free of special cases. */
  REQUIRE(m->event_indicators != NULL && m->event_update != NULL,
          "fmi2Instantiate: smc_model lacks event_indicators or event_update");
  REQUIRE(m->num_reals == 0 || m->real_flags != NULL,
          "fmi2Instantiate: smc_model lacks real_flags");
  REQUIRE(m->num_integers == 0 || m->integer_flags != NULL,
          "fmi2Instantiate: smc_model lacks integer_flags");
  REQUIRE(m->num_booleans == 0 || m->boolean_flags != NULL,
          "fmi2Instantiate: smc_model lacks boolean_flags");
  REQUIRE(m->num_states == 0 ||
              (m->state_refs != NULL && m->derivative_refs != NULL && m->state_nominals != NULL),
          "fmi2Instantiate: smc_model lacks its state tables");
  for (int32_t i = 0; i < m->num_states; ++i) {
    REQUIRE(m->state_refs[i] >= 0 && m->state_refs[i] < m->num_reals &&
                m->derivative_refs[i] >= 0 && m->derivative_refs[i] < m->num_reals,
            "fmi2Instantiate: smc_model's state %d refers to a Real outside 0..%d", i,
            m->num_reals - 1);
  }
  REQUIRE(pre_ranges_valid(m->num_pre_real_ranges, m->pre_real_ranges, m->num_reals) &&
              pre_ranges_valid(m->num_pre_integer_ranges, m->pre_integer_ranges, m->num_integers) &&
              pre_ranges_valid(m->num_pre_boolean_ranges, m->pre_boolean_ranges, m->num_booleans),
          "fmi2Instantiate: smc_model's pre() ranges are not ascending ranges of its slots");
  REQUIRE(m->num_delays >= 0 && (m->num_delays == 0 || m->delay_value_refs != NULL),
          "fmi2Instantiate: smc_model lacks its delay table");
  REQUIRE(m->num_torn_booleans >= 0 && (m->num_torn_booleans == 0 || m->torn_boolean_refs != NULL),
          "fmi2Instantiate: smc_model lacks its mixed-loop table");
  for (int32_t i = 0; i < m->num_torn_booleans; ++i)
    REQUIRE(m->torn_boolean_refs[i] >= 0 && m->torn_boolean_refs[i] < m->num_booleans,
            "fmi2Instantiate: smc_model's mixed loop Boolean %d is outside 0..%d", i, m->num_booleans - 1);
  for (int32_t k = 0; k < m->num_delays; ++k)
    REQUIRE(m->delay_value_refs[k] >= 0 && m->delay_value_refs[k] < m->num_reals,
            "fmi2Instantiate: smc_model's delay %d records a Real outside 0..%d", k, m->num_reals - 1);
  return true;
}
