// The log categories an smc FMU declares in modelDescription.xml
// (<LogCategories>). They must be exactly the names the runtime accepts in
// fmi2SetDebugLogging (runtime/src/logging.c); logStatus* follow the names
// FMI 2.0 section 2.2.4 recommends, and logAll enables every category.
#pragma once

namespace smc::codegen {

struct LogCategory {
  const char* name;
  const char* description;
};

inline constexpr LogCategory kLogCategories[] = {
    {"logStatusError", "Errors (fmi2Error): failed model evaluations, solver failures"},
    {"logStatusWarning", "Warnings (fmi2Warning), such as an algebraic loop that failed on a "
                         "trial step"},
    {"logCalls", "A trace line for each FMI function called"},
    {"logModelicaMessages", "What the model's external C code prints (ModelicaMessage, Streams.print); "
                            "on by default"},
    {"logAll", "Every category above"},
};

}  // namespace smc::codegen
