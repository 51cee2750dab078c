/* See pointer_set.h. */
#include "pointer_set.h"

#include <stdint.h>

#include "instance.h"

static size_t home_of(const void* p, size_t capacity) {
  /* Fibonacci hashing of the address (allocations share their low bits). */
  uint64_t bits = (uint64_t)(uintptr_t)p * UINT64_C(0x9E3779B97F4A7C15);
  return (size_t)(bits >> 32) & (capacity - 1);
}

static void place(const void** slots, size_t capacity, const void* p) {
  size_t i = home_of(p, capacity);
  while (slots[i] != NULL) i = (i + 1) & (capacity - 1);
  slots[i] = p;
}

static bool grow(const SmcInstance* instance, SmcPointerSet* set) {
  size_t capacity = set->capacity == 0 ? 16 : 2 * set->capacity;
  const void** slots = smc_allocate(instance, capacity, sizeof(void*));
  if (slots == NULL) return false;
  for (size_t i = 0; i < set->capacity; ++i)
    if (set->slots[i] != NULL) place(slots, capacity, set->slots[i]);
  smc_release(instance, (void*)set->slots);
  set->slots = slots;
  set->capacity = capacity;
  return true;
}

bool smc_pointer_set_insert(const SmcInstance* instance, SmcPointerSet* set, const void* p) {
  if (2 * (set->count + 1) > set->capacity && !grow(instance, set)) return false;
  place(set->slots, set->capacity, p);
  ++set->count;
  return true;
}

bool smc_pointer_set_contains(const SmcPointerSet* set, const void* p) {
  if (set->capacity == 0 || p == NULL) return false;
  for (size_t i = home_of(p, set->capacity); set->slots[i] != NULL; i = (i + 1) & (set->capacity - 1))
    if (set->slots[i] == p) return true;
  return false;
}

void smc_pointer_set_remove(SmcPointerSet* set, const void* p) {
  if (set->capacity == 0 || p == NULL) return;
  const size_t mask = set->capacity - 1;
  size_t i = home_of(p, set->capacity);
  while (set->slots[i] != p) {
    if (set->slots[i] == NULL) return;
    i = (i + 1) & mask;
  }
  /* Backward shift: move up every later entry of the run whose home does
   * not lie cyclically in (i, j]. */
  size_t j = i;
  for (;;) {
    set->slots[i] = NULL;
    for (;;) {
      j = (j + 1) & mask;
      if (set->slots[j] == NULL) {
        --set->count;
        return;
      }
      size_t home = home_of(set->slots[j], set->capacity);
      bool stays = i <= j ? (i < home && home <= j) : (i < home || home <= j);
      if (!stays) break;
    }
    set->slots[i] = set->slots[j];
    i = j;
  }
}

void smc_pointer_set_free(const SmcInstance* instance, SmcPointerSet* set) {
  smc_release(instance, (void*)set->slots);
  *set = (SmcPointerSet){NULL, 0, 0};
}
