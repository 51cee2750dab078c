/* Hand-written test model with two algebraic loops solved through the
 * runtime's smc_solve_algebraic_loop, as generated code does (see
 * algebraic_loop.h). Loop 0 runs at every output evaluation, loops 1 and
 * 2 only when initializing. */
#include <math.h>
#include <stddef.h>

#include "algebraic_loop.h"
#include "pre_ranges.h"
#include "smc/model.h"

static const int32_t state_refs[] = {LOOP_S};
static const int32_t derivative_refs[] = {LOOP_DER_S};
static const double state_nominals[] = {1.0};
static const uint8_t real_flags[LOOP_NUM_REALS] = {
    [LOOP_S] = SMC_VAR_START_EXACT,
    [LOOP_RATE] = SMC_VAR_PARAMETER,
    [LOOP_R2] = SMC_VAR_PARAMETER,
    [LOOP_PROD] = SMC_VAR_PARAMETER,
    [LOOP_C] = SMC_VAR_PARAMETER,
};
static const char* const real_names[LOOP_NUM_REALS] = {"s", "der(s)", "rate", "x",
                                                       "p", "q",      "r2",   "prod", "y", "c"};
static const char* const loop_descriptions[] = {
    "equation at Loop.mo:4:3 for x",
    "equations at Loop.mo:5:3, Loop.mo:6:3 for p, q",
    "equation at Loop.mo:7:3 for y",
};

static void set_start_values(SmcModelData* data) {
  double* r = data->reals;
  r[LOOP_S] = 1.0;
  r[LOOP_DER_S] = 0.0;
  r[LOOP_RATE] = 1.0;
  r[LOOP_X] = 0.5; /* iteration start values */
  r[LOOP_P] = 4.5;
  r[LOOP_Q] = 2.5;
  r[LOOP_R2] = 25.0;
  r[LOOP_PROD] = 12.0;
  r[LOOP_Y] = 1.0;
  r[LOOP_C] = -4.0;
}

static int32_t scalar_residual(SmcModelData* data, const double* x, double* residuals) {
  data->reals[LOOP_X] = x[0];
  residuals[0] = x[0] + exp(x[0]) - data->reals[LOOP_S];
  return SMC_OK;
}

static int32_t pair_residual(SmcModelData* data, const double* x, double* residuals) {
  double* r = data->reals;
  r[LOOP_P] = x[0];
  r[LOOP_Q] = x[1];
  residuals[0] = x[0] * x[0] + x[1] * x[1] - r[LOOP_R2];
  residuals[1] = x[0] * x[1] - r[LOOP_PROD];
  return SMC_OK;
}

static int32_t square_residual(SmcModelData* data, const double* y, double* residuals) {
  data->reals[LOOP_Y] = y[0];
  residuals[0] = y[0] * y[0] + data->reals[LOOP_C];
  return SMC_OK;
}

static int32_t compute_derivatives(SmcModelData* data) {
  data->reals[LOOP_DER_S] = data->reals[LOOP_RATE];
  return SMC_OK;
}

static int32_t compute_outputs(SmcModelData* data) {
  static const int32_t unknowns[] = {LOOP_X};
  return smc_solve_algebraic_loop(data, 0, 1, unknowns, scalar_residual);
}

static int32_t initialize(SmcModelData* data) {
  static const int32_t unknowns[] = {LOOP_P, LOOP_Q};
  if (smc_solve_algebraic_loop(data, 1, 2, unknowns, pair_residual) != SMC_OK) return SMC_FAILED;
  static const int32_t square_unknowns[] = {LOOP_Y};
  if (smc_solve_algebraic_loop(data, 2, 1, square_unknowns, square_residual) != SMC_OK)
    return SMC_FAILED;
  if (compute_derivatives(data) != SMC_OK) return SMC_FAILED;
  return compute_outputs(data);
}

static int32_t no_indicators(SmcModelData* data, double* indicators) {
  (void)data;
  (void)indicators;
  return SMC_OK;
}

static int32_t event_update(SmcModelData* data, int32_t* states_reinitialized) {
  (void)states_reinitialized;
  if (compute_derivatives(data) != SMC_OK) return SMC_FAILED;
  return compute_outputs(data);
}

const SmcModel smc_model = {
    .model_identifier = "Loop",
    .guid = LOOP_GUID,
    .num_reals = LOOP_NUM_REALS,
    .num_integers = 0,
    .num_booleans = 0,
    .num_states = 1,
    .state_refs = state_refs,
    .derivative_refs = derivative_refs,
    .state_nominals = state_nominals,
    .real_flags = real_flags,
    .integer_flags = NULL,
    .boolean_flags = NULL,
    .real_names = real_names,
    .integer_names = NULL,
    .boolean_names = NULL,
    .num_loops = 3,
    .loop_descriptions = loop_descriptions,
    .default_tolerance = 1e-6,
    SMC_TEST_EVERY_SLOT_PRE_READ(LOOP_NUM_REALS, 0, 0),
    .set_start_values = set_start_values,
    .initialize = initialize,
    .compute_derivatives = compute_derivatives,
    .compute_outputs = compute_outputs,
    .num_event_indicators = 0,
    .event_indicators = no_indicators,
    .event_update = event_update,
};
