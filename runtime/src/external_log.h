/* The log that lets an FMU state hold external objects (spec 12.9.7).
 *
 * An external object's C state is opaque, so an FMU state holds how to
 * rebuild it instead: the calls the model made in event mode (during
 * initialization and event iterations) of functions that take an object,
 * each a record
 *
 *   int32 function, int32 count, count doubles (the inputs; an object as
 *   its slot number)
 *
 * in native byte order, appended by smc_external_log from generated code
 * (codegen/IrExternalObjects.h) since the latest initialization. Restoring
 * a state destroys the objects, constructs them anew from the restored
 * parameters and replays the state's records in order. Calls between
 * events are not logged: Modelica functions called there must not change
 * what an object answers (spec 12.3).
 *
 * The log grows with the events of a run (a table's lookups in every event
 * iteration). It is bounded: past SMC_EXTERNAL_LOG_LIMIT bytes logging
 * stops and fmi2GetFMUstate refuses from then on, so that a long run that
 * never takes a state does not hold ever more memory.
 */
#ifndef SMC_RUNTIME_EXTERNAL_LOG_H
#define SMC_RUNTIME_EXTERNAL_LOG_H

#include <stdbool.h>
#include <stddef.h>

#include "instance.h"

#define SMC_EXTERNAL_LOG_LIMIT ((size_t)64 << 20)

/* Forgets every record (a new initialization, a reset). */
void smc_external_log_clear(SmcInstance* instance);

/* *copy := the instance's records (reallocated to fit); false when memory
 * runs out. */
bool smc_external_log_save(SmcInstance* instance, unsigned char** copy, size_t* size);

/* What is wrong with `size` bytes of records from outside, or NULL. */
const char* smc_external_log_problem(const unsigned char* records, size_t size);

/* After the dynamic block was restored: the objects rebuilt as `records`
 * (smc_external_log_problem-clean) say, which become the instance's log.
 * SMC_FAILED after logging why (a constructor's or a replayed call's
 * ModelicaError, a record that fits no function, memory). */
int32_t smc_external_objects_rebuild(SmcInstance* instance, const unsigned char* records, size_t size,
                                     const char* function);

#endif /* SMC_RUNTIME_EXTERNAL_LOG_H */
