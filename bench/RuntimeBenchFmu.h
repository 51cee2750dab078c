/* Loading an smc FMU's shared object for bench/RuntimeBench.c: its fmi2
 * entry points by dlsym, and its generated model description `smc_model`,
 * which is not exported, by address: the load base of the object plus the
 * symbol's value in the object's ELF .symtab (smc links FMUs with
 * --strip-debug only, so .symtab is there). With it the harness can call
 * the generated callbacks directly on a live instance. */
#ifndef SMC_BENCH_RUNTIME_BENCH_FMU_H
#define SMC_BENCH_RUNTIME_BENCH_FMU_H

#include "fmi2/fmi2Functions.h"
#include "instance.h"
#include "smc/model.h"

typedef struct BenchFmu {
  void* library;
  const SmcModel* model; /* smc_model inside the library */
  fmi2InstantiateTYPE* instantiate;
  fmi2FreeInstanceTYPE* free_instance;
  fmi2SetupExperimentTYPE* setup_experiment;
  fmi2EnterInitializationModeTYPE* enter_initialization_mode;
  fmi2ExitInitializationModeTYPE* exit_initialization_mode;
  fmi2TerminateTYPE* terminate;
  fmi2DoStepTYPE* do_step;
  fmi2GetRealTYPE* get_real;
  fmi2SetRealTYPE* set_real;
  int32_t* reals_by_name; /* every Real's value reference, sorted by name */
} BenchFmu;

/* Opens the shared object at `path` (extracted from the .fmu); prints why
 * and returns 0 on failure. */
int bench_fmu_load(BenchFmu* fmu, const char* path);

/* Frees what bench_fmu_load made and closes the shared object. */
void bench_fmu_close(BenchFmu* fmu);

/* fmi2Instantiate (Co-Simulation), fmi2SetupExperiment with the model's
 * default tolerance and the given stop time (none when stop_time is NaN),
 * fmi2EnterInitializationMode and fmi2ExitInitializationMode. Returns the
 * instance, checked to be a live SmcInstance, or NULL after printing why. */
SmcInstance* bench_fmu_start(const BenchFmu* fmu, double start_time, double stop_time);

/* fmi2Terminate and fmi2FreeInstance. */
void bench_fmu_stop(const BenchFmu* fmu, SmcInstance* instance);

/* The value reference of the Real named `name`, or -1 (binary search in
 * reals_by_name, sorted at load). */
int32_t bench_fmu_real_named(const BenchFmu* fmu, const char* name);

#endif /* SMC_BENCH_RUNTIME_BENCH_FMU_H */
