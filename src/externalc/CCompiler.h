// C compiled in-process by Clang's libraries, so that smc needs no C
// compiler on the user's machine (external functions, spec 12.9): one
// translation unit at a time, for the FMU's platform (x86-64 Linux,
// position-independent), with the C diagnostics collected rather than
// printed, for the caller to place in the Modelica source.
//
// The include path is the unit's directories, then smc's own headers
// (ModelicaUtilities.h, include/), then the system's: Clang's resource
// headers and /usr/include, which the C library's development package
// (installed with smc's build dependencies) provides.
#pragma once

#include "frontend/Diagnostics.h"

#include <llvm/ADT/SmallVector.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <map>
#include <memory>
#include <set>
#include <optional>
#include <string>
#include <vector>

namespace smc::externalc {

struct CTranslationUnit {
  // The file name Clang sees: a path read from disk, or a name for `text`.
  std::string path;
  std::optional<std::string> text;  // the contents, when not read from `path`
  std::vector<std::string> includeDirectories;
  std::vector<std::string> defines;  // NAME or NAME=VALUE
  // Warnings are reported only for the user's own code (Include
  // annotations); a library's sources compile with them off.
  bool warnings = false;
  // Code for static functions nothing in the unit calls too: the model may
  // call them (a header's `static inline` in an Include annotation).
  bool keepStaticFunctions = false;
  // Functions whose declarations compileToModule reports.
  std::set<std::string> declarationsOf;
};

// One message of the C compiler.
struct CDiagnostic {
  Severity severity = Severity::Error;
  std::string message;
  std::string file;  // as Clang names it ("" when the message has no place)
  unsigned line = 0, column = 0;
  // In the unit's own text: the byte offset there (else in a header).
  bool inUnit = false;
  size_t offset = 0;
  // In a header: the byte offset in the unit's text of the #include that
  // brought it in, if the unit has one on the way.
  std::optional<size_t> includedAt;
};

// A message with no place (the compiler could not run, say).
CDiagnostic unplacedError(std::string message);

// A C function's declaration as the ABI sees it: each type as the kind of
// value that travels ("double", "float", "i32", "i64", "i8" for _Bool,
// "ptr", "void", "struct"), so it can be held against the call smc makes.
struct CFunctionDeclaration {
  std::string returns;
  std::vector<std::string> parameters;
  bool checkable = true;  // false: variadic or without a prototype
  std::string file;
  unsigned line = 0, column = 0;
  std::optional<size_t> unitOffset;  // where in the unit's own text, if there
};

struct CCompilation {
  bool ok = false;
  std::vector<CDiagnostic> diagnostics;
  std::unique_ptr<llvm::Module> module;  // compileToModule
  // compileToModule: the declarations of the functions the unit asked for
  // (CTranslationUnit::declarationsOf), by name.
  std::map<std::string, CFunctionDeclaration> declarations;
  llvm::SmallVector<char, 0> bytes;      // preprocess
};

// "file:line:col: error: message", as a C compiler prints it.
std::string describe(const CDiagnostic& diagnostic);

// The unit as LLVM IR in `context`, not yet optimized (clang -O2 code
// generation with the LLVM passes left to the caller), so that it can be
// optimized together with the model.
CCompilation compileToModule(const CTranslationUnit& unit, llvm::LLVMContext& context);

// The unit preprocessed: everything that decides its object, for a cache key.
CCompilation preprocess(const CTranslationUnit& unit);

// What identifies the compiler and its settings in a cache key.
std::string compilerIdentity();

}  // namespace smc::externalc
