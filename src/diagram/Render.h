// Writing a laid-out panel (Layout.h) as SVG elements, in absolute
// coordinates so that every element can be checked on its own.
#pragma once

#include "diagram/Layout.h"

#include <string>

namespace smc::diagram {

// Appends the panel's elements, its top-left corner at `offset`.
void renderPanel(const Panel& panel, const statemachine::StateMachines& machines, Vec offset, std::string& out);

// A dashed vertical line between parallel machines.
void renderSeparator(double x, double top, double bottom, std::string& out);

}  // namespace smc::diagram
