/* FMI 2.0 platform types, declared for smc's runtime (FMI 2.0 section 2.1.2).
 *
 * Written for smc from the standard's definitions; the "default" platform
 * fixes every type below, and importers such as FMPy and fmusim rely on
 * exactly these sizes (int-sized Booleans, unsigned value references).
 */
#ifndef SMC_FMI2_TYPES_PLATFORM_H
#define SMC_FMI2_TYPES_PLATFORM_H

/* Returned by fmi2GetTypesPlatform and recorded in modelDescription.xml. */
#define fmi2TypesPlatform "default"

typedef void* fmi2Component;            /* one FMU instance */
typedef void* fmi2ComponentEnvironment; /* the importer's context, passed back to its callbacks */
typedef void* fmi2FMUstate;             /* a saved copy of an instance's state */
typedef unsigned int fmi2ValueReference;
typedef double fmi2Real;
typedef int fmi2Integer;
typedef int fmi2Boolean;
typedef char fmi2Char;
typedef const fmi2Char* fmi2String;
typedef char fmi2Byte;

#define fmi2True 1
#define fmi2False 0

#endif /* SMC_FMI2_TYPES_PLATFORM_H */
