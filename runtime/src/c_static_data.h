/* The static data of the C code smc compiled into this FMU (external
 * functions' Include annotations and libraries built from C sources): the
 * code generator gathers the variables that hold no pointer into the
 * section smc_c_data (src/externalc/StaticData.h), and an FMU state carries
 * a copy of its bytes, so that such C code (a call counter, the MSL's
 * impure random generator) resumes exactly where the state was taken.
 *
 * The data belongs to the process, as any C program's static data does:
 * restoring a state of one instance sets it for every instance of this FMU
 * in the process. An FMU without such C code has an empty section. */
#ifndef SMC_RUNTIME_C_STATIC_DATA_H
#define SMC_RUNTIME_C_STATIC_DATA_H

#include <stddef.h>

/* Bytes of static data this FMU's C code has (0 without any). */
size_t smc_c_static_data_size(void);

/* Copies the data out to `out` / back from `in` (smc_c_static_data_size bytes). */
void smc_c_static_data_save(unsigned char* out);
void smc_c_static_data_restore(const unsigned char* in);

#endif /* SMC_RUNTIME_C_STATIC_DATA_H */
