// Writes the seed corpus of fuzz_deserialize_state into the directory
// given as the only argument: valid serialized states of the bouncing-ball
// test model at several points of a simulation (after initialization, in
// flight, at and after the first bounce, after terminate), each as it is
// and with the reseal mode byte (StateFuzzInput.h), and truncations of one
// of them (header only, half, one byte short). Run by scripts/run-fuzzers.sh.
#include "StateFuzzInput.h"

#include <cstdio>
#include <fstream>
#include <string>

namespace {

using Bytes = std::vector<unsigned char>;

Bytes serializedState(fmi2Component c) {
  fmi2FMUstate state = nullptr;
  size_t size = 0;
  Bytes bytes;
  if (fmi2GetFMUstate(c, &state) != fmi2OK ||
      fmi2SerializedFMUstateSize(c, state, &size) != fmi2OK)
    return bytes;
  bytes.resize(size);
  if (fmi2SerializeFMUstate(c, state, reinterpret_cast<fmi2Byte*>(bytes.data()), size) != fmi2OK)
    bytes.clear();
  fmi2FreeFMUstate(c, &state);
  return bytes;
}

bool writeSeed(const std::string& path, uint8_t mode, const Bytes& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.put(static_cast<char>(mode));
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  return static_cast<bool>(out);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <corpus-directory>\n", argv[0]);
    return 2;
  }
  const std::string dir = argv[1];
  fmi2Component c = smc::fuzz::newInitializedInstance();
  if (c == nullptr) {
    std::fprintf(stderr, "the bouncing-ball test model does not initialize\n");
    return 1;
  }
  // The ball (h0 = 1, g = 9.81) first lands at t = sqrt(2/9.81) = 0.4515.
  const double stopTimes[] = {0.0, 0.2, 0.45, 0.5, 1.2};
  std::vector<Bytes> states;
  double t = 0.0;
  const double h = 0.05;
  for (double stop : stopTimes) {
    for (; t < stop - 1e-9; t += h)
      if (fmi2DoStep(c, t, h, fmi2False) != fmi2OK) return 1;
    states.push_back(serializedState(c));
  }
  if (fmi2Terminate(c) != fmi2OK) return 1;
  states.push_back(serializedState(c));
  fmi2FreeInstance(c);

  bool ok = true;
  for (size_t i = 0; i < states.size(); ++i) {
    if (states[i].empty()) return 1;
    ok = ok && writeSeed(dir + "/state" + std::to_string(i), 0, states[i]);
    ok = ok && writeSeed(dir + "/state" + std::to_string(i) + "-reseal", smc::fuzz::kResealChecksum,
                         states[i]);
  }
  const Bytes& full = states[1];
  const size_t cuts[] = {36, full.size() / 2, full.size() - 1};
  for (size_t cut : cuts)
    ok = ok && writeSeed(dir + "/truncated" + std::to_string(cut), 0, Bytes(full.begin(), full.begin() + cut));
  if (!ok) std::fprintf(stderr, "cannot write the seeds into %s\n", dir.c_str());
  return ok ? 0 : 1;
}
