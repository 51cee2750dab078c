// The model's external objects (spec 12.9.7) beyond initialization.
//
// smc_destroy_external_objects calls each constructed object's destructor,
// in reverse declaration order (an object built from an earlier one goes
// first), and clears its slot, so that the runtime may call it at any time
// (fmi2Reset, fmi2FreeInstance, before initializing again).
//
// FMU states: an object's C state is opaque, so a state holds instead how
// to rebuild it. Every call the model makes in event mode (initialization
// and event iterations) of a function taking an object is logged with its
// inputs (smc_external_log); restoring a state constructs the objects anew
// from its parameters and replays its log. Calls between events are not
// logged: there, Modelica's functions must not change what an object
// answers (spec 12.3), so they may only have touched caches (the MSL
// tables' last-row hint) that change no result.
#pragma once

#include "codegen/IrContext.h"

namespace smc::codegen {

// Null when the model has no external object. User functions must have
// been declared (IrFunctions.h).
llvm::Function* emitDestroyExternalObjects(IrContext& ctx);

// Whether one of fn's inputs is an external object.
bool takesExternalObject(const flat::Function& fn);

// smc_construct_external_objects: constructs every external object anew
// from the parameters in data (after a restored FMU state), in declaration
// order. Null without external objects.
llvm::Function* emitConstructExternalObjects(IrContext& ctx);

// smc_replay_external_call(data, function, count, args): calls function
// `function` again with the inputs a logged call had (count values, each
// stored as a double; an external object as its slot number). Fails,
// reporting why, for a function that is not logged or inputs that do not
// fit it. Null without external objects. Emit after every call site.
llvm::Function* emitReplayExternalCall(IrContext& ctx);

}  // namespace smc::codegen
