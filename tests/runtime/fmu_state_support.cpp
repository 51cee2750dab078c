// Implementation of the FMU state test helpers (see fmu_state_support.h).
#include "fmu_state_support.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "support/StateChecksum.h"

namespace smc::runtime_test {

fmi2FMUstate take_state(Instance& fmu) {
  fmi2FMUstate state = nullptr;
  EXPECT_EQ(fmi2GetFMUstate(fmu.get(), &state), fmi2OK) << fmu.log().dump();
  EXPECT_NE(state, nullptr);
  return state;
}

Bytes serialize(Instance& fmu, fmi2FMUstate state) {
  size_t size = 0;
  EXPECT_EQ(fmi2SerializedFMUstateSize(fmu.get(), state, &size), fmi2OK) << fmu.log().dump();
  Bytes bytes(size);
  EXPECT_EQ(fmi2SerializeFMUstate(fmu.get(), state, bytes.data(), bytes.size()), fmi2OK)
      << fmu.log().dump();
  return bytes;
}

Bytes snapshot(Instance& fmu) {
  fmi2FMUstate state = take_state(fmu);
  Bytes bytes = serialize(fmu, state);
  EXPECT_EQ(fmi2FreeFMUstate(fmu.get(), &state), fmi2OK);
  return bytes;
}

fmi2Status deserialize(Instance& fmu, const Bytes& bytes, fmi2FMUstate* state) {
  *state = nullptr;
  return fmi2DeSerializeFMUstate(fmu.get(), bytes.data(), bytes.size(), state);
}

uint64_t read_le(const Bytes& bytes, size_t at, int size) {
  uint64_t value = 0;
  for (int i = 0; i < size; ++i)
    value |= static_cast<uint64_t>(static_cast<unsigned char>(bytes[at + i])) << (8 * i);
  return value;
}

void write_le(Bytes& bytes, size_t at, uint64_t value, int size) {
  for (int i = 0; i < size; ++i) bytes[at + i] = static_cast<fmi2Byte>((value >> (8 * i)) & 0xff);
}

uint64_t expected_checksum(const Bytes& bytes) { return smc::test::serializedStateChecksum(bytes); }

void reseal(Bytes& bytes) { write_le(bytes, kChecksumAt, expected_checksum(bytes), 8); }

size_t payload_offset(const Bytes& bytes) {
  return kGuidAt + static_cast<size_t>(read_le(bytes, kGuidLengthAt, 4)) +
         static_cast<size_t>(read_le(bytes, kImageSizeAt, 8));
}

fmi2Status advance(Instance& fmu, double from, double duration, double h) {
  double t = from;
  double end = from + duration;
  while (end - t > 1e-12 * std::max(1.0, std::abs(end))) {
    double step = std::min(h, end - t);
    fmi2Status status = fmi2DoStep(fmu.get(), t, step, fmi2False);
    if (status != fmi2OK) return status;
    t += step;
  }
  fmu.assume_time(t);
  return fmi2OK;
}

Bytes sim(Instance& fmu, fmi2FMUstate s, double t0, double tau, double h) {
  EXPECT_EQ(fmi2SetFMUstate(fmu.get(), s), fmi2OK) << fmu.log().dump();
  EXPECT_EQ(advance(fmu, t0, tau, h), fmi2OK) << fmu.log().dump();
  return snapshot(fmu);
}

Bytes sim_star(Instance& fmu, fmi2FMUstate s, double t0, double tau, double tau_prime, double h) {
  EXPECT_EQ(fmi2SetFMUstate(fmu.get(), s), fmi2OK) << fmu.log().dump();
  EXPECT_EQ(advance(fmu, t0, tau_prime, h), fmi2OK) << fmu.log().dump();
  return sim(fmu, s, t0, tau, h);
}

}  // namespace smc::runtime_test
