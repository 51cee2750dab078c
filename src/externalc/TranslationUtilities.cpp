// Translation-time ModelicaUtilities (see TranslationUtilities.h).
//
// ModelicaError cannot return (_Noreturn): it longjmps to the setjmp of
// runGuarded. Only C frames (the JIT-compiled code) lie between the two, so
// no destructor is skipped; the message is kept in storage outside them.
#include "externalc/TranslationUtilities.h"

#include <llvm/Support/CrashRecoveryContext.h>

#include <algorithm>
#include <csetjmp>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <memory>

namespace smc::externalc {

namespace {

thread_local std::jmp_buf* activeCall = nullptr;
thread_local std::string errorMessage;
thread_local std::vector<std::unique_ptr<char[]>> allocatedStrings;

// The text of a printf format and its arguments.
std::string formatted(const char* format, va_list args) {
  if (!format) return {};
  va_list copy;
  va_copy(copy, args);
  const int length = std::vsnprintf(nullptr, 0, format, copy);
  va_end(copy);
  if (length < 0) return format;
  std::string text(static_cast<size_t>(length), '\0');
  std::vsnprintf(text.data(), text.size() + 1, format, args);
  return text;
}

[[noreturn]] void endCall(std::string message) {
  errorMessage = std::move(message);
  if (activeCall) std::longjmp(*activeCall, 1);
  std::abort();  // only reachable if C code kept a pointer and calls outside runGuarded
}

extern "C" {

void smcTranslationMessage(const char*) {}
void smcTranslationFormatMessage(const char*, ...) {}
void smcTranslationVFormatMessage(const char*, va_list) {}

[[noreturn]] void smcTranslationError(const char* string) { endCall(string ? string : ""); }
[[noreturn]] void smcTranslationVFormatError(const char* format, va_list args) { endCall(formatted(format, args)); }
[[noreturn]] void smcTranslationFormatError(const char* format, ...) {
  va_list args;
  va_start(args, format);
  std::string text = formatted(format, args);
  va_end(args);
  endCall(std::move(text));
}

char* smcTranslationAllocateStringWithErrorReturn(size_t length) {
  auto* text = new (std::nothrow) char[length + 1];
  if (!text) return nullptr;
  text[0] = '\0';
  text[length] = '\0';
  allocatedStrings.emplace_back(text);
  return text;
}

char* smcTranslationAllocateString(size_t length) {
  char* text = smcTranslationAllocateStringWithErrorReturn(length);
  if (!text) endCall("ModelicaAllocateString: out of memory");
  return text;
}

char* smcTranslationDuplicateString(const char* string) {
  const size_t length = string ? std::strlen(string) : 0;
  char* copy = smcTranslationAllocateString(length);
  if (length) std::memcpy(copy, string, length);
  return copy;
}

// The FMU's replacements of what gfortran-compiled LAPACK calls outside
// itself (codegen/IrFortranCall.cpp says why), for translation.
[[noreturn]] void smcTranslationXerbla(const char* name, const int* info, size_t nameLength) {
  endCall(std::string(name, nameLength) + ": parameter " + std::to_string(*info) +
          " had an illegal value (LAPACK)");
}

void smcTranslationConcatString(size_t length, char* dest, size_t length1, const char* s1, size_t length2,
                                const char* s2) {
  const size_t first = std::min(length1, length);
  std::memcpy(dest, s1, first);
  const size_t second = std::min(length2, length - first);
  std::memcpy(dest + first, s2, second);
  std::memset(dest + first + second, ' ', length - first - second);
}

}  // extern "C"

// Runs the thunk under setjmp; a function of its own with nothing to
// destroy, as longjmp requires.
bool callWithErrorReturn(Thunk thunk, void* cells, void* result) {
  std::jmp_buf buffer;
  std::jmp_buf* previous = activeCall;
  activeCall = &buffer;
  if (setjmp(buffer) != 0) {
    activeCall = previous;
    return false;
  }
  thunk(cells, result);
  activeCall = previous;
  return true;
}

}  // namespace

const std::vector<UtilitySymbol>& translationUtilities() {
  static const std::vector<UtilitySymbol> symbols = {
      {"ModelicaMessage", reinterpret_cast<void*>(&smcTranslationMessage)},
      {"ModelicaFormatMessage", reinterpret_cast<void*>(&smcTranslationFormatMessage)},
      {"ModelicaVFormatMessage", reinterpret_cast<void*>(&smcTranslationVFormatMessage)},
      {"ModelicaWarning", reinterpret_cast<void*>(&smcTranslationMessage)},
      {"ModelicaFormatWarning", reinterpret_cast<void*>(&smcTranslationFormatMessage)},
      {"ModelicaVFormatWarning", reinterpret_cast<void*>(&smcTranslationVFormatMessage)},
      {"ModelicaError", reinterpret_cast<void*>(&smcTranslationError)},
      {"ModelicaFormatError", reinterpret_cast<void*>(&smcTranslationFormatError)},
      {"ModelicaVFormatError", reinterpret_cast<void*>(&smcTranslationVFormatError)},
      {"ModelicaAllocateString", reinterpret_cast<void*>(&smcTranslationAllocateString)},
      {"ModelicaAllocateStringWithErrorReturn", reinterpret_cast<void*>(&smcTranslationAllocateStringWithErrorReturn)},
      {"ModelicaDuplicateString", reinterpret_cast<void*>(&smcTranslationDuplicateString)},
  };
  return symbols;
}

const std::vector<UtilitySymbol>& fortranSupport() {
  static const std::vector<UtilitySymbol> symbols = {
      {"xerbla_", reinterpret_cast<void*>(&smcTranslationXerbla)},
      {"_gfortran_concat_string", reinterpret_cast<void*>(&smcTranslationConcatString)},
  };
  return symbols;
}

bool runGuarded(Thunk thunk, void* cells, void* result, std::string& error) {
  allocatedStrings.clear();  // the previous call's strings were copied by its caller
  errorMessage.clear();
  bool returned = false;
  llvm::CrashRecoveryContext::Enable();
  llvm::CrashRecoveryContext recovery;
  const bool survived = recovery.RunSafely([&] { returned = callWithErrorReturn(thunk, cells, result); });
  if (!survived) {
    error = "the C code crashed";
    return false;
  }
  if (!returned) {
    error = "ModelicaError: " + errorMessage;
    return false;
  }
  return true;
}

}  // namespace smc::externalc
