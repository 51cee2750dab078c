// Bounds the generated code enforces at run time, with their defaults
// (docs/robustness.md). Each is a compile option of smc.
#pragma once

#include <cstdint>

namespace smc::codegen {

// How many times the body of one while loop may run in one call before the
// call fails naming the loop: an endless loop would otherwise hang
// fmi2DoStep. Far above what an iterative algorithm needs (a bisection
// takes ~60 rounds, a Newton iteration ~10), and about a second of a tight
// loop (--max-while-iterations).
constexpr int64_t kDefaultMaxWhileIterations = 100'000'000;

}  // namespace smc::codegen
