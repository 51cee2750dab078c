// Invariants every fuzz harness checks after running a stage on hostile
// input. A crash is not the only bug a fuzzer can find: a stage that gives
// up without saying why, or a diagnostic that admits an internal error,
// breaks the rule "bad input yields a clear error". Each check prints what
// went wrong and aborts, which libFuzzer records as a finding and the
// regression replay (fuzz_regressions_test) sees as a crash.
#pragma once

#include "frontend/Diagnostics.h"

namespace smc::fuzz {

// Formats the diagnostics smc would print (exercising the caret printer on
// whatever ranges the stages produced) and aborts when any diagnostic is an
// internal error (its message starts with "internal error").
void checkDiagnostics(const DiagnosticEngine& diags);

// Aborts when a stage returned no result although no error was reported:
// `stage` names it in the message.
void checkFailureExplained(const DiagnosticEngine& diags, const char* stage);

}  // namespace smc::fuzz
