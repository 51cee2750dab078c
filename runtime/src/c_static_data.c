/* See c_static_data.h. The linker marks the section's bounds with the
 * symbols __start_smc_c_data and __stop_smc_c_data, since its name is a C
 * identifier; without the section they stay undefined, which the weak
 * references turn into null pointers. */
#include "c_static_data.h"

#include <string.h>

extern unsigned char __start_smc_c_data[] __attribute__((weak, visibility("hidden")));
extern unsigned char __stop_smc_c_data[] __attribute__((weak, visibility("hidden")));

size_t smc_c_static_data_size(void) {
  if (__start_smc_c_data == NULL || __stop_smc_c_data == NULL) return 0;
  return (size_t)(__stop_smc_c_data - __start_smc_c_data);
}

void smc_c_static_data_save(unsigned char* out) {
  size_t size = smc_c_static_data_size();
  if (size > 0) memcpy(out, __start_smc_c_data, size);
}

void smc_c_static_data_restore(const unsigned char* in) {
  size_t size = smc_c_static_data_size();
  if (size > 0) memcpy(__start_smc_c_data, in, size);
}
