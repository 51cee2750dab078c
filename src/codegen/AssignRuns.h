// Runs of assignments that one loop can compute.
//
// Flattening expands an array equation or a for-equation into one scalar
// equation per element, and causalization solves each for one variable, so
// a callback's block list holds long stretches like
//   der(v[2]) := (k * (x[1] - x[2]) - k * (x[2] - x[3])) / m
//   der(v[3]) := (k * (x[2] - x[3]) - k * (x[3] - x[4])) / m
//   ...
// Emitted one by one, such a stretch is straight-line code whose size (and
// LLVM's time on it) grows with the array, and which soon no longer fits
// the instruction cache. An array's elements have consecutive value
// references (Layout.h), so the k-th assignment of the stretch is the first
// one with every slot it reads or writes moved by k times a fixed stride:
// the stretch is a loop over k. Recognizing that here, on the scalar
// blocks, covers for-equations, array equations and their boundary cases
// alike (an element whose equation folds differently, like the first mass
// of a chain, simply ends the run) without a second, array-aware pipeline.
//
// Two assignments belong to one run when their trees have the same shape
// and payloads (operators, literals, functions, and source ranges where
// the code's run-time messages quote them: Integer arithmetic and calls),
// and each variable node reads a slot of the same type whose value
// reference differs by the node's stride. So scalar equations written one
// per line over consecutively declared variables form runs too. An
// Integer literal may advance by a stride too: a for-equation's iterator
// used as a value (`i / n`) becomes one literal per element; a Real
// literal that differs along the run is read from a table. The
// loop then evaluates exactly what the unrolled assignments did, in the
// same order, so an assignment may read what an earlier one of its run
// wrote.
#pragma once

#include "codegen/Layout.h"

#include <unordered_map>
#include <vector>

namespace smc::codegen {

// Shorter runs stay unrolled: LLVM would unroll their loop again.
constexpr size_t kMinRunLength = 8;

// How the slots of the run's k-th assignment are found from the first's:
// value reference + k * stride, for the target and for every variable node
// (by address, in the first assignment's value) whose stride is not zero;
// and its Integer literals: the first's value + k * stride, for every
// literal node whose stride is not zero (all of the run's values fit the
// 32 bits of an FMI Integer).
struct RunStrides {
  int64_t target = 0;
  std::unordered_map<const flat::Expr*, int64_t> reads;
  std::unordered_map<const flat::Expr*, int64_t> literals;
  // Real literals (by the first assignment's node) whose value differs
  // along the run: the k-th assignment's node, read from a table in the
  // loop. Scalar equations written one by one carry their coefficients as
  // such literals (`y_3 = 0.25 * sin(time) ...`), where a for-equation has
  // its iterator.
  std::unordered_map<const flat::Expr*, std::vector<const flat::Expr*>> realTables;
};

struct AssignRun {
  size_t end = 0;  // one past the run's last block
  RunStrides strides;
};

// The run that starts at blocks[begin] and ends at or before `limit`, if it
// holds at least kMinRunLength assignments.
std::optional<AssignRun> findAssignRun(const Layout& layout,
                                       const std::vector<const causal::Block*>& blocks,
                                       size_t begin, size_t limit);

// Whether one of the run's `count` assignments (the first one `first`)
// writes the slot of `var`.
bool runWrites(const Layout& layout, const causal::Assign& first, size_t count,
               const RunStrides& strides, flat::VarId var);

}  // namespace smc::codegen
