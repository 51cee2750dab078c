// ModelicaUtilities.h for C code smc runs at translation (JitRunner.h):
// ModelicaError and its variants end the call (a longjmp back to
// runGuarded) with their message, strings allocated by the C code live
// until the next call, and messages and warnings are dropped (what a pure
// function prints at translation has no reader; the FMU's runtime logs the
// same calls when the model runs).
#pragma once

#include <string>
#include <vector>

namespace smc::externalc {

struct UtilitySymbol {
  const char* name;
  void* address;
};

// Every function of ModelicaUtilities.h with its translation-time body.
const std::vector<UtilitySymbol>& translationUtilities();

// What gfortran-compiled libraries (LAPACK) call outside themselves, as the
// FMU defines it (codegen/IrFortranCall.cpp): defined with the libraries so
// that these win over their own members.
const std::vector<UtilitySymbol>& fortranSupport();

// Runs thunk(cells, result); false with `error` set when the C code called
// ModelicaError (its message) or crashed (a signal smc survives).
using Thunk = void (*)(void* cells, void* result);
bool runGuarded(Thunk thunk, void* cells, void* result, std::string& error);

}  // namespace smc::externalc
