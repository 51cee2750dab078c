// The model's own C translation unit: the C code of its external functions'
// Include annotations (spec 12.9.4), each distinct text once, in the order
// the functions were met, with their IncludeDirectories on the include
// path. It is compiled into the model's LLVM module, so the optimizer sees
// a small C function and the model code that calls it together (and can
// inline it). For the MSL the text only includes headers; a user's model
// may define whole functions there.
//
// A C diagnostic inside an annotation's text is reported at the character
// of the .mo file it comes from (escapes such as \" accounted for); one in
// a header at the annotation's #include, with the header's place in the
// message.
#pragma once

#include "externalc/CCompiler.h"
#include "flatten/FlatModel.h"
#include "frontend/Diagnostics.h"

#include <llvm/IR/Module.h>

#include <string>

namespace smc::externalc {

// The unit's text: each annotation's code on lines of its own.
std::string includeUnitText(const flat::FlatModel& model);

// The unit as Clang compiles it: that text, the IncludeDirectories that
// exist on the include path, warnings on, static functions kept.
CTranslationUnit includeTranslationUnit(const flat::FlatModel& model);

// Compiles the unit and links it into `module` (in the module's context);
// false after reporting. A model without Include annotations needs nothing.
bool linkIncludeUnit(const flat::FlatModel& model, llvm::Module& module, DiagnosticEngine& diags);

}  // namespace smc::externalc
