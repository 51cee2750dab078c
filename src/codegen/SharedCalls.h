// Identical calls of a user function in one expression, made once.
//
// Media models call one property function per field of a record: the
// ScalableTestSuite's SteamPipe has each residual of its loops call
// Modelica.Media's waterBaseProp_ph(p, h) eighteen times with the same
// arguments, one per field it reads (`waterBaseProp_ph(p, h).aux.T`, ...),
// and LLVM cannot merge the calls (they write their outputs through
// pointers). The expression emitter (IrFunctionCalls.cpp) makes the first
// call and lets a later call of the same function with the same inputs in
// the same expression read its outputs, where the first call's block
// dominates the later one (not from one arm of an if into another). Only
// functions that compute their outputs from their inputs alone share: no
// external C anywhere in what they call (which may keep state, as
// Modelica.Math.Random does) and no external object.
#pragma once

#include "flatten/FlatModel.h"

#include <vector>

namespace smc::codegen {

// Per flat.functions entry: whether its calls may be shared.
std::vector<bool> shareableFunctions(const flat::FlatModel& model);

}  // namespace smc::codegen
