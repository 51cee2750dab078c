/* See shared_vectors.h. The shared table is the serial vector's own, with
 * clone and destroy replaced so that clones adopt the table and no
 * destruction frees it. */
#include "shared_vectors.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

static struct _generic_N_Vector_Ops shared_operations;
static bool shared_operations_made;
static pthread_mutex_t shared_operations_lock = PTHREAD_MUTEX_INITIALIZER;

/* Gives `v` the shared table in place of its own copy. */
static N_Vector adopt(N_Vector v) {
  if (v == NULL) return NULL;
  free(v->ops);
  v->ops = &shared_operations;
  return v;
}

static N_Vector clone_shared(N_Vector w) { return adopt(N_VClone_Serial(w)); }

static N_Vector clone_empty_shared(N_Vector w) { return adopt(N_VCloneEmpty_Serial(w)); }

static void destroy_shared(N_Vector v) {
  if (v == NULL) return;
  v->ops = NULL; /* shared: N_VDestroy_Serial frees only a table it owns */
  N_VDestroy_Serial(v);
}

N_Vector smc_shared_vector_new(sunindextype length, SUNContext context) {
  N_Vector v = N_VNew_Serial(length, context);
  if (v == NULL) return NULL;
  /* Every serial vector's table holds the same functions, so the first
   * vector's serves as the model. */
  pthread_mutex_lock(&shared_operations_lock);
  if (!shared_operations_made) {
    shared_operations = *v->ops;
    shared_operations.nvclone = clone_shared;
    shared_operations.nvcloneempty = clone_empty_shared;
    shared_operations.nvdestroy = destroy_shared;
    shared_operations_made = true;
  }
  pthread_mutex_unlock(&shared_operations_lock);
  return adopt(v);
}
