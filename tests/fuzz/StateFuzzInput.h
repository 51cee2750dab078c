// What fuzz_deserialize_state feeds the runtime, shared with the program
// that writes its seed corpus (fuzz_state_seeds.cpp).
//
// An input is one mode byte followed by the bytes given to
// fmi2DeSerializeFMUstate. Mode bit 0 set: the harness first rewrites the
// checksum field (XXH3 64 of the bytes with the field read as zero, as
// docs/fmu-state.md defines it) so that mutated bytes get past the
// checksum to the GUID, size and content checks and, when accepted, to
// fmi2SetFMUstate and a step. Mode bit 0 clear: the bytes go in as they
// are, which is what a corrupted file on disk looks like.
//
// The instance is the runtime linked with the bouncing-ball test model
// (tests/runtime/models/bouncing_ball.c): continuous states, an event
// indicator, a discrete Real, an Integer and a Boolean, so a state holds
// every kind of value the runtime saves.
#pragma once

#include "fmi2/fmi2Functions.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace smc::fuzz {

constexpr uint8_t kResealChecksum = 1;

// Rewrites the checksum field of `bytes` to match their contents; leaves
// bytes too short to hold the field as they are.
void resealChecksum(std::vector<unsigned char>& bytes);

// A new co-simulation instance of the linked model, experiment set up
// (tolerance 1e-6, start 0, no stop time) and initialized; messages are
// formatted and dropped. nullptr when any call fails.
fmi2Component newInitializedInstance();

}  // namespace smc::fuzz
