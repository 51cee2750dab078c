// `smc diagram`: state machines drawn as SVG, following the chapter's
// section "State Machine Graphics" (spec 17.2). Every machine of the model
// is drawn; a state that contains machines is a larger box holding them,
// parallel machines side by side with a dashed line between them.
// Positions come from the Placement/Line/Text annotations when present,
// from an automatic layout otherwise. The same model gives the same bytes.
#pragma once

#include "flatten/FlatModel.h"
#include "statemachine/StateMachines.h"

#include <string>

namespace smc::diagram {

// The SVG document (UTF-8) for the machines of `model`, which must not be
// empty. Elements carry classes that name what they show ("state",
// "transition", "arrow-head filled", "transition-bar", "synchronize-fork",
// "initial-bullet"...) and data- attributes with the state paths and the
// transition attributes, so the drawing can be checked by a program.
std::string drawStateMachines(const flat::FlatModel& model, const statemachine::StateMachines& machines);

}  // namespace smc::diagram
