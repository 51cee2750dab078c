// Helpers for the FMU state tests: taking, serializing and comparing states,
// the serialized format's header fields as docs/fmu-state.md defines them,
// and the format's checksum (all bytes but the integrator image's body)
// computed with xxHash's library itself, not the runtime's code, so that tests can forge well-checksummed bytes (a foreign
// GUID, a future field value).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fmi2/fmi2Functions.h"
#include "fmu_harness.h"

namespace smc::runtime_test {

using Bytes = std::vector<fmi2Byte>;

// Header offsets of the serialized form (docs/fmu-state.md).
constexpr size_t kVersionAt = 8;
constexpr size_t kByteOrderAt = 12;
constexpr size_t kPayloadSizeAt = 16;
constexpr size_t kChecksumAt = 24;
constexpr size_t kImageSizeAt = 32;
constexpr size_t kGuidLengthAt = 40;
constexpr size_t kGuidAt = 44;

// fmi2GetFMUstate into a new state; fails the test on error.
fmi2FMUstate take_state(Instance& fmu);
// fmi2SerializedFMUstateSize + fmi2SerializeFMUstate.
Bytes serialize(Instance& fmu, fmi2FMUstate state);
// The serialized bytes of the instance's current state (a temporary state
// is taken and freed).
Bytes snapshot(Instance& fmu);
// fmi2DeSerializeFMUstate into a new state; returns its status.
fmi2Status deserialize(Instance& fmu, const Bytes& bytes, fmi2FMUstate* state);

// Little-endian header fields.
uint64_t read_le(const Bytes& bytes, size_t at, int size);
void write_le(Bytes& bytes, size_t at, uint64_t value, int size);
// XXH3 64 over the bytes, the checksum field read as zero, without the
// integrator image's body after its first 16 bytes (docs/fmu-state.md).
uint64_t expected_checksum(const Bytes& bytes);
// Recomputes and stores the checksum after a deliberate edit.
void reseal(Bytes& bytes);
// Offset of the dynamic block (after the GUID and the integrator image).
size_t payload_offset(const Bytes& bytes);

// Steps of size h from `from` for `duration` (the last step shorter when
// h does not divide it); the first status that is not fmi2OK, or fmi2OK.
fmi2Status advance(Instance& fmu, double from, double duration, double h);

// The paper's two simulations from a saved state s at time t0, each ending
// in the serialized bytes of the state reached:
//   sim(tau):           set(s); simulate tau
//   sim*(tau, tau'):    set(s); simulate tau'; set(s); simulate tau
// Exactness means the two are equal byte for byte for every tau'.
Bytes sim(Instance& fmu, fmi2FMUstate s, double t0, double tau, double h);
Bytes sim_star(Instance& fmu, fmi2FMUstate s, double t0, double tau, double tau_prime, double h);

}  // namespace smc::runtime_test
