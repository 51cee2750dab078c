/* See RuntimeBenchFmu.h. */
#define _GNU_SOURCE /* dlinfo, RTLD_DI_LINKMAP */
#include "RuntimeBenchFmu.h"

#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The whole file in memory, or NULL. */
static unsigned char* read_file(const char* path, size_t* size) {
  FILE* file = fopen(path, "rb");
  if (file == NULL) return NULL;
  unsigned char* bytes = NULL;
  if (fseek(file, 0, SEEK_END) == 0) {
    long length = ftell(file);
    if (length > 0 && fseek(file, 0, SEEK_SET) == 0) {
      bytes = malloc((size_t)length);
      if (bytes != NULL && fread(bytes, 1, (size_t)length, file) != (size_t)length) {
        free(bytes);
        bytes = NULL;
      }
      *size = (size_t)length;
    }
  }
  fclose(file);
  return bytes;
}

/* st_value of the symbol `wanted` in the ELF64 .symtab of the file at path
 * (its offset from the load base for a shared object), or 0. */
static Elf64_Addr symtab_value(const char* path, const char* wanted) {
  size_t size = 0;
  unsigned char* bytes = read_file(path, &size);
  if (bytes == NULL) return 0;
  Elf64_Addr value = 0;
  const Elf64_Ehdr* header = (const Elf64_Ehdr*)bytes;
  int is_elf64 = size >= sizeof *header && memcmp(header->e_ident, ELFMAG, SELFMAG) == 0 &&
                 header->e_ident[EI_CLASS] == ELFCLASS64;
  if (is_elf64 && header->e_shoff + (size_t)header->e_shnum * sizeof(Elf64_Shdr) <= size) {
    const Elf64_Shdr* sections = (const Elf64_Shdr*)(bytes + header->e_shoff);
    for (int s = 0; s < header->e_shnum && value == 0; ++s) {
      const Elf64_Shdr* table = &sections[s];
      if (table->sh_type != SHT_SYMTAB || table->sh_link >= header->e_shnum) continue;
      const Elf64_Shdr* strings = &sections[table->sh_link];
      if (table->sh_offset + table->sh_size > size || strings->sh_offset + strings->sh_size > size)
        continue;
      const Elf64_Sym* symbols = (const Elf64_Sym*)(bytes + table->sh_offset);
      const char* names = (const char*)(bytes + strings->sh_offset);
      size_t count = table->sh_size / sizeof(Elf64_Sym);
      for (size_t i = 0; i < count; ++i) {
        if (symbols[i].st_name < strings->sh_size &&
            strcmp(names + symbols[i].st_name, wanted) == 0 && symbols[i].st_shndx != SHN_UNDEF) {
          value = symbols[i].st_value;
          break;
        }
      }
    }
  }
  free(bytes);
  return value;
}

static const SmcModel* sorting_model; /* qsort has no context argument in C11 */

static int compare_real_names(const void* a, const void* b) {
  return strcmp(sorting_model->real_names[*(const int32_t*)a],
                sorting_model->real_names[*(const int32_t*)b]);
}

static int sort_reals_by_name(BenchFmu* fmu) {
  const SmcModel* model = fmu->model;
  fmu->reals_by_name = malloc(sizeof(int32_t) * (size_t)(model->num_reals > 0 ? model->num_reals : 1));
  if (fmu->reals_by_name == NULL) return 0;
  for (int32_t vr = 0; vr < model->num_reals; ++vr) fmu->reals_by_name[vr] = vr;
  sorting_model = model;
  qsort(fmu->reals_by_name, (size_t)model->num_reals, sizeof(int32_t), compare_real_names);
  return 1;
}

int32_t bench_fmu_real_named(const BenchFmu* fmu, const char* name) {
  int32_t low = 0, high = fmu->model->num_reals - 1;
  while (low <= high) {
    int32_t middle = low + (high - low) / 2;
    int32_t vr = fmu->reals_by_name[middle];
    int order = strcmp(fmu->model->real_names[vr], name);
    if (order == 0) return vr;
    if (order < 0)
      low = middle + 1;
    else
      high = middle - 1;
  }
  return -1;
}

