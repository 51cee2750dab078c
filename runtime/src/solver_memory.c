/* The integrator's memory region and the allocator wrappers that fill it
 * (see solver_memory.h).
 *
 * Layout: the region starts with its header (identity, the end of the
 * used bytes, the root, the list of freed blocks); blocks follow, each a
 * 16-byte head holding the payload's size, then the payload. A freed
 * block keeps its size and links to the next freed one through its
 * payload. Because the header and every block live inside the region, an
 * image of [start, top) holds the allocator's state as well as CVODE's.
 */
#define _GNU_SOURCE
#include "solver_memory.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "state_hash.h"

enum { ALIGNMENT = 16, BLOCK_HEAD = 16, MIN_SPLIT = 64 };

typedef struct FreeBlock {
  struct FreeBlock* next;
} FreeBlock;

typedef struct RegionHeader {
  uint64_t identity;
  size_t top; /* bytes in use from the region's start, header included */
  void* root;
  FreeBlock* free_blocks;
} RegionHeader;
_Static_assert(offsetof(RegionHeader, top) + sizeof(size_t) == SMC_SOLVER_IMAGE_NAME_SIZE,
               "an image's name is its identity and its size");

struct SmcSolverMemory {
  unsigned char* start;
  size_t capacity;
  uint64_t identity;
  uint64_t secret; /* keys the tags of images that leave the instance */
};

/* The C library's allocator, which the linker's --wrap names __real_*. */
void* __real_malloc(size_t size);
void* __real_calloc(size_t count, size_t size);
void* __real_realloc(void* pointer, size_t size);
void __real_free(void* pointer);

/* The region each thread has entered, under a pthread key rather than a
 * _Thread_local variable: the FMU is dlopen'ed and dlclose'd, and the
 * dynamic TLS block of an unloaded library is what LeakSanitizer's exit
 * scan (and any tool walking thread TLS) then trips over. The key is made
 * with the first region and deleted when the FMU is unloaded. */
static pthread_key_t region_key;
static pthread_once_t region_key_once = PTHREAD_ONCE_INIT;
static bool region_key_made;

static void make_region_key(void) { region_key_made = pthread_key_create(&region_key, NULL) == 0; }

__attribute__((destructor)) static void delete_region_key(void) {
  if (region_key_made) pthread_key_delete(region_key);
  region_key_made = false;
}

static SmcSolverMemory* current_region(void) {
  return region_key_made ? pthread_getspecific(region_key) : NULL;
}

static size_t round_up(size_t n) { return (n + (ALIGNMENT - 1)) & ~(size_t)(ALIGNMENT - 1); }

static RegionHeader* header_of(const SmcSolverMemory* memory) {
  return (RegionHeader*)(void*)memory->start;
}

static size_t* size_field(void* payload) { return (size_t*)((unsigned char*)payload - BLOCK_HEAD); }

static bool contains(const SmcSolverMemory* memory, const void* pointer) {
  const unsigned char* p = pointer;
  return p >= memory->start && p < memory->start + memory->capacity;
}

/* 64 bits nobody else has: the kernel's randomness, or when that fails the
 * clock, the process and an address mixed together. */
