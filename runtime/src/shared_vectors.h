/* Serial N_Vectors that share one table of operations.
 *
 * SUNDIALS gives every vector, and every clone of it, its own copy of the
 * ~60 function pointers of its operations: for a small model most of
 * CVODE's memory, which an FMU state copies as a whole (solver_memory.h).
 * These vectors are SUNDIALS' serial ones with the copy replaced by one
 * table per process; their clones share it too. */
#ifndef SMC_RUNTIME_SHARED_VECTORS_H
#define SMC_RUNTIME_SHARED_VECTORS_H

#include <nvector/nvector_serial.h>

/* A serial vector of `length` elements on the shared table, or NULL when
 * memory runs out. */
N_Vector smc_shared_vector_new(sunindextype length, SUNContext context);

#endif /* SMC_RUNTIME_SHARED_VECTORS_H */