#define LOOK_UP(field, symbol)                                               \
  do {                                                                       \
    *(void**)(&fmu->field) = dlsym(fmu->library, #symbol);                   \
    if (fmu->field == NULL) {                                                \
      fprintf(stderr, "smc-bench-runtime: %s has no %s\n", path, #symbol);   \
      return 0;                                                              \
    }                                                                        \
  } while (0)

int bench_fmu_load(BenchFmu* fmu, const char* path) {
  memset(fmu, 0, sizeof *fmu);
  fmu->library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (fmu->library == NULL) {
    fprintf(stderr, "smc-bench-runtime: cannot load %s: %s\n", path, dlerror());
    return 0;
  }
  LOOK_UP(instantiate, fmi2Instantiate);
  LOOK_UP(free_instance, fmi2FreeInstance);
  LOOK_UP(setup_experiment, fmi2SetupExperiment);
  LOOK_UP(enter_initialization_mode, fmi2EnterInitializationMode);
  LOOK_UP(exit_initialization_mode, fmi2ExitInitializationMode);
  LOOK_UP(terminate, fmi2Terminate);
  LOOK_UP(do_step, fmi2DoStep);
  LOOK_UP(get_real, fmi2GetReal);
  LOOK_UP(set_real, fmi2SetReal);

  struct link_map* map = NULL;
  if (dlinfo(fmu->library, RTLD_DI_LINKMAP, &map) != 0 || map == NULL) {
    fprintf(stderr, "smc-bench-runtime: dlinfo failed for %s: %s\n", path, dlerror());
    return 0;
  }
  Elf64_Addr offset = symtab_value(path, "smc_model");
  if (offset == 0) {
    fprintf(stderr, "smc-bench-runtime: no smc_model in the .symtab of %s\n", path);
    return 0;
  }
  fmu->model = (const SmcModel*)(map->l_addr + offset);
  /* A wrong address shows here: the callbacks must point into this object
   * (and fmi2Instantiate then checks the guid read through it). */
  Dl_info where;
  if (dladdr(fmu->model->compute_derivatives, &where) == 0 || where.dli_fbase != (void*)map->l_addr) {
    fprintf(stderr, "smc-bench-runtime: smc_model of %s does not point into it\n", path);
    return 0;
  }
  return sort_reals_by_name(fmu);
}

void bench_fmu_close(BenchFmu* fmu) {
  free(fmu->reals_by_name);
  if (fmu->library != NULL) dlclose(fmu->library);
  memset(fmu, 0, sizeof *fmu);
}

static void logger(fmi2ComponentEnvironment environment, fmi2String instance_name,
                   fmi2Status status, fmi2String category, fmi2String message, ...) {
  (void)environment;
  if (status < fmi2Warning) return;
  fprintf(stderr, "[%s %s] ", instance_name, category);
  va_list arguments;
  va_start(arguments, message);
  vfprintf(stderr, message, arguments);
  va_end(arguments);
  fputc('\n', stderr);
}

static const fmi2CallbackFunctions callbacks = {logger, NULL, NULL, NULL, NULL};

SmcInstance* bench_fmu_start(const BenchFmu* fmu, double start_time, double stop_time) {
  fmi2Component component =
      fmu->instantiate("bench", fmi2CoSimulation, fmu->model->guid, "file:///tmp", &callbacks,
                       fmi2False, fmi2False);
  if (component == NULL) {
    fprintf(stderr, "smc-bench-runtime: fmi2Instantiate failed\n");
    return NULL;
  }
  SmcInstance* instance = component;
  if (instance->magic != SMC_INSTANCE_MAGIC) {
    fprintf(stderr, "smc-bench-runtime: the fmi2Component is not an SmcInstance of this layout\n");
    return NULL;
  }
  fmi2Boolean stop_defined = isnan(stop_time) ? fmi2False : fmi2True;
  if (fmu->setup_experiment(component, fmi2False, 0.0, start_time, stop_defined,
                            stop_defined ? stop_time : 0.0) != fmi2OK ||
      fmu->enter_initialization_mode(component) != fmi2OK ||
      fmu->exit_initialization_mode(component) != fmi2OK) {
    fprintf(stderr, "smc-bench-runtime: the FMU's initialization failed\n");
    fmu->free_instance(component);
    return NULL;
  }
  return instance;
}

void bench_fmu_stop(const BenchFmu* fmu, SmcInstance* instance) {
  fmu->terminate(instance);
  fmu->free_instance(instance);
}