static uint64_t fresh_random(void) {
  uint64_t value;
  if (getrandom(&value, sizeof value, 0) == (ssize_t)sizeof value) return value;
  static atomic_uint_fast64_t counter;
  struct timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  uint64_t parts[4] = {(uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec,
                       (uint64_t)getpid(), (uint64_t)(uintptr_t)&counter,
                       (uint64_t)atomic_fetch_add(&counter, 1)};
  return smc_hash_bytes(parts, sizeof parts, 0);
}

SmcSolverMemory* smc_solver_memory_create(size_t capacity) {
  SmcSolverMemory* memory = __real_calloc(1, sizeof *memory);
  if (memory == NULL) return NULL;
  capacity = round_up(capacity < sizeof(RegionHeader) ? sizeof(RegionHeader) : capacity);
  void* start = mmap(NULL, capacity, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (start == MAP_FAILED) {
    __real_free(memory);
    return NULL;
  }
  memory->start = start;
  memory->capacity = capacity;
  memory->identity = fresh_random();
  memory->secret = fresh_random();
  smc_solver_memory_reset(memory);
  return memory;
}

void smc_solver_memory_destroy(SmcSolverMemory* memory) {
  if (memory == NULL) return;
  if (current_region() == memory) pthread_setspecific(region_key, NULL);
  munmap(memory->start, memory->capacity);
  __real_free(memory);
}

void smc_solver_memory_reset(SmcSolverMemory* memory) {
  RegionHeader* header = header_of(memory);
  memset(header, 0, sizeof *header);
  header->identity = memory->identity;
  header->top = round_up(sizeof(RegionHeader));
}

SmcSolverMemory* smc_solver_memory_enter(SmcSolverMemory* memory) {
  pthread_once(&region_key_once, make_region_key);
  SmcSolverMemory* previous = current_region();
  if (region_key_made && previous != memory) pthread_setspecific(region_key, memory);
  return previous;
}

void* smc_solver_memory_root(const SmcSolverMemory* memory) { return header_of(memory)->root; }

void smc_solver_memory_set_root(SmcSolverMemory* memory, void* root) { header_of(memory)->root = root; }

/* The first freed block of exactly `payload` bytes or, when `any_larger`,
 * of at least that many (split when much larger); NULL when none. */
static void* reuse_freed(RegionHeader* header, size_t payload, bool any_larger) {
  for (FreeBlock** link = &header->free_blocks; *link != NULL; link = &(*link)->next) {
    FreeBlock* block = *link;
    size_t available = *size_field(block);
    if (available != payload && !(any_larger && available > payload)) continue;
    *link = block->next;
    if (available - payload >= MIN_SPLIT) {
      unsigned char* rest = (unsigned char*)block + payload + BLOCK_HEAD;
      *size_field(rest) = available - payload - BLOCK_HEAD;
      ((FreeBlock*)(void*)rest)->next = header->free_blocks;
      header->free_blocks = (FreeBlock*)(void*)rest;
      *size_field(block) = payload;
    }
    return block;
  }
  return NULL;
}

/* A block of at least `size` payload bytes. CVODE frees little, and
 * mostly what it allocates again at the same size (SUNDIALS' per-vector
 * copies of the operation table, freed by shared_vectors.c; KLU's
 * factors), so a freed block of the same size comes first, then fresh
 * bytes at the top, and only when the region is full a larger freed
 * block: the used bytes, which every FMU state copies, stay few. */
static void* region_allocate(SmcSolverMemory* memory, size_t size) {
  RegionHeader* header = header_of(memory);
  size_t payload = round_up(size == 0 ? 1 : size);
  if (payload < size) return NULL; /* rounding overflowed */
  void* block = reuse_freed(header, payload, false);
  if (block != NULL) return block;
  const size_t room = memory->capacity - header->top; /* top never exceeds the capacity */
  if (room >= BLOCK_HEAD && payload <= room - BLOCK_HEAD) {
    unsigned char* fresh = memory->start + header->top + BLOCK_HEAD;
    *size_field(fresh) = payload;
    header->top += BLOCK_HEAD + payload;
    return fresh;
  }
  return reuse_freed(header, payload, true);
}

static void region_free(SmcSolverMemory* memory, void* pointer) {
  RegionHeader* header = header_of(memory);
  FreeBlock* block = pointer;
  block->next = header->free_blocks;
  header->free_blocks = block;
}

void* __wrap_malloc(size_t size);
void* __wrap_calloc(size_t count, size_t size);
void* __wrap_realloc(void* pointer, size_t size);
void __wrap_free(void* pointer);

void* __wrap_malloc(size_t size) {
  SmcSolverMemory* memory = current_region();
  return memory != NULL ? region_allocate(memory, size) : __real_malloc(size);
}

void* __wrap_calloc(size_t count, size_t size) {
  SmcSolverMemory* memory = current_region();
  return memory != NULL ? smc_solver_memory_calloc(memory, count, size) : __real_calloc(count, size);
}

void* __wrap_realloc(void* pointer, size_t size) {
  SmcSolverMemory* memory = current_region();
  if (memory == NULL || (pointer != NULL && !contains(memory, pointer)))
    return __real_realloc(pointer, size);
  if (pointer == NULL) return region_allocate(memory, size);
  size_t old_size = *size_field(pointer);
  if (size <= old_size) return pointer;
  void* moved = region_allocate(memory, size);
  if (moved == NULL) return NULL;
  memcpy(moved, pointer, old_size);
  region_free(memory, pointer);
  return moved;
}

void __wrap_free(void* pointer) {
  SmcSolverMemory* memory = current_region();
  if (pointer == NULL) return;
  if (memory != NULL && contains(memory, pointer))
    region_free(memory, pointer);
  else
    __real_free(pointer);
}

bool smc_solver_memory_captures_malloc(SmcSolverMemory* memory) {
  /* Through volatile pointers: a compiler that knows malloc may assume it
   * reads no program state and drop the entering around the call. */
  void* (*volatile allocate)(size_t) = malloc;
  void (*volatile release)(void*) = free;
  SmcSolverMemory* previous = smc_solver_memory_enter(memory);
  void* probe = allocate(1);
  bool captured = probe != NULL && contains(memory, probe);
  release(probe);
  smc_solver_memory_enter(previous);
  return captured;
}

void* smc_solver_memory_calloc(SmcSolverMemory* memory, size_t count, size_t size) {
  if (size != 0 && count > SIZE_MAX / size) return NULL;
  void* block = region_allocate(memory, count * size);
  if (block != NULL) memset(block, 0, count * size);
  return block;
}

size_t smc_solver_memory_image_size(const SmcSolverMemory* memory) {
  return header_of(memory)->top;
}

const unsigned char* smc_solver_memory_image(const SmcSolverMemory* memory) { return memory->start; }

unsigned char* smc_solver_memory_restore_target(SmcSolverMemory* memory, size_t size) {
  return size >= sizeof(RegionHeader) && size <= memory->capacity ? memory->start : NULL;
}

uint64_t smc_solver_memory_tag(const SmcSolverMemory* memory, const unsigned char* image,
                               size_t size) {
  return smc_hash_bytes(image, size, memory->secret);
}

bool smc_solver_memory_named_in(const SmcSolverMemory* memory, const unsigned char* image,
                                size_t size) {
  if (image == NULL || size < sizeof(RegionHeader)) return false;
  RegionHeader header;
  memcpy(&header, image, sizeof header);
  return header.identity == memory->identity && header.top == size;
}

bool smc_solver_memory_accepts(const SmcSolverMemory* memory, const unsigned char* image,
                               size_t size, uint64_t tag) {
  if (image == NULL || size < sizeof(RegionHeader) || size > memory->capacity) return false;
  RegionHeader header;
  memcpy(&header, image, sizeof header);
  return header.identity == memory->identity && header.top == size &&
         tag == smc_solver_memory_tag(memory, image, size);
}
