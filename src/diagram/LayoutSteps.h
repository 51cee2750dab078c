// The steps of laying out one machine's panel, shared by Layout.cpp (state
// boxes) and Routes.cpp (transitions, their texts, the initialState line).
#pragma once

#include "diagram/Layout.h"

#include <string>

namespace smc::diagram {

// How the states of one machine were placed.
struct MachineGeometry {
  const statemachine::Machine* machine = nullptr;
  double scale = unitScale;      // pixels per diagram unit of annotated positions
  std::vector<bool> annotated;   // per state (0-based): placed by its Placement annotation

  Vec toSvg(flat::GraphicPoint p) const { return {scale * p.x, -scale * p.y}; }
};

// The text of a transition (spec 17.2): the condition as written, or the
// Text string with `%condition` replaced by it; `priority: ` in front when
// priority > 1.
std::string labelText(const flat::FlatModel& model, const flat::Transition& transition, long long priority);

// Fills panel.transitions; the states' boxes must be placed.
void routeTransitions(const flat::FlatModel& model, const MachineGeometry& geometry, Panel& panel);
// Fills panel.initial; the states' boxes must be placed.
void routeInitialState(const flat::FlatModel& model, const MachineGeometry& geometry, Panel& panel);

}  // namespace smc::diagram
